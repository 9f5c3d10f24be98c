package io.github.dra4j.api;

import java.util.Map;

/**
 * The part of a PodDisruptionBudget's status that preemption reads.
 *
 * @param disruptionsAllowed how many more of the budget's pods may be disrupted
 * @param disruptedPods the pods whose eviction the API server has admitted but the disruption
 *     controller has not yet seen, by name (the time of the eviction as the value); they are not
 *     counted again
 */
public record PodDisruptionBudgetStatus(int disruptionsAllowed, Map<String, String> disruptedPods) {
  /** A status that allows no disruption. */
  public static final PodDisruptionBudgetStatus EMPTY = new PodDisruptionBudgetStatus(0, Map.of());

  public PodDisruptionBudgetStatus {
    disruptedPods = Copies.map(disruptedPods);
  }
}
