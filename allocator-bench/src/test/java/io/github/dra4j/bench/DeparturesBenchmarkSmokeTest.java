package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.PoolUsage;
import io.github.dra4j.simulation.SimulationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** DeparturesBenchmark on a small cluster: pods leave, and both ways of releasing free the same devices. */
final class DeparturesBenchmarkSmokeTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"first", "most-allocated"})
  void mixedSimulation_placesAndLetsPodsLeave(String policy) {
    DeparturesBenchmark benchmark = new DeparturesBenchmark();
    benchmark.policy = policy;
    benchmark.nodes = 2;
    benchmark.arrivals = 200;
    benchmark.setup();

    SimulationResult.Policy run = benchmark.mixedSimulation().policy(policy);

    assertThat(run.placed() + run.pending()).isEqualTo(200);
    assertThat(run.placed()).isPositive();
    assertThat(run.arrivalsPerSecond()).isPositive();
  }

  @Test
  void release_incrementalAndRebuildFreeTheSameDevices() {
    ClusterSnapshot[] released = new ClusterSnapshot[2];
    ClusterSnapshot full = null;
    String[] modes = {"incremental", "rebuild"};
    for (int m = 0; m < 2; m++) {
      DeparturesBenchmark.Full state = new DeparturesBenchmark.Full();
      state.release = modes[m];
      state.nodes = 2;
      state.setup();
      full = state.full();
      released[m] = state.releaseNext();
    }
    Node first = DgxA100.node("dgx-0");
    assertThat(released[0].usage(first)).isEqualTo(released[1].usage(first));
    assertThat(allocated(released[0], first)).as("one claim released").isEqualTo(allocated(full, first) - 1);
  }

  private static int allocated(ClusterSnapshot s, Node node) {
    return s.usage(node).stream().mapToInt(PoolUsage::allocatedDevices).sum();
  }
}
