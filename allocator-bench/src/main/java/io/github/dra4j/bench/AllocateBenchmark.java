package io.github.dra4j.bench;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
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
import org.openjdk.jmh.annotations.Threads;

/**
 * T1 and T4: one claim whose selector reads the deepest mixin keys of every device and matches
 * only the last device of the worst-case KEP-5234 slice ({@link WorstCaseSlices}).
 *
 * <ul>
 *   <li>{@code cold}: snapshot (pools gathered, mixins indexed) plus allocate, as a scheduling
 *       cycle after any change does. T1 compares it between the mixin and the flattened form.</li>
 *   <li>{@code warm}: allocate again on an unchanged snapshot, so whatever the snapshot caches
 *       across calls is reused. T4 compares it with {@code cold}.</li>
 *   <li>{@code warmConcurrent}: {@code warm} from two threads at once on the shared snapshot,
 *       which is thread-safe; the time is per call and thread.</li>
 * </ul>
 * {@link SearchCounters} adds the {@code allocateOne} invocations per call.
 * Run: {@code allocator-bench/run-benchmarks.sh AllocateBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(3)
public class AllocateBenchmark {

  @Param({"MIXIN", "FLATTENED"})
  Form form;

  private BenchCluster cluster;
  private Node node;
  private List<ResourceClaim> claims;
  private StructuredAllocator allocator;
  private ClusterSnapshot snapshot;

  /** Builds the slices, the allocator and a warm snapshot, and checks the chosen device. */
  @Setup
  public void setup() {
    cluster = form.worstCase(1);
    node = WorstCaseSlices.node();
    claims = List.of(WorstCaseSlices.lastDeviceClaim(1));
    allocator = Allocations.allocator();
    snapshot = Allocations.snapshot(allocator, cluster);
    String last = WorstCaseSlices.deviceName(0, WorstCaseSlices.DEVICES_PER_SLICE - 1);
    Allocations.requireDevice(cold(new SearchCounters()), last);
    Allocations.requireDevice(warm(new SearchCounters()), last);
  }

  /** {@return the outcome of a fresh snapshot's allocation} */
  @Benchmark
  public AllocationOutcome cold(SearchCounters counters) {
    ClusterSnapshot fresh = Allocations.snapshot(allocator, cluster);
    AllocationOutcome outcome = fresh.allocate(node, claims);
    counters.record(fresh.stats().allocateOneInvocations());
    return outcome;
  }

  /** {@return the outcome of allocating on the unchanged snapshot} */
  @Benchmark
  public AllocationOutcome warm(SearchCounters counters) {
    long before = snapshot.stats().allocateOneInvocations();
    AllocationOutcome outcome = snapshot.allocate(node, claims);
    counters.record(snapshot.stats().allocateOneInvocations() - before);
    return outcome;
  }

  /** {@return the outcome of {@link #warm} while another thread allocates on the same snapshot} */
  @Benchmark
  @Threads(2)
  public AllocationOutcome warmConcurrent(SearchCounters counters) {
    return warm(counters);
  }
}
