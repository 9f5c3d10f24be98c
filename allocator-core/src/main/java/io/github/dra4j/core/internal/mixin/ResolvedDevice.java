package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Device;
import io.github.dra4j.core.DeviceView;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A device of a resolved slice: a {@link DeviceView} plus what the allocator needs besides. */
public interface ResolvedDevice extends DeviceView {

  /** {@return the device as published, includes unresolved} */
  Device device();

  /** {@return the index of the device in {@code spec.devices} of its slice} */
  int index();

  /** {@return the counter consumptions, in the device's order, mixins applied lazily} */
  List<? extends ResolvedCounters> consumesCounters();

  /**
   * Returns what this device consumes from one counter set: the first consumption entry for
   * that set (validation allows one per set), mixins applied lazily.
   *
   * @param counterSet the counter set name
   * @return the consumption, or null when the device consumes nothing from that set
   */
  default @Nullable ResolvedCounters consumption(String counterSet) {
    List<? extends ResolvedCounters> all = consumesCounters();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).counterSet().equals(counterSet)) {
        return all.get(i);
      }
    }
    return null;
  }
}
