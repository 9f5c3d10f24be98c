package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.testing.SimulationYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j simulate} with gangs in time on one node of 2 GPUs: each group is 2 pods of 1 GPU
 * and runs 1h. train-0 runs from 0 to 1h, train-1 (10m) and train-2 (20m) wait; at 1h train-1
 * takes the node, at 2h train-2: 0, 2, 1, 1, 0 groups waiting at 0, 30m, 1h, 1h30m and 2h.
 */
final class TimedGangCliTest {
  private static final String SIMULATION = SimulationYaml.document("gangs-in-time", "  policies: [first]",
      SimulationYaml.GPU_CLASS, SimulationYaml.wholeDevices("box", 1, "", SimulationYaml.names("g", 2)),
      String.join("\n", "    trace: arrivals.csv", "    sampleInterval: 30m", "    podKinds:",
          SimulationYaml.gangKind("train", 1, "{size: 2}", "      duration: 1h", false)));

  @Test
  void groupsWaitOverTime_countedAsGroups(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("arrivals.csv"), "0s,train,\n10m,train,\n20m,train,\n");
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, SIMULATION);
    Path report = dir.resolve("report");

    Cli.Result r = Cli.stdin("", "simulate", "--report", report.toString(), "-f", file.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).containsPattern("\\n  train placed/pending +6/0 \\(groups 3/0\\)\\n")
        .contains("first: first pending pod group default/train-1 is unschedulable");
    assertThat(Files.readAllLines(report.resolve("series.csv"))).contains(
        "first,3,1800.0,,groups waiting: train,groups,2.0",
        "first,3,3600.0,,groups waiting: train,groups,1.0",
        "first,3,7200.0,,groups waiting: train,groups,0.0");
  }
}
