package io.github.dra4j.bench;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import java.util.ArrayList;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * T3: fills one DGX A100 MIG node ({@link DgxA100}) claim by claim, 24 claims of mixed profiles
 * (4g.20gb, 2g.10gb, 1g.10gb per GPU) that pack every GPU exactly. Each claim is allocated on a
 * snapshot that holds the claims allocated before it, as consecutive scheduling cycles do
 * ({@link ClusterSnapshot#withAllocated}, which does not resolve the slices' mixins again). With
 * {@code counters=false} the node has the same 208 devices but no counter sets, so the ratio
 * shows what KEP-4815 counters cost.
 *
 * <p>{@link #fill} starts from a snapshot built from scratch, so it also pays for resolving and
 * validating the node's slices once. {@link #fillCycles} starts, as a scheduler's first cycle
 * on an informer-maintained snapshot does, from a snapshot derived from one that already holds
 * the same slices ({@link StructuredAllocator#snapshot(ClusterSnapshot, java.util.Collection,
 * java.util.Collection, java.util.Collection)}), so it measures only the cycles. {@link
 * #fillNewAllocators} runs each cycle as kube-scheduler runs the reference, with a new allocator
 * and snapshot per claim (the cold 24-cycle fill).
 *
 * <p>Warm-up: each operation builds a snapshot, so the JIT has to compile the whole snapshot-building
 * path (mixin resolution, pool building, the first layout) besides the search, and with counters
 * more of it. On the 2-core machine the counters variant kept getting faster for 6 to 11
 * one-second iterations, so a shorter warm-up measures compilation, not the allocator. Options
 * given to the runner ({@code -wi}, or the suite's BenchmarkSuite) take precedence over this.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh DgxFillBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(3)
@Warmup(iterations = 12, time = 1, timeUnit = TimeUnit.SECONDS)
public class DgxFillBenchmark {

  @Param({"true", "false"})
  boolean counters;

  private BenchCluster cluster;
  private Node node;
  private List<ResourceClaim> claims;
  private StructuredAllocator allocator;
  private ClusterSnapshot informed;

  /** Builds the node and checks that every claim of the fill is allocated. */
  @Setup
  public void setup() {
    String name = DgxA100.nodeName(0);
    cluster = DgxA100.node(name, counters);
    node = DgxA100.node(name);
    claims = DgxA100.fillClaims();
    allocator = Allocations.allocator();
    informed = allocator.snapshot(cluster.slices(), cluster.classes(), List.of());
    for (int filled : new int[] {fill(new SearchCounters()), fillCycles(new SearchCounters()),
        fillNewAllocators(new SearchCounters())}) {
      if (filled != claims.size()) {
        throw new IllegalStateException("filled " + filled + " of " + claims.size() + " claims");
      }
    }
  }

  /** {@return how many claims of the fill were allocated, starting from a new snapshot} */
  @Benchmark
  public int fill(SearchCounters counters) {
    return fillFrom(allocator.snapshot(cluster.slices(), cluster.classes(), List.of()), counters);
  }

  /** {@return how many claims of the fill were allocated, starting from an informer-maintained snapshot} */
  @Benchmark
  public int fillCycles(SearchCounters counters) {
    return fillFrom(allocator.snapshot(informed, cluster.slices(), cluster.classes(), List.of()), counters);
  }

  /**
   * {@return how many claims of the fill were allocated, each by a new allocator on a new
   * snapshot of the slices and the claims allocated before it} This is how kube-scheduler runs
   * the reference: every scheduling cycle makes a new allocator over the listers' objects, and
   * only the CEL compiler's cache lives across cycles.
   */
  @Benchmark
  public int fillNewAllocators(SearchCounters counters) {
    NewAllocatorFill fill = fillByNewAllocators(cluster, node, claims);
    counters.record(fill.invocations());
    return fill.results().size();
  }

  /* What a fill by a new allocator per claim gave: the allocated results in fill order, and the search's calls. */
  record NewAllocatorFill(List<AllocationResult> results, long invocations) {}

  /*
   * The cycles of fillNewAllocators; GoReferenceExport writes their answer for the Go reference,
   * so that the harness compares with what this benchmark computes.
   */
  static NewAllocatorFill fillByNewAllocators(BenchCluster cluster, Node node, List<ResourceClaim> claims) {
    List<AllocationResult> results = new ArrayList<>(claims.size());
    long invocations = 0;
    List<ResourceClaim> done = new ArrayList<>(claims.size());
    for (ResourceClaim claim : claims) {
      StructuredAllocator cycle = Allocations.allocator();
      ClusterSnapshot snapshot = cycle.snapshot(cluster.slices(), cluster.classes(), done);
      AllocationOutcome outcome = snapshot.allocate(node, List.of(claim));
      invocations += snapshot.stats().allocateOneInvocations();
      if (outcome instanceof AllocationOutcome.Allocated allocated) {
        AllocationResult result = allocated.results().get(0);
        results.add(result);
        done.add(claim.withAllocation(result));
      }
    }
    return new NewAllocatorFill(results, invocations);
  }

  private int fillFrom(ClusterSnapshot start, SearchCounters counters) {
    int allocated = 0;
    long invocations = 0;
    ClusterSnapshot snapshot = start;
    for (ResourceClaim claim : claims) {
      AllocationOutcome outcome = snapshot.allocate(node, List.of(claim));
      invocations += snapshot.stats().allocateOneInvocations();
      if (outcome instanceof AllocationOutcome.Allocated result) {
        allocated++;
        snapshot = snapshot.withAllocated(List.of(claim.withAllocation(result.results().get(0))));
      }
    }
    counters.record(invocations);
    return allocated;
  }
}
