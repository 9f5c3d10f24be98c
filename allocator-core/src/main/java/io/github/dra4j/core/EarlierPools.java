package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The pools gathered per node by the last few snapshots of a line of commits and releases
 * (ClusterSnapshot.withAllocated and withoutAllocated), newest first, each with the nodes whose
 * pools the step after it changed: a scheduler searches a snapshot, commits, lets pods leave (a
 * release each), and then searches again, so the pools a node was last gathered with are often
 * some steps back. A node that no step since changed takes them over; a node that changed has them
 * patched (PoolGatherer.successor) when each of its changed pools changed once, else gathers them
 * anew. Bounded to DEPTH snapshots, so that a line of snapshots keeps no chain of old pools alive;
 * a step shares the change sets of the steps before it and copies only two short arrays.
 */
final class EarlierPools {
  /** Snapshots looked back at: a commit and a few departures between two searches. */
  private static final int DEPTH = 6;

  /** Each earlier snapshot's pools per node, by node name (its live map: it may still gain nodes). */
  private final Map<String, PoolGatherer.NodePools>[] pools;
  /**
   * The nodes whose pools the step from snapshot i to the next newer one changed; null when any
   * may have (a pool not local to nodes). A node changed since snapshot i is in one of 0..i.
   */
  private final @Nullable Set<String>[] steps;

  private EarlierPools(Map<String, PoolGatherer.NodePools>[] pools, @Nullable Set<String>[] steps) {
    this.pools = pools;
    this.steps = steps;
  }

  /**
   * {@return the earlier pools of a snapshot derived from one whose own pools per node and
   * earlier pools are given, by a step that changed these nodes (null: maybe any)}
   */
  @SuppressWarnings("unchecked")
  static EarlierPools after(Map<String, PoolGatherer.NodePools> previous, @Nullable EarlierPools previousEarlier,
      @Nullable Set<String> changed) {
    int kept = previousEarlier == null ? 0 : Math.min(DEPTH - 1, previousEarlier.pools.length);
    Map<String, PoolGatherer.NodePools>[] pools = (Map<String, PoolGatherer.NodePools>[]) new Map<?, ?>[kept + 1];
    @Nullable Set<String>[] steps = (Set<String>[]) new Set<?>[kept + 1];
    pools[0] = previous;
    steps[0] = changed;
    if (previousEarlier != null) {
      System.arraycopy(previousEarlier.pools, 0, pools, 1, kept);
      System.arraycopy(previousEarlier.steps, 0, steps, 1, kept);
    }
    return new EarlierPools(pools, steps);
  }

  /**
   * {@return the node's pools in a snapshot with this index, from the newest earlier snapshot
   * that gathered them, or null when none did or they cannot be patched}
   */
  PoolGatherer.@Nullable NodePools pools(SnapshotIndex index, Node node) {
    boolean changed = false;
    for (int i = 0; i < pools.length; i++) {
      Set<String> step = steps[i];
      changed = changed || step == null || step.contains(node.name());
      PoolGatherer.NodePools p = pools[i].get(node.name());
      if (p != null && ClusterSnapshot.sameNode(p, node)) {
        return changed ? PoolGatherer.successor(index, p) : p;
      }
    }
    return null;
  }
}
