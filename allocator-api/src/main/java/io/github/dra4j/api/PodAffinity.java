package io.github.dra4j.api;

import java.util.List;

/**
 * A core/v1 PodAffinity or PodAntiAffinity (the two have the same fields).
 *
 * @param required terms every node must satisfy ({@code requiredDuringSchedulingIgnoredDuringExecution})
 * @param preferred weighted terms that add to a node's score ({@code preferredDuringSchedulingIgnoredDuringExecution})
 */
public record PodAffinity(List<PodAffinityTerm> required, List<WeightedPodAffinityTerm> preferred) {
  public PodAffinity {
    required = Copies.list(required);
    preferred = Copies.list(preferred);
  }
}
