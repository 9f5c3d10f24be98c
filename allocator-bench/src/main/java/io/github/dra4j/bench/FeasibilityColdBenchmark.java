package io.github.dra4j.bench;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * T5, first question: like {@link FeasibilityBenchmark}, but every operation asks on a freshly
 * built snapshot (built before the operation, not timed), so no selector result and no gathered
 * pool is cached yet. This is the cost right after the cluster changed.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh FeasibilityColdBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx6g"})
public class FeasibilityColdBenchmark {

  @Param({"100", "1000"})
  int nodes;

  private StructuredAllocator allocator;
  private BenchCluster cluster;
  private List<Node> nodeList;
  private List<ResourceClaim> claims;
  private ClusterSnapshot snapshot;

  /** Builds the cluster once. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    cluster = DgxA100.cluster(nodes, DgxA100.SEED);
    nodeList = DgxA100.clusterNodes(nodes);
    claims = List.of(DgxA100.migClaim("probe", "4g.20gb"));
  }

  /** A new snapshot for every operation. */
  @Setup(Level.Invocation)
  public void newSnapshot() {
    snapshot = Allocations.snapshot(allocator, cluster);
  }

  /** {@return how many nodes fit} */
  @Benchmark
  public int feasibleNodes() {
    return snapshot.feasibleNodes(nodeList, claims).size();
  }
}
