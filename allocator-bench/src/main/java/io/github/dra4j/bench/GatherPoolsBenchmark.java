package io.github.dra4j.bench;

import io.github.dra4j.api.Node;
import io.github.dra4j.core.AllocationOutcome;
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
 * Gathering the pools that can serve one node: the first thing every call does for a node that
 * the snapshot has not seen yet. The snapshot is of a DGX A100 cluster ({@link DgxA100#cluster})
 * of 1 or 1,000 nodes and is built fresh for every operation (not timed), so nothing is cached;
 * the operation allocates no claims on the last node, which gathers its pools (4 device slices
 * and a counter slice) and searches nothing. With 1,000 nodes it shows that gathering looks only
 * at the node's own slices, not at the cluster. (The parameter is not named {@code nodes}, so that
 * the suite's quick mode, which narrows {@code nodes}, leaves it alone.)
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh GatherPoolsBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(jvmArgsAppend = {"-Xms2g", "-Xmx6g"})
public class GatherPoolsBenchmark {

  @Param({"1", "1000"})
  int clusterNodes;

  private StructuredAllocator allocator;
  private Workload cluster;
  private Node node;
  private ClusterSnapshot snapshot;

  /** Builds the cluster once and checks that the operation allocates nothing. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    cluster = DgxA100.cluster(clusterNodes, DgxA100.SEED);
    node = DgxA100.node(DgxA100.nodeName(clusterNodes - 1));
    newSnapshot();
    if (!Allocations.requireAllocated(gatherPools()).isEmpty()) {
      throw new IllegalStateException("no claim, but results");
    }
    if (snapshot.stats().allocateOneInvocations() != 1) {
      throw new IllegalStateException("searched more than the empty claim list");
    }
  }

  /** A new snapshot for every operation: no pools gathered yet. */
  @Setup(Level.Invocation)
  public void newSnapshot() {
    snapshot = Allocations.snapshot(allocator, cluster);
  }

  /** {@return the outcome of allocating no claims on the node} */
  @Benchmark
  public AllocationOutcome gatherPools() {
    return snapshot.allocate(node, List.of());
  }
}
