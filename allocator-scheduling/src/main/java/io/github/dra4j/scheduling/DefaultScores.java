package io.github.dra4j.scheduling;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.PreferredSchedulingTerm;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.config.SchedulerConfiguration.Resource;
import io.github.dra4j.api.config.SchedulerConfiguration.ScoringStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/*
 * The choice among feasible nodes as kube-scheduler's default score plugins make it (the
 * kube-scheduler profile of NodeScorer): each plugin scores every feasible node that the cycle
 * looks at (Profiles.toScore) 0..100, normalized as the plugin normalizes, and the weighted sum
 * decides; equal sums go to the first node in order (kube-scheduler picks one of them at
 * random).
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
 * - DynamicResources (weight 1): per prioritized-list request of the pod's claims, 8 - i for the
 *   alternative i it is allocated with (FirstAvailableDeviceRequestMaxSize - i), normalized to
 *   the largest; see dynamicResources.
 * - ImageLocality (weight 1): the pod's images the node holds; see ImageLocality.
 */
final class DefaultScores {
  static final long MAX = 100;
  /** resource.k8s.io's FirstAvailableDeviceRequestMaxSize: the most alternatives a request lists. */
  private static final int FIRST_AVAILABLE_MAX_SIZE = 8;

  private DefaultScores() {}

  /**
   * {@return the weighted sums of the normalized scores of the profile's Score plugins, for the
   * nodes at these positions} A plugin the profile disables (weight 0) is not run.
   */
  static long[] scores(Cycle in, int[] at, List<ResourceClaim> toAllocate,
      IntFunction<List<AllocationResult>> allocation) {
    SchedulingProfile p = in.profile();
    long[] total = new long[at.length];
    long same = 0;
    if (p.taintToleration != 0) {
      if (in.infos().anyPreferNoSchedule()) {
        add(total, p.taintToleration, taintToleration(in, at));
      } else {
        same += p.taintToleration * MAX; // every raw score 0, normalized in reverse
      }
    }
    if (p.nodeAffinity != 0) {
      List<PreferredSchedulingTerm> preferred = preferredTerms(in);
      if (!preferred.isEmpty()) { // without a preferred term every node scores 0
        add(total, p.nodeAffinity, nodeAffinity(in, at, preferred));
      }
    }
    // A plugin that scores every node alike adds to `same`, which the first fused pass adds, instead of its own pass.
    addFused(in, at, p, same, total);
    if (p.dynamicResources != 0 && (hasFirstAvailable(in.allocated()) || hasFirstAvailable(toAllocate))) {
      add(total, p.dynamicResources, dynamicResources(in, at, toAllocate, allocation)); // else every node scores 0
    }
    if (p.imageLocality != 0 && in.infos().images() != ImageLocality.Images.NONE) { // no node holds an image: 0
      add(total, p.imageLocality, ImageLocality.scores(in, at));
    }
    return total;
  }

  private static void add(long[] total, int weight, long[] scores) {
    for (int k = 0; k < total.length; k++) {
      total[k] += weight * scores[k];
    }
  }

  /**
   * {@return DynamicResources' normalized scores} As the plugin's computeScore: per claim of the
   * pod (those allocated before the cycle with their allocation, the others with the allocation
   * found on the node), each prioritized-list request scores {@code 8 - i} for its alternative
   * {@code i} that was allocated, 8 being FirstAvailableDeviceRequestMaxSize; normalized to the
   * largest (DefaultNormalizeScore(100, false)). Nodes are allocated on only when a claim has a
   * prioritized list, since otherwise every node scores 0.
   */
  static long[] dynamicResources(Cycle in, int[] at, List<ResourceClaim> toAllocate,
      IntFunction<List<AllocationResult>> allocation) {
    long[] scores = new long[at.length];
    if (!hasFirstAvailable(in.allocated()) && !hasFirstAvailable(toAllocate)) {
      return scores;
    }
    long before = 0;
    for (ResourceClaim claim : in.allocated()) {
      before += subRequestScore(claim, claim.allocation());
    }
    for (int k = 0; k < at.length; k++) {
      scores[k] = before;
      if (!toAllocate.isEmpty()) {
        List<AllocationResult> found = allocation.apply(at[k]);
        for (int c = 0; c < toAllocate.size() && c < found.size(); c++) {
          scores[k] += subRequestScore(toAllocate.get(c), found.get(c));
        }
      }
    }
    normalize(scores, false);
    return scores;
  }

  private static boolean hasFirstAvailable(List<ResourceClaim> claims) {
    for (ResourceClaim claim : claims) {
      for (DeviceRequest r : claim.spec().devices().requests()) {
        if (!r.firstAvailable().isEmpty()) {
          return true;
        }
      }
    }
    return false;
  }

  private static long subRequestScore(ResourceClaim claim, @Nullable AllocationResult allocation) {
    if (allocation == null) {
      return 0;
    }
    Set<String> allocated = new HashSet<>();
    for (DeviceRequestAllocationResult r : allocation.devices().results()) {
      allocated.add(r.request());
    }
    long score = 0;
    for (DeviceRequest r : claim.spec().devices().requests()) {
      List<DeviceSubRequest> alternatives = r.firstAvailable();
      for (int i = 0; i < alternatives.size(); i++) {
        if (allocated.contains(r.name() + "/" + alternatives.get(i).name())) {
          score += FIRST_AVAILABLE_MAX_SIZE - i;
        }
      }
    }
    return score;
  }

  /** {@return TaintToleration's normalized scores} */
  static long[] taintToleration(Cycle in, int[] at) {
    List<Toleration> preferNoSchedule = new ArrayList<>();
    for (Toleration t : in.pod().spec().tolerations()) {
      if (t.effect() == null || t.effect().isEmpty() || t.effect().equals(Taint.PREFER_NO_SCHEDULE)) {
        preferNoSchedule.add(t);
      }
    }
    List<Node> nodes = in.infos().nodes();
    long[] scores = in.infos().scores().scores(new NodeScores.Key("TaintToleration", preferNoSchedule), false, at,
        i -> untoleratedPreferNoSchedule(nodes.get(i), preferNoSchedule));
    normalize(scores, true);
    return scores;
  }

  /** {@return NodeAffinity's normalized scores} */
  static long[] nodeAffinity(Cycle in, int[] at) {
    return nodeAffinity(in, at, preferredTerms(in));
  }

  private static long[] nodeAffinity(Cycle in, int[] at, List<PreferredSchedulingTerm> preferred) {
    List<Node> nodes = in.infos().nodes();
    long[] scores = in.infos().scores().scores(new NodeScores.Key("NodeAffinity", preferred), false, at, i -> {
      long sum = 0;
      for (PreferredSchedulingTerm t : preferred) {
        if (t.weight() != 0 && t.preference().matches(nodes.get(i))) {
          sum += t.weight();
        }
      }
      return sum;
    });
    normalize(scores, false);
    return scores;
  }

  /** {@return the preferred node affinity terms NodeAffinity scores: the pod's and NodeAffinityArgs.addedAffinity's} */
  private static List<PreferredSchedulingTerm> preferredTerms(Cycle in) {
    NodeAffinity na = in.pod().spec().affinity() == null ? null : in.pod().spec().affinity().nodeAffinity();
    NodeAffinity added = in.profile().addedAffinity();
    if (added == null || added.preferred().isEmpty()) {
      return na == null ? List.of() : na.preferred();
    }
    List<PreferredSchedulingTerm> preferred = new ArrayList<>(na == null ? List.of() : na.preferred());
    preferred.addAll(added.preferred()); // NodeAffinityArgs.addedAffinity scores as the pod's own terms
    return preferred;
  }

  /*
   * PodTopologySpread, InterPodAffinity, NodeResourcesFit and BalancedAllocation added weighted to
   * total with `same`, in fewer passes over the nodes than one or more per plugin: one adds the
   * kept resource scores and `same`; PodTopologySpread reads each node's tuple of domains in one
   * (normalizedSpread; by node, in more, with a hostname constraint); InterPodAffinity's raw
   * scores are summed a term at a time into NodeScores' reused array, and one more finds their
   * smallest and largest; the last adds the normalized spread and affinity scores (normalizing
   * reads every node's raw score, so it cannot share the passes before).
   */
  private static void addFused(Cycle in, int[] at, SchedulingProfile p, long same, long[] total) {
    NodeScores.Kept fit = p.resourcesFit == 0 ? null : resourcesFit(in);
    NodeScores.Kept balanced = p.balancedAllocation == 0 ? null : balancedAllocation(in);
    SpreadAndAffinityScores.AffinityTerms terms = p.interPodAffinity == 0 ? null
        : SpreadAndAffinityScores.AffinityTerms.of(in);
    long fitWeight = p.resourcesFit;
    long balancedWeight = p.balancedAllocation;
    if (same != 0 || fit != null || balanced != null) {
      for (int k = 0; k < at.length; k++) {
        int i = at[k];
        long sum = same;
        if (fit != null) {
          sum += fitWeight * fit.of(i);
        }
        if (balanced != null) {
          sum += balancedWeight * balanced.of(i);
        }
        total[k] += sum;
      }
    }
    SpreadAndAffinityScores.Normalized spread = p.podTopologySpread == 0 ? null
        : SpreadAndAffinityScores.normalizedSpread(in, at);
    // the reused array is taken last: no later scratch() call can clear it while it is read
    long[] raw = terms == null ? null : terms.raw(at, in.infos().scores().scratch(at.length));
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    if (raw != null) {
      for (int k = 0; k < at.length; k++) {
        min = Math.min(min, raw[k]);
        max = Math.max(max, raw[k]);
      }
    }
    // InterPodAffinity: every node 0 unless the raw scores differ (no node scored: min and max unset)
    long diff = raw == null || at.length == 0 ? 0 : max - min;
    if (spread == null && diff <= 0) {
      return;
    }
    // the raw affinity scores span few values: each is normalized (divided) once
    long[] byValue = diff > 0 && diff < at.length ? new long[(int) diff + 1] : null;
    if (byValue != null) {
      Arrays.fill(byValue, -1);
    }
    long spreadWeight = p.podTopologySpread;
    long affinityWeight = p.interPodAffinity;
    for (int k = 0; k < at.length; k++) {
      long sum = spread == null ? 0 : spreadWeight * spread.of(k);
      if (diff > 0 && raw != null) {
        long above = raw[k] - min;
        long normalized = byValue == null ? -1 : byValue[(int) above];
        if (normalized < 0) {
          normalized = SpreadAndAffinityScores.normalizedAffinity(above, diff);
          if (byValue != null) {
            byValue[(int) above] = normalized;
          }
        }
        sum += affinityWeight * normalized;
      }
      total[k] += sum;
    }
  }

  /**
   * {@return NodeResourcesFit's scores with the profile's scoringStrategy; 0 on a node without
   * allocatable} Requested cpu and memory are non-zero requests (a container without a request
   * counts 100m and 200Mi), as noderesources' resourceAllocationScorer counts them.
   */
  static long[] resourcesFit(Cycle in, int[] at) {
    return resourcesFit(in).of(at);
  }

  private static NodeScores.Kept resourcesFit(Cycle in) {
    ScoringStrategy strategy = in.profile().args().fit();
    List<Resource> resources = strategy.resources();
    long[] requested = new long[resources.size()];
    long[] allocatable = new long[resources.size()];
    Requested of = new Requested(in, resources, true);
    return in.infos().scores().values("NodeResourcesFit", strategy, of.pod, true, i -> {
      if (in.infos().allocatable(i) == null) {
        return 0;
      }
      of.on(i, requested, allocatable);
      return ResourceScorers.score(strategy, requested, allocatable);
    });
  }

  /**
   * {@return NodeResourcesBalancedAllocation's scores over the profile's resources: 0 for a pod
   * requesting none of them}
   */
  static long[] balancedAllocation(Cycle in, int[] at) {
    NodeScores.Kept kept = balancedAllocation(in);
    return kept == null ? new long[at.length] : kept.of(at);
  }

  /* null for a pod requesting none of the resources: BalancedAllocation does not score it */
  private static NodeScores.@Nullable Kept balancedAllocation(Cycle in) {
    List<Resource> resources = in.profile().args().balancedResources();
    boolean bestEffort = true;
    for (Resource r : resources) {
      bestEffort &= in.requests().getOrDefault(r.name(), 0L) == 0;
    }
    // a best-effort pod is not scored by BalancedAllocation (kubernetes/kubernetes#129138)
    if (bestEffort) {
      return null;
    }
    long[] requested = new long[resources.size()];
    long[] allocatable = new long[resources.size()];
    Requested of = new Requested(in, resources, false);
    return in.infos().scores().values("NodeResourcesBalancedAllocation", resources, of.pod, true, i -> {
      if (in.infos().allocatable(i) == null) {
        return MAX;
      }
      of.on(i, requested, allocatable);
      return ResourceScorers.balanced(requested, allocatable);
    });
  }

  /*
   * calculateResourceAllocatableRequest: {requested with the pod, allocatable} of each resource on
   * a node; {0, 0} (left out) for a scalar resource the pod does not request or the node lacks.
   * What reads only the pod is worked out once per cycle, and nodes are read from NodeInfos'
   * columns, looked up on the first node whose score is not kept. Requested cpu and memory are
   * non-zero requests when the score counts them so.
   */
  private static final class Requested {
    private final NodeInfos infos;
    private final List<Resource> resources;
    /* 0 for cpu and 1 for memory counted as non-zero requests, else -1 */
    private final int[] nonZero;
    /* What the score reads of the pod, with the plugin's arguments: its amounts (which decide the columns read). */
    final long[] pod;
    private long @Nullable [][] requested; // a null column: left out
    private long @Nullable [][] allocatable;

    Requested(Cycle in, List<Resource> resources, boolean nonZeroRequests) {
      int n = resources.size();
      this.infos = in.infos();
      this.resources = resources;
      this.nonZero = new int[n];
      this.pod = new long[n];
      for (int r = 0; r < n; r++) {
        String name = resources.get(r).name();
        pod[r] = in.requests().getOrDefault(name, 0L);
        if (nonZeroRequests && (name.equals(PodRequests.CPU) || name.equals(PodRequests.MEMORY))) {
          nonZero[r] = name.equals(PodRequests.CPU) ? 0 : 1;
          pod[r] = in.nonZero()[nonZero[r]];
        } else {
          nonZero[r] = -1;
        }
      }
    }

    void on(int node, long[] requestedOut, long[] allocatableOut) {
      long[][] allocatable = this.allocatable;
      long[][] requested = this.requested;
      if (allocatable == null || requested == null) {
        int n = pod.length;
        allocatable = new long[n][];
        requested = new long[n][];
        for (int r = 0; r < n; r++) {
          String name = resources.get(r).name();
          allocatable[r] = infos.allocatableColumn(name);
          requested[r] = nonZero[r] >= 0 || (pod[r] == 0 && PodRequests.scalar(name)) ? null
              : infos.requestedColumn(name);
        }
        this.allocatable = allocatable;
        this.requested = requested;
      }
      for (int r = 0; r < pod.length; r++) {
        long has = allocatable[r][node];
        long[] column = requested[r];
        if (nonZero[r] >= 0) {
          requestedOut[r] = infos.nonZeroRequested(node)[nonZero[r]] + pod[r];
          allocatableOut[r] = has == NodeInfos.ABSENT ? 0 : has;
        } else if (column == null || has == NodeInfos.ABSENT) {
          requestedOut[r] = 0;
          allocatableOut[r] = 0;
        } else {
          requestedOut[r] = column[node] + pod[r];
          allocatableOut[r] = has;
        }
      }
    }
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
