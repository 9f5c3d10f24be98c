package io.github.dra4j.scheduling;

import java.util.Objects;

/**
 * Ranks the nodes on which all of a pod's claims fit, so that {@link PodScheduler} can pick one.
 * The node with the highest score wins; equal scores go to the node that comes first in the
 * scheduler's node order, so a placement never depends on thread timing.
 *
 * <p>The built-ins read {@link NodeUsage#utilization()}, the share of the node's DRA devices and
 * shared counters in use once the pod's claims are allocated there:
 * <ul>
 *   <li>{@link #first()} ignores it: the first feasible node wins (the default);
 *   <li>{@link #mostAllocated()} scores {@code utilization}: pods pack onto busy nodes, keeping
 *       whole nodes free for large claims;
 *   <li>{@link #leastAllocated()} scores {@code 1 - utilization}: pods spread;
 *   <li>{@link #kubeScheduler()} scores as kube-scheduler's default score plugins do, from the
 *       pods and nodes rather than the DRA usage.
 * </ul>
 *
 * <p>{@link #score} is called for several nodes at once, from the common fork-join pool, so
 * an implementation must be thread-safe. A score must depend only on the usage: placements then
 * repeat, and {@link PodScheduler} keeps a node's score for a pod shape until a placement or
 * departure changes that node, instead of scoring every node for every pod.
 *
 * <pre>{@code
 * NodeScorer fewestFreeDevices = usage -> usage.allocatedDevices() - usage.devices();
 * }</pre>
 */
@FunctionalInterface
public interface NodeScorer {
  /**
   * Scores one node on which the pod fits.
   *
   * @param usage the node's DRA usage with the pod's claims allocated there
   * @return the score; higher is better
   */
  double score(NodeUsage usage);

  /**
   * Whether {@link #score} reads the usage. A scorer that does not spares the scheduler an
   * allocation on every feasible node: only the chosen one is allocated.
   *
   * @return true unless the scorer ignores its argument
   */
  default boolean readsUsage() {
    return true;
  }

  /** {@return the default scorer: every node scores 0, so the first feasible node wins} */
  static NodeScorer first() {
    return BuiltinScorer.FIRST;
  }

  /** {@return a scorer that packs: the node most used after the placement wins} */
  static NodeScorer mostAllocated() {
    return BuiltinScorer.MOST_ALLOCATED;
  }

  /** {@return a scorer that spreads: the node least used after the placement wins} */
  static NodeScorer leastAllocated() {
    return BuiltinScorer.LEAST_ALLOCATED;
  }

  /**
   * {@return kube-scheduler's default scoring} The default score plugins with their weights,
   * each normalized as upstream: TaintToleration (3), NodeAffinity (2), PodTopologySpread (2),
   * InterPodAffinity (2), NodeResourcesFit with LeastAllocated over cpu and memory (1),
   * NodeResourcesBalancedAllocation (1), ImageLocality over the nodes' {@code status.images} (1)
   * and DynamicResources' score of prioritized lists (1); the highest weighted sum wins. It reads
   * the pods, nodes and allocations rather than the DRA usage, so {@link PodScheduler} scores
   * with it itself; its {@link #score} is 0. As kube-scheduler's default configuration, it scores
   * only the first feasible nodes found on a cluster of 100 nodes or more
   * (percentageOfNodesToScore, 42% of 1,000 nodes). See docs/scheduling.md for each plugin.
   */
  static NodeScorer kubeScheduler() {
    return BuiltinScorer.KUBE_SCHEDULER;
  }

  /**
   * Returns a built-in scorer by the name the command line uses.
   *
   * @param name {@code first}, {@code most-allocated}, {@code least-allocated} or {@code kube-scheduler}
   * @return the scorer
   * @throws IllegalArgumentException for any other name, listing the known ones
   */
  static NodeScorer named(String name) {
    for (BuiltinScorer b : BuiltinScorer.values()) {
      if (b.cliName.equals(Objects.requireNonNull(name, "name"))) {
        return b;
      }
    }
    throw new IllegalArgumentException("unknown scorer \"" + name + "\"; known: first, most-allocated, least-allocated, kube-scheduler");
  }
}
