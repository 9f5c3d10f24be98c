package io.github.dra4j.api;

import java.util.List;

/**
 * The device part of a claim.
 *
 * @param requests the requests, allocated in this order
 * @param constraints constraints across requests
 * @param config configuration handed to drivers
 */
public record DeviceClaim(
    List<DeviceRequest> requests,
    List<DeviceConstraint> constraints,
    List<DeviceClaimConfiguration> config) {
  public DeviceClaim {
    requests = Copies.list(requests);
    constraints = Copies.list(constraints);
    config = Copies.list(config);
  }
}
