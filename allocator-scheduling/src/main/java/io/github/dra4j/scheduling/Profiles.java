package io.github.dra4j.scheduling;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.config.SchedulerConfiguration;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * A scheduler's profiles, the one a pod's spec.schedulerName picks, and how many feasible nodes a
 * cycle looks for before it scores them (percentageOfNodesToScore), from the round-robin start
 * that kube-scheduler keeps between cycles (nextStartNodeIndex). Without a configuration every pod
 * gets the default profile; the kube-scheduler scorer then looks for as many feasible nodes as
 * kube-scheduler's default configuration does, dra4j's own scorers look at every feasible node.
 */
final class Profiles {
  private final @Nullable SchedulerConfiguration configuration;
  /* The configuration whose percentageOfNodesToScore bounds the nodes scored; null: every feasible node. */
  private final @Nullable SchedulerConfiguration bound;
  private final Map<String, SchedulingProfile> byName = new LinkedHashMap<>();
  private final SchedulingProfile defaultProfile;
  /* Where the next cycle starts looking: kube-scheduler's nextStartNodeIndex, one for all profiles. */
  private int nextStartNodeIndex;

  /*
   * spread: the controllers whose selectors PodTopologySpread's default constraints take.
   * defaultBound: without a configuration, whether kube-scheduler's default configuration bounds
   * the nodes scored (the kube-scheduler scorer), rather than every feasible node being scored.
   */
  Profiles(@Nullable SchedulerConfiguration configuration, DefaultSpread spread, boolean defaultBound) {
    this.configuration = configuration;
    this.bound = configuration != null ? configuration : defaultBound ? SchedulerConfiguration.defaults() : null;
    this.defaultProfile = spread == DefaultSpread.NONE ? SchedulingProfile.DEFAULT
        : new SchedulingProfile(SchedulingProfile.DEFAULT.config, spread);
    if (configuration != null) {
      for (SchedulerConfiguration.Profile p : configuration.profiles()) {
        byName.put(p.schedulerName(), p.equals(SchedulingProfile.DEFAULT.config) && p.schedulerName()
            .equals(SchedulerConfiguration.DEFAULT_SCHEDULER_NAME) ? defaultProfile : new SchedulingProfile(p, spread));
      }
    }
  }

  /** {@return the pod's profile; the default one for a pod no profile takes (see {@link #unknown})} */
  SchedulingProfile of(Pod pod) {
    if (configuration == null) {
      return defaultProfile;
    }
    SchedulingProfile p = byName.get(name(pod));
    return p == null ? defaultProfile : p;
  }

  /**
   * {@return why no profile takes the pod, or null} kube-scheduler leaves a pod that names another
   * scheduler to that scheduler: it stays pending.
   */
  @Nullable String unknown(Pod pod) {
    if (configuration == null || byName.containsKey(name(pod))) {
      return null;
    }
    return "no profile has schedulerName \"" + name(pod) + "\" (profiles: " + String.join(", ", byName.keySet())
        + "); kube-scheduler leaves the pod to the scheduler of that name";
  }

  /**
   * {@return whether the pod's profile runs DefaultPreemption} A profile that disables it at
   * postFilter (or disables every postFilter plugin with "*") never preempts, and no PostFilter
   * runs for a pod no profile takes: it is not this scheduler's.
   */
  boolean preempts(Pod pod) {
    return unknown(pod) == null && of(pod).config.preempts();
  }

  /**
   * {@return DefaultPreemptionArgs' minCandidateNodesPercentage and minCandidateNodesAbsolute for
   * the profile} Each profile of a configuration has its own plugin instance with its own
   * arguments; without a configuration, the builder's.
   */
  Preemptor.MinCandidateNodes minCandidateNodes(SchedulingProfile profile, Preemptor.MinCandidateNodes builder) {
    return configuration == null ? builder : profile.minCandidateNodes;
  }

  private static String name(Pod pod) {
    String n = pod.spec().schedulerName();
    return n == null || n.isEmpty() ? SchedulerConfiguration.DEFAULT_SCHEDULER_NAME : n;
  }

  /** {@return whether {@link #toScore} keeps every feasible node (no configuration bounds them)} */
  boolean scoresAll() {
    return bound == null;
  }

  /**
   * The feasible nodes a cycle scores: findNodesThatPassFilters looks at the nodes from
   * nextStartNodeIndex on, round robin, and stops at numFeasibleNodesToFind feasible ones (one
   * when the profile has no Score plugin); the next cycle starts after the nodes it looked at.
   * kube-scheduler looks at nodes in parallel, so it may look at a few more before it stops;
   * dra4j looks in order, as kube-scheduler with parallelism 1 does: it checks nodes until one
   * feasible node too many is found, and counts as looked at the infeasible nodes before it.
   */
  BitSet toScore(SchedulingProfile profile, BitSet feasible, int nodes) {
    SchedulerConfiguration c = bound;
    if (c == null || nodes == 0) {
      return feasible;
    }
    int toFind = profile.config.scores().isEmpty() ? 1 : c.numFeasibleNodesToFind(profile.config, nodes);
    long[] out = new long[(nodes + 63) >>> 6];
    int start = nextStartNodeIndex;
    int stop = firstFound(feasible, nodes, start, toFind, out);
    int processed = stop < 0 ? nodes : (stop - start + nodes) % nodes;
    nextStartNodeIndex = (start + processed) % nodes;
    return BitSet.valueOf(out);
  }

  /**
   * Sets in {@code kept} (a word per 64 nodes) the first {@code toFind} feasible nodes from {@code
   * start} on, round robin, and returns the feasible node after them, where the search stops (-1
   * when there is none). Works a word at a time: a cycle keeps hundreds of nodes.
   */
  static int firstFound(BitSet feasible, int nodes, int start, int toFind, long[] kept) {
    long[] words = feasible.toLongArray();
    int found = 0;
    int stop = -1;
    // from the start to the last node, then from the first node to the start
    for (int pass = 0; pass < 2 && stop < 0; pass++) {
      int from = pass == 0 ? start : 0;
      int to = pass == 0 ? nodes : start;
      for (int w = from >>> 6; w < words.length && w << 6 < to && stop < 0; w++) {
        long bits = words[w] & inRange(w, from, to);
        int count = Long.bitCount(bits);
        if (found + count <= toFind) {
          kept[w] |= bits;
          found += count;
          continue;
        }
        for (; found < toFind; found++) {
          long lowest = bits & -bits;
          kept[w] |= lowest;
          bits ^= lowest;
        }
        stop = (w << 6) + Long.numberOfTrailingZeros(bits);
      }
    }
    return stop;
  }

  /* The bits of word w that stand for nodes from `from` (inclusive) to `to` (exclusive). */
  private static long inRange(int w, int from, int to) {
    int base = w << 6;
    int lo = Math.max(from - base, 0);
    int hi = Math.min(to - base, 64);
    if (lo >= hi) {
      return 0;
    }
    return (-1L << lo) & (hi == 64 ? -1L : (1L << hi) - 1);
  }
}
