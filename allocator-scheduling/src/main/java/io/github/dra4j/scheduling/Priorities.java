package io.github.dra4j.scheduling;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PriorityClass;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * A pod's priority and preemption policy as the Priority admission plugin resolves them: an
 * explicit spec.priority wins (a pod read from a cluster was admitted already); otherwise
 * spec.priorityClassName names a PriorityClass (or one of the two built-in system classes), and a
 * pod without one gets the globalDefault class, else 0. The policy is the pod's, else its class's,
 * else PreemptLowerPriority.
 */
final class Priorities {
  /** The built-in classes admission knows without objects (scheduling/v1 SystemPriorityClasses). */
  private static final Map<String, Integer> SYSTEM = Map.of(
      "system-node-critical", 2_000_001_000, "system-cluster-critical", 2_000_000_000);

  private final Map<String, PriorityClass> classes = new HashMap<>();
  private final @Nullable PriorityClass globalDefault;

  Priorities(List<PriorityClass> priorityClasses) {
    PriorityClass dflt = null;
    for (PriorityClass c : priorityClasses) {
      if (c.name() != null) {
        classes.putIfAbsent(c.name(), c);
      }
      // Validation allows one; with several, the highest value, as admission's getDefaultPriorityClass.
      if (c.globalDefault() && (dflt == null || c.value() > dflt.value())) {
        dflt = c;
      }
    }
    this.globalDefault = dflt;
  }

  /** {@return the pod's priority} */
  int of(Pod pod) {
    Integer explicit = pod.spec().priority();
    if (explicit != null) {
      return explicit;
    }
    String name = pod.spec().priorityClassName();
    if (name == null || name.isEmpty()) {
      return globalDefault == null ? 0 : globalDefault.value();
    }
    PriorityClass c = classes.get(name);
    if (c != null) {
      return c.value();
    }
    Integer system = SYSTEM.get(name);
    return system == null ? 0 : system;
  }

  /** {@return admission's refusal of a pod whose PriorityClass does not exist, or null} */
  SchedulingResult.@Nullable Unschedulable refused(Pod pod) {
    String name = pod.spec().priorityClassName();
    if (pod.spec().priority() != null || name == null || name.isEmpty() || classes.containsKey(name)
        || SYSTEM.containsKey(name)) {
      return null;
    }
    return new SchedulingResult.Unschedulable(pod,
        "pods \"" + pod.name() + "\" is forbidden: no PriorityClass with name " + name + " was found", Map.of(), null);
  }

  /** {@return whether the pod may preempt others: its policy, or its class's, is not Never} */
  boolean mayPreempt(Pod pod) {
    String policy = pod.spec().preemptionPolicy();
    if (policy == null) {
      String name = pod.spec().priorityClassName();
      PriorityClass c = name == null || name.isEmpty() ? globalDefault : classes.get(name);
      policy = c == null ? null : c.preemptionPolicy();
    }
    return !PriorityClass.NEVER.equals(policy);
  }
}
