package io.github.dra4j.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.SimulationYaml;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Headroom on small clusters counted by hand, and equal to its definition: placing pods one after
 * another with the scheduler until the first stays pending.
 *
 * <p>Group {@code box}: 3 GPUs sharing a counter {@code units} of 3 (one per GPU); group {@code
 * lean}: 3 GPUs sharing a counter of 2, so the counter runs out before the GPUs do; lean nodes are
 * labelled {@code tier: lean}.
 */
final class HeadroomTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();

  static String document(int boxes, int leans, String extraObjects, String kinds) {
    return SimulationYaml.document("small", "", SimulationYaml.GPU_CLASS + "\n" + extraObjects,
        SimulationYaml.sharedCounterGpus("box", boxes, 3, "") + "\n"
            + SimulationYaml.sharedCounterGpus("lean", leans, 2, ", labels: {tier: lean}"),
        "    count: 1\n    podKinds:\n" + kinds);
  }

  static String kind(String name, int gpus, String podSpecExtra) {
    return SimulationYaml.gpuKind(name, gpus, "", podSpecExtra);
  }

  private static final String KINDS = String.join("\n", kind("single", 1, ""), kind("pair", 2, ""),
      kind("trio", 3, ""), kind("lean-single", 1, "          nodeSelector: {tier: lean}"));

  private static SimulationSpec spec(int boxes, int leans, String extraObjects) throws IOException {
    return SimulationReader.read(document(boxes, leans, extraObjects, KINDS), "sim.yaml", null, CODEC);
  }

  private static PodKind kind(SimulationSpec spec, String name) {
    return spec.arrivals().kinds().stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void emptyClusterCountedByHand() throws IOException {
    SimulationSpec spec = spec(2, 2, "");
    Headroom headroom = Headroom.builder(ALLOCATOR).spec(spec).build();

    // box: 3 singles (the GPUs run out); lean: 2 singles (the counter of 2 runs out first).
    HeadroomResult single = headroom.of(kind(spec, "single"));
    assertEquals(2 * 3 + 2 * 2, single.total(), single.nodes().toString());
    assertEquals(Map.of("box", 6, "lean", 4), single.groups());
    assertEquals(List.of("box-0", "box-1", "lean-0", "lean-1"), single.nodes().stream().map(HeadroomResult.NodeHeadroom::node).toList());
    assertEquals("devices in use", single.node("box-0").limit());
    assertEquals("counter units on card", single.node("lean-1").limit());
    assertTrue(single.node("lean-1").detail().contains("counter set card, counter units: needs 1, 0 left"),
        single.node("lean-1").detail());
    // lean-1 is answered by lean-0, which is alike; its detail names lean-1 all the same.
    assertTrue(single.node("lean-1").detail().startsWith("cannot allocate on node lean-1:"), single.node("lean-1").detail());
    assertFalse(single.node("lean-1").detail().contains("lean-0"), single.node("lean-1").detail());
    assertFalse(single.capped());

    // A pair: one per box (1 GPU left), one per lean (counter 0 left).
    HeadroomResult pair = headroom.of(kind(spec, "pair"));
    assertEquals(4, pair.total());
    assertEquals(1, pair.node("box-1").fit());

    // A trio needs 3 units: every box once, no lean at all (its 3 GPUs match, the counter does not allow it).
    HeadroomResult trio = headroom.of(kind(spec, "trio"));
    assertEquals(Map.of("box", 2, "lean", 0), trio.groups());
    assertEquals(HeadroomLimit.TOGETHER, trio.node("lean-0").limit(), trio.node("lean-0").detail());
    assertEquals("devices in use", trio.node("box-1").limit());

    // The node selector keeps the lean-only kind off the boxes.
    HeadroomResult leanOnly = headroom.of(kind(spec, "lean-single"));
    assertEquals(4, leanOnly.total());
    assertEquals(0, leanOnly.node("box-0").fit());
    assertEquals("node(s) didn't match Pod's node affinity/selector", leanOnly.node("box-0").limit());

    // Largest that still fits: trio on boxes (1 fits), pair on leans (1 fits; trio none).
    assertEquals(Map.of("box-0", "trio", "box-1", "trio", "lean-0", "pair", "lean-1", "pair"),
        Headroom.largestFitting(List.of(single, pair, trio)));
  }

  @Test
  void allocatedClaimsTakeTheirDevicesAndMissingTemplatesSayWhy() throws IOException {
    SimulationSpec spec = spec(2, 1, "");
    Cluster busy = placeSome(Headroom.builder(ALLOCATOR).spec(spec).build().cluster(), spec,
        List.of("pair@box-0", "single@lean-0"));
    HeadroomResult single = Headroom.builder(ALLOCATOR).cluster(busy).build().of(kind(spec, "single"));
    // box-0 has 1 GPU left, box-1 3, lean-0 1 unit of its counter.
    assertEquals(List.of(1, 3, 1), single.nodes().stream().map(HeadroomResult.NodeHeadroom::fit).toList());
    assertEquals(Map.of(Simulation.EXPLICIT_GROUP, 5), single.groups());

    Pod orphan = kind(spec, "pair").pod(); // its template is not in the cluster
    HeadroomResult none = Headroom.builder(ALLOCATOR).cluster(busy).build().of(orphan);
    assertEquals(0, none.total());
    assertTrue(none.node("box-1").limit().contains("resourceclaimtemplate") || none.node("box-1").limit().contains("template"),
        none.node("box-1").limit());
  }

  @Test
  void aPodWithoutClaimsIsCapped() throws IOException {
    SimulationSpec spec = spec(1, 1, "");
    Pod plain = new Pod(kind(spec, "single").pod().metadata(),
        kind(spec, "single").pod().spec().toBuilder().resourceClaims(List.of()).containers(List.of()).build(),
        kind(spec, "single").pod().status());
    HeadroomResult r = Headroom.builder(ALLOCATOR).spec(spec).maxPerNode(7).build().of(plain);
    assertEquals(14, r.total());
    assertTrue(r.capped());
    assertEquals("max per node", r.node("box-0").limit());
  }

  /*
   * The definition: random clusters (two groups, random pods already placed) and, for each kind,
   * headroom against the scheduler placing copies one after another until the first is pending,
   * node by node. The shared pool (a slice for all nodes) takes the other path through Headroom.
   */
  @Test
  void equalsPlacingPodsUntilTheFirstFails() throws IOException {
    String shared = String.join("\n",
        "    - apiVersion: resource.k8s.io/v1",
        "      kind: ResourceSlice",
        "      metadata: {name: fabric}",
        "      spec:",
        "        driver: gpu.example.com",
        "        allNodes: true",
        "        pool: {name: fabric, generation: 1, resourceSliceCount: 1}",
        "        devices: [{name: f0}, {name: f1}]");
    Random random = new Random(7);
    for (int round = 0; round < 12; round++) {
      SimulationSpec spec = spec(1 + random.nextInt(3), 1 + random.nextInt(2), round % 4 == 3 ? shared : "");
      Cluster empty = Headroom.builder(ALLOCATOR).spec(spec).build().cluster();
      List<String> placements = new ArrayList<>();
      for (int p = random.nextInt(6); p > 0; p--) {
        Node n = empty.nodes().get(random.nextInt(empty.nodes().size()));
        placements.add(List.of("single", "pair", "trio").get(random.nextInt(3)) + "@" + n.name());
      }
      Cluster busy = placeSome(empty, spec, placements);
      for (PodKind k : spec.arrivals().kinds()) {
        HeadroomResult r = Headroom.builder(ALLOCATOR).cluster(busy).build().of(k);
        Map<String, Integer> expected = untilTheFirstFails(busy, k);
        Map<String, Integer> actual = new LinkedHashMap<>();
        r.nodes().forEach(n -> actual.put(n.node(), n.fit()));
        assertEquals(expected, actual, "round " + round + ", kind " + k.name() + ", placed " + placements);
        assertEquals(expected.values().stream().mapToInt(Integer::intValue).sum(), r.total());
      }
    }
  }

  /* The plain loop: copies of the kind's pod, scheduled one after another, until one is pending. */
  private static Map<String, Integer> untilTheFirstFails(Cluster cluster, PodKind kind) {
    List<io.github.dra4j.api.ResourceClaimTemplate> templates = new ArrayList<>(cluster.templates());
    templates.addAll(kind.templates());
    PodScheduler scheduler = PodScheduler.builder(ALLOCATOR).cluster(cluster.toBuilder().templates(templates).build())
        .scorer(NodeScorer.first()).build();
    Map<String, Integer> count = new LinkedHashMap<>();
    cluster.nodes().forEach(n -> count.put(n.name(), 0));
    for (int i = 0; ; i++) {
      Pod pod = new Pod(kind.pod().metadata().toBuilder().name("loop-" + i).build(), kind.pod().spec(), kind.pod().status());
      if (!(scheduler.schedule(pod) instanceof SchedulingResult.Scheduled s)) {
        return count;
      }
      count.merge(s.node().name(), 1, Integer::sum);
    }
  }

  /* The cluster with pods of kinds placed on named nodes ("kind@node"): their claims allocated. */
  private static Cluster placeSome(Cluster cluster, SimulationSpec spec, List<String> placements) {
    List<io.github.dra4j.api.ResourceClaimTemplate> templates = new ArrayList<>(cluster.templates());
    spec.arrivals().kinds().forEach(k -> templates.addAll(k.templates()));
    PodScheduler scheduler = PodScheduler.builder(ALLOCATOR).cluster(cluster.toBuilder().templates(templates).build()).build();
    Map<String, Integer> seq = new HashMap<>();
    for (String p : placements) {
      String[] kindAtNode = p.split("@", 2);
      Pod template = kind(spec, kindAtNode[0]).pod();
      int i = seq.merge(kindAtNode[0], 1, Integer::sum);
      var unused = scheduler.schedule(new Pod(template.metadata().toBuilder().name("busy-" + kindAtNode[0] + "-" + i).build(),
          template.spec().toBuilder().nodeName(kindAtNode[1]).build(), template.status()));
    }
    List<ResourceClaim> allocated = scheduler.claims().stream().filter(c -> c.allocation() != null).toList();
    return cluster.toBuilder().claims(allocated).build();
  }
}
