package io.github.dra4j.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.simulation.Arrivals;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import io.github.dra4j.testing.Builders;
import io.github.dra4j.cel.CelCompiler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * A simulation whose pods leave (incremental releases, usage recomputed for changed nodes only)
 * against a plain loop that, at every arrival, makes a scheduler afresh from the claims and pods
 * still there (a snapshot built from scratch): the same arrivals give the same placed and pending
 * counts, the same first pending pod and message, and after every arrival the same devices and
 * counters in use. Random kinds and lifetimes on nodes whose GPUs share a counter set.
 */
final class DeparturesPropertyTest {
  private static final String DRIVER = Builders.DRIVER;
  private static final int NODES = 5;
  private static final int ARRIVALS = 120;

  static Stream<Arguments> runs() {
    return LongStream.range(0, 6).boxed().flatMap(seed -> Stream.of(
        Arguments.of(seed, "first", NodeScorer.first()),
        Arguments.of(seed, "mostAllocated", NodeScorer.mostAllocated())));
  }

  @ParameterizedTest(name = "seed {0}, {1}")
  @MethodSource("runs")
  void leavingIncrementallyEqualsASchedulerMadeAfreshPerArrival(long seed, String policy, NodeScorer scorer) {
    StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
    List<PodKind> kinds = List.of(kind("one", 1, 1 + (int) (seed % 5)), kind("two", 2, 7), kind("three", 3, null),
        kind("quick", 1, 2));
    Simulation simulation = Simulation.builder(allocator)
        .cluster(Cluster.builder().classes(List.of(gpuClass())).build())
        .nodeGroup(new NodeGroup("box", NODES, Builders.node("box"), slices()))
        .arrivals(new Arrivals(kinds, ARRIVALS, seed, List.of()))
        .policy(policy, scorer)
        .sampleEvery(1)
        .build();

    SimulationResult.Policy incremental = simulation.run().policy(policy);

    Plain plain = new Plain(allocator, simulation, scorer);
    List<String> arrivals = simulation.arrivals();
    Map<String, PodKind> byName = new HashMap<>();
    kinds.forEach(k -> byName.put(k.name(), k));
    for (int step = 0; step < ARRIVALS; step++) {
      plain.depart(step);
      plain.arrive(step, byName.get(arrivals.get(step)));
      SimulationResult.GroupUsage box = incremental.samples().get(step).group("box");
      assertThat(box.allocatedDevices()).as("devices in use after arrival %d", step).isEqualTo(plain.allocatedDevices());
      assertThat(box.counters().get("units").used()).as("units in use after arrival %d", step)
          .isEqualTo(plain.unitsUsed());
    }
    assertThat(incremental.kinds()).isEqualTo(plain.counts);
    assertThat(incremental.firstPending()).isEqualTo(plain.firstPending);
    assertThat(plain.departed).as("pods left (the run exercises departures)").isGreaterThan(10);
    assertThat(incremental.pending()).as("pods pending (the run fills the cluster)").isPositive();
    assertThat(incremental.arrivalsPerSecond()).isPositive();
  }

  /*
   * A simulation builds the cluster as it starts once and shares it (with the pools and first
   * layouts its runs built) with every later question and run: after its questions and a first run
   * on that start, a second run gives what a simulation made afresh gives on its first run.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void runsOnTheSharedStartEqualAFreshSimulationsFirstRun(long seed) {
    StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
    List<PodKind> kinds = List.of(kind("one", 1, 1 + (int) (seed % 5)), kind("two", 2, 7), kind("three", 3, null),
        kind("quick", 1, 2));
    Simulation shared = simulation(allocator, kinds, seed);
    Simulation fresh = simulation(allocator, kinds, seed);

    assertThat(shared.smallestKind()).isEqualTo(fresh.smallestKind());
    assertThat(shared.unplaceableKinds()).isEqualTo(fresh.unplaceableKinds());
    SimulationResult first = shared.run();
    SimulationResult second = shared.run();
    SimulationResult afresh = simulation(allocator, kinds, seed).run();

    for (String policy : List.of("first", "mostAllocated")) {
      for (SimulationResult r : List.of(first, second)) {
        assertThat(r.policy(policy).kinds()).as(policy).isEqualTo(afresh.policy(policy).kinds());
        assertThat(r.policy(policy).firstPending()).as(policy).isEqualTo(afresh.policy(policy).firstPending());
        assertThat(r.policy(policy).samples()).as(policy).isEqualTo(afresh.policy(policy).samples());
      }
    }
    assertThat(afresh.policy("first").pending()).as("pods pending (the run fills the cluster)").isPositive();
  }

  static LongStream seeds() {
    return LongStream.range(0, 4);
  }

  private static Simulation simulation(StructuredAllocator allocator, List<PodKind> kinds, long seed) {
    return Simulation.builder(allocator)
        .cluster(Cluster.builder().classes(List.of(gpuClass())).build())
        .nodeGroup(new NodeGroup("box", NODES, Builders.node("box"), slices()))
        .arrivals(new Arrivals(kinds, ARRIVALS, seed, List.of()))
        .policy("first", NodeScorer.first())
        .policy("mostAllocated", NodeScorer.mostAllocated())
        .sampleEvery(3)
        .build();
  }

  /* The loop without the fast path: every arrival is scheduled by a scheduler made afresh. */
  private static final class Plain {
    private final StructuredAllocator allocator;
    private final Simulation simulation;
    private final NodeScorer scorer;
    private final Map<Integer, List<SchedulingResult.Scheduled>> leaving = new HashMap<>();
    private final List<SchedulingResult.Scheduled> placed = new ArrayList<>();
    private List<ResourceClaim> claims = List.of();
    private ClusterSnapshot snapshot;
    final Map<String, SimulationResult.KindCount> counts = new LinkedHashMap<>();
    SimulationResult.FirstPending firstPending;
    int departed;

    Plain(StructuredAllocator allocator, Simulation simulation, NodeScorer scorer) {
      this.allocator = allocator;
      this.simulation = simulation;
      this.scorer = scorer;
      this.snapshot = allocator.snapshot(simulation.cluster());
      List.of("one", "two", "three", "quick").forEach(k -> counts.put(k, new SimulationResult.KindCount(0, 0, null, 0, 0)));
    }

    void depart(int step) {
      for (SchedulingResult.Scheduled s : leaving.getOrDefault(step, List.of())) {
        placed.remove(s);
        Set<String> keys = new HashSet<>();
        s.claims().forEach(c -> keys.add(ObjectRef.of(c).key()));
        claims = claims.stream().filter(c -> !keys.contains(ObjectRef.of(c).key())).toList();
        departed++;
      }
    }

    void arrive(int step, PodKind kind) {
      List<Pod> bound = placed.stream().map(SchedulingResult.Scheduled::pod).toList();
      Cluster now = simulation.cluster().toBuilder().claims(claims).pods(bound).build();
      snapshot = allocator.snapshot(now);
      PodScheduler fresh = PodScheduler.builder(allocator).cluster(now).scorer(scorer).build();
      Pod pod = ArrivalDraw.pod(kind, step);
      SchedulingResult r = fresh.schedule(pod);
      claims = fresh.claims();
      snapshot = fresh.snapshot();
      SimulationResult.KindCount c = counts.get(kind.name());
      if (r instanceof SchedulingResult.Scheduled s) {
        counts.put(kind.name(), new SimulationResult.KindCount(c.placed() + 1, c.pending(), null, 0, 0));
        placed.add(s);
        if (kind.lifetime() != null) {
          leaving.computeIfAbsent(step + kind.lifetime(), x -> new ArrayList<>()).add(s);
        }
      } else {
        counts.put(kind.name(), new SimulationResult.KindCount(c.placed(), c.pending() + 1, null, 0, 0));
        if (firstPending == null) {
          firstPending = new SimulationResult.FirstPending(step, kind.name(), pod.name(),
              ((SchedulingResult.Unschedulable) r).message(), null);
        }
      }
    }

    int allocatedDevices() {
      int n = 0;
      for (Node node : simulation.nodes()) {
        n += NodeCapacity.of(snapshot.usage(node)).allocatedDevices();
      }
      return n;
    }

    double unitsUsed() {
      double used = 0;
      for (Node node : simulation.nodes()) {
        NodeCapacity cap = NodeCapacity.of(snapshot.usage(node));
        used += cap.counterTotals().get("units").subtract(cap.counterLeft().get("units")).doubleValue();
      }
      return used;
    }
  }

  /* A node: a counter set of 4 units and 4 GPUs taking 1 each, and a fifth GPU taking 2. */
  private static List<ResourceSlice> slices() {
    return List.of(
        Builders.counterSlice("box-counters", DRIVER, "box", "box",
            Builders.counterSet("card", Builders.counters("units", "4"))).resourceSliceCount(2).build(),
        Builders.slice("box-gpus", DRIVER, "box", "box",
            Builders.device("g0").consumes("card", "units", "1"), Builders.device("g1").consumes("card", "units", "1"),
            Builders.device("g2").consumes("card", "units", "1"), Builders.device("g3").consumes("card", "units", "1"),
            Builders.device("big").consumes("card", "units", "2")).resourceSliceCount(2).build());
  }

  private static DeviceClass gpuClass() {
    return Builders.deviceClass("gpu");
  }

  private static PodKind kind(String name, int gpus, Integer lifetime) {
    ResourceClaim claim = Builders.claim(name, Builders.request("gpus", "gpu", gpus)).build();
    ResourceClaimTemplate template = new ResourceClaimTemplate(ObjectMeta.named(Builders.NAMESPACE, name + "-gpus"),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), new ResourceClaimSpec(claim.spec().devices())));
    Pod pod = Pod.of(ObjectMeta.builder().name(name).namespace(Builders.NAMESPACE).build(),
        PodSpec.builder().addResourceClaim(PodResourceClaim.ofTemplate("gpus", name + "-gpus")).build());
    return new PodKind(name, pod, List.of(template), name.equals("three") ? 0.5 : 1, lifetime);
  }
}
