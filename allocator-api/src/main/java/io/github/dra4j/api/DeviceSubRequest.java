package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One alternative of a {@code firstAvailable} request; results name it {@code parent/sub}.
 *
 * @param name unique among the alternatives
 * @param deviceClassName the class whose selectors apply first
 * @param selectors further selectors
 * @param allocationMode ExactCount (the default) or All
 * @param count how many devices with ExactCount; null means 1
 * @param tolerations taints this alternative tolerates
 * @param capacity capacity consumed on multi-allocatable devices
 */
public record DeviceSubRequest(
    String name,
    String deviceClassName,
    List<DeviceSelector> selectors,
    @Nullable String allocationMode,
    @Nullable Long count,
    List<DeviceToleration> tolerations,
    @Nullable CapacityRequirements capacity) {
  public DeviceSubRequest {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(deviceClassName, "deviceClassName");
    selectors = Copies.list(selectors);
    tolerations = Copies.list(tolerations);
  }
}
