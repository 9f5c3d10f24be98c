package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile input through the command line: duplicates refused in every command that reads a
 * cluster, files a simulation names kept in its directory, control characters escaped, long
 * values cut short, counts bounded, and the report target checked before the simulation runs.
 * Each ends in exit 2 with the file, document, object and field, never an internal error.
 */
final class HostileInputCliTest {
  private static final String NODE = "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n";
  private static final String SLICE = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: %s}\n"
      + "spec:\n  driver: gpu.example.com\n  nodeName: node-1\n  pool: {name: %s, generation: 1, resourceSliceCount: 1}\n"
      + "  devices: [{name: gpu-0}]\n";
  private static final String CLASS = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: %s}\n"
      + "spec: {selectors: [{cel: {expression: '%s'}}]}\n";
  private static final String CLAIM = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"
      + "metadata: {name: same, namespace: default}\n"
      + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: gpu}}]}}\n";

  private static String documents(String... documents) {
    return String.join("---\n", documents);
  }

  private static Cli.Result command(String command, String input) {
    return command.equals("allocate")
        ? Cli.stdin(input, command, "--node", "node-1", "-f", "-")
        : Cli.stdin(input, command, "-f", "-");
  }

  private static void assertBadInput(Cli.Result r) {
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.out()).as(r.toString()).isEmpty();
    assertThat(r.err()).as(r.toString()).doesNotContain("internal error").doesNotContain("\tat ");
  }

  /* --- duplicates --- */

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"allocate", "schedule", "flatten", "generate", "validate"})
  void twoDeviceClassesOfOneName_areRefused_namingBothDocuments(String command) {
    // the later class would win silently: swapping the documents would flip the answer
    String input = documents(NODE, String.format(SLICE, "s", "p"), String.format(CLASS, "gpu", "true"),
        String.format(CLASS, "gpu", "false"), CLAIM);
    Cli.Result r = command.equals("generate") ? Cli.stdin(input, "generate", "-n", "2", "-f", "-")
        : command(command, input);

    assertBadInput(r);
    assertThat(r.err()).contains("<stdin>, document 4").contains("DeviceClass/gpu").contains("metadata.name")
        .contains("Duplicate value: \"gpu\"").contains("as DeviceClass/gpu (<stdin>, document 3)");
  }

  @Test
  void twoClaimsOfOneNamespaceAndName_areRefused_notBothAllocated() {
    Cli.Result r = command("allocate", documents(NODE, String.format(SLICE, "s", "p"),
        String.format(CLASS, "gpu", "true"), CLAIM, CLAIM.replace(", namespace: default", "")));

    assertBadInput(r);
    assertThat(r.err()).contains("<stdin>, document 5 (ResourceClaim/same), metadata.name: Duplicate value:"
        + " \"same\": the same kind, namespace and name as ResourceClaim/default/same (<stdin>, document 4)");
  }

  @Test
  void oneDeviceInTwoSlicesOfAPool_isAWarningNamingBoth_andThePoolIsRefusedAsTheSchedulerDoes() {
    String second = String.format(SLICE, "s2", "p").replace("resourceSliceCount: 1", "resourceSliceCount: 2");
    Cli.Result r = command("allocate", documents(NODE, String.format(SLICE, "s1", "p")
            .replace("resourceSliceCount: 1", "resourceSliceCount: 2"), second,
        String.format(CLASS, "gpu", "true"), CLAIM));

    assertThat(r.err()).as(r.toString()).contains("warning: <stdin>, document 3 (ResourceSlice/s2),"
        + " spec.devices[0].name: Duplicate value: \"gpu-0\": also a device of ResourceSlice/s1 (<stdin>,"
        + " document 2) in pool gpu.example.com/p: the scheduler refuses the pool");
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).contains("invalid resource pools were encountered");
  }

  /* --- what is written to the terminal --- */

  @Test
  void controlCharactersInNames_areEscaped_inEveryLine() {
    // an OSC title change, a bell, clear screen, a carriage return and a C1 CSI, as YAML escapes
    String yamlName = "\"gpu\\e]0;owned\\a\\e[2J\\r\\x9b\"";
    String klass = String.format(CLASS, yamlName, "true");
    Cli.Result duplicate = command("allocate", documents(NODE, String.format(SLICE, "s", "p"), klass, klass));
    assertBadInput(duplicate);
    assertThat(duplicate.err()).contains("gpu\\x1b]0;owned\\x07\\x1b[2J\\x0d\\u009b");

    Cli.Result allocated = command("allocate", documents(NODE, String.format(SLICE, "s", "p"), klass,
        CLAIM.replace("deviceClassName: gpu", "deviceClassName: " + yamlName)));
    assertThat(allocated.exit()).as(allocated.toString()).isZero();
    for (Cli.Result r : List.of(duplicate, allocated)) {
      assertThat(r.out() + r.err()).as(r.toString()).doesNotContain("\u001b").doesNotContain("\u0007")
          .doesNotContain("\r").doesNotContain("\u009b");
    }
  }

  @Test
  void aNameOfOneMebibyte_isQuotedShort_withItsLength() {
    String name = "a".repeat(1024 * 1024);
    Cli.Result r = command("allocate", documents(NODE, String.format(SLICE, "s", "p"),
        String.format(CLASS, name, "true"), String.format(CLASS, name, "true")));

    assertBadInput(r);
    assertThat(r.err().length()).as(r.err().substring(0, Math.min(2000, r.err().length()))).isLessThan(2048);
    assertThat(r.err()).contains("a...\" (1048576 characters)");
  }

  /* --- counts --- */

  @Test
  void aDeploymentOfTwoBillionReplicas_isRefusedBeforeAnyPodIsMade() {
    Cli.Result r = command("schedule", documents(NODE, "apiVersion: apps/v1\nkind: Deployment\n"
        + "metadata: {name: web, namespace: shop}\nspec:\n  replicas: 2147483647\n  template:\n"
        + "    spec: {containers: [{name: c}]}\n"));

    assertBadInput(r);
    assertThat(r.err()).contains("<stdin>, document 2 (Deployment/shop/web), spec.replicas: Invalid value:"
        + " 2147483647: more than the 100000 pods");
  }

  /* --- simulations --- */

  private static final String SIMULATION = String.join("\n",
      "apiVersion: simulation.dra4j.io/v1",
      "kind: Simulation",
      "metadata: {name: s}",
      "spec:",
      "  cluster:",
      "    files: [%s]",
      "    nodeGroups: [{name: box, count: 1, file: box.yaml}]",
      "  workload:",
      "    count: %s",
      "    podKinds:",
      "    - name: one",
      "      claimTemplates:",
      "      - metadata: {name: one-gpu}",
      "        spec: {spec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu}}]}}}",
      "      pod:",
      "        metadata: {name: one}",
      "        spec:",
      "          resourceClaims: [{name: g, resourceClaimTemplateName: one-gpu}]",
      "          containers: [{name: c, resources: {claims: [{name: g}]}}]",
      "");

  private static Path simulation(Path dir, String files, String count) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("box.yaml"), NODE.replace("node-1", "box") + "---\n"
        + String.format(SLICE, "box-gpus", "box").replace("node-1", "box"));
    Files.writeString(dir.resolve("classes.yaml"), String.format(CLASS, "gpu", "true"));
    return Files.writeString(dir.resolve("sim.yaml"), String.format(SIMULATION, files, count));
  }

  @Test
  void aFileOutsideTheSimulationsDirectory_isRefused_unlessAllowed(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("secret.yaml"), "root:x:0:0:secret-line\n");
    Files.writeString(dir.resolve("classes.yaml"), String.format(CLASS, "gpu", "true"));
    Path sim = simulation(dir.resolve("sim"), "../classes.yaml", "2");

    Cli.Result r = Cli.run("simulate", "-f", sim.toString());
    assertBadInput(r);
    assertThat(r.err()).contains("spec.cluster.files[0]").contains("\"../classes.yaml\" is outside the simulation's"
        + " directory").contains("--load-restrictor LoadRestrictionsNone");

    assertThat(Cli.run("simulate", "--load-restrictor", "LoadRestrictionsNone", "-f", sim.toString()).exit())
        .isZero();
  }

  @Test
  void aFileThatIsNotKubernetesObjects_isNotQuoted(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("secret.yaml"), "root:x:0:0:secret-line\n");
    Path sim = simulation(dir, "secret.yaml", "2");

    Cli.Result r = Cli.run("simulate", "-f", sim.toString());
    assertBadInput(r);
    assertThat(r.err()).contains("secret.yaml").contains("spec.cluster.files[0]").doesNotContain("secret-line")
        .doesNotContain("root:x");
  }

  @Test
  void aDirectoryNamedAsAFile_isAnError(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("classes.d"));
    Cli.Result r = Cli.run("simulate", "-f", simulation(dir, "classes.d", "2").toString());

    assertBadInput(r);
    assertThat(r.err()).contains("spec.cluster.files[0]").contains("is a directory");
  }

  @Test
  void workloadCounts_areBounded(@TempDir Path dir) throws IOException {
    Cli.Result huge = Cli.run("simulate", "-f", simulation(dir, "classes.yaml", "1000000000").toString());
    assertBadInput(huge);
    assertThat(huge.err()).contains("sim.yaml").contains("spec.workload.count").contains("1000000000")
        .contains("--max-pods");

    Cli.Result negative = Cli.run("simulate", "-f", simulation(dir, "classes.yaml", "-1").toString());
    assertBadInput(negative);
    assertThat(negative.err()).contains("sim.yaml").contains("Simulation/s").contains("spec.workload.count");
  }

  @Test
  void theReportTarget_isCheckedBeforeTheSimulationRuns(@TempDir Path dir) throws IOException {
    Path sim = simulation(dir, "classes.yaml", "2");
    Path file = Files.writeString(dir.resolve("report-file"), "x");
    Path holder = dir.resolve("report");
    Files.createDirectories(holder.resolve("index.html"));

    for (Path target : List.of(file, holder, file.resolve("below"))) {
      Cli.Result r = Cli.run("simulate", "--report", target.toString(), "-f", sim.toString());
      assertBadInput(r);
      assertThat(r.err()).as(r.toString()).startsWith("dra4j simulate: --report " + target + ": ");
    }
  }
}
