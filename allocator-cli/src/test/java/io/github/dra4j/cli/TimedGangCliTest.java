package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
  private static final String SIMULATION = String.join("\n",
      "apiVersion: simulation.dra4j.io/v1",
      "kind: Simulation",
      "metadata: {name: gangs-in-time}",
      "spec:",
      "  policies: [first]",
      "  cluster:",
      "    objects:",
      "    - {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: gpu}, spec: {}}",
      "    nodeGroups:",
      "    - name: box",
      "      count: 1",
      "      node: {metadata: {name: box}}",
      "      slices:",
      "      - metadata: {name: box-gpus}",
      "        spec: {driver: gpu.example.com, nodeName: box, pool: {name: box, generation: 1, resourceSliceCount: 1},"
          + " devices: [{name: g0}, {name: g1}]}",
      "  workload:",
      "    trace: arrivals.csv",
      "    sampleInterval: 30m",
      "    podKinds:",
      "    - name: train",
      "      duration: 1h",
      "      gang: {size: 2}",
      "      claimTemplates:",
      "      - metadata: {name: one-gpu}",
      "        spec: {spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu}}]}}}",
      "      pod:",
      "        metadata: {name: train}",
      "        spec:",
      "          resourceClaims: [{name: gpus, resourceClaimTemplateName: one-gpu}]",
      "          containers: [{name: c, resources: {claims: [{name: gpus}]}}]",
      "");

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
