package io.github.dra4j.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.SimulationYaml;
import io.github.dra4j.scheduling.NodeScorer;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Simulations on a group of 4 nodes, each with 3 GPUs that share a counter of 3 units (1 per
 * GPU), where placements and stranded capacity are counted by hand.
 */
final class SimulationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();

  /** The document with a workload section and policies put in. */
  private static String document(String workload, String policies) {
    return SimulationYaml.document("small", "  policies: " + policies + "\n  sampleEvery: 2", SimulationYaml.GPU_CLASS,
        SimulationYaml.sharedCounterGpus("box", 4, 3, ", labels: {kubernetes.io/hostname: box}"), workload);
  }

  private static String kind(String name, int gpus, String extra) {
    return SimulationYaml.gpuKind(name, gpus, extra, "");
  }

  private static SimulationResult run(String text) throws IOException {
    SimulationSpec spec = SimulationReader.read(text, "sim.yaml", null, CODEC);
    return Simulation.builder(ALLOCATOR).spec(spec).build().run();
  }

  @Test
  void pairsLeaveOneGpuStrandedOnEveryNode() throws IOException {
    // Each node takes one pair (3 GPUs); the fifth pair finds no node; the GPU and counter unit
    // left on each node fit no pair: 4 stranded nodes, 4 devices, 4 units.
    SimulationResult result = run(document(
        "    count: 8\n    seed: 1\n    podKinds:\n" + kind("pair", 2, "      weight: 1"),
        "[first, most-allocated]"));
    for (SimulationResult.Policy p : result.policies()) {
      assertEquals(new SimulationResult.KindCount(4, 4, null, 0, 0), p.kinds().get("pair"), p.name() + ": " + p.firstPending());
      SimulationResult.FirstPending first = p.firstPending();
      assertNotNull(first);
      assertEquals(4, first.index());
      assertEquals("pair-4", first.pod());
      assertTrue(first.message().startsWith("0/4 nodes are available: 4 cannot allocate all claims"), first.message());
      SimulationResult.GroupUsage box = p.last().group("box");
      assertEquals(4, box.nodes());
      assertEquals(12, box.devices());
      assertEquals(8, box.allocatedDevices());
      assertEquals(4, box.strandedNodes());
      assertEquals(4, box.strandedDevices());
      assertEquals(new SimulationResult.CounterUsage(12, 8, 4), box.counters().get("units"));
      assertEquals(8, box.devicesByClass().get("gpu"));
      // Samples every 2 arrivals: after 2 pairs, 2 nodes are partly used and nothing strands yet
      // under first fit (the third GPU of a used node fits no pair, so those 2 nodes strand).
      assertEquals(List.of(2, 4, 6, 8), p.samples().stream().map(SimulationResult.Sample::step).toList());
      assertEquals(2, p.samples().get(0).group("box").strandedNodes());
    }
  }

  @Test
  void singlesStrandNothingWhileAGpuIsFree() throws IOException {
    // A single fits wherever one GPU is free: after 2 pairs and 2 singles nothing strands.
    SimulationResult result = run(document(
        "    count: 4\n    order: [pair, single]\n    podKinds:\n" + kind("pair", 2, "      weight: 0") + "\n"
            + kind("single", 1, "      weight: 0"),
        "[first, least-allocated]"));
    SimulationResult.Policy first = result.policy("first");
    assertEquals(List.of("pair", "single", "pair", "single"), result.arrivals());
    assertNull(first.firstPending());
    // First fit: pair and single fill box-0, the next pair and single fill box-1.
    assertEquals(6, first.last().group("box").allocatedDevices());
    assertEquals(0, first.last().group("box").strandedDevices());
    SimulationResult.Policy spread = result.policy("least-allocated");
    assertEquals(4, spread.placed());
    assertEquals(0, spread.last().group("box").strandedNodes());
  }

  @Test
  void strandedIsPerKind_whatAPairCannotUseASingleCan() throws IOException {
    // First fit: box-0 and box-1 take a pair each (1 GPU left), the single fills box-0; box-2, box-3 stay empty.
    String text = document("    count: 3\n    order: [pair, pair, single]\n    podKinds:\n"
        + kind("pair", 2, "      weight: 0") + "\n" + kind("single", 1, "      weight: 0"), "[first]");
    Simulation simulation = Simulation.builder(ALLOCATOR).spec(SimulationReader.read(text, "sim.yaml", null, CODEC)).build();
    SimulationResult.GroupUsage box = simulation.run().policy("first").last().group("box");
    // A pair does not fit box-1: its GPU and counter unit are lost to pairs (box-0 has nothing free).
    assertEquals(new SimulationResult.Stranded(1, 1, java.util.Map.of("units", 1.0)), box.strandedByKind().get("pair"));
    // A single fits everywhere something is free: nothing is lost to singles, and nothing to every kind.
    assertEquals(new SimulationResult.Stranded(0, 0, java.util.Map.of()), box.strandedByKind().get("single"));
    assertEquals(0, box.strandedNodes());
    // One counter set per node; two have a unit consumed.
    assertEquals(4, box.counterSets());
    assertEquals(2, box.counterSetsInUse());
    // 4 nodes x 3 singles fit on the empty cluster, 4 x 1 pairs.
    assertEquals("single", simulation.smallestKind());
  }

  @Test
  void scaleUpFindsTheFewestNodesAndReportsTheCurve() throws IOException {
    // A node of 3 GPUs takes one pair: 8 pairs need 8 nodes. From the document's 4: 4 (4 pending),
    // 8 (none), then 6 (2) and 7 (1).
    SimulationSpec eight = SimulationReader.read(document("    count: 8\n    podKinds:\n" + kind("pair", 2, ""), "[first]"),
        "sim.yaml", null, CODEC);
    ScaleUp.Result up = ScaleUp.search(ALLOCATOR, eight, "box", "first", 100, b -> {});
    assertEquals(8, up.nodes());
    assertEquals(List.of(new ScaleUp.Point(4, 4, 4), new ScaleUp.Point(6, 6, 2), new ScaleUp.Point(7, 7, 1),
        new ScaleUp.Point(8, 8, 0)), up.curve());
    // 2 pairs: fewer nodes than the document's are enough, found downwards (4, then 2, then 1).
    SimulationSpec two = SimulationReader.read(document("    count: 2\n    podKinds:\n" + kind("pair", 2, ""), "[first]"),
        "sim.yaml", null, CODEC);
    ScaleUp.Result down = ScaleUp.search(ALLOCATOR, two, "box", "first", 100, b -> {});
    assertEquals(2, down.nodes());
    assertEquals(List.of(1, 2, 4), down.curve().stream().map(ScaleUp.Point::nodes).toList());
    // Capped: 5 nodes at most never place 8 pairs.
    ScaleUp.Result capped = ScaleUp.search(ALLOCATOR, eight, "box", "first", 5, b -> {});
    assertNull(capped.nodes());
    assertEquals(List.of(4, 5), capped.curve().stream().map(ScaleUp.Point::nodes).toList());
  }

  @Test
  void aHugeCountIsNotMaterialised() throws IOException {
    // 2^31 - 1 arrivals held as a list would need 8 GiB or more; drawn lazily they need nothing.
    String text = document("    count: " + Integer.MAX_VALUE + "\n    seed: 42\n    podKinds:\n"
        + kind("pair", 2, "      weight: 1") + "\n" + kind("single", 1, "      weight: 2"), "[first]");
    Simulation huge = Simulation.builder(ALLOCATOR).spec(SimulationReader.read(text, "sim.yaml", null, CODEC,
        SimulationReader.Options.defaults().withMaxArrivals(Integer.MAX_VALUE))).build();
    List<String> arrivals = huge.arrivals();
    assertEquals(Integer.MAX_VALUE, arrivals.size());
    // The same seed draws the same kinds as a small run does, and reading backwards replays the draw.
    Simulation small = Simulation.builder(ALLOCATOR)
        .spec(SimulationReader.read(text.replace("count: " + Integer.MAX_VALUE, "count: 30"), "sim.yaml", null, CODEC))
        .build();
    List<String> first30 = List.copyOf(small.arrivals());
    assertEquals(first30, arrivals.subList(0, 30));
    assertEquals(first30.get(3), arrivals.get(3));
    assertThrows(UnsupportedOperationException.class, () -> arrivals.set(0, "pair"));
    assertEquals(first30, small.run().arrivals(), "the result keeps the same view");
  }

  @Test
  void podsThatLeaveFreeTheirDevices() throws IOException {
    // Pair i leaves before arrival i + 4: arrivals 4..7 take the nodes the first four freed.
    SimulationResult result = run(document(
        "    count: 8\n    seed: 3\n    podKinds:\n" + kind("pair", 2, "      lifetime: 4"),
        "[first]"));
    SimulationResult.Policy p = result.policy("first");
    assertEquals(new SimulationResult.KindCount(8, 0, null, 0, 0), p.kinds().get("pair"));
    assertEquals(8, p.last().group("box").allocatedDevices());
  }

  @Test
  void aSeedRepeatsTheArrivalsAndTheResults() throws IOException {
    String text = document("    count: 30\n    seed: 42\n    podKinds:\n" + kind("pair", 2, "      weight: 1") + "\n"
        + kind("single", 1, "      weight: 2\n      lifetime: 5"), "[first, most-allocated]");
    SimulationResult a = run(text);
    SimulationResult b = run(text);
    assertEquals(a.arrivals(), b.arrivals());
    assertTrue(a.arrivals().contains("pair") && a.arrivals().contains("single"), a.arrivals().toString());
    for (int i = 0; i < a.policies().size(); i++) {
      assertEquals(a.policies().get(i).kinds(), b.policies().get(i).kinds());
      assertEquals(a.policies().get(i).firstPending(), b.policies().get(i).firstPending());
      assertEquals(a.policies().get(i).samples(), b.policies().get(i).samples());
    }
    SimulationResult other = run(text.replace("seed: 42", "seed: 43"));
    assertTrue(!other.arrivals().equals(a.arrivals()), "another seed, other arrivals");
  }

  @Test
  void aUserScorerIsAPolicy() throws IOException {
    SimulationSpec spec = SimulationReader.read(document("    count: 3\n    order: [single]\n    podKinds:\n"
        + kind("single", 1, ""), "[first]"), "sim.yaml", null, CODEC);
    // Prefers the last node: the three singles land on box-3.
    NodeScorer last = usage -> Integer.parseInt(usage.node().name().substring("box-".length()));
    SimulationResult r = Simulation.builder(ALLOCATOR)
        .cluster(spec.cluster()).nodeGroup(spec.nodeGroups().get(0)).arrivals(spec.arrivals())
        .policy("last", last).build().run();
    assertEquals(3, r.policy("last").placed());
    SimulationResult.GroupUsage box = r.policy("last").last().group("box");
    assertEquals(3, box.allocatedDevices());
    assertEquals(0, box.strandedNodes(), "box-3 is full: nothing free, so nothing stranded");
    assertEquals(new SimulationResult.CounterUsage(12, 3, 0), box.counters().get("units"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "unknown field|'  sampelEvery: 2'|sim.yaml, document 1 (Simulation/small), spec.sampelEvery: unknown field \"sampelEvery\", did you mean \"sampleEvery\"?",
      "count below 1|'      count: 0'|spec.cluster.nodeGroups[0].count: Invalid value: 0: must be an integer >= 1",
      "embedded object|'          driverr: x'|(ResourceSlice/box-counters), spec.cluster.nodeGroups[0].slices[0].spec.driverr: unknown field",
      "order|'    order: [nope]'|spec.workload.order[0]: Unsupported value: \"nope\"",
  })
  void badInputNamesTheFieldPath(String name, String line, String expected) {
    String text = document("    count: 1\n    podKinds:\n" + kind("pair", 2, "      weight: 1"), "[first]");
    String changed = switch (name) {
      case "unknown field" -> text.replace("  sampleEvery: 2", line);
      case "count below 1" -> text.replace("      count: 4", line);
      case "embedded object" -> text.replace("          driver: gpu.example.com", "          driver: gpu.example.com\n" + line);
      default -> text.replace("    count: 1", "    count: 1\n" + line);
    };
    DecodeException e = assertThrows(DecodeException.class, () -> SimulationReader.read(changed, "sim.yaml", null, CODEC));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void aKindThatFitsNoNodeIsFoundBeforeTheRun() throws IOException {
    // Nodes have 3 GPUs: a quad never fits, a pair does.
    SimulationSpec spec = SimulationReader.read(document("    count: 2\n    podKinds:\n" + kind("quad", 4, "") + "\n"
        + kind("pair", 2, ""), "[first]"), "sim.yaml", null, CODEC);
    java.util.Map<String, String> unplaceable = Simulation.builder(ALLOCATOR).spec(spec).build().unplaceableKinds();
    assertEquals(List.of("quad"), List.copyOf(unplaceable.keySet()));
    assertTrue(unplaceable.get("quad").startsWith("0/4 nodes are available: 4 cannot allocate all claims"),
        unplaceable.get("quad"));
  }

  @Test
  void aTemplateNoOneDefinesIsAnError() {
    String text = document("    count: 1\n    podKinds:\n" + kind("pair", 2, ""), "[first]")
        .replace("resourceClaimTemplateName: pair-gpus", "resourceClaimTemplateName: pair-gpu");
    DecodeException e = assertThrows(DecodeException.class, () -> SimulationReader.read(text, "sim.yaml", null, CODEC));
    assertTrue(e.getMessage().contains("spec.workload.podKinds[0].pod.spec.resourceClaims[0].resourceClaimTemplateName: "
        + "Not found: \"pair-gpu\""), e.getMessage());
  }

  @Test
  void warnValidation_readsPastAnUnknownFieldAndReportsIt() throws IOException {
    java.util.List<String> warnings = new java.util.ArrayList<>();
    KubernetesCodec warn = CODEC.withFieldValidation(io.github.dra4j.api.io.FieldValidation.WARN,
        w -> warnings.add(w.getMessage()));
    String text = document("    count: 1\n    podKinds:\n" + kind("pair", 2, "      weight: 1"), "[first]")
        .replace("  sampleEvery: 2", "  sampleEvery: 2\n  colour: blue");
    SimulationSpec spec = SimulationReader.read(text, "sim.yaml", null, warn);
    assertEquals(2, spec.sampleEvery());
    assertEquals(List.of("sim.yaml, document 1 (Simulation/small), spec.colour: unknown field \"colour\""), warnings);
  }

  @Test
  void servingArrivals_preemptBatchPods_countedPerKind() throws IOException {
    // 4 batch pods take every node's 3 GPUs; each of the 2 serving arrivals (priority 1000) evicts one.
    String batch = kind("batch", 3, "      weight: 0").replace("        spec:\n", "        spec:\n          priority: 0\n");
    String serving = kind("serving", 3, "      weight: 0")
        .replace("        spec:\n", "        spec:\n          priority: 1000\n");
    String workload = "    count: 6\n    order: [batch, batch, batch, batch, serving, serving]\n    podKinds:\n" + batch
        + "\n" + serving;
    SimulationResult result = run(document(workload, "[first]"));
    SimulationResult.Policy p = result.policy("first");
    assertEquals(new SimulationResult.KindCount(4, 0, null, 0, 2), p.kinds().get("batch"));
    assertEquals(new SimulationResult.KindCount(2, 0, null, 2, 0), p.kinds().get("serving"));
    assertNull(p.firstPending());

    SimulationSpec spec = SimulationReader.read(document(workload, "[first]"), "sim.yaml", null, CODEC);
    SimulationResult off = Simulation.builder(ALLOCATOR).spec(spec).scheduler(b -> b.preemption(false)).build().run();
    assertEquals(new SimulationResult.KindCount(0, 2, null, 0, 0), off.policy("first").kinds().get("serving"));
  }
}
