package io.github.dra4j.bench;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.ObjectMeta;
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
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.simulation.Simulation;
import io.github.dra4j.simulation.SimulationResult;
import java.util.ArrayList;
import java.util.List;
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
 * Simulations in which pods leave, on {@value #NODES} DGX A100 nodes with counters ({@link DgxA100}):
 * <ul>
 *   <li>{@link #mixedSimulation}: a capacity planner's run end to end ({@link Simulation#run}):
 *       {@value #ARRIVALS} arrivals of five MIG profiles drawn by weight, small ones more often
 *       and shorter-lived (1g.10gb weight 4 for 4,000 arrivals, 2g.10gb 2 for 8,000, 3g.20gb and
 *       4g.20gb 1 for 12,000, 7g.40gb 1 for 16,000), so that pods leave from arrival 4,000 on
 *       and the cluster runs near full; departures, scheduling and about 100 samples included.
 *       Arrivals per second: {@value #ARRIVALS} over the time per run. With {@code start=fresh}
 *       each run is a new simulation's first, which also builds the cluster's snapshot and each
 *       node's pools and first layouts as it is first searched (a one-shot {@code simulate});
 *       with {@code shared} the runs repeat one simulation, which shares its start with them.
 *   <li>{@link #release}: one departure's release on the full cluster, and the claim allocated
 *       again (the same commit both ways, so that each call starts from the newest snapshot), {@code incremental}
 *       ({@link ClusterSnapshot#withoutAllocated}) against {@code rebuild}, the snapshot derived
 *       from the previous one with the remaining claims ({@link StructuredAllocator#snapshot(
 *       ClusterSnapshot, java.util.Collection, java.util.Collection, java.util.Collection)}), as
 *       departures were released before.
 * </ul>
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh DeparturesBenchmark}.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class DeparturesBenchmark {
  static final int NODES = 1000;
  static final int ARRIVALS = 20_000;
  private static final String TEMPLATE_NODE = "dgx";
  /** Profile, weight, lifetime in arrivals. */
  private static final Object[][] KINDS = {
    {"1g.10gb", 4.0, 4000}, {"2g.10gb", 2.0, 8000}, {"3g.20gb", 1.0, 12000}, {"4g.20gb", 1.0, 12000},
    {"7g.40gb", 1.0, 16000}};

  /**
   * {@return the run's result}
   *
   * @param mixed the simulation
   */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public SimulationResult mixedSimulation(Mixed mixed) {
    return mixed.simulation.run();
  }

  /** The simulation of one policy. */
  @State(Scope.Benchmark)
  public static class Mixed {
    @Param({"first", "most-allocated"})
    String policy;
    /** {@code shared}: every run on one simulation; {@code fresh}: a new simulation per run. */
    @Param({"shared", "fresh"})
    String start;
    /** Nodes and arrivals: {@value DeparturesBenchmark#NODES} and {@value DeparturesBenchmark#ARRIVALS}, fewer in the smoke test. */
    int nodes = NODES;
    int arrivals = ARRIVALS;
    Simulation simulation;

    private StructuredAllocator allocator;

    @Setup(Level.Trial)
    public void setup() {
      allocator = Allocations.allocator();
      simulation = simulation(allocator, nodes, arrivals, policy);
    }

    /* A new simulation, whose run builds its start, before each run with start=fresh (untimed). */
    @Setup(Level.Invocation)
    public void fresh() {
      if (start.equals("fresh")) {
        simulation = simulation(allocator, nodes, arrivals, policy);
      }
    }
  }

  /**
   * {@return the snapshot after one claim of the full cluster was released and allocated again}
   *
   * @param full the full cluster and the way of releasing
   */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public ClusterSnapshot release(Full full) {
    return full.releaseNext();
  }

  /** The cluster filled with one placement per GPU (every profile in turn), and how a claim is released. */
  @State(Scope.Benchmark)
  public static class Full {
    @Param({"incremental", "rebuild"})
    String release;

    /** Nodes of the cluster: {@value DeparturesBenchmark#NODES}, fewer in the smoke test. */
    int nodes = NODES;
    private StructuredAllocator allocator;
    private List<ResourceSlice> slices;
    private ClusterSnapshot snapshot;
    private List<ResourceClaim> claims;
    private int next;

    @Setup(Level.Trial)
    public void setup() {
      allocator = Allocations.allocator();
      slices = simulation(allocator, nodes, 1, "first").slices();
      ClusterSnapshot s = allocator.snapshot(slices, DgxA100.classes(), List.of());
      List<ResourceClaim> placed = new ArrayList<>();
      for (int n = 0; n < nodes; n++) {
        io.github.dra4j.api.Node node = DgxA100.node(TEMPLATE_NODE + "-" + n);
        for (int g = 0; g < 8; g++) {
          ResourceClaim c = DgxA100.migClaim("c-" + placed.size(), (String) KINDS[placed.size() % KINDS.length][0]);
          if (s.allocate(node, List.of(c)) instanceof AllocationOutcome.Allocated a) {
            ResourceClaim allocated = c.withAllocation(a.results().get(0));
            placed.add(allocated);
            s = s.withAllocated(List.of(allocated));
          }
        }
      }
      claims = List.copyOf(placed);
      snapshot = allocator.snapshot(slices, DgxA100.classes(), claims);
    }

    /** {@return the full cluster} */
    ClusterSnapshot full() {
      return snapshot;
    }

    /*
     * Releases the next claim and allocates it again, so that every call starts from the newest
     * snapshot, as a scheduler's departures do; the commit costs the same both ways.
     */
    ClusterSnapshot releaseNext() {
      int i = next++ % claims.size();
      snapshot = released(i).withAllocated(List.of(claims.get(i)));
      return snapshot;
    }

    /** {@return the full cluster without claim {@code i}} */
    ClusterSnapshot released(int i) {
      if (release.equals("incremental")) {
        return snapshot.withoutAllocated(List.of(claims.get(i)));
      }
      List<ResourceClaim> remaining = new ArrayList<>(claims);
      remaining.remove(i);
      return allocator.snapshot(snapshot, slices, DgxA100.classes(), remaining);
    }
  }

  static Simulation simulation(StructuredAllocator allocator, int nodes, int arrivals, String policy) {
    List<PodKind> kinds = new ArrayList<>();
    for (Object[] k : KINDS) {
      String profile = (String) k[0];
      kinds.add(new PodKind(label(profile), pod(profile), List.of(template(profile)), (Double) k[1], (Integer) k[2]));
    }
    return Simulation.builder(allocator)
        .cluster(Cluster.builder().classes(DgxA100.classes()).build())
        .nodeGroup(new NodeGroup("dgx", nodes, DgxA100.node(TEMPLATE_NODE), DgxA100.node(TEMPLATE_NODE, true).slices()))
        .arrivals(new Arrivals(kinds, arrivals, DgxA100.SEED, List.of()))
        .policy(policy, policy.equals("first") ? NodeScorer.first() : NodeScorer.mostAllocated())
        .build();
  }

  private static ResourceClaimTemplate template(String profile) {
    ResourceClaim claim = DgxA100.migClaim(profile, profile);
    return new ResourceClaimTemplate(ObjectMeta.builder().name(label(profile)).namespace("default").build(),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), new ResourceClaimSpec(claim.spec().devices())));
  }

  private static Pod pod(String profile) {
    return Pod.of(ObjectMeta.builder().name(label(profile)).namespace("default").build(),
        PodSpec.builder().addResourceClaim(PodResourceClaim.ofTemplate("mig", label(profile))).build());
  }

  private static String label(String profile) {
    return "mig-" + profile.replace('.', '-').replace('+', '-');
  }
}
