package io.github.dra4j.scheduling;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodCondition;

/*
 * Which input pods kube-scheduler sees and schedules. Its pod informer lists no pod whose phase is
 * Succeeded or Failed (scheduler.go newPodInformer's field selector), so a terminated pod holds
 * nothing on its node and is never scheduled; a pending pod that is being deleted is not scheduled
 * (schedule_one.go skipPodSchedule). A bound pod being deleted still holds its node's resources,
 * ports and affinity terms; only PodTopologySpread leaves it uncounted (countPodsMatchSelector).
 */
final class PodPhases {
  private PodPhases() {}

  /** {@return whether the scheduler's cache holds the pod: it has not terminated} */
  static boolean seen(Pod pod) {
    return !pod.status().terminated();
  }

  /** {@return whether a pending pod is scheduled: it has not terminated and is not being deleted} */
  static boolean schedulable(Pod pod) {
    return seen(pod) && !terminating(pod);
  }

  /** {@return whether the pod is being deleted (metadata.deletionTimestamp)} */
  static boolean terminating(Pod pod) {
    return pod.metadata().deletionTimestamp() != null;
  }

  /**
   * {@return whether the pod is terminating because kube-scheduler preempted it}: being deleted,
   * with a {@code DisruptionTarget} condition of status {@code True} and reason {@code
   * PreemptionByScheduler} (podTerminatingByPreemption)
   */
  static boolean terminatingByPreemption(Pod pod) {
    if (!terminating(pod)) {
      return false;
    }
    for (PodCondition c : pod.status().conditions()) {
      if (c.type().equals(PodCondition.DISRUPTION_TARGET)) {
        return c.status().equals("True") && PodCondition.PREEMPTION_BY_SCHEDULER.equals(c.reason());
      }
    }
    return false;
  }
}
