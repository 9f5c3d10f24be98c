package io.github.dra4j.api;

import java.util.Objects;

/**
 * The content of a ResourceClaim.
 *
 * @param devices the device requests, constraints and config
 */
public record ResourceClaimSpec(DeviceClaim devices) {
  public ResourceClaimSpec {
    Objects.requireNonNull(devices, "devices");
  }
}
