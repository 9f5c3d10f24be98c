package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * A pod's core/v1 {@code affinity}.
 *
 * @param nodeAffinity the node affinity, or null
 * @param podAffinity the pod affinity, or null
 * @param podAntiAffinity the pod anti-affinity, or null
 */
public record Affinity(@Nullable NodeAffinity nodeAffinity, @Nullable PodAffinity podAffinity,
    @Nullable PodAffinity podAntiAffinity) {
  /** {@return the required node selector, or null} */
  public @Nullable NodeSelector requiredNodeAffinity() {
    return nodeAffinity == null ? null : nodeAffinity.required();
  }
}
