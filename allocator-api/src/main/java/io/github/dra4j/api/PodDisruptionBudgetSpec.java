package io.github.dra4j.api;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The part of a PodDisruptionBudget's spec that preemption reads.
 *
 * @param selector the pods the budget covers; null or empty covers none (as {@code policy/v1}
 *     reads it)
 * @param minAvailable {@code minAvailable} as written: an integer ({@code "2"}) or a percentage
 *     ({@code "50%"}); null when not given
 * @param maxUnavailable {@code maxUnavailable} as written, likewise; null when not given
 */
public record PodDisruptionBudgetSpec(@Nullable LabelSelector selector, @Nullable String minAvailable,
    @Nullable String maxUnavailable) {
  /**
   * A spec with neither {@code minAvailable} nor {@code maxUnavailable}.
   *
   * @param selector the pods the budget covers
   */
  public PodDisruptionBudgetSpec(@Nullable LabelSelector selector) {
    this(selector, null, null);
  }

  /** {@return whether the budget covers a pod with these labels} */
  public boolean selects(Map<String, String> labels) {
    return selector != null && !(selector.matchLabels().isEmpty() && selector.matchExpressions().isEmpty())
        && selector.matches(labels);
  }
}
