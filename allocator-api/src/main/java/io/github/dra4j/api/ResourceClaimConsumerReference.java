package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A consumer (usually a pod) that a claim is reserved for.
 *
 * @param apiGroup the consumer's API group, empty for core
 * @param resource the resource type, such as {@code pods}
 * @param name the consumer name
 * @param uid the consumer UID
 */
public record ResourceClaimConsumerReference(
    @Nullable String apiGroup, String resource, String name, String uid) {
  public ResourceClaimConsumerReference {
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uid, "uid");
  }
}
