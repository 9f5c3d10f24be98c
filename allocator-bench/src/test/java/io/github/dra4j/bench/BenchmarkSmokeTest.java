package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs every benchmark's setup (which checks the outcome it will measure) and one invocation,
 * untimed, so that the suite keeps working in {@code mvn verify}.
 */
final class BenchmarkSmokeTest {

  @ParameterizedTest(name = "{0}")
  @EnumSource(Form.class)
  void allocateBenchmark_coldAndWarmGetTheLastDevice(Form form) {
    AllocateBenchmark benchmark = new AllocateBenchmark();
    benchmark.form = form;
    benchmark.setup();

    String last = WorstCaseSlices.deviceName(0, WorstCaseSlices.DEVICES_PER_SLICE - 1);
    SearchCounters counters = new SearchCounters();
    AllocationOutcome cold = benchmark.cold(counters);
    AllocationOutcome warm = benchmark.warm(counters);

    assertThat(Allocations.requireAllocated(cold)).containsExactly(List.of(last));
    assertThat(Allocations.requireAllocated(warm)).containsExactly(List.of(last));
    assertThat(counters.calls).isEqualTo(2);
    assertThat(counters.allocateOneInvocations).isPositive();
  }

  @ParameterizedTest(name = "counters={0}")
  @ValueSource(booleans = {true, false})
  void dgxFillBenchmark_fillsEveryGpuWithTheFillRound(boolean counters) {
    DgxFillBenchmark benchmark = new DgxFillBenchmark();
    benchmark.counters = counters;
    benchmark.setup();

    assertThat(benchmark.fill(new SearchCounters())).isEqualTo(DgxA100.GPUS * DgxA100.FILL_ROUND.size());
    assertThat(benchmark.fillCycles(new SearchCounters())).isEqualTo(DgxA100.GPUS * DgxA100.FILL_ROUND.size());
    assertThat(benchmark.fillNewAllocators(new SearchCounters())).isEqualTo(DgxA100.GPUS * DgxA100.FILL_ROUND.size());
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(DeadlineBenchmark.Slow.class)
  void deadlineBenchmark_endsAtTheDeadline(DeadlineBenchmark.Slow slow) throws Exception {
    DeadlineBenchmark benchmark = new DeadlineBenchmark();
    benchmark.slow = slow;
    benchmark.timeoutMillis = 100;
    benchmark.setup();

    assertThat(benchmark.allocateUntilTheDeadline()).startsWith("filter operation aborted: deadline ");
  }

  @Test
  void feasibilityBenchmark_findsEveryIdleNode() {
    FeasibilityBenchmark benchmark = new FeasibilityBenchmark();
    benchmark.nodes = 100;
    benchmark.setup();

    int busy = DgxA100.cluster(100, DgxA100.SEED).allocatedClaims().size();
    assertThat(busy).isBetween(1, 99);
    assertThat(benchmark.feasibleNodes(new SearchCounters())).isEqualTo(100 - busy);
  }

  @Test
  void feasibilityColdBenchmark_findsEveryIdleNode() {
    FeasibilityColdBenchmark benchmark = new FeasibilityColdBenchmark();
    benchmark.nodes = 100;
    benchmark.setup();
    benchmark.newSnapshot();

    int busy = DgxA100.cluster(100, DgxA100.SEED).allocatedClaims().size();
    assertThat(benchmark.feasibleNodes()).isEqualTo(100 - busy);
  }

  @ParameterizedTest(name = "clusterNodes={0}")
  @ValueSource(ints = {1, 100})
  void gatherPoolsBenchmark_gathersForEveryClusterNode(int clusterNodes) {
    GatherPoolsBenchmark benchmark = new GatherPoolsBenchmark();
    benchmark.clusterNodes = clusterNodes;
    benchmark.setup();
    benchmark.newSnapshot();

    assertThat(benchmark.gatherPools()).isEqualTo(clusterNodes);
  }

  @Test
  void backtrackingBenchmark_exhaustsTheDefaultStepBudget() {
    BacktrackingBenchmark benchmark = new BacktrackingBenchmark();
    benchmark.setup();

    assertThat(benchmark.exhaustBudget()).isEqualTo(BacktrackingBenchmark.PLAIN.stepBudget() + 1);
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(CelBenchmark.Selector.class)
  void celBenchmark_matchesEveryDeviceInBothForms(CelBenchmark.Selector selector) {
    for (Form form : Form.values()) {
      CelBenchmark benchmark = new CelBenchmark();
      benchmark.selector = selector;
      benchmark.form = form;
      benchmark.setup();

      assertThat(benchmark.matchPerDevice()).as(form.name()).isEqualTo(WorstCaseSlices.DEVICES_PER_SLICE);
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(CelBenchmark.Selector.class)
  void celCompileBenchmark_compilesWithoutError(CelBenchmark.Selector selector) {
    CelCompileBenchmark benchmark = new CelCompileBenchmark();
    benchmark.selector = selector;
    benchmark.setup();

    assertThat(benchmark.compile().compileError()).isNull();
    assertThat(benchmark.compile().expression()).isEqualTo(selector.expression);
  }

  @Test
  void footprint_countsTheDocumentedEntries_andMixinsAreSmaller() {
    Footprint.Result result = Footprint.measure(1);

    assertThat(result.slices().mixin()).isPositive();
    assertThat(result.slices().flattened()).isPositive();
    assertThat(result.resolved().mixin()).isGreaterThan(result.slices().mixin());
    assertThat(result.resolved().flattened()).isGreaterThan(result.slices().flattened());
    assertThat(result.snapshot().mixin()).isPositive();
    assertThat(result.snapshot().flattened()).isPositive();
    // The codec keeps equal values once per read, so a flattened node's repeated capacities and
    // counters cost what its mixins do: both far below the 378 KB the flattened node held before.
    assertThat(result.dgxNode().mixin()).isLessThan(150_000);
    assertThat(result.dgxNode().flattened()).isLessThan(150_000);
    // The entries docs/performance.md counts: 720 attributes and capacities, 2,048 consumed and
    // 256 counter-set counters with mixins; 2,048 + 4,096 + 256 flattened.
    assertThat(result.bound().mixinEntries()).isEqualTo(3_024);
    assertThat(result.bound().flattenedEntries()).isEqualTo(6_400);
    assertThat(result.bound().mixin()).isPositive().isLessThan(result.slices().mixin());
    assertThat(result.bound().flattened()).isPositive().isLessThan(result.slices().flattened());
    assertThat(result.bound().structurePerEntry()).isPositive();
  }

  @Test
  void simulationBenchmark_firstFitKeepsFillingTheFirstNode() {
    SimulationBenchmark benchmark = new SimulationBenchmark();
    benchmark.nodes = 100;
    benchmark.setup();

    // The setup placed the fill round's 3 pods on dgx-0; first fit keeps filling it.
    assertThat(benchmark.placeOne()).isEqualTo("dgx-0");
    assertThat(benchmark.buildCluster().features()).isNotNull();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(HostileInputBenchmark.Input.class)
  void hostileInputBenchmark_endsAsDescribed(HostileInputBenchmark.Input input) {
    HostileInputBenchmark benchmark = new HostileInputBenchmark();
    benchmark.input = input;
    benchmark.setup();

    assertThat(benchmark.readAndAllocate()).isNotNull();
  }
}
