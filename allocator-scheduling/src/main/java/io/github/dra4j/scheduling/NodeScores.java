package io.github.dra4j.scheduling;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntToLongFunction;

/*
 * The raw per-node scores of the score plugins that read one node at a time, kept per what they
 * read of the pod: those that read only the node (TaintToleration, NodeAffinity) for good, those
 * that read the node's own pods too (NodeResourcesFit, BalancedAllocation) until a pod joins or
 * leaves the node. A placement then scores only the nodes its commit changed, as PlacementCache
 * filters them; normalization, which reads every feasible node, runs on each placement. Beyond
 * MAX_KEYS distinct pod shapes all are forgotten and scored again.
 */
final class NodeScores {
  private static final int MAX_KEYS = 256;

  /** What a plugin reads of the pod and its profile; equal keys share their scores. */
  record Key(String plugin, Object podPart) {}

  /* A raw score not known: no plugin scores this low, so the values need no set of their own. */
  private static final long UNKNOWN = Long.MIN_VALUE;

  private static final class Column {
    final long[] values;
    final boolean readsPods;

    Column(int nodes, boolean readsPods) {
      this.values = new long[nodes];
      this.readsPods = readsPods;
      Arrays.fill(values, UNKNOWN);
    }
  }

  private final int nodes;
  private final Map<Key, Column> columns = new HashMap<>();

  NodeScores(int nodes) {
    this.nodes = nodes;
  }

  /**
   * {@return the raw scores of the nodes at these positions} Those not known are computed by
   * {@code score} and kept.
   */
  long[] scores(Key key, boolean readsPods, int[] at, IntToLongFunction score) {
    long[] out = new long[at.length];
    addTo(key, readsPods, at, score, 1, out);
    return out;
  }

  /** Adds the raw scores of the nodes at these positions times the weight to {@code total}, as {@link #scores}. */
  void addTo(Key key, boolean readsPods, int[] at, IntToLongFunction score, long weight, long[] total) {
    Column c = columns.get(key);
    if (c == null) {
      if (columns.size() >= MAX_KEYS) {
        columns.clear();
      }
      c = new Column(nodes, readsPods);
      columns.put(key, c);
    }
    long[] values = c.values;
    for (int k = 0; k < at.length; k++) {
      long v = values[at[k]];
      if (v == UNKNOWN) {
        v = score.applyAsLong(at[k]);
        values[at[k]] = v;
      }
      total[k] += weight * v;
    }
  }

  /** Forgets the scores that read the node's pods, after a pod joined or left it. */
  void changed(int node) {
    for (Column c : columns.values()) {
      if (c.readsPods) {
        c.values[node] = UNKNOWN;
      }
    }
  }
}
