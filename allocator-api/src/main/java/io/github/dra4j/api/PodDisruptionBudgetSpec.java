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
   * Checks the values as the API server validates them (ValidatePodDisruptionBudgetSpec).
   *
   * @throws IllegalArgumentException when both are set, or one is neither a non-negative integer
   *     nor a percentage up to 100%
   */
  public PodDisruptionBudgetSpec {
    if (minAvailable != null && maxUnavailable != null) {
      throw new IllegalArgumentException("minAvailable and maxUnavailable cannot be both set");
    }
    check(minAvailable, "minAvailable");
    check(maxUnavailable, "maxUnavailable");
  }

  private static void check(@Nullable String value, String field) {
    if (value == null) {
      return;
    }
    boolean percent = value.endsWith("%");
    String digits = percent ? value.substring(0, value.length() - 1) : value;
    if (!digits.matches("-?[0-9]{1,9}")) {
      throw new IllegalArgumentException(field + ": Invalid value: \"" + value + "\": must be an integer or percentage"
          + " (e.g '5%')");
    }
    int v = Integer.parseInt(digits);
    if (v < 0 || (percent && v > 100)) {
      throw new IllegalArgumentException(field + ": Invalid value: \"" + value + "\": "
          + (v < 0 ? "must be greater than or equal to 0" : "must not be greater than 100%"));
    }
  }

  /**
   * {@return an integer or percentage of {@code total}, rounded up (GetScaledValueFromIntOrPercent)}
   *
   * @param value a value this spec holds
   * @param total what a percentage is of
   */
  static int scaled(String value, int total) {
    if (!value.endsWith("%")) {
      return Integer.parseInt(value);
    }
    long v = Long.parseLong(value.substring(0, value.length() - 1)) * total;
    return (int) (v / 100 + (v % 100 == 0 ? 0 : 1));
  }
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
