package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

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

  /** {@return the slice name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }
}
