package io.github.dra4j.bench;

import io.github.dra4j.api.Node;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
 * Gathering the pools that can serve a node: the first thing every call does for a node that
 * the snapshot has not seen yet. The snapshot is of a DGX A100 cluster ({@link DgxA100#cluster})
 * of 1 or 1,000 nodes and is built fresh for every operation (not timed), so nothing is cached;
 * the operation then allocates no claims on every node in turn, which gathers each node's pools
 * (4 device slices and a counter slice) and searches nothing. The time per node is the score
 * divided by the number of nodes; with 1,000 nodes it shows that gathering looks only at the
 * node's own slices, not at the cluster. Asking about every node also spreads the collection of
 * the setup's garbage (a new 1,000-node snapshot per operation) over 1,000 gatherings, where one
 * gathering per snapshot measured mostly that collection. (The parameter is not named {@code
 * nodes}, so that the suite's quick mode, which narrows {@code nodes}, leaves it alone.)
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh GatherPoolsBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx6g"})
public class GatherPoolsBenchmark {

  @Param({"1", "1000"})
  int clusterNodes;

  private StructuredAllocator allocator;
  private BenchCluster cluster;
  private List<Node> nodes;
  private ClusterSnapshot snapshot;

  /** Builds the cluster once and checks that the operation gathers every node and searches nothing. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    cluster = DgxA100.cluster(clusterNodes, DgxA100.SEED);
    nodes = IntStream.range(0, clusterNodes).mapToObj(i -> DgxA100.node(DgxA100.nodeName(i))).toList();
    newSnapshot();
    if (gatherPools() != clusterNodes) {
      throw new IllegalStateException("no claim, but not allocated on every node");
    }
    if (snapshot.stats().allocateOneInvocations() != clusterNodes) {
      throw new IllegalStateException("searched more than the empty claim list");
    }
  }

  /** A new snapshot for every operation: no pools gathered yet. */
  @Setup(Level.Invocation)
  public void newSnapshot() {
    snapshot = Allocations.snapshot(allocator, cluster);
  }

  /** {@return on how many nodes allocating no claims succeeded (all of them)} */
  @Benchmark
  public int gatherPools() {
    int allocated = 0;
    for (Node node : nodes) {
      if (snapshot.allocate(node, List.of()) instanceof AllocationOutcome.Allocated result
          && result.results().isEmpty()) {
        allocated++;
      }
    }
    return allocated;
  }
}
