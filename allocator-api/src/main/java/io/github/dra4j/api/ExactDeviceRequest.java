package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A request for devices of one class.
 *
 * @param deviceClassName the class whose selectors apply first
 * @param selectors further selectors of this request
 * @param allocationMode ExactCount (the default) or All; see {@link DeviceAllocationMode}
 * @param count how many devices with ExactCount; null means 1
 * @param adminAccess access to devices in use, for monitoring (DRAAdminAccess)
 * @param tolerations taints this request tolerates
 * @param capacity capacity this request consumes on multi-allocatable devices
 */
public record ExactDeviceRequest(
    String deviceClassName,
    List<DeviceSelector> selectors,
    @Nullable String allocationMode,
    @Nullable Long count,
    @Nullable Boolean adminAccess,
    List<DeviceToleration> tolerations,
    @Nullable CapacityRequirements capacity) {
  public ExactDeviceRequest {
    Objects.requireNonNull(deviceClassName, "deviceClassName");
    selectors = Copies.list(selectors);
    tolerations = Copies.list(tolerations);
  }
}
