package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.scheduling.PodGroupResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/* GangBenchmark's shapes decide as they promise, and the warm loop (release, cycle) repeats its answer. */
final class GangBenchmarkSmokeTest {
  @ParameterizedTest
  @CsvSource({"fits, DEFAULT, true", "racks-too-small, JOINT, false"})
  void cycle_repeatsTheShapesAnswer(String shape, String search, boolean placed) {
    GangBenchmark benchmark = new GangBenchmark();
    benchmark.shape = shape;
    benchmark.search = search;
    benchmark.setup();
    benchmark.release();
    PodGroupResult r = benchmark.cycle();
    assertThat(r.scheduled()).isEqualTo(placed);
    assertThat(r.pods()).hasSize(64);
    if (!placed) {
      assertThat(r.joint()).contains("no placement exists: the nodes in rack=r-0 (placement 1 of 20) hold at most");
      assertThat(r.jointSteps()).isPositive();
    }
  }
}
