package io.github.dra4j.simulation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How many more pods of one shape fit on a cluster as it is ({@link Headroom}), in all, per node
 * group and per node, and what stops each node from taking one more.
 *
 * @param kind the pod kind's name (the pod's name for a plain pod)
 * @param total how many more fit in all: the sum over the nodes
 * @param groups per node group, in cluster order, the sum over its nodes
 * @param nodes per node, in the cluster's node order
 * @param capped whether some node reached {@link Headroom.Builder#maxPerNode}: then {@code total}
 *     is a lower bound (nothing DRA models limits the pod there, such as a pod without claims)
 */
public record HeadroomResult(String kind, int total, Map<String, Integer> groups, List<NodeHeadroom> nodes,
    boolean capped) {
  /** Copies the collections, keeping the map's order. */
  public HeadroomResult {
    Objects.requireNonNull(kind, "kind");
    groups = Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    nodes = List.copyOf(nodes);
  }

  /**
   * {@return one node's headroom}
   *
   * @param node the node's name
   * @throws IllegalArgumentException for an unknown node
   */
  public NodeHeadroom node(String node) {
    for (NodeHeadroom n : nodes) {
      if (n.node().equals(node)) {
        return n;
      }
    }
    throw new IllegalArgumentException("no node named " + node);
  }

  /**
   * One node's headroom.
   *
   * @param node the node's name
   * @param group its node group
   * @param fit how many more pods of the kind the node takes, placed one after another
   * @param limit what stops the next one, short: a counter and its counter set ({@code counter
   *     copy-engines on gpu-3-cs}), {@code devices in use}, {@code no matching device}, {@code
   *     device capacity}, {@code device taint}, {@code not together (devices, counters or
   *     capacity)} when each request fits alone but not all at once, or the first filter's
   *     reason in kube-scheduler's words ({@code node(s) didn't match Pod's node affinity/selector});
   *     {@code max per node} when the cap was reached
   * @param detail the scheduler's own words for that node: the allocator's explanation on one
   *     line, or the filter's reason
   */
  public record NodeHeadroom(String node, String group, int fit, String limit, String detail) {
    /** Checks the components. */
    public NodeHeadroom {
      Objects.requireNonNull(node, "node");
      Objects.requireNonNull(group, "group");
      Objects.requireNonNull(limit, "limit");
      Objects.requireNonNull(detail, "detail");
      if (fit < 0) {
        throw new IllegalArgumentException("fit must be >= 0, got " + fit);
      }
    }
  }
}
