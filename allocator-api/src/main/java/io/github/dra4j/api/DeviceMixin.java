package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;

/**
 * Attributes and capacities that devices include by name.
 *
 * @param name unique among the device mixins of the slice
 * @param attributes attributes by (possibly qualified) name
 * @param capacity capacities by (possibly qualified) name
 */
public record DeviceMixin(
    String name, Map<String, DeviceAttribute> attributes, Map<String, DeviceCapacity> capacity) {
  public DeviceMixin {
    Objects.requireNonNull(name, "name");
    attributes = Copies.map(attributes);
    capacity = Copies.map(capacity);
  }
}
