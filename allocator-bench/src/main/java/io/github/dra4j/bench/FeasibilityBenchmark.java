package io.github.dra4j.bench;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * T5: which of N DGX A100 MIG nodes can take one claim for a 4g.20gb, evaluated in parallel on
 * one snapshot of the whole cluster ({@link DgxA100#cluster}: 30% of the nodes are busy and do
 * not fit). Time is per question, over all N nodes, through {@link ClusterSnapshot#feasibleNodes}.
 * The setup asks the question once, so this measures a repeated question on an unchanged
 * snapshot (selector results cached); {@link FeasibilityColdBenchmark} measures the first one.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh FeasibilityBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 3, jvmArgsAppend = {"-Xms2g", "-Xmx6g"})
public class FeasibilityBenchmark {

  @Param({"100", "1000", "5000"})
  int nodes;

  private ClusterSnapshot snapshot;
  private List<Node> nodeList;
  private List<ResourceClaim> claims;

  /** Builds the cluster and its snapshot and checks the answer against the busy nodes. */
  @Setup
  public void setup() {
    BenchCluster cluster = DgxA100.cluster(nodes, DgxA100.SEED);
    snapshot = Allocations.snapshot(Allocations.allocator(), cluster);
    nodeList = DgxA100.clusterNodes(nodes);
    claims = List.of(DgxA100.migClaim("probe", "4g.20gb"));
    int expected = nodes - cluster.allocatedClaims().size();
    int fit = feasibleNodes(new SearchCounters());
    if (fit != expected) {
      throw new IllegalStateException(fit + " nodes fit, expected " + expected);
    }
  }

  /** {@return how many nodes fit} */
  @Benchmark
  public int feasibleNodes(SearchCounters counters) {
    long before = snapshot.stats().allocateOneInvocations();
    int fit = snapshot.feasibleNodes(nodeList, claims).size();
    counters.record(snapshot.stats().allocateOneInvocations() - before);
    return fit;
  }
}
