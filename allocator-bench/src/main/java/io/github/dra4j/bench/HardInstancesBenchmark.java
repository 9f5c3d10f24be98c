package io.github.dra4j.bench;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Expectation;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
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
 * Inputs on which plain first-fit backtracking is exponential, decided by the search's bounds
 * (docs/allocation.md, "Pruning"). The inputs are the hard-instance scenarios of the test corpus
 * ({@link #INSTANCES}, in src-test-fixtures scenarios-dra4j), which the conformance tests check
 * for the same answer as the plain search. The time is for one {@code allocate} with the default
 * options on an unchanged snapshot (selector results cached), including the explanation of an
 * unsatisfiable call.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh --out DIR HardInstancesBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
public class HardInstancesBenchmark {
  /** The hard-instance scenarios, by name. */
  public static final List<String> INSTANCES = List.of(
      "hard-dgx-a100-mig-overfill",
      "hard-max-devices-one-less",
      "hard-distinct-attribute-too-few-values",
      "hard-match-attribute-last-value",
      "hard-counters-run-out-at-last-claim",
      "hard-prioritized-last-alternative",
      "hard-all-after-counted-claims",
      "hard-all-after-counted-requests");

  @Param({"hard-dgx-a100-mig-overfill", "hard-max-devices-one-less", "hard-distinct-attribute-too-few-values",
      "hard-match-attribute-last-value", "hard-counters-run-out-at-last-claim", "hard-prioritized-last-alternative",
      "hard-all-after-counted-claims", "hard-all-after-counted-requests"})
  public String instance;

  private ClusterSnapshot snapshot;
  private Node node;
  private List<ResourceClaim> claims;

  /** Loads the scenario and checks that the call ends as the scenario expects. */
  @Setup
  public void setup() {
    Scenario s = Scenarios.load(Scenarios.DRA4J, instance);
    snapshot = StructuredAllocator.builder().features(Features.all().with(s.featureGates()))
        .selectorCompiler(CelCompiler.create()).build()
        .snapshot(s.slices(), s.deviceClasses(), s.allocatedClaims());
    node = s.nodeObject();
    claims = s.claimsToAllocate();
    boolean allocated = allocate() instanceof AllocationOutcome.Allocated;
    if (allocated != s.expect().outcome().equals(Expectation.ALLOCATED)) {
      throw new IllegalStateException(instance + ": expected " + s.expect().outcome());
    }
  }

  /** {@return the outcome of one call with the default options} */
  @Benchmark
  public AllocationOutcome allocate() {
    return snapshot.allocate(node, claims, AllocationOptions.defaults());
  }
}
