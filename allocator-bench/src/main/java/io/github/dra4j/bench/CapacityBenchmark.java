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
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.simulation.Headroom;
import io.github.dra4j.simulation.HeadroomResult;
import io.github.dra4j.simulation.ScaleUp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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
 * The planner's questions at cluster scale:
 * <ul>
 *   <li>{@link #headroom}: how many more pods of one MIG kind (one 1g.5gb device from a claim
 *       template) fit on {@code nodes} empty DGX A100 nodes ({@link DgxA100}, with counters),
 *       asked of a built snapshot (warm: the question, not the cluster's build). Target: 200 ms
 *       at 1,000 nodes.
 *   <li>{@link #scaleUp}: the fewest DGX nodes that leave nothing pending for the README's
 *       simulation ({@code docs/examples/simulation/dgx-mig.yaml}, 600 arrivals, policy
 *       {@code first}): a search of whole simulations. Target: 10 s on one core.
 * </ul>
 *
 * <p>Run from the repository's root: {@code allocator-bench/run-benchmarks.sh CapacityBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 2, timeUnit = TimeUnit.SECONDS)
public class CapacityBenchmark {
  private static final String PROFILE = "1g.5gb";

  @Param({"1000"})
  int nodes;

  private StructuredAllocator allocator;
  private Headroom headroom;
  private PodKind kind;
  private SimulationSpec example;

  /** Stamps out the cluster, builds its snapshot and checks the answer: 7 per GPU on every node. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    Headroom.Builder b = Headroom.builder(allocator)
        .nodeGroups(Cluster.builder().classes(DgxA100.classes()).build(), List.of(
            new NodeGroup("dgx", nodes, DgxA100.node("dgx"), DgxA100.node("dgx", true).slices())));
    Cluster cluster = b.build().cluster();
    headroom = b.snapshot(allocator.snapshot(cluster)).build();
    ResourceClaim claim = DgxA100.migClaim("mig", PROFILE);
    ResourceClaimTemplate template = new ResourceClaimTemplate(
        ObjectMeta.builder().name("mig-1g").namespace("default").build(),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), new ResourceClaimSpec(claim.spec().devices())));
    Pod pod = Pod.of(ObjectMeta.builder().name("small").namespace("default").build(),
        PodSpec.builder().addResourceClaim(PodResourceClaim.ofTemplate("mig", "mig-1g")).build());
    kind = new PodKind("small", pod, List.of(template), 1, null);
    int expected = nodes * DgxA100.GPUS * 7;
    if (headroom().total() != expected) {
      throw new IllegalStateException("expected " + expected + " more " + PROFILE + ", got " + headroom().total());
    }
    try {
      example = SimulationReader.read(Path.of("docs/examples/simulation/dgx-mig.yaml"), KubernetesCodec.create());
    } catch (IOException e) {
      throw new UncheckedIOException("run from the repository's root", e);
    }
  }

  /** {@return the headroom of the MIG kind on the whole cluster} */
  @Benchmark
  public HeadroomResult headroom() {
    return headroom.of(kind);
  }

  /** {@return the scale-up search's answer for the README's example} */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public ScaleUp.Result scaleUp() {
    return ScaleUp.search(allocator, example, "dgx-a100", "first", 1000, b -> {});
  }
}
