package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.dra4j.testing.SimulationYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j simulate} on one node of 3 whole GPUs of 80Gi (no shared counters): of 3 pods of 2
 * GPUs one is placed, so 160 GiB of 240 GiB are in use and the GPU left (80 GiB) is stranded.
 */
final class DeviceCapacityCliTest {
  private static final String SIMULATION = String.join("\n",
      "apiVersion: simulation.dra4j.io/v1",
      "kind: Simulation",
      "metadata: {name: memory}",
      "spec:",
      "  policies: [first]",
      "  sampleEvery: 1",
      "  cluster:",
      "    objects:",
      "    - {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: gpu}, spec: {}}",
      "    nodeGroups:",
      "    - name: box",
      "      count: 1",
      "      node: {metadata: {name: box}}",
      "      slices:",
      "      - metadata: {name: box-gpus}",
      "        spec:",
      "          driver: gpu.example.com",
      "          nodeName: box",
      "          pool: {name: box, generation: 1, resourceSliceCount: 1}",
      "          devices:",
      "          - {name: g0, capacity: {memory: {value: 80Gi}}}",
      "          - {name: g1, capacity: {memory: {value: 80Gi}}}",
      "          - {name: g2, capacity: {memory: {value: 80Gi}}}",
      "  workload:",
      "    count: 3",
      "    podKinds:",
      SimulationYaml.gpuKind("pair", 2, "", ""),
      "");

  private static Path write(Path dir) throws IOException {
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, SIMULATION);
    return file;
  }

  @Test
  void table_showsGpuMemoryInGib(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "simulate", "--allow-unplaceable", "-f", write(dir).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).containsPattern("\\n\\[box\\] memory used \\(device capacity\\) +160\\.0 GiB of 240\\.0 GiB "
        + "\\(66\\.7%\\)\\n");
    assertThat(r.out()).contains("device capacity: summed over the devices that consume no shared counter");
  }

  @Test
  void json_csv_andReport_carryTheMemoryInUse(@TempDir Path dir) throws IOException {
    Path report = dir.resolve("report");
    Cli.Result r = Cli.stdin("", "simulate", "-o", "json", "--report", report.toString(), "-f",
        write(dir).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode root = new ObjectMapper().readTree(r.out());
    assertThat(root.path("deviceCapacityUnits").path("memory").asText()).isEqualTo("bytes");
    JsonNode memory = root.path("policies").get(0).path("samples").get(2).path("groups").path("box")
        .path("deviceCapacities").path("memory");
    double gi = 1024.0 * 1024 * 1024;
    assertThat(memory.path("total").asDouble()).isEqualTo(240 * gi);
    assertThat(memory.path("used").asDouble()).isEqualTo(160 * gi);
    assertThat(memory.path("stranded").asDouble()).isEqualTo(80 * gi);

    assertThat(Files.readAllLines(report.resolve("series.csv"))).contains(
        "first,3,box,memory used (device capacity),GiB,160.0",
        "first,3,box,stranded for every kind: memory (device capacity),GiB,80.0");
    Document html = Jsoup.parse(report.resolve("index.html").toFile(), "UTF-8");
    assertThat(html.select("#summary td").eachText()).contains("[box] memory used (device capacity)",
        "160.0 GiB of 240.0 GiB (66.7%)");
  }
}
