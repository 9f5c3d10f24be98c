package io.github.dra4j.simulation;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
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
 * to one node; with shared (network-attached) pools, every node is checked again.
 */
final class Accounting {
  private final NodeGroups cluster;
  private final List<PodKind> kinds;
  private final PodScheduler scheduler;
  /** Per node, the kinds (by index) a fresh pod of which would be placed there. */
  private final IdentityHashMap<Node, BitSet> fits = new IdentityHashMap<>();
  /** Per node, its devices and counters as of the last sample that checked it. */
  private final IdentityHashMap<Node, NodeCapacity> capacity = new IdentityHashMap<>();
  private final Set<Node> dirty = Collections.newSetFromMap(new IdentityHashMap<>());

  Accounting(NodeGroups cluster, List<PodKind> kinds, PodScheduler scheduler) {
    this.cluster = cluster;
    this.kinds = kinds;
    this.scheduler = scheduler;
    dirty.addAll(cluster.cluster.nodes());
  }

  /** Notes that a pod was placed on or left a node. */
  void changed(Node node) {
    dirty.add(node);
  }

  /** {@return the cluster now, with the placed pods (still on their node) counted per class} */
  SimulationResult.Sample sample(int step, Collection<SchedulingResult.Scheduled> placed) {
    ClusterSnapshot snapshot = scheduler.snapshot();
    for (Node node : refreshFits()) {
      capacity.put(node, NodeCapacity.of(snapshot.usage(node)));
    }
    Map<String, Group> acc = new LinkedHashMap<>();
    cluster.groups.forEach(g -> acc.put(g, new Group(kinds.size())));
    for (Node node : cluster.cluster.nodes()) {
      Group a = group(acc, node);
      NodeCapacity cap = Objects.requireNonNull(capacity.get(node)); // refreshed above, as fits
      BitSet kindsFit = Objects.requireNonNull(fits.get(node));
      boolean stranded = cap.hasFree() && kindsFit.isEmpty();
      a.nodes++;
      a.devices += cap.devices();
      a.allocated += cap.allocatedDevices();
      a.counterSets += cap.counterSets();
      a.counterSetsInUse += cap.counterSetsInUse();
      if (stranded) {
        a.strandedNodes++;
        a.strandedDevices += cap.devices() - cap.allocatedDevices();
      }
      if (cap.hasFree()) {
        for (int k = kindsFit.nextClearBit(0); k < kinds.size(); k = kindsFit.nextClearBit(k + 1)) {
          a.byKind[k].add(cap);
        }
      }
      // the maps of left amounts have the same names as the totals
      cap.counterTotals().forEach((k, total) ->
          add(a.counters, k, total, Objects.requireNonNull(cap.counterLeft().get(k)), stranded));
      cap.capacityTotals().forEach((k, total) ->
          add(a.capacities, k, total, Objects.requireNonNull(cap.capacityLeft().get(k)), stranded));
    }
    for (SchedulingResult.Scheduled s : placed) {
      Group a = group(acc, s.node());
      for (ResourceClaim c : s.claims()) {
        AllocationResult allocation = c.allocation();
        if (allocation == null) {
          continue;
        }
        for (DeviceRequestAllocationResult d : allocation.devices().results()) {
          a.byClass.merge(classOf(c, d.request()), 1, Integer::sum);
        }
      }
    }
    Map<String, SimulationResult.GroupUsage> usage = new LinkedHashMap<>();
    acc.forEach((g, a) -> {
      Map<String, SimulationResult.CounterUsage> counters = new LinkedHashMap<>();
      a.counters.forEach((k, v) -> counters.put(k, new SimulationResult.CounterUsage(v[0], v[1], v[2])));
      Map<String, SimulationResult.CounterUsage> capacities = new LinkedHashMap<>();
      a.capacities.forEach((k, v) -> capacities.put(k, new SimulationResult.CounterUsage(v[0], v[1], v[2])));
      Map<String, SimulationResult.Stranded> byKind = new LinkedHashMap<>();
      for (int k = 0; k < kinds.size(); k++) {
        byKind.put(kinds.get(k).name(), a.byKind[k].result());
      }
      usage.put(g, new SimulationResult.GroupUsage(a.nodes, a.devices, a.allocated, a.strandedNodes,
          a.strandedDevices, counters, a.byClass, a.counterSets, a.counterSetsInUse, byKind, capacities));
    });
    return new SimulationResult.Sample(step, usage);
  }

  /* Adds one node's amount to a group's sum: total, used, and left when the node strands it. */
  private static void add(Map<String, double[]> sums, String name, BigDecimal total, BigDecimal left,
      boolean stranded) {
    double[] v = sums.computeIfAbsent(name, x -> new double[3]);
    v[0] += total.doubleValue();
    v[1] += total.subtract(left).doubleValue();
    if (stranded) {
      v[2] += left.doubleValue();
    }
  }

  private Group group(Map<String, Group> acc, Node node) {
    return Objects.requireNonNull(acc.get(cluster.groupOfNode.get(node.name()))); // every node is in a group
  }

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

  /** The usage of one node group, summed while sampling. */
  private static final class Group {
    int nodes;
    int devices;
    int allocated;
    int strandedNodes;
    int strandedDevices;
    int counterSets;
    int counterSetsInUse;
    final Map<String, double[]> counters = new LinkedHashMap<>();
    final Map<String, double[]> capacities = new LinkedHashMap<>();
    final Map<String, Integer> byClass = new LinkedHashMap<>();
    final KindStranded[] byKind;

    Group(int kinds) {
      byKind = new KindStranded[kinds];
      for (int k = 0; k < kinds; k++) {
        byKind[k] = new KindStranded();
      }
    }
  }

  /** What one kind cannot use in a group, summed while sampling. */
  private static final class KindStranded {
    int nodes;
    int devices;
    final Map<String, Double> counters = new LinkedHashMap<>();

    void add(NodeCapacity cap) {
      nodes++;
      devices += cap.devices() - cap.allocatedDevices();
      cap.counterLeft().forEach((k, left) -> counters.merge(k, left.doubleValue(), Double::sum));
    }

    SimulationResult.Stranded result() {
      return new SimulationResult.Stranded(nodes, devices, counters);
    }
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
