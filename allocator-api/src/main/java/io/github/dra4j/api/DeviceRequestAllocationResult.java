package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One allocated device.
 *
 * @param request the request name, {@code parent/sub} for a subrequest
 * @param driver the driver
 * @param pool the pool
 * @param device the device name
 * @param adminAccess true for admin access; null otherwise
 * @param tolerations the tolerations that let a tainted device be allocated
 * @param bindingConditions copied from the device
 * @param bindingFailureConditions copied from the device
 * @param shareID the share of a multi-allocatable device
 * @param consumedCapacity capacity consumed on a multi-allocatable device
 */
public record DeviceRequestAllocationResult(
    String request,
    String driver,
    String pool,
    String device,
    @Nullable Boolean adminAccess,
    List<DeviceToleration> tolerations,
    List<String> bindingConditions,
    List<String> bindingFailureConditions,
    @Nullable String shareID,
    Map<String, Quantity> consumedCapacity) {
  public DeviceRequestAllocationResult {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(device, "device");
    tolerations = Copies.list(tolerations);
    bindingConditions = Copies.list(bindingConditions);
    bindingFailureConditions = Copies.list(bindingFailureConditions);
    consumedCapacity = Copies.map(consumedCapacity);
  }
}
