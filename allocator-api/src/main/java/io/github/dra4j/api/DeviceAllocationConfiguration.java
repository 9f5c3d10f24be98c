package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;

/**
 * Configuration that applies to allocated devices.
 *
 * @param source FromClass or FromClaim
 * @param requests the requests it applies to; empty means all
 * @param opaque driver-specific parameters
 */
public record DeviceAllocationConfiguration(
    String source, List<String> requests, OpaqueDeviceConfiguration opaque) {
  public static final String FROM_CLASS = "FromClass";
  public static final String FROM_CLAIM = "FromClaim";

  public DeviceAllocationConfiguration {
    Objects.requireNonNull(source, "source");
    requests = Copies.list(requests);
    Objects.requireNonNull(opaque, "opaque");
  }
}
