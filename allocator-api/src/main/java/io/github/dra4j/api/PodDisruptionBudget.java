package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@code policy/v1} PodDisruptionBudget, as kube-scheduler's preemption reads it: the pods its
 * selector picks in its namespace, and how many of them may still be disrupted ({@code
 * status.disruptionsAllowed}, which the disruption controller keeps). Preemption prefers victims
 * whose eviction leaves every budget whole; it may still evict others. The scheduler reads the
 * status; a budget written without one (a hand-written manifest) gets the disruptions its {@code
 * minAvailable} or {@code maxUnavailable} allow over the pods it covers, as the disruption
 * controller would compute them.
 *
 * @param metadata name and namespace
 * @param spec the selector, {@code minAvailable} and {@code maxUnavailable}
 * @param status the disruptions allowed and the pods already being disrupted; null when the
 *     input has no status
 */
public record PodDisruptionBudget(ObjectMeta metadata, PodDisruptionBudgetSpec spec,
    @Nullable PodDisruptionBudgetStatus status) {
  public PodDisruptionBudget {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return a budget over the pods the selector picks in the namespace, allowing this many disruptions} */
  public static PodDisruptionBudget of(ObjectMeta metadata, @Nullable LabelSelector selector, int disruptionsAllowed) {
    return new PodDisruptionBudget(metadata, new PodDisruptionBudgetSpec(selector),
        new PodDisruptionBudgetStatus(disruptionsAllowed, Map.of()));
  }

  /**
   * {@return how many more of the budget's pods may be disrupted} With a status, its {@code
   * disruptionsAllowed}, as kube-scheduler reads it. Without one, what the disruption controller
   * would set (getExpectedPodCount, updatePdbStatus), every covered pod counted healthy and the
   * covered pods standing for the controllers' scale: the covered pods minus those that must stay
   * ({@code minAvailable}, or the covered pods minus {@code maxUnavailable}; a percentage of the
   * covered pods rounded up), at least 0; 0 when neither is given or no pod is covered.
   *
   * @param covered how many pods the budget covers now
   */
  public int disruptionsAllowed(int covered) {
    if (status != null) {
      return status.disruptionsAllowed();
    }
    String min = spec.minAvailable();
    String max = spec.maxUnavailable();
    int desired;
    if (max != null) {
      desired = Math.max(0, covered - PodDisruptionBudgetSpec.scaled(max, covered));
    } else if (min != null) {
      desired = PodDisruptionBudgetSpec.scaled(min, covered);
    } else {
      return 0;
    }
    return covered <= 0 ? 0 : Math.max(0, covered - desired);
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }

  /** {@return the namespace, or null when the input had none} */
  public @Nullable String namespace() {
    return metadata.namespace();
  }
}
