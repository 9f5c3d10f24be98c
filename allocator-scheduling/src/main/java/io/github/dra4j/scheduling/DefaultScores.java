package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.PreferredSchedulingTerm;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/*
 * The choice among feasible nodes as kube-scheduler's default score plugins make it (the
 * kube-scheduler profile of NodeScorer): each plugin scores every feasible node 0..100, normalized
 * as the plugin normalizes, and the weighted sum decides; equal sums go to the first node in
 * order (kube-scheduler picks one of them at random). ImageLocality (images are not read) and
 * DynamicResources' score are not modelled.
 *
 * - TaintToleration (weight 3): the node's PreferNoSchedule taints that the pod's tolerations with
 *   no effect or PreferNoSchedule do not tolerate, counted and normalized in reverse
 *   (DefaultNormalizeScore(100, true)): fewer is better.
 * - NodeAffinity (weight 2): the sum of the weights of the preferred terms the node matches,
 *   normalized to the largest (DefaultNormalizeScore(100, false)).
 * - NodeResourcesFit (weight 1), strategy LeastAllocated with cpu and memory weighted 1: per
 *   resource (allocatable - requested) * 100 / allocatable, requested being the non-zero requests
 *   of the node's pods and of the pod (a container without a request counts 100m cpu, 200Mi
 *   memory); resources the node has none of are left out.
 * - PodTopologySpread and InterPodAffinity (weight 2 each): see SpreadAndAffinityScores.
 * - NodeResourcesBalancedAllocation (weight 1): (1 - |cpu fraction - memory fraction| / 2) * 100,
 *   fractions of allocatable requested with the pod (at most 1); a pod that requests neither is
 *   not scored by it.
 */
final class DefaultScores {
  static final long MAX = 100;
  static final int TAINT_WEIGHT = 3;
  static final int NODE_AFFINITY_WEIGHT = 2;
  static final int FIT_WEIGHT = 1;
  static final int BALANCED_WEIGHT = 1;
  static final int SPREAD_WEIGHT = 2;
  static final int POD_AFFINITY_WEIGHT = 2;

  private DefaultScores() {}

  /** {@return the position of the chosen node among the feasible ones} */
  static int choose(Cycle in, BitSet feasible) {
    int[] at = feasible.stream().toArray();
    if (at.length == 1) {
      return at[0];
    }
    long[] total = scores(in, at);
    int best = 0;
    for (int k = 1; k < at.length; k++) {
      if (total[k] > total[best]) {
        best = k;
      }
    }
    return at[best];
  }

  /** {@return the weighted sums of the plugins' normalized scores, for the nodes at these positions} */
  static long[] scores(Cycle in, int[] at) {
    long[][] plugins = {taintToleration(in, at), nodeAffinity(in, at), SpreadAndAffinityScores.spread(in, at),
        SpreadAndAffinityScores.podAffinity(in, at), resourcesFit(in, at), balancedAllocation(in, at)};
    int[] weights = {TAINT_WEIGHT, NODE_AFFINITY_WEIGHT, SPREAD_WEIGHT, POD_AFFINITY_WEIGHT, FIT_WEIGHT, BALANCED_WEIGHT};
    long[] total = new long[at.length];
    for (int p = 0; p < plugins.length; p++) {
      for (int k = 0; k < at.length; k++) {
        total[k] += weights[p] * plugins[p][k];
      }
    }
    return total;
  }

  /** {@return TaintToleration's normalized scores} */
  static long[] taintToleration(Cycle in, int[] at) {
    List<Toleration> preferNoSchedule = new ArrayList<>();
    for (Toleration t : in.pod().spec().tolerations()) {
      if (t.effect() == null || t.effect().isEmpty() || t.effect().equals(Taint.PREFER_NO_SCHEDULE)) {
        preferNoSchedule.add(t);
      }
    }
    long[] scores = new long[at.length];
    for (int k = 0; k < at.length; k++) {
      scores[k] = untoleratedPreferNoSchedule(in.infos().nodes().get(at[k]), preferNoSchedule);
    }
    normalize(scores, true);
    return scores;
  }

  /** {@return NodeAffinity's normalized scores} */
  static long[] nodeAffinity(Cycle in, int[] at) {
    NodeAffinity na = in.pod().spec().affinity() == null ? null : in.pod().spec().affinity().nodeAffinity();
    List<PreferredSchedulingTerm> preferred = na == null ? List.of() : na.preferred();
    long[] scores = new long[at.length];
    for (int k = 0; k < at.length; k++) {
      Node node = in.infos().nodes().get(at[k]);
      for (PreferredSchedulingTerm t : preferred) {
        if (t.weight() != 0 && t.preference().matches(node)) {
          scores[k] += t.weight();
        }
      }
    }
    normalize(scores, false);
    return scores;
  }

  /** {@return NodeResourcesFit's LeastAllocated scores; 0 on a node without allocatable} */
  static long[] resourcesFit(Cycle in, int[] at) {
    long[] pod = PodRequests.nonZero(in.pod());
    long[] scores = new long[at.length];
    for (int k = 0; k < at.length; k++) {
      Map<String, Long> allocatable = in.infos().allocatable(at[k]);
      if (allocatable != null) {
        long[] requested = in.infos().nonZeroRequested(at[k]);
        scores[k] = leastAllocated(allocatable, requested[0] + pod[0], requested[1] + pod[1]);
      }
    }
    return scores;
  }

  /** {@return NodeResourcesBalancedAllocation's scores: 0 for a pod requesting neither cpu nor memory} */
  static long[] balancedAllocation(Cycle in, int[] at) {
    Map<String, Long> pod = in.requests();
    long cpu = pod.getOrDefault(PodRequests.CPU, 0L);
    long memory = pod.getOrDefault(PodRequests.MEMORY, 0L);
    long[] scores = new long[at.length];
    // a best-effort pod is not scored by BalancedAllocation (kubernetes/kubernetes#129138)
    if (cpu == 0 && memory == 0) {
      return scores;
    }
    for (int k = 0; k < at.length; k++) {
      Map<String, Long> allocatable = in.infos().allocatable(at[k]);
      Map<String, Long> requested = in.infos().requested(at[k]);
      scores[k] = allocatable == null ? MAX : balanced(allocatable, requested.getOrDefault(PodRequests.CPU, 0L) + cpu,
          requested.getOrDefault(PodRequests.MEMORY, 0L) + memory);
    }
    return scores;
  }

  static long untoleratedPreferNoSchedule(Node node, List<Toleration> tolerations) {
    long n = 0;
    for (Taint t : node.taints()) {
      if (t.effect().equals(Taint.PREFER_NO_SCHEDULE) && tolerations.stream().noneMatch(x -> x.tolerates(t))) {
        n++;
      }
    }
    return n;
  }

  /* leastResourceScorer over cpu and memory, each weighted 1. */
  static long leastAllocated(Map<String, Long> allocatable, long cpu, long memory) {
    long sum = 0;
    long weights = 0;
    long[] capacity = {allocatable.getOrDefault(PodRequests.CPU, 0L), allocatable.getOrDefault(PodRequests.MEMORY, 0L)};
    long[] requested = {cpu, memory};
    for (int r = 0; r < 2; r++) {
      if (capacity[r] == 0) {
        continue;
      }
      sum += requested[r] > capacity[r] ? 0 : (capacity[r] - requested[r]) * MAX / capacity[r];
      weights++;
    }
    return weights == 0 ? 0 : sum / weights;
  }

  /* balancedResourceScorer over cpu and memory. */
  static long balanced(Map<String, Long> allocatable, long cpu, long memory) {
    long[] capacity = {allocatable.getOrDefault(PodRequests.CPU, 0L), allocatable.getOrDefault(PodRequests.MEMORY, 0L)};
    long[] requested = {cpu, memory};
    double[] fractions = new double[2];
    int n = 0;
    for (int r = 0; r < 2; r++) {
      if (capacity[r] == 0) {
        continue;
      }
      fractions[n++] = Math.min(1.0, (double) requested[r] / capacity[r]);
    }
    double std = n == 2 ? Math.abs((fractions[0] - fractions[1]) / 2) : 0;
    return (long) ((1 - std) * MAX);
  }

  /* DefaultNormalizeScore(MAX, reverse). */
  static void normalize(long[] scores, boolean reverse) {
    long max = 0;
    for (long s : scores) {
      max = Math.max(max, s);
    }
    for (int k = 0; k < scores.length; k++) {
      if (max == 0) {
        scores[k] = reverse ? MAX : 0;
      } else {
        long s = MAX * scores[k] / max;
        scores[k] = reverse ? MAX - s : s;
      }
    }
  }
}
