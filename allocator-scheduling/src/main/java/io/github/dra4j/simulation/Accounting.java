package io.github.dra4j.simulation;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/*
 * One policy's samples: per node group, devices and counters in use, allocated devices per class,
 * and stranded capacity (something free on a node that no pod kind fits on any more).
 *
 * Whether some kind fits on a node, and the node's usage, are remembered and asked again only for
 * the nodes whose devices changed since the last sample (dirty), as long as every slice belongs
 * to one node; with shared (network-attached) pools, every node is checked again. Each group's
 * sums are kept up to date with the nodes checked (GroupSums), so that a sample costs the changed
 * nodes rather than the cluster.
 */
final class Accounting {
  private final NodeGroups cluster;
  private final List<PodKind> kinds;
  private final PodScheduler scheduler;
  /** Per node, the kinds (by index) a fresh pod of which would be placed there. */
  private final IdentityHashMap<Node, BitSet> fits = new IdentityHashMap<>();
  /** Per node, its devices, counters and fits as of the last sample that checked it. */
  private final IdentityHashMap<Node, Counted> counted = new IdentityHashMap<>();
  /** Per group, in group order, its nodes' usage as counted. */
  private final Map<String, GroupSums> sums = new LinkedHashMap<>();
  /** Allocated devices per group and class, kept up to date by {@link #placed} and {@link #left}. */
  private final PlacedClasses placedClasses = new PlacedClasses();
  private final Set<Node> dirty = Collections.newSetFromMap(new IdentityHashMap<>());

  Accounting(NodeGroups cluster, List<PodKind> kinds, PodScheduler scheduler) {
    this.cluster = cluster;
    this.kinds = kinds;
    this.scheduler = scheduler;
    dirty.addAll(cluster.cluster.nodes());
    cluster.groups.forEach(g -> sums.put(g, new GroupSums(kinds.size())));
  }

  /** Notes that a pod was placed on or left a node. */
  void changed(Node node) {
    dirty.add(node);
  }

  /** Counts a placed pod's devices per class: a run calls it for every pod it places. */
  void placed(SchedulingResult.Scheduled s) {
    placedClasses.placed(Objects.requireNonNull(s.pod().name()), groupOf(s), classesOf(s)); // placed pods are named
  }

  /** Takes back the devices of a placed pod that left: a run calls it for every pod that leaves. */
  void left(SchedulingResult.Scheduled s) {
    placedClasses.left(Objects.requireNonNull(s.pod().name()));
  }

  /** {@return the cluster now, with the placed pods (still on their node) counted per class} */
  SimulationResult.Sample sample(int step) {
    ClusterSnapshot snapshot = scheduler.snapshot();
    for (Node node : refreshFits()) {
      Counted now = new Counted(NodeCapacity.of(snapshot.usage(node)),
          Objects.requireNonNull(fits.get(node))); // refreshed
      Counted was = counted.put(node, now);
      GroupSums sums = sumsOf(node);
      if (was != null) {
        sums.add(was.capacity, was.fits, -1);
      }
      sums.add(now.capacity, now.fits, 1);
    }
    sumAfreshUnlessUniform();
    Map<String, Map<String, Integer>> byClass = placedClasses.byGroup();
    List<String> kindNames = kinds.stream().map(PodKind::name).toList();
    Map<String, SimulationResult.GroupUsage> usage = new LinkedHashMap<>();
    sums.forEach((g, a) -> usage.put(g, a.result(kindNames, byClass.getOrDefault(g, Map.of()))));
    return new SimulationResult.Sample(step, usage, null, Map.of());
  }

  private GroupSums sumsOf(Node node) {
    return Objects.requireNonNull(sums.get(cluster.groupOfNode.get(node.name()))); // every node is in a group
  }

  /*
   * Groups whose nodes have different counters are summed afresh, in node order, so that counter
   * names keep the order in which that pass meets them.
   */
  private void sumAfreshUnlessUniform() {
    List<String> afresh = new ArrayList<>();
    sums.forEach((g, a) -> {
      if (!a.uniform()) {
        afresh.add(g);
      }
    });
    if (afresh.isEmpty()) {
      return;
    }
    afresh.forEach(g -> sums.put(g, new GroupSums(kinds.size())));
    for (Node node : cluster.cluster.nodes()) {
      if (afresh.contains(cluster.groupOfNode.get(node.name()))) {
        Counted c = Objects.requireNonNull(counted.get(node)); // every node is counted by now
        sumsOf(node).add(c.capacity, c.fits, 1);
      }
    }
  }

  private String groupOf(SchedulingResult.Scheduled s) {
    return Objects.requireNonNull(cluster.groupOfNode.get(s.node().name())); // every node is in a group
  }

  /* The class of each of the pod's allocated devices, in claim and result order. */
  static List<String> classesOf(SchedulingResult.Scheduled s) {
    List<String> out = new ArrayList<>();
    for (ResourceClaim c : s.claims()) {
      AllocationResult allocation = c.allocation();
      if (allocation == null) {
        continue;
      }
      for (DeviceRequestAllocationResult d : allocation.devices().results()) {
        out.add(classOf(c, d.request()));
      }
    }
    return out;
  }

  /** A node's capacity and fits as counted in its group's sums. */
  private record Counted(NodeCapacity capacity, BitSet fits) {}

  /* Asks every kind whether it fits on the nodes whose verdicts may have changed, and returns them. */
  private List<Node> refreshFits() {
    List<Node> check = new ArrayList<>();
    for (Node node : cluster.cluster.nodes()) {
      if (!cluster.nodeLocal || dirty.contains(node) || !fits.containsKey(node)) {
        check.add(node);
        fits.put(node, new BitSet(kinds.size()));
      }
    }
    dirty.clear();
    if (check.isEmpty()) {
      return check;
    }
    for (int k = 0; k < kinds.size(); k++) {
      for (Node node : scheduler.fits(ArrivalDraw.pod(kinds.get(k), -1), check)) {
        Objects.requireNonNull(fits.get(node)).set(k); // reset above
      }
    }
    return check;
  }

  /** {@return the DeviceClass the request (or {@code request/subrequest}) of the claim asked for} */
  private static String classOf(ResourceClaim claim, String request) {
    int slash = request.indexOf('/');
    String main = slash < 0 ? request : request.substring(0, slash);
    for (DeviceRequest r : claim.spec().devices().requests()) {
      if (!r.name().equals(main)) {
        continue;
      }
      if (slash < 0 && r.exactly() != null) {
        return r.exactly().deviceClassName();
      }
      for (DeviceSubRequest sub : r.firstAvailable()) {
        if (slash >= 0 && sub.name().equals(request.substring(slash + 1))) {
          return sub.deviceClassName();
        }
      }
    }
    return "?";
  }
}
