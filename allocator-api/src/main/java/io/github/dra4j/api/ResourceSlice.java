package io.github.dra4j.api;

import java.util.Objects;

/**
 * A ResourceSlice ({@code resource.k8s.io/v1}): one or more devices or counter sets of a pool,
 * published by a driver.
 *
 * @param metadata object metadata
 * @param spec what the driver published
 */
public record ResourceSlice(ObjectMeta metadata, ResourceSliceSpec spec) {
  public ResourceSlice {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /**
   * {@return the slice name}
   *
   * @throws NullPointerException when {@code metadata.name} is unset, which validation rejects
   */
  public String name() {
    return Objects.requireNonNull(metadata.name(), "metadata.name");
  }
}
