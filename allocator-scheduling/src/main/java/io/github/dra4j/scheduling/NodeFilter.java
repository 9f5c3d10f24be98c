package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * The checks of a node that come before DRA allocation, as an ordered list of named steps, each
 * one of kube-scheduler's Filter plugins (by its plugin name) with the plugin's own rejection
 * reasons. A node's reasons are those of the first step that rejects it, as the scheduling
 * framework stops at the first failing plugin.
 *
 * <p>{@link #scheduler()} is what {@link PodScheduler} runs, in kube-scheduler's plugin order:
 * <ol>
 *   <li>{@code NodeName}: {@code spec.nodeName}, when set, names the node ({@value
 *       #NODE_NAME_MISMATCH});
 *   <li>{@code NodeAffinity}: {@code spec.nodeSelector} and the required node affinity
 *       ({@value #AFFINITY_MISMATCH});
 *   <li>{@code NodeResourcesFit}: extended resources that no DeviceClass serves; node
 *       allocatable is not modelled, so no node has them ({@code Insufficient <resource>});
 *   <li>{@code DynamicResources}: the node selectors of the pod's claims that are allocated
 *       already ({@value #CLAIM_NOT_ON_NODE}). The same plugin then allocates the other claims
 *       on the nodes left ({@value #CANNOT_ALLOCATE}), which {@link PodScheduler} asks the
 *       snapshot for all nodes at once.
 * </ol>
 * {@link #daemonSet()} is the DaemonSet controller's check of a node, the same {@code
 * NodeAffinity} step: it reuses the scheduler's filter rather than a copy of it.
 *
 * <p>Immutable and thread-safe. The steps read only the pod, its claims and the node, so a
 * scheduler may remember their answers per pod shape.
 */
public final class NodeFilter {
  /** The reason of {@code NodeName}. */
  public static final String NODE_NAME_MISMATCH = "node(s) didn't match the requested node name";
  /** The reason of {@code NodeAffinity}. */
  public static final String AFFINITY_MISMATCH = "node(s) didn't match Pod's node affinity/selector";
  /** The reason of {@code DynamicResources} for an allocated claim that the node cannot use. */
  public static final String CLAIM_NOT_ON_NODE = "resourceclaim not available on the node";
  /** The reason of {@code DynamicResources} when the pod's claims cannot be allocated on the node. */
  public static final String CANNOT_ALLOCATE = "cannot allocate all claims";

  /** What a step reads: the pod, its extended resources that DRA does not serve, its allocated claims. */
  record Input(Pod pod, List<String> unserved, List<ResourceClaim> allocated) {}

  /** One filter plugin: its name and why it rejects a node (empty when it passes). */
  record Step(String name, BiFunction<Input, Node, List<String>> check) {
    List<String> reasons(Input in, Node node) {
      return check.apply(in, node);
    }
  }

  private static final Step NODE_NAME = new Step("NodeName", (in, node) -> {
    String nodeName = in.pod().spec().nodeName();
    return nodeName != null && !nodeName.equals(node.name()) ? List.of(NODE_NAME_MISMATCH) : List.of();
  });

  private static final Step NODE_AFFINITY = new Step("NodeAffinity",
      (in, node) -> matchesNodeSelector(in.pod(), node) ? List.of() : List.of(AFFINITY_MISMATCH));

  private static final Step NODE_RESOURCES_FIT = new Step("NodeResourcesFit", (in, node) -> {
    List<String> why = new ArrayList<>();
    for (String resource : in.unserved()) {
      why.add("Insufficient " + resource);
    }
    return why;
  });

  private static final Step DYNAMIC_RESOURCES = new Step("DynamicResources", (in, node) -> {
    for (ResourceClaim c : in.allocated()) {
      NodeSelector selector = Objects.requireNonNull(c.allocation(), "allocated").nodeSelector();
      if (selector != null && !selector.matches(node)) {
        return List.of(CLAIM_NOT_ON_NODE);
      }
    }
    return List.of();
  });

  private static final NodeFilter SCHEDULER = new NodeFilter(List.of(NODE_NAME, NODE_AFFINITY, NODE_RESOURCES_FIT,
      DYNAMIC_RESOURCES));
  private static final NodeFilter DAEMON_SET = new NodeFilter(List.of(NODE_AFFINITY));

  private final List<Step> steps;

  private NodeFilter(List<Step> steps) {
    this.steps = steps;
  }

  /** {@return the filter {@link PodScheduler} runs before allocation} */
  public static NodeFilter scheduler() {
    return SCHEDULER;
  }

  /**
   * {@return the DaemonSet controller's check of whether a node should run the set's pod: the
   * scheduler's {@code NodeAffinity} step} Node taints are not modelled yet.
   */
  public static NodeFilter daemonSet() {
    return DAEMON_SET;
  }

  /** {@return the names of the steps, in the order they run} */
  public List<String> stepNames() {
    List<String> names = new ArrayList<>(steps.size());
    steps.forEach(s -> names.add(s.name()));
    return names;
  }

  /**
   * Filters a node for a pod on its own: without extended resources or allocated claims, which
   * the scheduler finds when it resolves the pod's claims.
   *
   * @param pod the pod
   * @param node the node
   * @return the first rejecting step's reasons; empty when the node passes
   */
  public List<String> reasons(Pod pod, Node node) {
    return reasons(new Input(pod, List.of(), List.of()), node);
  }

  /** {@return the first rejecting step's reasons; empty when every step passes} */
  List<String> reasons(Input in, Node node) {
    for (Step step : steps) {
      List<String> why = step.reasons(in, node);
      if (!why.isEmpty()) {
        return why;
      }
    }
    return List.of();
  }

  private static boolean matchesNodeSelector(Pod pod, Node node) {
    Map<String, String> labels = node.metadata().labels();
    for (Map.Entry<String, String> e : pod.spec().nodeSelector().entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    return pod.spec().requiredNodeAffinity() == null || pod.spec().requiredNodeAffinity().matches(node);
  }
}
