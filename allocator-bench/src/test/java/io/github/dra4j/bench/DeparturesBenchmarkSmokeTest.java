package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.PoolUsage;
import io.github.dra4j.simulation.SimulationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** DeparturesBenchmark on a small cluster: pods leave, and both ways of releasing free the same devices, and a release allocated again is the full cluster. */
final class DeparturesBenchmarkSmokeTest {

  @ParameterizedTest(name = "{0}, {1}")
  @CsvSource({"first, shared", "first, fresh", "most-allocated, shared", "most-allocated, fresh"})
  void mixedSimulation_placesAndLetsPodsLeave(String policy, String start) {
    DeparturesBenchmark.Mixed mixed = new DeparturesBenchmark.Mixed();
    mixed.policy = policy;
    mixed.start = start;
    mixed.nodes = 2;
    mixed.arrivals = 200;
    mixed.setup();

    mixed.fresh();
    SimulationResult.Policy run = new DeparturesBenchmark().mixedSimulation(mixed).policy(policy);
    mixed.fresh();
    SimulationResult.Policy again = new DeparturesBenchmark().mixedSimulation(mixed).policy(policy);

    assertThat(run.placed() + run.pending()).isEqualTo(200);
    assertThat(run.placed()).isPositive();
    assertThat(run.arrivalsPerSecond()).isPositive();
    assertThat(again.kinds()).as("a second run places alike").isEqualTo(run.kinds());
    assertThat(again.samples()).isEqualTo(run.samples());
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
      released[m] = state.released(0);
    }
    Node first = DgxA100.node("dgx-0");
    assertThat(released[0].usage(first)).isEqualTo(released[1].usage(first));
    assertThat(allocated(released[0], first)).as("one claim released").isEqualTo(allocated(full, first) - 1);
    DeparturesBenchmark.Full again = new DeparturesBenchmark.Full();
    again.release = "incremental";
    again.nodes = 2;
    again.setup();
    assertThat(again.releaseNext().usage(first)).as("released and allocated again").isEqualTo(full.usage(first));
  }

  private static int allocated(ClusterSnapshot s, Node node) {
    return s.usage(node).stream().mapToInt(PoolUsage::allocatedDevices).sum();
  }
}
