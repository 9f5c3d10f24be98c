package io.github.dra4j.scheduling;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
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

  /* The column a plugin last read, with the arguments (by identity) and pod amounts that keyed it. */
  @SuppressWarnings("ArrayRecordComponent") // compared by Arrays.equals, never hashed
  private record Last(Object args, long[] amounts, Column column) {}

  private final int nodes;
  private final Map<Key, Column> columns = new HashMap<>();
  /*
   * Per plugin, the column last read: pods of one shape find it without a key built and hashed
   * deeply each cycle. Cleared with the columns, so a column found here is always one of them.
   */
  private final Map<String, Last> last = new HashMap<>();

  /*
   * A cycle's per-node sums, reused: the scheduler runs one cycle at a time (which already writes
   * the columns above), so one array serves every cycle instead of a new one per cycle.
   */
  private long[] scratch = new long[0];
  /* A cycle's scored nodes' tuples of domains (PodTopologySpread), reused likewise. */
  private int[] tuples = new int[0];

  NodeScores(int nodes) {
    this.nodes = nodes;
  }

  /**
   * {@return the raw scores of the nodes at these positions} Those not known are computed by
   * {@code score} and kept.
   */
  long[] scores(Key key, boolean readsPods, int[] at, IntToLongFunction score) {
    return new Kept(column(key, readsPods).values, score).of(at);
  }

  /**
   * {@return the kept raw scores of a plugin that reads the pod's amounts, keyed {@code (plugin,
   * [args, amounts])}; those not known are computed by {@code score} and kept} DefaultScores reads
   * several plugins' scores in one pass over the nodes. Valid for this cycle only: a later call
   * of this or {@link #scores} with a new key may forget every column, after which {@link
   * #changed} no longer reaches these scores.
   */
  @SuppressWarnings("ReferenceEquality") // a profile's arguments are one object: equal ones are keyed below
  Kept values(String plugin, Object args, long[] amounts, boolean readsPods, IntToLongFunction score) {
    Last l = last.get(plugin);
    if (l != null && l.args() == args && Arrays.equals(l.amounts(), amounts)) {
      return new Kept(l.column().values, score);
    }
    Long[] boxed = new Long[amounts.length];
    for (int r = 0; r < amounts.length; r++) {
      boxed[r] = amounts[r];
    }
    Column c = column(new Key(plugin, List.of(args, List.of(boxed))), readsPods);
    last.put(plugin, new Last(args, amounts.clone(), c));
    return new Kept(c.values, score);
  }

  /* A plugin's kept raw scores by node, and how to score a node whose score is not kept. */
  static final class Kept {
    private final long[] values;
    private final IntToLongFunction score;

    private Kept(long[] values, IntToLongFunction score) {
      this.values = values;
      this.score = score;
    }

    /** {@return the node's raw score, computed and kept if not known} */
    long of(int node) {
      long v = values[node];
      if (v == UNKNOWN) {
        v = score.applyAsLong(node);
        values[node] = v;
      }
      return v;
    }

    /** {@return the raw scores of the nodes at these positions} */
    long[] of(int[] at) {
      long[] out = new long[at.length];
      for (int k = 0; k < at.length; k++) {
        out[k] = of(at[k]);
      }
      return out;
    }
  }

  private Column column(Key key, boolean readsPods) {
    Column c = columns.get(key);
    if (c == null) {
      if (columns.size() >= MAX_KEYS) {
        columns.clear();
        last.clear();
      }
      c = new Column(nodes, readsPods);
      columns.put(key, c);
    }
    return c;
  }

  /** {@return an array of at least this length whose first {@code length} values are 0, reused by the next call} */
  long[] scratch(int length) {
    if (scratch.length < length) {
      scratch = new long[length];
    } else {
      Arrays.fill(scratch, 0, length, 0);
    }
    return scratch;
  }

  /** {@return an array of at least this length, reused by the next call; its values are left as they were} */
  int[] tuples(int length) {
    if (tuples.length < length) {
      tuples = new int[length];
    }
    return tuples;
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
