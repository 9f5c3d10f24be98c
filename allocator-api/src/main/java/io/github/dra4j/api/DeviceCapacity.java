package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A capacity of a device.
 *
 * @param value the total capacity; consumption is tracked by the allocator, never here
 * @param requestPolicy how shared allocations consume this capacity
 */
public record DeviceCapacity(Quantity value, @Nullable CapacityRequestPolicy requestPolicy) {
  public DeviceCapacity {
    Objects.requireNonNull(value, "value");
  }

  /** {@return a capacity without request policy} */
  public static DeviceCapacity of(Quantity value) {
    return new DeviceCapacity(value, null);
  }

  /** {@return a capacity without request policy} */
  public static DeviceCapacity of(String value) {
    return new DeviceCapacity(Quantity.parse(value), null);
  }
}
