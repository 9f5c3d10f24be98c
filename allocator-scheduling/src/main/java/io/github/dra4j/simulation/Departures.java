package io.github.dra4j.simulation;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * The pods whose lifetime ends at a step, and their leaving: the scheduler forgets them and
 * releases their claims incrementally (ClusterSnapshot.withoutAllocated), so a departure costs
 * the pools the claims used, not the cluster, and only the nodes that see those pools are asked
 * again.
 */
final class Departures {
  private final PodScheduler scheduler;
  private final Map<Integer, List<SchedulingResult.Scheduled>> byStep = new HashMap<>();
  /** The steps at which pods leave, by pod name, so that a cancellation finds its step's list. */
  private final Map<String, List<Integer>> stepsOf = new HashMap<>();

  Departures(PodScheduler scheduler) {
    this.scheduler = scheduler;
  }

  /** Notes that a placed pod leaves just before arrival {@code step}. */
  void schedule(int step, SchedulingResult.Scheduled placed) {
    byStep.computeIfAbsent(step, x -> new ArrayList<>()).add(placed);
    stepsOf.computeIfAbsent(placed.pod().name(), x -> new ArrayList<>()).add(step);
  }

  /** Forgets the departure of a pod that left early: a victim of preemption, already removed. */
  void cancel(@Nullable String podName) {
    List<Integer> steps = stepsOf.remove(podName);
    if (steps == null) {
      return;
    }
    for (int step : steps) {
      List<SchedulingResult.Scheduled> due = byStep.get(step);
      if (due != null) {
        due.removeIf(d -> Objects.equals(podName, d.pod().name()));
      }
    }
  }

  /**
   * Lets the pods due at {@code step} leave: their claims are deleted and their devices freed.
   *
   * @return the pods that left, in the order they were placed
   */
  List<SchedulingResult.Scheduled> depart(int step) {
    List<SchedulingResult.Scheduled> leaving = byStep.remove(step);
    if (leaving == null) {
      return List.of();
    }
    List<ResourceClaim> released = new ArrayList<>();
    List<Pod> pods = new ArrayList<>(leaving.size());
    for (SchedulingResult.Scheduled s : leaving) {
      List<Integer> steps = stepsOf.get(s.pod().name());
      if (steps != null && steps.remove(Integer.valueOf(step)) && steps.isEmpty()) {
        stepsOf.remove(s.pod().name());
      }
      released.addAll(s.claims());
      pods.add(s.pod());
    }
    scheduler.removePods(pods);
    scheduler.release(released);
    return leaving;
  }
}
