package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The checks kube-scheduler makes of a node before its DynamicResources plugin tries to allocate:
 * the pod's node name, node selector and required node affinity, extended resources that no
 * DeviceClass serves, and the node selectors of the pod's claims that are allocated already.
 */
final class NodeFilter {
  private NodeFilter() {}

  /** {@return why the node cannot take the pod before DRA allocation is tried; empty when it can} */
  static List<String> reasons(Pod pod, Node node, List<String> unserved, List<ResourceClaim> allocated) {
    String nodeName = pod.spec().nodeName();
    if (nodeName != null && !nodeName.equals(node.name())) {
      return List.of(PodScheduler.NODE_NAME_MISMATCH);
    }
    if (!matchesNodeSelector(pod, node)) {
      return List.of(PodScheduler.AFFINITY_MISMATCH);
    }
    if (!unserved.isEmpty()) {
      List<String> why = new ArrayList<>();
      for (String resource : unserved) {
        why.add("Insufficient " + resource);
      }
      return why;
    }
    for (ResourceClaim c : allocated) {
      NodeSelector selector = Objects.requireNonNull(c.allocation(), "allocated").nodeSelector();
      if (selector != null && !selector.matches(node)) {
        return List.of(PodScheduler.CLAIM_NOT_ON_NODE);
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
