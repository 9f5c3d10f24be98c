package io.github.dra4j.api;

import java.util.Objects;

/**
 * A preferred pod (anti-)affinity term and its weight (1-100).
 *
 * @param weight how much a node matching the term adds to its score
 * @param podAffinityTerm the term
 */
public record WeightedPodAffinityTerm(int weight, PodAffinityTerm podAffinityTerm) {
  public WeightedPodAffinityTerm {
    Objects.requireNonNull(podAffinityTerm, "podAffinityTerm");
  }
}
