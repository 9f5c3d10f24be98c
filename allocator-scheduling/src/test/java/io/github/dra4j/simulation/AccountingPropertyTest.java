package io.github.dra4j.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.PoolUsage;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/*
 * A policy's samples kept up to date node by node (GroupSums: only the nodes that changed since
 * the last sample are counted again) and pod by pod (PlacedClasses: devices per class as pods
 * come and go) against an Accounting made afresh at every step, which counts every node and is
 * told the placed pods at once: after random placements and departures, the same sample, maps in
 * the same order (a kind with two classes makes the order of classes depend on which pods stay).
 * The cluster has a group whose nodes differ in their counters (summed afresh), two uniform groups
 * with two counters, and a group without counters; kinds that fit differently strand capacity.
 * The figures are also checked against plain sums over the nodes' capacity, and the devices per
 * class against a walk over the placed pods.
 */
final class AccountingPropertyTest {
  private static final String DRIVER = Builders.DRIVER;
  private static final int STEPS = 150;

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {0, 1, 2, 3, 4, 5})
  void samplesKeptUpToDateEqualSamplesCountedAfresh(long seed) {
    StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
    List<PodKind> kinds = List.of(kind("one", Builders.request("gpus", "gpu", 1)),
        kind("two", Builders.request("gpus", "any", 2)), kind("three", Builders.request("gpus", "gpu", 3)),
        kind("mixed", Builders.request("first", "any", 1), Builders.request("second", "gpu", 1)));
    Cluster explicit = Cluster.builder().classes(List.of(Builders.deviceClass("gpu"), Builders.deviceClass("any")))
        .nodes(List.of(Builders.node("x"), Builders.node("y")))
        .slices(List.of(
            Builders.counterSlice("x-counters", DRIVER, "x", "x",
                Builders.counterSet("card", Builders.counters("units", "4", "mem", "8Gi"))).resourceSliceCount(2).build(),
            Builders.slice("x-gpus", DRIVER, "x", "x",
                Builders.device("g0").consumes("card", "units", "3", "mem", "2Gi"),
                Builders.device("g1").consumes("card", "units", "1", "mem", "6Gi")).resourceSliceCount(2).build(),
            Builders.counterSlice("y-counters", DRIVER, "y", "y",
                Builders.counterSet("card", Builders.counters("engines", "2"))).resourceSliceCount(2).build(),
            Builders.slice("y-gpus", DRIVER, "y", "y",
                Builders.device("g0").consumes("card", "engines", "1"),
                Builders.device("g1").consumes("card", "engines", "1")).resourceSliceCount(2).build()))
        .templates(kinds.stream().flatMap(k -> k.templates().stream()).toList())
        .build();
    NodeGroups cluster = NodeGroups.stamp(explicit, List.of(
        new NodeGroup("box", 4, Builders.node("box"), boxSlices("box", false)),
        new NodeGroup("crate", 3, Builders.node("crate"), boxSlices("crate", true)),
        new NodeGroup("plain", 2, Builders.node("plain"), List.of(Builders.slice("plain-gpus", DRIVER, "plain",
            "plain", Builders.device("g0"), Builders.device("g1"), Builders.device("g2")).build()))));
    PodScheduler scheduler = PodScheduler.builder(allocator).cluster(cluster.cluster)
        .scorer(seed % 2 == 0 ? NodeScorer.first() : NodeScorer.mostAllocated()).build();
    Accounting accounting = new Accounting(cluster, kinds, scheduler);
    Map<String, SchedulingResult.Scheduled> placed = new LinkedHashMap<>();
    Random random = new Random(seed);
    int departed = 0;
    for (int step = 0; step < STEPS; step++) {
      if (!placed.isEmpty() && random.nextInt(3) == 0) {
        List<String> names = new ArrayList<>(placed.keySet());
        SchedulingResult.Scheduled leaving = placed.remove(names.get(random.nextInt(names.size())));
        scheduler.removePods(List.of(leaving.pod()));
        scheduler.release(leaving.claims());
        accounting.changed(leaving.node());
        accounting.left(leaving);
        departed++;
      } else {
        Pod pod = ArrivalDraw.pod(kinds.get(random.nextInt(kinds.size())), step);
        if (scheduler.schedule(pod) instanceof SchedulingResult.Scheduled s) {
          placed.put(pod.name(), s);
          accounting.changed(s.node());
          accounting.placed(s);
        }
      }
      if (random.nextInt(4) == 0) {
        continue; // changes pile up between samples
      }
      SimulationResult.Sample kept = accounting.sample(step);
      Accounting fresh = new Accounting(cluster, kinds, scheduler);
      placed.values().forEach(fresh::placed);
      SimulationResult.Sample afresh = fresh.sample(step);
      assertThat(kept).as("sample at step %d", step).isEqualTo(afresh);
      assertThat(kept.toString()).as("order at step %d", step).isEqualTo(afresh.toString());
      checkPlainSums(kept, cluster, scheduler);
      checkPlainClasses(kept, cluster, placed.values());
    }
    assertThat(departed).as("pods left").isGreaterThan(10);
  }

  /* Devices per class and group, in the order a walk over the placed pods in placement order meets the classes. */
  private static void checkPlainClasses(SimulationResult.Sample sample, NodeGroups cluster,
      Iterable<SchedulingResult.Scheduled> placed) {
    Map<String, Map<String, Integer>> expected = new LinkedHashMap<>();
    for (SchedulingResult.Scheduled s : placed) {
      Map<String, Integer> group = expected.computeIfAbsent(cluster.groupOfNode.get(s.node().name()),
          g -> new LinkedHashMap<>());
      Accounting.classesOf(s).forEach(c -> group.merge(c, 1, Integer::sum));
    }
    sample.groups().forEach((group, usage) -> assertThat(List.copyOf(usage.devicesByClass().entrySet()))
        .as("devices per class in %s, in order", group)
        .isEqualTo(List.copyOf(expected.getOrDefault(group, Map.of()).entrySet())));
  }

  /*
   * Devices in use and counters used per group, summed node by node as doubles; counter sets and
   * those in use (any counter below its total) counted by name per node-local pool.
   */
  private static void checkPlainSums(SimulationResult.Sample sample, NodeGroups cluster, PodScheduler scheduler) {
    Map<String, Integer> allocated = new LinkedHashMap<>();
    Map<String, Map<String, Double>> used = new LinkedHashMap<>();
    Map<String, int[]> sets = new LinkedHashMap<>();
    for (Node node : cluster.cluster.nodes()) {
      String group = cluster.groupOfNode.get(node.name());
      List<PoolUsage> pools = scheduler.snapshot().usage(node);
      for (PoolUsage pool : pools) {
        Map<String, Boolean> inUse = new HashMap<>();
        if (pool.nodeLocal()) {
          pool.counters().forEach(c -> inUse.merge(c.counterSet(), c.available().compareTo(c.total()) < 0,
              Boolean::logicalOr));
        }
        int[] counted = sets.computeIfAbsent(group, g -> new int[2]);
        counted[0] += inUse.size();
        counted[1] += (int) inUse.values().stream().filter(b -> b).count();
      }
      NodeCapacity cap = NodeCapacity.of(pools);
      allocated.merge(group, cap.allocatedDevices(), Integer::sum);
      cap.counterTotals().forEach((name, total) -> used.computeIfAbsent(group, g -> new LinkedHashMap<>())
          .merge(name, total.subtract(cap.counterLeft().get(name)).doubleValue(), Double::sum));
    }
    sample.groups().forEach((group, usage) -> {
      assertThat(usage.allocatedDevices()).as("devices in use in %s", group).isEqualTo(allocated.get(group));
      Map<String, Double> counters = new LinkedHashMap<>();
      usage.counters().forEach((name, c) -> counters.put(name, c.used()));
      assertThat(counters).as("counters used in %s", group).isEqualTo(used.getOrDefault(group, Map.of()));
      assertThat(new int[] {usage.counterSets(), usage.counterSetsInUse()}).as("counter sets, in use, in %s", group)
          .isEqualTo(sets.getOrDefault(group, new int[2]));
    });
  }

  /*
   * A node: a counter set of 4 units and 16Gi of memory, 4 small GPUs and a big one; with a
   * second card, two of the small GPUs count against a second set with the same counter names.
   */
  private static List<ResourceSlice> boxSlices(String node, boolean secondCard) {
    String small = secondCard ? "card2" : "card";
    List<CounterSet> sets = secondCard
        ? List.of(Builders.counterSet("card", Builders.counters("units", "4", "mem", "16Gi")),
            Builders.counterSet("card2", Builders.counters("units", "2", "mem", "4Gi")))
        : List.of(Builders.counterSet("card", Builders.counters("units", "4", "mem", "16Gi")));
    return List.of(
        Builders.counterSlice(node + "-counters", DRIVER, node, node,
            sets.toArray(CounterSet[]::new)).resourceSliceCount(2).build(),
        Builders.slice(node + "-gpus", DRIVER, node, node,
            Builders.device("g0").consumes("card", "units", "1", "mem", "4Gi"),
            Builders.device("g1").consumes("card", "units", "1", "mem", "4Gi"),
            Builders.device("g2").consumes(small, "units", "1", "mem", "2Gi"),
            Builders.device("g3").consumes(small, "units", "1", "mem", "2Gi"),
            Builders.device("big").consumes("card", "units", "2", "mem", "8Gi")).resourceSliceCount(2).build());
  }

  private static PodKind kind(String name, Builders.RequestBuilder... requests) {
    ResourceClaim claim = Builders.claim(name, requests).build();
    ResourceClaimTemplate template = new ResourceClaimTemplate(ObjectMeta.named(Builders.NAMESPACE, name + "-gpus"),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), new ResourceClaimSpec(claim.spec().devices())));
    Pod pod = Pod.of(ObjectMeta.builder().name(name).namespace(Builders.NAMESPACE).build(),
        PodSpec.builder().addResourceClaim(PodResourceClaim.ofTemplate("gpus", name + "-gpus")).build());
    return new PodKind(name, pod, List.of(template), 1, null);
  }
}
