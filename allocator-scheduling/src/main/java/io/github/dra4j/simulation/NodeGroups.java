package io.github.dra4j.simulation;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.simulation.NodeGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/*
 * The simulated cluster: the explicit objects, with their nodes in the group "cluster", then each
 * node group's copies of its node and slices, stamped out in group order.
 */
final class NodeGroups {
  /** The cluster with every copy added. */
  final Cluster cluster;
  /** The group of every node, by node name. */
  final Map<String, String> groupOfNode;
  /** The groups, explicit nodes' first. */
  final List<String> groups;
  /** Whether every slice belongs to one node, so that a node's verdicts change only with its own devices. */
  final boolean nodeLocal;

  private NodeGroups(Cluster cluster, Map<String, String> groupOfNode, List<String> groups) {
    this.cluster = cluster;
    this.groupOfNode = Map.copyOf(groupOfNode);
    this.groups = List.copyOf(groups);
    this.nodeLocal = cluster.slices().stream().allMatch(x -> x.spec().nodeName() != null);
  }

  /* Throws IllegalArgumentException when two nodes or groups share a name or there is no node. */
  static NodeGroups stamp(Cluster explicit, List<NodeGroup> nodeGroups) {
    List<Node> nodes = new ArrayList<>();
    Map<String, String> groupOf = new LinkedHashMap<>();
    List<ResourceSlice> slices = new ArrayList<>(explicit.slices());
    Set<String> groupNames = new LinkedHashSet<>();
    for (Node n : explicit.nodes()) {
      nodes.add(n);
      groupOf.put(n.name(), Simulation.EXPLICIT_GROUP);
      groupNames.add(Simulation.EXPLICIT_GROUP);
    }
    for (NodeGroup g : nodeGroups) {
      if (!groupNames.add(g.name())) {
        throw new IllegalArgumentException("two node groups are named " + g.name());
      }
      for (int i = 0; i < g.count(); i++) {
        Node copy = copy(g.node(), i);
        if (groupOf.putIfAbsent(copy.name(), g.name()) != null) {
          throw new IllegalArgumentException("node group " + g.name() + ": node " + copy.name() + " exists already");
        }
        nodes.add(copy);
        for (ResourceSlice slice : g.slices()) {
          slices.add(copy(slice, Objects.requireNonNull(copy.name()), i)); // copy() names it
        }
      }
    }
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("the cluster has no node");
    }
    return new NodeGroups(explicit.toBuilder().nodes(nodes).slices(slices).build(), groupOf, List.copyOf(groupNames));
  }

  private static Node copy(Node template, int i) {
    String name = template.name() + "-" + i;
    ObjectMeta.Builder meta = template.metadata().toBuilder().name(name).uid(null);
    if (Objects.requireNonNull(template.name(), "node metadata.name").equals(template.metadata().labels().get("kubernetes.io/hostname"))) {
      meta.putLabel("kubernetes.io/hostname", name);
    }
    return new Node(meta.build(), template.status());
  }

  /*
   * The record's constructor rather than its builder, which would copy the lists: every copy
   * keeps the template's device, counter set and mixin objects, so the snapshot resolves the
   * template once for all copies (and they share the memory).
   */
  private static ResourceSlice copy(ResourceSlice template, String node, int i) {
    ResourceSliceSpec spec = template.spec();
    ResourcePool pool = spec.pool();
    return new ResourceSlice(template.metadata().toBuilder().name(template.name() + "-" + i).uid(null).build(),
        new ResourceSliceSpec(spec.driver(),
            new ResourcePool(pool.name() + "-" + i, pool.generation(), pool.resourceSliceCount()), node,
            spec.nodeSelector(), spec.allNodes(), spec.perDeviceNodeSelection(), spec.devices(),
            spec.sharedCounters(), spec.mixins(), spec.partitionTypeAttribute(), spec.skipNodeOperations()));
  }
}
