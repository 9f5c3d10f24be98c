package io.github.dra4j.scheduling;

/**
 * How {@link PodGroupScheduler} places a pod group.
 */
public enum GangSearch {
  /**
   * As kube-scheduler's workload scheduling cycle: pod by pod in queue order, each on the node
   * the scorer picks with its claims allocated as the allocator first finds them, in each
   * topology domain; the group is placed when {@code minCount} pods fit.
   */
  DEFAULT,
  /**
   * The default first; when it rejects the group, a search of the whole group together: pods to
   * nodes with backtracking across pods, and the claims of all the group's pods on one node
   * allocated together, so that a device the first pod took whole can be shared out in halves.
   * Bounded by a step budget. A group the default places is placed exactly as the default
   * places it.
   */
  JOINT
}
