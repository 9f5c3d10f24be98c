package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A reference to an object in the same namespace by API group, kind and name: a Workload's
 * {@code spec.controllerRef}, the object (a Job, a JobSet) that the Workload describes.
 *
 * @param apiGroup the API group, or null (empty) for the core group
 * @param kind the kind
 * @param name the name
 */
public record TypedLocalObjectReference(@Nullable String apiGroup, String kind, String name) {
  public TypedLocalObjectReference {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
  }
}
