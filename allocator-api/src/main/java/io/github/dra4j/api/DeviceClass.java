package io.github.dra4j.api;

import java.util.Objects;

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

  /**
   * {@return the class name}
   *
   * @throws NullPointerException when {@code metadata.name} is unset, which validation rejects
   */
  public String name() {
    return Objects.requireNonNull(metadata.name(), "metadata.name");
  }
}
