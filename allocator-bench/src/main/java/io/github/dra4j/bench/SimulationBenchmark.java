package io.github.dra4j.bench;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.simulation.Arrivals;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import io.github.dra4j.simulation.Simulation;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The simulation's scheduling loop on a node group of DGX A100 MIG nodes ({@link DgxA100}, with
 * counters), the shape of a capacity-planning run:
 * <ul>
 *   <li>{@link #placeOne}: one placement of the loop, as {@link Simulation} does it: a pod whose
 *       claim comes from a template for one MIG profile ({@link DgxA100#FILL_ROUND} in turn),
 *       feasibility on every node, the first feasible node chosen, allocation there, commit.
 *       Timed one by one ({@link Mode#SampleTime}): the target is the median, and the few
 *       placements that ask about every node for the first time (the setup's three, and three
 *       after each restart) are outliers. The cluster fills as the run goes on; when a pod no
 *       longer fits, the scheduler starts again from the empty cluster (a snapshot derived from
 *       the built one, so no slice is resolved again). Compare {@code nodes=100} and {@code
 *       nodes=10000} for the per-placement cost's growth with the cluster.
 *   <li>{@link #buildCluster}: stamping out the node group and building the snapshot of the
 *       whole cluster from scratch; {@link #retainedBytes} measures the heap that cluster holds.
 * </ul>
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh SimulationBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 2, timeUnit = TimeUnit.SECONDS)
public class SimulationBenchmark {
  private static final String TEMPLATE_NODE = "dgx";

  @Param({"100", "1000", "10000"})
  int nodes;

  private StructuredAllocator allocator;
  private Simulation simulation;
  private final List<ResourceClaimTemplate> templates = templates();
  private ClusterSnapshot built;
  private PodScheduler scheduler;
  private int next;

  /** Builds the cluster and checks that the first placements land on the first node. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    simulation = simulation(allocator, nodes);
    built = allocator.snapshot(simulation.slices(), DgxA100.classes(), List.of());
    restart();
    for (int i = 0; i < DgxA100.FILL_ROUND.size(); i++) {
      SchedulingResult r = scheduler.schedule(pod(next++));
      if (!(r instanceof SchedulingResult.Scheduled s) || !(TEMPLATE_NODE + "-0").equals(s.node().name())) {
        throw new IllegalStateException("placement " + i + " did not go to the first node: " + r);
      }
    }
  }

  /* Starts again on the empty cluster, with nothing remembered. */
  private void restart() {
    scheduler = PodScheduler.builder(allocator)
        .cluster(simulation.cluster().toBuilder().templates(templates).build())
        .scorer(NodeScorer.first())
        .snapshot(allocator.snapshot(built, simulation.slices(), DgxA100.classes(), List.of()))
        .build();
  }

  /** {@return the node the next pod went to} */
  @Benchmark
  @BenchmarkMode(Mode.SampleTime)
  public String placeOne() {
    SchedulingResult r = scheduler.schedule(pod(next++));
    if (r instanceof SchedulingResult.Scheduled s) {
      return Objects.requireNonNull(s.node().name()); // the simulation names its nodes
    }
    restart(); // the cluster is full
    return "";
  }

  /** {@return the snapshot of the whole cluster, stamped out and built from scratch} */
  @Benchmark
  public ClusterSnapshot buildCluster() {
    return allocator.snapshot(simulation(allocator, nodes).slices(), DgxA100.classes(), List.of());
  }

  /**
   * Measures the heap a built cluster of this many nodes holds: the stamped-out simulation (nodes
   * and slices) and its snapshot, as the heap in use after full collections with the cluster
   * held, less the heap in use before it was built.
   *
   * @param nodes the number of nodes
   * @return the retained bytes
   */
  static long retainedBytes(int nodes) {
    StructuredAllocator allocator = Allocations.allocator();
    long before = usedAfterCollections();
    Simulation simulation = simulation(allocator, nodes);
    ClusterSnapshot snapshot = allocator.snapshot(simulation.slices(), DgxA100.classes(), List.of());
    try {
      return usedAfterCollections() - before;
    } finally {
      Reference.reachabilityFence(simulation);
      Reference.reachabilityFence(snapshot);
    }
  }

  private static long usedAfterCollections() {
    for (int i = 0; i < 3; i++) {
      System.gc(); // a full collection with G1 (no -XX:+ExplicitGCInvokesConcurrent is given)
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  static List<ResourceClaimTemplate> templates() {
    List<ResourceClaimTemplate> templates = new ArrayList<>();
    for (String profile : DgxA100.FILL_ROUND) {
      ResourceClaim claim = DgxA100.migClaim(profile, profile);
      templates.add(new ResourceClaimTemplate(ObjectMeta.builder().name(label(profile)).namespace("default").build(),
          new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), new ResourceClaimSpec(claim.spec().devices()))));
    }
    return List.copyOf(templates);
  }

  static Simulation simulation(StructuredAllocator allocator, int count) {
    Arrivals arrivals = new Arrivals(List.of(new PodKind("mig", pod(0), List.of(), 1, null)), 0, DgxA100.SEED, List.of());
    return Simulation.builder(allocator)
        .cluster(Cluster.builder().classes(DgxA100.classes()).build())
        .nodeGroup(new NodeGroup("dgx", count, DgxA100.node(TEMPLATE_NODE), DgxA100.node(TEMPLATE_NODE, true).slices()))
        .arrivals(arrivals)
        .policy("first", NodeScorer.first())
        .build();
  }

  /** Pod {@code i} asks for one MIG device of the fill round's profile {@code i mod 3}. */
  static Pod pod(int i) {
    String profile = DgxA100.FILL_ROUND.get(i % DgxA100.FILL_ROUND.size());
    return Pod.of(ObjectMeta.builder().name("pod-" + i).namespace("default").build(),
        PodSpec.builder().addResourceClaim(PodResourceClaim.ofTemplate("mig", label(profile))).build());
  }

  private static String label(String profile) {
    return "mig-" + profile.replace('.', '-').replace('+', '-');
  }
}
