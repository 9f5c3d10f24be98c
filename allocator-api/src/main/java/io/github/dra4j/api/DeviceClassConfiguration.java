package io.github.dra4j.api;

import java.util.Objects;

/**
 * Configuration of a DeviceClass.
 *
 * @param opaque driver-specific parameters
 */
public record DeviceClassConfiguration(OpaqueDeviceConfiguration opaque) {
  public DeviceClassConfiguration {
    Objects.requireNonNull(opaque, "opaque");
  }
}
