package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;

/**
 * Configuration in a claim, for some or (empty {@code requests}) all of its requests.
 *
 * @param requests the requests or subrequests ({@code parent/sub}) it applies to
 * @param opaque driver-specific parameters
 */
public record DeviceClaimConfiguration(List<String> requests, OpaqueDeviceConfiguration opaque) {
  public DeviceClaimConfiguration {
    requests = Copies.list(requests);
    Objects.requireNonNull(opaque, "opaque");
  }
}
