package io.github.dra4j.simulation;

import static io.github.dra4j.testing.SimulationYaml.gangKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.SimulationYaml;
import io.github.dra4j.scheduling.GangSearch;
import io.github.dra4j.scheduling.PodGroupScheduler;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Gang pod kinds in simulations, counted by hand: nodes of 8 whole GPUs (or one partitionable
 * GPU), gangs whose pods ask for GPUs, with minCount, a topology key, a group claim and a lifetime.
 */
final class GangSimulationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();

  /** A node group of {@code count} nodes labelled rack={@code rack}, each with {@code gpus} whole GPUs. */
  private static String group(String name, int count, String rack, int gpus) {
    return SimulationYaml.wholeDevices(name, count, ", labels: {rack: " + rack + "}", SimulationYaml.names("gpu-", gpus));
  }

  /** One node whose single GPU is offered whole ("full", 4 units) or as two halves (2 units each). */
  private static final String PARTITIONED = String.join("\n",
      "    - name: part",
      "      count: 1",
      "      node: {metadata: {name: part}}",
      "      slices:",
      "      - metadata: {name: part-counters}",
      "        spec: {driver: gpu.example.com, nodeName: part, pool: {name: part, generation: 1, resourceSliceCount: 2},"
          + " sharedCounters: [{name: gpu-0, counters: {units: {value: '4'}}}]}",
      "      - metadata: {name: part-devices}",
      "        spec: {driver: gpu.example.com, nodeName: part, pool: {name: part, generation: 1, resourceSliceCount: 2},"
          + " devices: [" + part("full", 4) + ", " + part("half-a", 2) + ", " + part("half-b", 2) + "]}");

  private static String part(String name, int units) {
    return "{name: gpu-0-" + name + ", consumesCounters: [{counterSet: gpu-0, counters: {units: {value: '" + units
        + "'}}}]}";
  }

  private static String document(String groups, String kinds, int count) {
    return SimulationYaml.document("gangs", "  policies: [first]\n  sampleEvery: 1", SimulationYaml.GPU_CLASS, groups,
        "    count: " + count + "\n    podKinds:\n" + kinds);
  }

  private static SimulationResult.Policy run(String text, GangSearch search) throws IOException {
    SimulationSpec spec = SimulationReader.read(text, "sim.yaml", null, CODEC);
    return Simulation.builder(ALLOCATOR).spec(spec).gangSearch(search).build().run().policy("first");
  }

  private static SimulationResult.Policy run(String text) throws IOException {
    return run(text, GangSearch.DEFAULT);
  }

  @Test
  void twoNodesOfEightGpus_gangsOfTwoPodsOfEight_onlyTheFirstGroupIsPlaced() throws IOException {
    SimulationResult.Policy p = run(document(group("dgx", 2, "r1", 8), gangKind("train", 8, "{size: 2}", "", false), 3));

    assertThat(p.kinds().get("train")).isEqualTo(new SimulationResult.KindCount(2, 4,
        new SimulationResult.GroupCount(1, 2), 0, 0));
    SimulationResult.FirstPending first = p.firstPending();
    assertThat(first).isNotNull();
    assertThat(List.of(first.index(), first.kind(), first.pod(), first.podGroup()))
        .containsExactly(1, "train", "train-1-0", "default/train-1");
    // The group's line, then its first pod's own reason: both nodes' GPUs are taken.
    assertThat(first.message()).startsWith("pod group default/train-1 is unschedulable: minCount (2) cannot be "
        + "satisfied: 0 scheduled, 1 remaining (pod train-1-0: 0/2 nodes are available: 2 cannot allocate all claims")
        .endsWith(")").doesNotEndWith(".)");
    assertThat(p.last().group("dgx").allocatedDevices()).isEqualTo(16);
    assertThat(p.last().group("dgx").devicesByClass()).containsEntry("gpu", 16);
  }

  @Test
  void lifetime_theGroupLeavesTogether_andTheNextGroupTakesItsNodes() throws IOException {
    // Group 0 placed at arrival 0 stays for 2 arrivals: group 1 finds both nodes full, group 2
    // arrives after group 0 left and is placed, group 3 again finds them full.
    SimulationResult.Policy p = run(document(group("dgx", 2, "r1", 8),
        gangKind("train", 8, "{size: 2}", "      lifetime: 2", false), 4));

    assertThat(p.kinds().get("train")).isEqualTo(new SimulationResult.KindCount(4, 4,
        new SimulationResult.GroupCount(2, 2), 0, 0));
    assertThat(p.samples().stream().map(s -> s.group("dgx").allocatedDevices()).toList())
        .containsExactly(16, 16, 16, 16);
    assertThat(p.firstPending()).isNotNull();
    assertThat(p.firstPending().index()).isEqualTo(1);
  }

  @Test
  void minCountBelowSize_theGroupIsPlacedWithTheFitsAndItsLastPodPending() throws IOException {
    // 3 pods of 8 GPUs, minCount 2, on 2 nodes of 8: pods 0 and 1 fit, pod 2 does not, and the
    // group is placed; the next group places none (two pods fail, minCount can no longer be met).
    SimulationResult.Policy p = run(document(group("dgx", 2, "r1", 8),
        gangKind("train", 8, "{size: 3, minCount: 2}", "", false), 2));

    assertThat(p.kinds().get("train")).isEqualTo(new SimulationResult.KindCount(2, 4,
        new SimulationResult.GroupCount(1, 1), 0, 0));
    assertThat(p.firstPending()).isNotNull();
    assertThat(p.firstPending().podGroup()).isEqualTo("default/train-1");
    assertThat(p.firstPending().message()).startsWith("pod group default/train-1 is unschedulable: minCount (2) cannot "
        + "be satisfied: 0 scheduled, 1 remaining (pod train-1-0: 0/2 nodes are available");
  }

  @Test
  void topologyKey_onlyTheLastRackHoldsTheGroup() throws IOException {
    // Rack a has one node of 8 GPUs, rack b two: a group of 2 pods x 8 GPUs fits only in rack b.
    // The second group finds rack a too small (its first pod fits there, the second does not) and
    // rack b full; the status is rack a's, the first placement's.
    SimulationResult.Policy p = run(document(group("a", 1, "a", 8) + "\n" + group("b", 2, "b", 8),
        gangKind("train", 8, "{size: 2, topologyKey: rack}", "", false), 2));

    assertThat(p.kinds().get("train")).isEqualTo(new SimulationResult.KindCount(2, 2,
        new SimulationResult.GroupCount(1, 1), 0, 0));
    assertThat(p.samples().get(0).group("b").allocatedDevices()).isEqualTo(16);
    assertThat(p.samples().get(0).group("a").allocatedDevices()).isZero();
    assertThat(p.firstPending()).isNotNull();
    assertThat(p.firstPending().message()).startsWith("pod group default/train-1 is unschedulable: 0/2 placements"
        + " are available, first placement status: minCount (2) cannot be satisfied: 1 scheduled, 0 remaining"
        + " (pod train-1-1: 0/1 nodes are available: 1 cannot allocate all claims");
  }

  @Test
  void groupClaim_sharedByFourPods_isAllocatedOnceAndReleasedWithTheGroup() throws IOException {
    // Each group: 4 pods of 1 GPU and one GPU for the whole group, all on one node (the group's
    // GPU is node-local): 5 GPUs. Lifetime 1: each group leaves before the next arrives.
    SimulationResult.Policy p = run(document(group("dgx", 2, "r1", 8),
        gangKind("train", 1, "{size: 4, resourceClaims: [{name: shared, resourceClaimTemplateName: train-shared}]}",
            "      lifetime: 1", true), 3));

    assertThat(p.kinds().get("train")).isEqualTo(new SimulationResult.KindCount(12, 0,
        new SimulationResult.GroupCount(3, 0), 0, 0));
    assertThat(p.samples().stream().map(s -> s.group("dgx").allocatedDevices()).toList()).containsExactly(5, 5, 5);
    assertThat(p.samples().stream().map(s -> s.group("dgx").devicesByClass().get("gpu")).toList())
        .containsExactly(5, 5, 5);
  }

  @Test
  void jointSearch_placesTheGroupTheDefaultRejects() throws IOException {
    // The default's first pod takes the whole GPU, so the second finds nothing; the joint search
    // gives each pod a half.
    String doc = document(PARTITIONED, gangKind("pair", 1, "{size: 2}", "", false), 1);

    SimulationResult.Policy def = run(doc);
    assertThat(def.kinds().get("pair")).isEqualTo(new SimulationResult.KindCount(0, 2,
        new SimulationResult.GroupCount(0, 1), 0, 0));

    SimulationResult.Policy joint = run(doc, GangSearch.JOINT);
    assertThat(joint.kinds().get("pair")).isEqualTo(new SimulationResult.KindCount(2, 0,
        new SimulationResult.GroupCount(1, 0), 0, 0));
    assertThat(joint.last().group("part").allocatedDevices()).isEqualTo(2);
  }

  @Test
  void jointSearch_stopsAtItsStepBudget() throws IOException {
    // One allocator call is not enough to find the two halves: the group stays pending.
    String doc = document(PARTITIONED, gangKind("pair", 1, "{size: 2}", "", false), 1);
    SimulationSpec spec = SimulationReader.read(doc, "sim.yaml", null, CODEC);

    SimulationResult.Policy tight = Simulation.builder(ALLOCATOR).spec(spec).gangSearch(GangSearch.JOINT)
        .gangSearchBudget(1).build().run().policy("first");
    assertThat(tight.kinds().get("pair").groups()).isEqualTo(new SimulationResult.GroupCount(0, 1));
    SimulationResult.Policy enough = Simulation.builder(ALLOCATOR).spec(spec).gangSearch(GangSearch.JOINT)
        .gangSearchBudget(PodGroupScheduler.DEFAULT_JOINT_BUDGET).build().run().policy("first");
    assertThat(enough.kinds().get("pair").groups()).isEqualTo(new SimulationResult.GroupCount(1, 0));
    assertThatThrownBy(() -> Simulation.builder(ALLOCATOR).gangSearchBudget(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("gang search budget must be at least 1: 0");
  }

  @Test
  void preflight_asksWhetherTheWholeGangFits_notOnePod() throws IOException {
    // One pod of 8 GPUs fits the node of 8, a gang of two such pods does not.
    String one = document(group("dgx", 1, "r1", 8), gangKind("train", 8, "{size: 2}", "", false), 1);
    SimulationSpec spec = SimulationReader.read(one, "sim.yaml", null, CODEC);
    assertThat(Simulation.builder(ALLOCATOR).spec(spec).build().unplaceableKinds()).containsOnlyKeys("train")
        .extractingByKey("train").asString().startsWith("pod group default/train-0 is unschedulable: minCount (2) "
            + "cannot be satisfied");
    // With minCount 1 the group is placed with one pod: the kind can run.
    String min = document(group("dgx", 1, "r1", 8), gangKind("train", 8, "{size: 2, minCount: 1}", "", false), 1);
    assertThat(Simulation.builder(ALLOCATOR).spec(SimulationReader.read(min, "sim.yaml", null, CODEC)).build()
        .unplaceableKinds()).isEmpty();
    // The pre-flight places the group as the run does: rejected by the default, placed by the joint search.
    SimulationSpec halves = SimulationReader.read(document(PARTITIONED, gangKind("pair", 1, "{size: 2}", "", false), 1),
        "sim.yaml", null, CODEC);
    assertThat(Simulation.builder(ALLOCATOR).spec(halves).build().unplaceableKinds()).containsOnlyKeys("pair");
    assertThat(Simulation.builder(ALLOCATOR).spec(halves).gangSearch(GangSearch.JOINT).build().unplaceableKinds())
        .isEmpty();
  }

  @Test
  void singlePodKindsBesideGangs_keepTheirPodCounts() throws IOException {
    String kinds = gangKind("train", 8, "{size: 2}", "", false) + "\n" + String.join("\n",
        "    - name: single",
        "      claimTemplates:",
        "      - metadata: {name: single-gpu}",
        "        spec: {spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu}}]}}}",
        "      pod:",
        "        metadata: {name: single}",
        "        spec:",
        "          resourceClaims: [{name: gpus, resourceClaimTemplateName: single-gpu}]",
        "          containers: [{name: c, resources: {claims: [{name: gpus}]}}]");
    String doc = document(group("dgx", 2, "r1", 8), kinds, 3).replace("    podKinds:",
        "    order: [single, train, train]\n    podKinds:");
    SimulationResult.Policy p = run(doc);

    // The single takes a GPU of the first node, so the first gang (2 x 8) no longer fits.
    assertThat(p.kinds().get("single")).isEqualTo(new SimulationResult.KindCount(1, 0, null, 0, 0));
    assertThat(p.kinds().get("single").groups()).isNull();
    assertThat(p.kinds().get("train")).isEqualTo(new SimulationResult.KindCount(0, 4,
        new SimulationResult.GroupCount(0, 2), 0, 0));
    assertThat(p.firstPending()).isNotNull();
    assertThat(p.firstPending().index()).isEqualTo(1);
  }

  @Test
  void reader_gangFieldsAreStrict() {
    String base = document(group("dgx", 2, "r1", 8), gangKind("train", 8, "GANG", "", true), 1);
    assertThatThrownBy(() -> SimulationReader.read(base.replace("GANG", "{size: 2, minCont: 1}"), "sim.yaml", null,
        CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.workload.podKinds[0].gang.minCont").hasMessageContaining("minCount");
    assertThatThrownBy(() -> SimulationReader.read(base.replace("GANG", "{size: 2, minCount: 3}"), "sim.yaml", null,
        CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.workload.podKinds[0].gang.minCount").hasMessageContaining("at most the size, 2");
    assertThatThrownBy(() -> SimulationReader.read(base.replace("GANG", "{minCount: 1}"), "sim.yaml", null,
        CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.workload.podKinds[0].gang.size").hasMessageContaining("Required value");
    assertThatThrownBy(() -> SimulationReader.read(base.replace("GANG",
        "{size: 2, resourceClaims: [{name: other, resourceClaimTemplateName: train-shared}]}"), "sim.yaml", null,
        CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.workload.podKinds[0].gang.resourceClaims[0]")
        .hasMessageContaining("no pod uses this group claim");
    assertThatThrownBy(() -> SimulationReader.read(base.replace("GANG",
        "{size: 2, resourceClaims: [{name: shared, resourceClaimName: one}]}"), "sim.yaml", null,
        CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.workload.podKinds[0].gang.resourceClaims[0].resourceClaimName")
        .hasMessageContaining("Forbidden");
  }
}
