package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A pod condition, as preemption reads it: kube-scheduler marks the pods it preempts with {@code
 * DisruptionTarget}, status {@code True}, reason {@code PreemptionByScheduler}, before deleting
 * them, and does not preempt again for a pod nominated to a node where such a victim still
 * terminates.
 *
 * @param type the condition type, e.g. {@code DisruptionTarget}
 * @param status {@code True}, {@code False} or {@code Unknown}
 * @param reason the machine-readable reason, or null
 */
public record PodCondition(String type, String status, @Nullable String reason) {
  /** The condition type of a pod about to be terminated by a disruption. */
  public static final String DISRUPTION_TARGET = "DisruptionTarget";
  /** The reason of the disruption when kube-scheduler preempted the pod. */
  public static final String PREEMPTION_BY_SCHEDULER = "PreemptionByScheduler";

  public PodCondition {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(status, "status");
  }
}
