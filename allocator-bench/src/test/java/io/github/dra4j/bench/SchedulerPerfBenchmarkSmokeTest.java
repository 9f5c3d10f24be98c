package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SchedulerPerfBenchmark on 4 nodes: the measured pods fill the cluster, and steady state places all 10. */
final class SchedulerPerfBenchmarkSmokeTest {

  @Test
  void schedulingWithResourceClaimTemplate_fillsTheCluster() {
    SchedulerPerfBenchmark benchmark = new SchedulerPerfBenchmark();
    benchmark.nodes = 4;
    benchmark.setup();
    benchmark.placeInitPods();

    assertThat(benchmark.schedulingWithResourceClaimTemplate()).isEqualTo(20);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"empty", "half", "full"})
  void steadyState_placesTenPodsAndFreesThem(String fill) {
    SchedulerPerfBenchmark benchmark = new SchedulerPerfBenchmark();
    SchedulerPerfBenchmark.Steady steady = new SchedulerPerfBenchmark.Steady();
    steady.fill = fill;
    steady.nodes = 4;
    steady.setup();

    assertThat(benchmark.steadyState(steady)).isEqualTo(10);
    assertThat(benchmark.steadyState(steady)).as("the devices were freed").isEqualTo(10);
  }
}
