package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.dra4j.testing.SimulationYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j simulate} with a trace on one node of 3 GPUs, pods of 2 GPUs: pair-0 runs from 0 to
 * 1h; pair-1 (10m) and pair-2 (20m) wait; at 1h pair-1 takes the node until 2h, then pair-2 (its
 * kind's 30m). Sampled every 30m: 0, 2, 1, 1, 0 pods waiting at 0, 30m, 1h, 1h30m and 2h.
 */
final class TimedSimulateCommandTest {
  private static final String SIMULATION = SimulationYaml.document("queue", "  policies: [first, most-allocated]",
      SimulationYaml.GPU_CLASS, SimulationYaml.wholeDevices("box", 1, "", SimulationYaml.names("g", 3)),
      String.join("\n", "    trace: arrivals.csv", "    sampleInterval: 30m", "    podKinds:",
          SimulationYaml.gpuKind("pair", 2, "      duration: 30m", "")));

  private static Path write(Path dir) throws IOException {
    Files.writeString(dir.resolve("arrivals.csv"), "timestamp,kind,duration\n0s,pair,1h\n10m,pair,1h\n20m,pair,\n");
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, SIMULATION);
    return file;
  }

  @Test
  void text_saysWhenTheRunEnded(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "simulate", "-f", write(dir).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).contains("simulation queue: 3 arrivals on 1 nodes, seed 0; the state after arrival 3, at 2h0m0s"
        + " of simulated time (the last sample)");
    assertThat(r.out()).containsPattern("\\n  pair placed/pending +3/0 +3/0\\n");
    assertThat(r.out()).contains("first: first pending pod pair-1: 0/1 nodes are available");
    assertThat(r.out()).contains("definitions:\n  Arrivals in simulated time: a pod that fits no node waits");
  }

  @Test
  void json_andReport_carryThePodsWaitingOverTime(@TempDir Path dir) throws IOException {
    Path report = dir.resolve("report");
    Cli.Result r = Cli.stdin("", "simulate", "-o", "json", "--report", report.toString(), "-f", write(dir).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode samples = new ObjectMapper().readTree(r.out()).path("policies").get(0).path("samples");
    List<String> times = new ArrayList<>();
    List<Integer> waiting = new ArrayList<>();
    samples.forEach(s -> {
      times.add(s.path("time").asText());
      waiting.add(s.path("pendingByKind").path("pair").asInt());
    });
    assertThat(times).containsExactly("0s", "30m0s", "1h0m0s", "1h30m0s", "2h0m0s");
    assertThat(waiting).containsExactly(0, 2, 1, 1, 0);
    assertThat(samples.get(2).path("seconds").asDouble()).isEqualTo(3600.0);

    Document html = Jsoup.parse(report.resolve("index.html").toFile(), "UTF-8");
    assertThat(html.select("body > section").eachAttr("id")).containsExactly("summary", "definitions", "pending",
        "group-box");
    assertThat(html.select("#pending img").eachAttr("alt")).containsExactly("pods waiting: pair");
    assertThat(html.select("#summary p").first().text()).contains("after arrival 3, at 2h0m0s of simulated time.");
    List<String> csv = Files.readAllLines(report.resolve("series.csv"));
    assertThat(csv.get(0)).isEqualTo("policy,step,seconds,group,series,unit,value");
    assertThat(csv).contains("first,3,3600.0,,pods waiting: pair,pods,1.0",
        "most-allocated,3,1800.0,box,device placements allocated,devices,2.0");
    JsonNode pending = new ObjectMapper().readTree(report.resolve("series.json").toFile()).path("pending");
    assertThat(pending.get(0).path("policies").path("first").path("values").toString()).isEqualTo("[0,2,1,1,0]");
    assertThat(pending.get(0).path("policies").path("first").path("seconds").toString())
        .isEqualTo("[0.0,1800.0,3600.0,5400.0,7200.0]");
  }

  @Test
  void theDocsTraceExample_aLargeTrainingPodWaitsForAWholeGpu() throws IOException {
    // docs/simulation.md follows it: the 2h pod of 08:10 frees a GPU at 10:10 for the pod of 10:00.
    Cli.Result r = Cli.stdin("", "simulate", "-o", "json", "-f", "../docs/examples/simulation/dgx-mig-trace.yaml");

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode first = new ObjectMapper().readTree(r.out()).path("policies").get(0);
    assertThat(first.path("placed").asInt()).isEqualTo(13);
    assertThat(first.path("firstPending").path("pod").asText()).isEqualTo("training-large-12");
    List<String> waiting = new ArrayList<>();
    first.path("samples").forEach(s -> waiting.add(s.path("time").asText() + "=" + s.path("pendingByKind")
        .path("training-large").asInt() + "/" + s.path("groups").path("dgx-a100").path("counterSetsInUse").asInt()));
    assertThat(waiting).containsExactly("0s=0/2", "30m0s=0/6", "1h0m0s=0/7", "1h30m0s=0/8", "2h0m0s=1/8", "2h10m0s=0/8");
  }

  @Test
  void theDocsPoissonExample_runs() {
    Cli.Result r = Cli.stdin("", "simulate", "-f", "../docs/examples/simulation/dgx-mig-in-time.yaml");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).containsPattern("600 arrivals on 8 nodes, seed 2024; the state after arrival 600, at \\d+h\\d+m\\d+s of"
        + " simulated time");
  }
}
