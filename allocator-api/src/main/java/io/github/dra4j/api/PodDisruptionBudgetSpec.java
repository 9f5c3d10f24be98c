package io.github.dra4j.api;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The part of a PodDisruptionBudget's spec that preemption reads.
 *
 * @param selector the pods the budget covers; null or empty covers none (as {@code policy/v1}
 *     reads it)
 */
public record PodDisruptionBudgetSpec(@Nullable LabelSelector selector) {
  /** {@return whether the budget covers a pod with these labels} */
  public boolean selects(Map<String, String> labels) {
    return selector != null && !(selector.matchLabels().isEmpty() && selector.matchExpressions().isEmpty())
        && selector.matches(labels);
  }
}
