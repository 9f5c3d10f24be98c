package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The pools gathered per node by the last few snapshots of a line of commits and releases
 * (ClusterSnapshot.withAllocated and withoutAllocated), newest first, each with the nodes whose
 * pools changed since: a scheduler searches a snapshot, commits, lets pods leave (a release each),
 * and then searches again, so the pools a node was last gathered with are often some steps back.
 * A node that did not change since takes them over; a node that changed has them patched
 * (PoolGatherer.successor) when each of its changed pools changed once, else gathers them anew.
 * Bounded to DEPTH snapshots, so that a line of snapshots keeps no chain of old pools alive.
 */
final class EarlierPools {
  /** Snapshots looked back at: a commit and a few departures between two searches. */
  private static final int DEPTH = 6;

  /** One earlier snapshot's pools per node, by node name (its live map: it may still gain nodes). */
  private final Map<String, PoolGatherer.NodePools> pools;
  /** The nodes whose pools changed since that snapshot; null when any may have (a pool not local to nodes). */
  private final @Nullable Set<String> changedSince;
  private final @Nullable EarlierPools older;

  private EarlierPools(Map<String, PoolGatherer.NodePools> pools, @Nullable Set<String> changedSince,
      @Nullable EarlierPools older) {
    this.pools = pools;
    this.changedSince = changedSince;
    this.older = older;
  }

  /**
   * {@return the earlier pools of a snapshot derived from one whose own pools per node and
   * earlier pools are given, by a step that changed these nodes (null: maybe any)}
   */
  static EarlierPools after(Map<String, PoolGatherer.NodePools> previous, @Nullable EarlierPools previousEarlier,
      @Nullable Set<String> changed) {
    return new EarlierPools(previous, changed, previousEarlier == null ? null : previousEarlier.grown(changed, DEPTH - 1));
  }

  /* This chain with these nodes changed too, cut to depth entries. */
  private @Nullable EarlierPools grown(@Nullable Set<String> changed, int depth) {
    if (depth == 0) {
      return null;
    }
    Set<String> since = null;
    if (changed != null && changedSince != null) {
      since = new HashSet<>(changedSince);
      since.addAll(changed);
    }
    return new EarlierPools(pools, since, older == null ? null : older.grown(changed, depth - 1));
  }

  /**
   * {@return the node's pools in a snapshot with this index, from the newest earlier snapshot
   * that gathered them, or null when none did or they cannot be patched}
   */
  PoolGatherer.@Nullable NodePools pools(SnapshotIndex index, Node node) {
    for (EarlierPools e = this; e != null; e = e.older) {
      PoolGatherer.NodePools p = e.pools.get(node.name());
      if (p == null || !ClusterSnapshot.sameNode(p, node)) {
        continue;
      }
      Set<String> changed = e.changedSince;
      return changed != null && !changed.contains(node.name()) ? p : PoolGatherer.successor(index, p);
    }
    return null;
  }
}
