package io.github.dra4j.api;

import java.util.Objects;

/**
 * Driver-specific parameters, kept verbatim.
 *
 * @param driver the driver the parameters are for
 * @param parameters the parameters as JSON text
 */
public record OpaqueDeviceConfiguration(String driver, RawJson parameters) {
  public OpaqueDeviceConfiguration {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(parameters, "parameters");
  }
}
