package io.github.dra4j.api;

import java.util.Objects;

/**
 * A preferred node affinity term and its weight (1-100).
 *
 * @param weight how much a node matching the term adds to its score
 * @param preference the term
 */
public record PreferredSchedulingTerm(int weight, NodeSelectorTerm preference) {
  public PreferredSchedulingTerm {
    Objects.requireNonNull(preference, "preference");
  }
}
