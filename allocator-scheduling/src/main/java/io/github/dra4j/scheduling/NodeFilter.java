package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The checks of a node that come before DRA allocation, as an ordered list of named steps, each
 * one of kube-scheduler's Filter plugins (by its plugin name) with the plugin's own rejection
 * reasons. A node's reasons are those of the first step that rejects it, as the scheduling
 * framework stops at the first failing plugin.
 *
 * <p>{@link #scheduler()} is what {@link PodScheduler} runs, in kube-scheduler's default plugin
 * order:
 * <ol>
 *   <li>{@code NodeUnschedulable}: a cordoned node ({@code spec.unschedulable}) unless the pod
 *       tolerates the {@code node.kubernetes.io/unschedulable:NoSchedule} taint ({@value
 *       #UNSCHEDULABLE});
 *   <li>{@code NodeName}: {@code spec.nodeName}, when set, names the node ({@value
 *       #NODE_NAME_MISMATCH});
 *   <li>{@code TaintToleration}: the node's {@code NoSchedule} and {@code NoExecute} taints
 *       must all be tolerated ({@value #UNTOLERATED_TAINT});
 *   <li>{@code NodeAffinity}: {@code spec.nodeSelector} and the required node affinity
 *       ({@value #AFFINITY_MISMATCH}); when every required term names nodes by {@code
 *       metadata.name In}, only those nodes are filtered, the others being {@value
 *       #NOT_IN_PRE_FILTER_RESULT}, as the plugin's PreFilter result narrows the nodes;
 *   <li>{@code NodePorts}: the host ports of the pod's containers and sidecars must be free
 *       ({@value #PORTS_IN_USE});
 *   <li>{@code NodeResourcesFit}: the pod's requests (containers, init containers and sidecars,
 *       overhead) must fit in the node's {@code status.allocatable} minus what the pods bound
 *       there request ({@code Too many pods}, {@code Insufficient <resource>}); extended
 *       resources a DeviceClass serves are left to DRA;
 *   <li>{@code PodTopologySpread}: the pod's {@code DoNotSchedule} spread constraints (a pod without
 *       any: the profile's listed default ones, selecting by its controller);
 *   <li>{@code InterPodAffinity}: required pod affinity and anti-affinity, the pod's and those of
 *       the pods already bound;
 *   <li>{@code DynamicResources}: the node selectors of the pod's claims that are allocated
 *       already ({@value #CLAIM_NOT_ON_NODE}). The same plugin then allocates the other claims
 *       on the nodes left ({@value #CANNOT_ALLOCATE}), which {@link PodScheduler} asks the
 *       snapshot for all nodes at once.
 * </ol>
 * Volume plugins are not modelled (pods' volumes are not read). {@link #daemonSet()} is the
 * DaemonSet controller's check of a node: the same {@code NodeAffinity} and {@code
 * TaintToleration} steps.
 *
 * <p>A node given no {@code status.allocatable} (inputs written for DRA seldom carry node status)
 * limits nothing but the extended resources that DRA does not serve, of which it has none.
 *
 * <p>Immutable and thread-safe.
 */
public final class NodeFilter {
  /** The reason of {@code NodeUnschedulable}. */
  public static final String UNSCHEDULABLE = "node(s) were unschedulable";
  /** The reason of {@code NodeName}. */
  public static final String NODE_NAME_MISMATCH = "node(s) didn't match the requested node name";
  /**
   * The reason of {@code TaintToleration}; since Kubernetes 1.35 (and 1.34.2) it no longer names
   * the taint, whose key and value may be confidential.
   */
  public static final String UNTOLERATED_TAINT = "node(s) had untolerated taint(s)";
  /** The reason of {@code NodeAffinity}. */
  public static final String AFFINITY_MISMATCH = "node(s) didn't match Pod's node affinity/selector";
  /** The reason of the nodes that {@code NodeAffinity}'s PreFilter result leaves out. */
  public static final String NOT_IN_PRE_FILTER_RESULT = "node(s) didn't satisfy plugin(s) [NodeAffinity]";
  /** The PreFilter message of {@code NodeAffinity} when the node names of its terms have nothing in common. */
  public static final String AFFINITY_TERMS_CONFLICT = "pod affinity terms conflict";
  /** The reason of {@code NodePorts}. */
  public static final String PORTS_IN_USE = "node(s) didn't have free ports for the requested pod ports";
  /** A reason of {@code NodeResourcesFit}. */
  public static final String TOO_MANY_PODS = "Too many pods";
  /** The reason of {@code DynamicResources} for an allocated claim that the node cannot use. */
  public static final String CLAIM_NOT_ON_NODE = "resourceclaim not available on the node";
  /** The reason of {@code DynamicResources} when the pod's claims cannot be allocated on the node. */
  public static final String CANNOT_ALLOCATE = "cannot allocate all claims";

  static final String UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable";

  /** What a step reads besides the pod: the node only, the pods bound to the node too, or the pods of every node. */
  enum Reads { NODE, NODE_PODS, ALL_PODS }

  /** One filter plugin: its name, what it reads, and why it rejects a node (empty when it passes). */
  record Step(String name, Reads reads, Check check) {
    List<String> reasons(Cycle in, Node node) {
      return check.reasons(in, node);
    }
  }

  /** A plugin's Filter. */
  @FunctionalInterface
  interface Check {
    List<String> reasons(Cycle in, Node node);
  }

  private static final Step NODE_UNSCHEDULABLE = new Step("NodeUnschedulable", Reads.NODE, (in, node) ->
      node.unschedulable() && !tolerates(in.pod(), new Taint(UNSCHEDULABLE_TAINT, null, Taint.NO_SCHEDULE))
          ? List.of(UNSCHEDULABLE) : List.of());

  private static final Step NODE_NAME = new Step("NodeName", Reads.NODE, (in, node) -> {
    String nodeName = in.pod().spec().nodeName();
    return nodeName != null && !nodeName.equals(node.name()) ? List.of(NODE_NAME_MISMATCH) : List.of();
  });

  private static final Step TAINT_TOLERATION = new Step("TaintToleration", Reads.NODE,
      (in, node) -> untoleratedTaint(in.pod(), node) == null ? List.of() : List.of(UNTOLERATED_TAINT));

  private static final Step NODE_AFFINITY = new Step("NodeAffinity", Reads.NODE,
      (in, node) -> matchesNodeSelector(in.pod(), node) && in.profile().addedAffinityMatches(node) ? List.of()
          : List.of(AFFINITY_MISMATCH));

  private static final Step NODE_PORTS = new Step("NodePorts", Reads.NODE_PODS, (in, node) -> {
    List<NodeInfos.HostPort> wanted = in.ports();
    if (wanted.isEmpty()) {
      return List.of();
    }
    for (NodeInfos.Bound b : in.infos().pods(in.position(node))) {
      for (NodeInfos.HostPort used : b.ports()) {
        for (NodeInfos.HostPort want : wanted) {
          if (want.conflicts(used)) {
            return List.of(PORTS_IN_USE);
          }
        }
      }
    }
    return List.of();
  });

  private static final Step NODE_RESOURCES_FIT = new Step("NodeResourcesFit", Reads.NODE_PODS, ResourcesFit::reasons);

  private static final Step POD_TOPOLOGY_SPREAD = new Step("PodTopologySpread", Reads.ALL_PODS, (in, node) -> {
    String why = TopologySpread.reason(in.spread(), in, node);
    return why == null ? List.of() : List.of(why);
  });

  private static final Step INTER_POD_AFFINITY = new Step("InterPodAffinity", Reads.ALL_PODS, (in, node) -> {
    String why = InterPodAffinity.reason(in.pod(), in.podAffinity(), node);
    return why == null ? List.of() : List.of(why);
  });

  private static final Step DYNAMIC_RESOURCES = new Step("DynamicResources", Reads.NODE, (in, node) -> {
    for (ResourceClaim c : in.allocated()) {
      NodeSelector selector = Objects.requireNonNull(c.allocation(), "allocated").nodeSelector();
      if (selector != null && !selector.matches(node)) {
        return List.of(CLAIM_NOT_ON_NODE);
      }
    }
    return List.of();
  });

  private static final NodeFilter SCHEDULER = new NodeFilter(List.of(NODE_UNSCHEDULABLE, NODE_NAME, TAINT_TOLERATION,
      NODE_AFFINITY, NODE_PORTS, NODE_RESOURCES_FIT, POD_TOPOLOGY_SPREAD, INTER_POD_AFFINITY, DYNAMIC_RESOURCES), true);
  private static final NodeFilter DAEMON_SET = new NodeFilter(List.of(NODE_AFFINITY, TAINT_TOLERATION), false);

  /* The steps in the order they are evaluated: by what they read, so that answers can be remembered. */
  private final List<Step> steps;
  /* The same steps in the profile's order, which decides the reason of a node several refuse. */
  private final List<Step> ordered;
  /* The steps before the first that reads other pods: their answers depend on the pod and node only. */
  private final int podIndependent;
  /* The end of the steps after those that read only the node's own pods. */
  private final int nodeLocal;
  private final boolean preFilterNodeNames;

  private NodeFilter(List<Step> steps, boolean preFilterNodeNames) {
    this(steps, steps, preFilterNodeNames);
  }

  private NodeFilter(List<Step> steps, List<Step> ordered, boolean preFilterNodeNames) {
    this.steps = steps;
    this.ordered = ordered;
    int k = 0;
    while (k < steps.size() && steps.get(k).reads() == Reads.NODE) {
      k++;
    }
    this.podIndependent = k;
    while (k < steps.size() && steps.get(k).reads() == Reads.NODE_PODS) {
      k++;
    }
    this.nodeLocal = k;
    this.preFilterNodeNames = preFilterNodeNames;
  }

  /** {@return the filter {@link PodScheduler} runs before allocation} */
  public static NodeFilter scheduler() {
    return SCHEDULER;
  }

  /**
   * {@return the DaemonSet controller's check of whether a node should run the set's pod: the
   * scheduler's {@code NodeAffinity} and {@code TaintToleration} steps}
   */
  public static NodeFilter daemonSet() {
    return DAEMON_SET;
  }

  /**
   * {@return this filter with only the named steps, their reasons in the names' order} The
   * framework runs a profile's Filter plugins in the order of its enabled list and stops at the
   * first that fails (RunFilterPlugins), so the order decides which plugin a node several refuse
   * is counted under. The nodes that pass do not depend on it: the steps are still evaluated by
   * what they read, and a refused node's reasons are then taken in the profile's order.
   */
  NodeFilter only(List<String> names) {
    List<Step> kept = new ArrayList<>();
    for (Step s : steps) {
      if (names.contains(s.name())) {
        kept.add(s);
      }
    }
    List<Step> inOrder = new ArrayList<>();
    for (String name : names) {
      for (Step s : kept) {
        if (s.name().equals(name)) {
          inOrder.add(s);
        }
      }
    }
    boolean nodeNames = preFilterNodeNames && names.contains("NodeAffinity");
    if (inOrder.equals(steps)) {
      return kept.size() == steps.size() ? this : new NodeFilter(kept, nodeNames);
    }
    return new NodeFilter(kept, inOrder, nodeNames);
  }

  /** {@return the names of the steps, in the order the profile runs them} */
  public List<String> stepNames() {
    List<String> names = new ArrayList<>(ordered.size());
    ordered.forEach(s -> names.add(s.name()));
    return names;
  }

  /** {@return whether the profile orders the steps otherwise than they are evaluated} */
  boolean reordered() {
    return ordered != steps;
  }

  /** {@return the reasons of the first step that rejects the node, in the profile's order; empty when all pass} */
  List<String> firstReasons(Cycle in, Node node) {
    for (Step s : ordered) {
      List<String> why = s.reasons(in, node);
      if (!why.isEmpty()) {
        return why;
      }
    }
    return List.of();
  }

  /**
   * Filters a node for a pod on its own: as on an empty node of an empty cluster, without
   * extended resources or allocated claims, which the scheduler finds when it resolves the pod's
   * claims.
   *
   * @param pod the pod
   * @param node the node
   * @return the first rejecting step's reasons; empty when the node passes
   */
  public List<String> reasons(Pod pod, Node node) {
    Cycle in = new Cycle(pod, List.of(), List.of(), new NodeInfos(List.of(node), List.of()));
    return firstReasons(in, node);
  }

  /** {@return the first rejecting step's reasons among steps [from, to); empty when they pass} */
  List<String> reasons(Cycle in, Node node, int from, int to) {
    for (int k = from; k < to; k++) {
      List<String> why = steps.get(k).reasons(in, node);
      if (!why.isEmpty()) {
        return why;
      }
    }
    return List.of();
  }

  int size() {
    return steps.size();
  }

  /** {@return the reasons of the named step alone} */
  List<String> step(String name, Cycle in, Node node) {
    for (Step s : steps) {
      if (s.name().equals(name)) {
        return s.reasons(in, node);
      }
    }
    throw new IllegalArgumentException("no step " + name);
  }

  /** {@return how many steps, from the first, read only the pod and the node (their answers may be remembered)} */
  int podIndependent() {
    return podIndependent;
  }

  /**
   * {@return where the steps after {@link #podIndependent()} that read only the node's own pods
   * end} Their answers hold until a pod joins or leaves the node.
   */
  int nodeLocal() {
    return nodeLocal;
  }

  /**
   * NodeAffinity's PreFilter result: the node names that every required term names by {@code
   * metadata.name In} (the union over terms of each term's intersection), or null when some term
   * does not name nodes and so all nodes are filtered.
   */
  @Nullable Set<String> preFilterNodeNames(Pod pod) {
    NodeSelector required = pod.spec().requiredNodeAffinity();
    if (!preFilterNodeNames || required == null || required.nodeSelectorTerms().isEmpty()) {
      return null;
    }
    Set<String> names = new HashSet<>();
    for (NodeSelectorTerm t : required.nodeSelectorTerms()) {
      Set<String> term = null;
      for (NodeSelectorRequirement r : t.matchFields()) {
        if (r.key().equals("metadata.name") && r.operator().equals(NodeSelectorRequirement.IN)) {
          if (term == null) {
            term = new HashSet<>(r.values());
          } else {
            term.retainAll(r.values());
          }
        }
      }
      if (term == null) {
        return null;
      }
      names.addAll(term);
    }
    return names;
  }

  /* ---------------- shared predicates ---------------- */

  /** {@return whether the pod's node selector and required node affinity admit the node} */
  static boolean matchesNodeSelector(Pod pod, Node node) {
    Map<String, String> labels = node.metadata().labels();
    for (Map.Entry<String, String> e : pod.spec().nodeSelector().entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    NodeSelector required = pod.spec().requiredNodeAffinity();
    return required == null || required.matches(node);
  }

  /** {@return the node's first NoSchedule or NoExecute taint that the pod does not tolerate, or null} */
  static @Nullable Taint untoleratedTaint(Pod pod, Node node) {
    for (Taint t : node.taints()) {
      if ((t.effect().equals(Taint.NO_SCHEDULE) || t.effect().equals(Taint.NO_EXECUTE)) && !tolerates(pod, t)) {
        return t;
      }
    }
    return null;
  }

  static boolean tolerates(Pod pod, Taint taint) {
    for (Toleration t : pod.spec().tolerations()) {
      if (t.tolerates(taint)) {
        return true;
      }
    }
    return false;
  }

  /* A PreFilter that refuses the pod on every node: NodeAffinity's node names that conflict. */
  @Nullable String preFilterFailure(Pod pod) {
    Set<String> names = preFilterNodeNames(pod);
    return names != null && names.isEmpty() ? AFFINITY_TERMS_CONFLICT : null;
  }
}
