package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An entry of {@code metadata.ownerReferences}: the object another one belongs to. A claim made
 * for a pod (from a template, or for its extended resources) names the pod as its controller,
 * which is how the scheduler and the resourceclaim controller find it again.
 *
 * @param apiVersion the owner's API version, {@code v1} for a pod
 * @param kind the owner's kind, such as {@code Pod}
 * @param name the owner's name
 * @param uid the owner's UID; null when the input lacked it (a redacted dump): allocation never
 *     reads it, and {@code Validator} reports it missing
 * @param controller whether the owner is the managing controller
 * @param blockOwnerDeletion whether the owner's foreground deletion waits for this object
 */
public record OwnerReference(
    String apiVersion,
    String kind,
    String name,
    @Nullable String uid,
    @Nullable Boolean controller,
    @Nullable Boolean blockOwnerDeletion) {
  public OwnerReference {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
  }
}
