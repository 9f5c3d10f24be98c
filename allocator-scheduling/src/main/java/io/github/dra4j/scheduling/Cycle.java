package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.TopologySpreadConstraint;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * One pod's scheduling cycle: the pod, what resolving its claims found, the nodes' bound pods,
 * and what the plugins compute once per pod before they look at the nodes (their PreFilter and
 * PreScore state), computed on first use.
 */
final class Cycle {
  private final Pod pod;
  private final List<String> unserved;
  private final List<ResourceClaim> allocated;
  private final NodeInfos infos;
  private final SchedulingProfile profile;
  private PodAmounts.@Nullable Of amounts;
  private @Nullable List<Map.Entry<String, Long>> scalarRequests;
  private TopologySpread.@Nullable State spread;
  private InterPodAffinity.@Nullable State podAffinity;
  /* The node the filters are reading and its position, which the caller knows: no lookup by identity. */
  private @Nullable Node filtering;
  private int filteringAt = -1;

  Cycle(Pod pod, List<String> unserved, List<ResourceClaim> allocated, NodeInfos infos) {
    this(pod, unserved, allocated, infos, SchedulingProfile.DEFAULT);
  }

  Cycle(Pod pod, List<String> unserved, List<ResourceClaim> allocated, NodeInfos infos, SchedulingProfile profile) {
    this.pod = pod;
    this.unserved = unserved;
    this.allocated = allocated;
    this.infos = infos;
    this.profile = profile;
  }

  /** {@return the profile the pod is scheduled with: its plugins and their arguments} */
  SchedulingProfile profile() {
    return profile;
  }

  Pod pod() {
    return pod;
  }

  /** Extended resources that no DeviceClass serves (all, with DRAExtendedResource off). */
  List<String> unserved() {
    return unserved;
  }

  List<ResourceClaim> allocated() {
    return allocated;
  }

  NodeInfos infos() {
    return infos;
  }

  /* What the resource filters and scores read of the pod: the previous pod's when its containers read alike. */
  private PodAmounts.Of amounts() {
    PodAmounts.Of a = amounts;
    if (a == null) {
      a = infos.amounts().of(pod);
      amounts = a;
    }
    return a;
  }

  /** {@return the pod's requests as NodeResourcesFit counts them} Read only. */
  Map<String, Long> requests() {
    return amounts().requests();
  }

  /** {@return the pod's non-zero cpu and memory requests, as the resource scores count them} Read only. */
  long[] nonZero() {
    return amounts().nonZero();
  }

  /** {@return the scalar resources NodeResourcesFit checks, sorted by name} */
  List<Map.Entry<String, Long>> scalarRequests() {
    if (scalarRequests == null) {
      scalarRequests = ResourcesFit.scalarRequests(requests(), unserved, profile);
    }
    return scalarRequests;
  }

  /** Hands the cycle the scalar resources worked out for equal requests, unserved resources and profile. */
  void scalarRequests(List<Map.Entry<String, Long>> known) {
    scalarRequests = known;
  }

  /** {@return the pod's host ports} Read only. */
  List<NodeInfos.HostPort> ports() {
    return amounts().ports();
  }

  TopologySpread.State spread() {
    if (spread == null) {
      spread = TopologySpread.count(pod, TopologySpread.constraints(this, TopologySpreadConstraint.DO_NOT_SCHEDULE), infos);
    }
    return spread;
  }

  InterPodAffinity.State podAffinity() {
    if (podAffinity == null) {
      podAffinity = InterPodAffinity.count(pod, infos);
    }
    return podAffinity;
  }

  /**
   * {@return whether the steps after the node-local ones can refuse a node}: claims are
   * allocated, or the PreFilter state of the pod's DoNotSchedule spread constraints or of the
   * pod affinity terms around refuses some node.
   */
  boolean needsClusterSteps() {
    if (!allocated.isEmpty()) {
      return true;
    }
    if ((infos.anyPodAffinity() || NodeInfos.hasPodAffinity(pod)) && !podAffinityRefusesNone()) {
      return true;
    }
    for (TopologySpreadConstraint c : pod.spec().topologySpreadConstraints()) {
      if (c.whenUnsatisfiable().equals(TopologySpreadConstraint.DO_NOT_SCHEDULE)) {
        return !spreadRefusesNone();
      }
    }
    return pod.spec().topologySpreadConstraints().isEmpty() && !profile.spreadDefaults.constraints(pod,
        profile.args(), TopologySpreadConstraint.DO_NOT_SCHEDULE).isEmpty();
  }

  /*
   * InterPodAffinity's PreFilter refuses no node: without its state when neither the pod nor a
   * bound pod has a required term that could refuse one (the state would be empty).
   */
  private boolean podAffinityRefusesNone() {
    if (podAffinity == null && !InterPodAffinity.hasRequired(pod) && !infos.counts().carriesRequiredAntiAffinity()) {
      return true;
    }
    return podAffinity().refusesNone();
  }

  /* PodTopologySpread's PreFilter refuses no node: read off the kept domain counts when they tell, else from its state. */
  private boolean spreadRefusesNone() {
    if (spread == null) {
      List<TopologySpread.Constraint> constraints = TopologySpread.constraints(this,
          TopologySpreadConstraint.DO_NOT_SCHEDULE);
      Boolean kept = TopologySpread.keptRefusesNone(pod, constraints, infos.counts());
      if (kept != null) {
        return kept;
      }
      spread = TopologySpread.count(pod, constraints, infos);
    }
    return spread().refusesNone;
  }

  /** {@return the node's position among the infos' nodes, or -1 when it is not one of them} */
  @SuppressWarnings("ReferenceEquality") // positions are by identity
  int position(Node node) {
    return node == filtering ? filteringAt : infos.position(node);
  }

  /** Tells the cycle the position of the node its filters read next, so that they need not look it up. */
  void filtering(int position, Node node) {
    if (infos.distinctNodes()) { // else the first position listed counts, as infos.position finds it
      filtering = node;
      filteringAt = position;
    }
  }

  /**
   * Forgets the PreFilter state that counts other pods (PodTopologySpread's, InterPodAffinity's)
   * when one of these pods, which joined or left a node, counts for it, so that it is counted
   * again from the nodes' pods as they are now, as a new cycle would; what reads the pod alone is
   * kept. Upstream's AddPod and RemovePod PreFilterExtensions update that state in place instead,
   * to the same counts.
   */
  void podsChanged(Collection<Pod> changed) {
    if (spread != null && TopologySpread.counts(spread, pod, changed)) {
      spread = null;
    }
    if (podAffinity != null && InterPodAffinity.counts(podAffinity, changed)) {
      podAffinity = null;
    }
  }
}
