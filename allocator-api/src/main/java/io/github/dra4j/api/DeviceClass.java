package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A DeviceClass: selectors and configuration that requests refer to by name.
 *
 * @param metadata object metadata
 * @param spec selectors and config
 */
public record DeviceClass(ObjectMeta metadata, DeviceClassSpec spec) {
  public DeviceClass {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return the class name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }
}
