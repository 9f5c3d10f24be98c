package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@code policy/v1} PodDisruptionBudget, as kube-scheduler's preemption reads it: the pods its
 * selector picks in its namespace, and how many of them may still be disrupted ({@code
 * status.disruptionsAllowed}, which the disruption controller keeps). Preemption prefers victims
 * whose eviction leaves every budget whole; it may still evict others. The budget's {@code
 * minAvailable} and {@code maxUnavailable} are accepted and checked but not kept: the scheduler
 * reads the status only, so a budget written without status allows no disruption.
 *
 * @param metadata name and namespace
 * @param spec the selector
 * @param status the disruptions allowed and the pods already being disrupted
 */
public record PodDisruptionBudget(ObjectMeta metadata, PodDisruptionBudgetSpec spec, PodDisruptionBudgetStatus status) {
  public PodDisruptionBudget {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(status, "status");
  }

  /** {@return a budget over the pods the selector picks in the namespace, allowing this many disruptions} */
  public static PodDisruptionBudget of(ObjectMeta metadata, @Nullable LabelSelector selector, int disruptionsAllowed) {
    return new PodDisruptionBudget(metadata, new PodDisruptionBudgetSpec(selector),
        new PodDisruptionBudgetStatus(disruptionsAllowed, Map.of()));
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
