package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.dra4j.testing.SimulationYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j simulate} on 4 nodes with 3 GPUs each and pairs of GPUs as the workload: each
 * node takes one pair and keeps one GPU that no pair can use, so 4 pairs are placed, 4 are
 * pending and 4 devices strand; the text, the JSON and the report must say so.
 */
final class SimulateCommandTest {
  private static final String SIMULATION = String.join("\n",
      "apiVersion: simulation.dra4j.io/v1",
      "kind: Simulation",
      "metadata: {name: pairs}",
      "spec:",
      "  policies: [first, most-allocated]",
      "  cluster:",
      "    files: [classes.yaml]",
      "    nodeGroups:",
      "    - name: box",
      "      count: 4",
      "      file: box.yaml",
      "  workload:",
      "    count: 8",
      "    seed: 5",
      "    podKinds:",
      SimulationYaml.gpuKind("pair", 2, "", ""),
      "");

  private static final String BOX = String.join("\n",
      "apiVersion: v1",
      "kind: Node",
      "metadata: {name: box}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: box-gpus}",
      "spec:",
      "  driver: gpu.example.com",
      "  nodeName: box",
      "  pool: {name: box, generation: 1, resourceSliceCount: 1}",
      "  devices: [{name: g0}, {name: g1}, {name: g2}]",
      "");

  private static final String CLASSES = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {}\n";

  private static Path write(Path dir, String simulation) throws IOException {
    Files.writeString(dir.resolve("classes.yaml"), CLASSES);
    Files.writeString(dir.resolve("box.yaml"), BOX);
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, simulation);
    return file;
  }

  @Test
  void text_showsThePoliciesSideBySide(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "simulate", "-f", write(dir, SIMULATION).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).contains("simulation pairs: 8 arrivals on 4 nodes, seed 5; the state after arrival 8 (the last sample)");
    assertThat(r.out()).containsPattern("\\nplaced +4 +4\\n").containsPattern("\\npending +4 +4\\n");
    assertThat(r.out()).containsPattern("\\[box\\] device placements allocated +8 of 12 \\(66.7%\\) +8 of 12 \\(66.7%\\)\\n");
    assertThat(r.out()).containsPattern("\\[box\\] stranded for every kind: nodes, devices +4 nodes, 4 devices +4 nodes, 4 devices\\n");
    assertThat(r.out()).containsPattern("\\[box\\] stranded for pair \\(smallest kind\\): nodes, devices +4 nodes, 4 devices");
    assertThat(r.out()).contains("definitions:\n  The table shows the last sample");
    assertThat(r.out()).contains("first: first pending pod pair-4: 0/4 nodes are available: 4 cannot allocate all claims");
  }

  @Test
  void json_andReport_carryTheSameNumbers(@TempDir Path dir) throws IOException {
    Path report = dir.resolve("report");
    Cli.Result r = Cli.stdin("", "simulate", "-o", "json", "--report", report.toString(),
        "-f", write(dir, SIMULATION).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode json = new ObjectMapper().readTree(r.out());
    assertThat(json.path("kind").asText()).isEqualTo("SimulationResult");
    JsonNode first = json.path("policies").get(0);
    assertThat(first.path("name").asText()).isEqualTo("first");
    assertThat(first.path("placed").asInt()).isEqualTo(4);
    assertThat(first.path("firstPending").path("index").asInt()).isEqualTo(4);
    JsonNode last = first.path("samples").get(first.path("samples").size() - 1).path("groups").path("box");
    assertThat(last.path("strandedDevices").asInt()).isEqualTo(4);
    assertThat(last.path("allocatedDevices").asInt()).isEqualTo(8);

    Document html = Jsoup.parse(report.resolve("index.html").toFile(), "UTF-8");
    // Summary and definitions first, then one section per node group.
    assertThat(html.select("body > section").eachAttr("id")).containsExactly("summary", "definitions", "group-box");
    Element row = html.select("#summary table tr:has(td:eq(0):containsOwn([box] stranded for every kind: nodes, devices))").first();
    assertThat(row).isNotNull();
    assertThat(row.select("td").eachText()).containsExactly("[box] stranded for every kind: nodes, devices",
        "4 nodes, 4 devices", "4 nodes, 4 devices");
    assertThat(html.select("#summary p").first().text()).contains("The table shows the last sample: the cluster after arrival 8.");
    assertThat(html.select("#definitions li")).hasSize(SimulateCommand.DEFINITIONS.size());
    // Charts only for series that change: placements and stranded devices do; there are no counters here.
    assertThat(html.select("#group-box img").eachAttr("alt")).containsExactly("box: device placements allocated",
        "box: stranded for pair: devices", "box: stranded for every kind: devices");
    assertThat(html.select("#group-box img").first().attr("src")).startsWith("data:image/png;base64,");
    byte[] png = Files.readAllBytes(report.resolve("chart-01.png"));
    assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    // Every series beside the page, for every policy and sample (4 samples at the default rate of 8 arrivals: 1 each).
    List<String> csv = Files.readAllLines(report.resolve("series.csv"));
    assertThat(csv.get(0)).isEqualTo("policy,step,group,series,unit,value");
    assertThat(csv).contains("first,8,box,stranded for every kind: devices,devices,4.0");
    JsonNode series = new ObjectMapper().readTree(report.resolve("series.json").toFile());
    assertThat(series.path("series").size()).isEqualTo(3);
    assertThat(series.path("series").get(0).path("policies").path("most-allocated").path("values").size())
        .isEqualTo(first.path("samples").size());
  }

  /* One pod of 1 GPU through the class's implicit extended resource name, per arrival. */
  private static final String EXTENDED = String.join("\n",
      SIMULATION.substring(0, SIMULATION.indexOf("  workload:")) + "  workload:",
      "    count: 2",
      "    podKinds:",
      "    - name: one",
      "      pod:",
      "        metadata: {name: one}",
      "        spec:",
      "          containers: [{name: c, resources: {limits: {deviceclass.resource.kubernetes.io/gpu: 1}}}]",
      "");

  @Test
  void featureGates_theSchedulersGateAppliesToEveryPolicy(@TempDir Path dir) throws IOException {
    Path file = write(dir, EXTENDED);
    Cli.Result on = Cli.stdin("", "simulate", "-f", file.toString());
    Cli.Result refused = Cli.stdin("", "simulate", "--feature-gates", "DRAExtendedResource=false", "-f", file.toString());
    Cli.Result off = Cli.stdin("", "simulate", "--feature-gates", "DRAExtendedResource=false", "--allow-unplaceable",
        "-f", file.toString());

    assertThat(on.exit()).as(on.toString()).isZero();
    assertThat(on.out()).containsPattern("\\nplaced +2 +2\\n");
    // Without the gate the kind fits no node before any arrival: an input error unless allowed.
    assertThat(refused.exit()).as(refused.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(refused.err()).contains("sim.yaml, document 1 (Simulation/pairs), spec.workload.podKinds[0]: pod kind one "
        + "fits no node even on the cluster before any arrival: 0/4 nodes are available: 4 Insufficient "
        + "deviceclass.resource.kubernetes.io/gpu.", "--allow-unplaceable");
    assertThat(off.err()).startsWith("warning: ").contains("sim.yaml, document 1 (Simulation/pairs), spec.workload.podKinds[0]");
    assertThat(off.exit()).as(off.toString()).isZero();
    assertThat(off.out()).containsPattern("\\nplaced +0 +0\\n")
        .contains("Insufficient deviceclass.resource.kubernetes.io/gpu");
  }

  @Test
  void invalidInput_namesTheFieldPath(@TempDir Path dir) throws IOException {
    Cli.Result typo = Cli.stdin("", "simulate", "-f",
        write(dir, SIMULATION.replace("    seed: 5", "    sede: 5")).toString());
    Cli.Result policy = Cli.stdin("", "simulate", "-f",
        write(dir, SIMULATION.replace("[first, most-allocated]", "[first, packed]")).toString());

    assertThat(typo.exit()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(typo.err()).contains("sim.yaml, document 1 (Simulation/pairs), spec.workload.sede: unknown field \"sede\", did you mean \"seed\"?");
    assertThat(policy.exit()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(policy.err()).contains("sim.yaml, document 1 (Simulation/pairs), spec.policies[1]: Unsupported value: "
        + "\"packed\": unknown scorer \"packed\"; known: first, most-allocated, least-allocated");
  }

  @Test
  void scaleUp_printsTheFewestNodesAndTheCurve(@TempDir Path dir) throws IOException {
    // One pair per node of 3 GPUs: 8 pairs need 8 nodes; the search starts at the document's 4.
    Cli.Result r = Cli.stdin("", "simulate", "--scale-up", "box", "-f", write(dir, SIMULATION).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("scale-up of node group box under policy first, 8 arrivals: 8 nodes leave nothing pending\n")
        .containsPattern("\\n +4 +4 +4\\n").containsPattern("\\n +8 +8 +0\\n");
    Cli.Result json = Cli.stdin("", "simulate", "--scale-up", "box", "-o", "json", "--max-nodes", "6",
        "-f", write(dir, SIMULATION).toString());
    JsonNode root = new ObjectMapper().readTree(json.out());
    assertThat(root.path("nodes").isNull()).as(json.toString()).isTrue();
    assertThat(root.path("curve").size()).isEqualTo(2);
    assertThat(Cli.stdin("", "simulate", "--scale-up", "nope", "-f", write(dir, SIMULATION).toString()).err())
        .contains("--scale-up: no node group named \"nope\"; known: [box]");
  }

  @Test
  void aTemplateNoOneDefines_isAnErrorBeforeAnythingRuns(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "simulate", "-f",
        write(dir, SIMULATION.replace("resourceClaimTemplateName: pair-gpus", "resourceClaimTemplateName: pair-gpu")).toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).contains("sim.yaml, document 1 (Simulation/pairs), "
        + "spec.workload.podKinds[0].pod.spec.resourceClaims[0].resourceClaimTemplateName: Not found: \"pair-gpu\": "
        + "no ResourceClaimTemplate of this name in namespace default among the kind's claimTemplates or the "
        + "cluster's objects; known: default/pair-gpus");
    assertThat(r.out()).isEmpty();
  }

  /** The documented example, shortened to 60 arrivals: 8 DGX nodes take them all under every policy. */
  @Test
  void theDocumentedExample_runsAndWritesItsReport(@TempDir Path dir) throws IOException {
    Path example = Path.of("..", "docs", "examples", "simulation");
    for (String name : new String[] {"deviceclasses.yaml", "dgx-a100-node.yaml"}) {
      Files.copy(example.resolve(name), dir.resolve(name));
    }
    String text = Files.readString(example.resolve("dgx-mig.yaml"));
    assertThat(text).contains("    count: 600\n");
    Path file = dir.resolve("dgx-mig.yaml");
    Files.writeString(file, text.replace("    count: 600\n", "    count: 60\n"));

    Cli.Result r = Cli.stdin("", "simulate", "-o", "json", "--report", dir.resolve("report").toString(),
        "-f", file.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode json = new ObjectMapper().readTree(r.out());
    assertThat(json.path("arrivals").size()).isEqualTo(60);
    for (JsonNode policy : json.path("policies")) {
      assertThat(policy.path("placed").asInt()).as(policy.path("name").asText()).isEqualTo(60);
      JsonNode group = policy.path("samples").get(policy.path("samples").size() - 1).path("groups").path("dgx-a100");
      assertThat(group.path("nodes").asInt()).isEqualTo(8);
      assertThat(group.path("devices").asInt()).isEqualTo(8 * 208);
    }
    assertThat(dir.resolve("report").resolve("index.html")).exists();

    // Memory in GiB: 8 nodes x 8 GPUs x 40192Mi = 2512 GiB; GPUs counted whole (counter sets), not as placements.
    Cli.Result table = Cli.stdin("", "simulate", "-f", file.toString());
    assertThat(table.exit()).as(table.toString()).isZero();
    assertThat(table.out()).containsPattern("\\[dgx-a100\\] memory used +[0-9.]+ GiB of 2512.0 GiB \\([0-9.]+%\\)")
        .containsPattern("\\[dgx-a100\\] GPUs in use \\(counter sets\\) +[0-9]+ of 64")
        .contains("stranded for inference-small (smallest kind)");
  }
}
