package io.github.dra4j.scheduling;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.BitSet;
import java.util.List;
import org.jspecify.annotations.Nullable;

/* How PodScheduler picks one of the feasible nodes and allocates the pod's claims there. */
final class NodeChoice {
  private NodeChoice() {}

  /*
   * Whether the first feasible node in node order is chosen whatever the others are, so that the
   * nodes after it need not be searched: a scorer that reads no usage, ties not drawn, every
   * feasible node scored (no percentageOfNodesToScore, whose round robin counts the feasible
   * nodes), and no node-allocatable resources, which can still refuse a feasible node.
   */
  static boolean firstWins(PodScheduler s) {
    return s.scorer != BuiltinScorer.KUBE_SCHEDULER && !s.scorer.readsUsage() && !s.ties.draws()
        && s.nodeAllocatable == null && s.profiles.scoresAll();
  }

  /*
   * The best-scored feasible node, the first of equals in node order (or one of them drawn by the
   * seeded random ties); usage scores are remembered per node.
   */
  static PodScheduler.Choice choose(PodScheduler s, Cycle cycle, BitSet feasible,
      PlacementCache.@Nullable Answers answers, List<ResourceClaim> toAllocate) {
    List<Node> nodes = s.nodes();
    NodeScorer scorer = s.scorer;
    Ties ties = s.ties;
    if (scorer == BuiltinScorer.KUBE_SCHEDULER) {
      int[] at = positions(feasible);
      long[] total = at.length == 1 ? new long[1]
          : DefaultScores.scores(cycle, at, toAllocate, i -> allocateOn(s, i, answers, toAllocate));
      int best = at[ties.best(total)];
      return new PodScheduler.Choice(nodes.get(best), allocateOn(s, best, answers, toAllocate));
    }
    if (!scorer.readsUsage()) {
      // every node scores alike: the first feasible one wins unless ties are drawn
      int best = feasible.nextSetBit(0);
      if (ties.draws()) {
        int[] at = positions(feasible);
        best = at[ties.best(new double[at.length])];
      }
      return new PodScheduler.Choice(nodes.get(best), allocateOn(s, best, answers, toAllocate));
    }
    // Without claims to allocate the usage is the node's alone, which other pods change: not remembered.
    PlacementCache.Answers scores = answers != null ? answers : new PlacementCache.Answers(nodes.size());
    ClusterSnapshot now = s.snapshot;
    s.cache.score(scores, feasible, i -> {
      List<AllocationResult> placed = allocateOn(s, i, answers, toAllocate);
      Node node = nodes.get(i);
      return new PlacementCache.Scored(placed, scorer.score(NodeUsage.of(node, now.usage(node, placed))));
    });
    int[] at = positions(feasible);
    double[] values = new double[at.length];
    for (int k = 0; k < at.length; k++) {
      values[k] = s.cache.scored(scores, at[k]).score();
    }
    int best = at[ties.best(values)];
    return new PodScheduler.Choice(nodes.get(best), s.cache.scored(scores, best).placed());
  }

  /* The set bits in order, a word at a time: a cycle scores hundreds of nodes. */
  static int[] positions(BitSet feasible) {
    long[] words = feasible.toLongArray();
    int[] at = new int[feasible.cardinality()];
    int k = 0;
    for (int w = 0; w < words.length; w++) {
      for (long bits = words[w]; bits != 0; bits &= bits - 1) {
        at[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
      }
    }
    return at;
  }

  /*
   * The claims' allocation on the node at this position: the one its feasibility search found, else a
   * search. By position: looking the node up by identity is a cache miss or two on a cluster this size.
   */
  private static List<AllocationResult> allocateOn(PodScheduler s, int position,
      PlacementCache.@Nullable Answers answers, List<ResourceClaim> toAllocate) {
    List<AllocationResult> found = answers == null ? null : answers.found[position];
    if (toAllocate.isEmpty() || found != null) {
      return found == null ? List.of() : found;
    }
    Node node = s.nodes().get(position);
    AllocationOutcome outcome = s.snapshot.allocate(node, toAllocate, s.options);
    if (!(outcome instanceof AllocationOutcome.Allocated)) {
      // feasibility and allocate run the same search on the same snapshot.
      throw new IllegalStateException("node " + node.name() + " was feasible but the claims did not fit");
    }
    return ((AllocationOutcome.Allocated) outcome).results();
  }
}
