package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A constraint across the devices of some requests. Exactly one of {@code matchAttribute} and
 * {@code distinctAttribute} should be set; the allocator reports a constraint with neither as
 * unsupported, as the reference does.
 *
 * @param requests the requests (or subrequests) it applies to; empty means all
 * @param matchAttribute every device must have the same value of this attribute
 * @param distinctAttribute every device must have a different value of this attribute
 */
public record DeviceConstraint(
    List<String> requests, @Nullable String matchAttribute, @Nullable String distinctAttribute) {
  public DeviceConstraint {
    requests = Copies.list(requests);
  }

  /** {@return a matchAttribute constraint} */
  public static DeviceConstraint matchAttribute(String attribute, List<String> requests) {
    return new DeviceConstraint(requests, attribute, null);
  }

  /** {@return a distinctAttribute constraint} */
  public static DeviceConstraint distinctAttribute(String attribute, List<String> requests) {
    return new DeviceConstraint(requests, null, attribute);
  }
}
