package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.Explanation;
import io.github.dra4j.core.StructuredAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

final class Dra4jTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String NODE = """
      apiVersion: v1
      kind: Node
      metadata:
        name: node-1
        labels: {region: region-1}
      """;
  private static final String CLASS = """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata: {name: class-a}
      spec:
        selectors:
        - cel: {expression: 'device.driver == "driver-a"'}
      """;
  private static final String SLICE = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        devices:
        - name: device-1
        - name: device-2
      """;

  private static String claim(String name, int count, String className) {
    return """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: %s, namespace: default}
        spec:
          devices:
            requests:
            - name: req-0
              exactly: {deviceClassName: %s, allocationMode: ExactCount, count: %d}
        """.formatted(name, className, count);
  }

  private static final String IN_USE_DEVICE_1 = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: running, namespace: default}
      spec:
        devices:
          requests:
          - name: gpu
            exactly: {deviceClassName: class-that-is-gone}
      status:
        allocation:
          devices:
            results:
            - {request: gpu, driver: driver-a, pool: pool-1, device: device-1}
      """;

  private static String docs(String... documents) {
    return String.join("---\n", documents);
  }

  private static List<ResourceClaim> claims(String json) throws IOException {
    return CODEC.readAll(json, "stdout").stream().map(ResourceClaim.class::cast).toList();
  }

  private static void assertNoStackTrace(Cli.Result r) {
    assertThat(r.err()).as(r.toString()).doesNotContain("\tat ").doesNotContain("Exception:");
  }

  /* --- top level --- */

  @Test
  void version_printsTheProjectVersion() {
    Cli.Result r = Cli.run("--version");
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("dra4j 0.").doesNotContain("unknown").doesNotContain("${");
  }

  static Stream<Named<String[]>> helps() {
    return Stream.of(
        Named.of("dra4j --help", new String[] {"--help"}),
        Named.of("allocate --help", new String[] {"allocate", "--help"}),
        Named.of("flatten --help", new String[] {"flatten", "--help"}),
        Named.of("validate --help", new String[] {"validate", "-h"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("helps")
  void help_showsUsageAndExamples(String[] args) {
    Cli.Result r = Cli.run(args);
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).contains("Usage: dra4j").contains("Examples:").contains("dra4j ");
    assertThat(r.err()).isEmpty();
  }

  static Stream<Named<String[]>> usageErrors() {
    return Stream.of(
        Named.of("no command", new String[] {}),
        Named.of("allocate without --node", new String[] {"allocate", "-f", "x.yaml"}),
        Named.of("allocate without -f", new String[] {"allocate", "--node", "node-1"}),
        Named.of("unknown output format", new String[] {"flatten", "-f", "x.yaml", "-o", "xml"}),
        Named.of("unknown option", new String[] {"validate", "-f", "x.yaml", "--strict"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("usageErrors")
  void usageError_exits2WithOneLineAndWhereTheHelpIs(String[] args) {
    Cli.Result r = Cli.run(args);
    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    String command = args.length == 0 ? "dra4j" : "dra4j " + args[0];
    List<String> lines = r.err().lines().toList();
    assertThat(lines).as(r.toString()).hasSize(2);
    assertThat(lines.get(0)).startsWith(command + ": ");
    assertThat(lines.get(1)).isEqualTo("see '" + command + " --help'");
    assertThat(r.err()).doesNotContain("Usage:");
    assertNoStackTrace(r);
  }

  @Test
  void usageError_unknownOptionSuggestsTheClosest() {
    Cli.Result r = Cli.run("allocate", "--nod", "node-1", "-f", "x.yaml");
    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).startsWith("dra4j allocate: Unknown options: '--nod', 'node-1'").contains("did you mean --node");
  }

  static Stream<Named<String[]>> helpCommands() {
    return Stream.of(
        Named.of("help", new String[] {"help"}),
        Named.of("help allocate", new String[] {"help", "allocate"}),
        Named.of("help validate", new String[] {"help", "validate"}),
        Named.of("help schedule", new String[] {"help", "schedule"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("helpCommands")
  void helpCommand_printsTheSameHelpAsDashDashHelp(String[] args) {
    Cli.Result r = Cli.run(args);
    String[] same = args.length == 1 ? new String[] {"--help"} : new String[] {args[1], "--help"};
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).isEqualTo(Cli.run(same).out());
    assertThat(r.err()).isEmpty();
  }

  @Test
  void helpCommand_unknownCommandIsAUsageError() {
    Cli.Result r = Cli.run("help", "simulate-everything");
    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("simulate-everything");
  }

  @Test
  void allocateHelp_documentsTheSearchBudget() {
    Cli.Result r = Cli.run("allocate", "--help");
    assertThat(r.out()).contains("--max-steps=N").contains("Default: 1000000").contains("--timeout=DURATION")
        .contains("--quiet").contains("-R, --recursive");
  }

  @Test
  void exitStatus_isShiftedOnlyForTheLauncher() {
    assertThat(Dra4j.exitStatus(1, null)).isEqualTo(1);
    assertThat(Dra4j.exitStatus(1, "64")).isEqualTo(65);
    assertThat(Dra4j.exitStatus(3, " 64 ")).isEqualTo(67);
    assertThat(Dra4j.exitStatus(2, "x")).isEqualTo(2);
  }

  /* --- allocate --- */

  @Test
  void allocate_readsYamlFromStdin() throws IOException {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, claim("claim-0", 1, "class-a")),
        "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    List<ResourceClaim> out = claims(r.out());
    assertThat(out).singleElement().satisfies(c -> {
      assertThat(c.name()).isEqualTo("claim-0");
      assertThat(c.allocation().devices().results()).extracting(DeviceRequestAllocationResult::device)
          .containsExactly("device-1");
    });
    assertThat(r.out()).contains("kind: ResourceClaim").contains("allocation:");
  }

  @Test
  void allocate_jsonListInInputOrder(@TempDir Path dir) throws IOException {
    Path cluster = write(dir, "cluster.yaml", docs(NODE, CLASS, SLICE));
    Path claimsFile = write(dir, "claims.yaml", docs(claim("second", 1, "class-a"), claim("first", 1, "class-a")));

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", cluster.toString(), "-f", claimsFile.toString(),
        "-o", "json");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(Cli.isJsonList(r.out())).as(r.out()).isTrue();
    List<ResourceClaim> out = claims(r.out());
    assertThat(out).extracting(ResourceClaim::name).containsExactly("second", "first");
    assertThat(out).extracting(c -> c.allocation().devices().results().get(0).device())
        .containsExactly("device-1", "device-2");
  }

  @Test
  void allocate_claimsWithAllocationAreInUse() throws IOException {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, IN_USE_DEVICE_1, claim("claim-0", 1, "class-a")),
        "allocate", "--node", "node-1", "-f", "-", "-o", "json");

    assertThat(r.exit()).as(r.toString()).isZero();
    List<ResourceClaim> out = claims(r.out());
    assertThat(out).extracting(ResourceClaim::name).containsExactly("claim-0");
    assertThat(out.get(0).allocation().devices().results().get(0).device()).isEqualTo("device-2");
  }

  @Test
  void allocate_zeroClaimsIsAnEmptyList() throws IOException {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE), "allocate", "--node", "node-1", "-f", "-", "-o", "json");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(claims(r.out())).isEmpty();
    assertThat(Cli.isJsonList(r.out())).as(r.out()).isTrue();
  }

  @Test
  void allocate_unsatisfiableExits1WithAnExplanation() {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, claim("claim-0", 3, "class-a")),
        "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("node-1").contains("--explain");
    assertNoStackTrace(r);
  }

  @Test
  void allocate_explainGivesMoreDetail() {
    String input = docs(NODE, CLASS, SLICE, claim("claim-0", 3, "class-a"));
    Cli.Result brief = Cli.stdin(input, "allocate", "--node", "node-1", "-f", "-");
    Cli.Result explained = Cli.stdin(input, "allocate", "--node", "node-1", "-f", "-", "--explain");

    assertThat(explained.exit()).as(explained.toString()).isEqualTo(1);
    assertThat(explained.out()).isEmpty();
    assertThat(explained.err()).contains("feature gates: DRAAdminAccess=true");
    assertThat(explained.err().length()).isGreaterThan(brief.err().length());
  }

  /** The CLI prints what the library renders, so embedders print the same text. */
  @Test
  void allocate_explainPrintsTheLibrarysRendering() throws IOException {
    String input = docs(NODE, CLASS, SLICE, claim("claim-0", 3, "class-a"));
    List<ResourceSlice> slices = new ArrayList<>();
    List<DeviceClass> classes = new ArrayList<>();
    List<ResourceClaim> claims = new ArrayList<>();
    Node node = null;
    for (Object o : KubernetesCodec.create().readAll(input, "input")) {
      if (o instanceof ResourceSlice) {
        slices.add((ResourceSlice) o);
      } else if (o instanceof DeviceClass) {
        classes.add((DeviceClass) o);
      } else if (o instanceof ResourceClaim) {
        claims.add((ResourceClaim) o);
      } else if (o instanceof Node) {
        node = (Node) o;
      }
    }
    AllocationOutcome outcome = StructuredAllocator.builder()
        .selectorCompiler(CelCompiler.create()).build()
        .snapshot(slices, classes, List.of()).allocate(node, claims);
    Explanation e = ((AllocationOutcome.Unsatisfiable) outcome).explanation();

    Cli.Result explained = Cli.stdin(input, "allocate", "--node", "node-1", "-f", "-", "--explain");

    String gates = explained.err().substring(0, explained.err().indexOf('\n') + 1);
    assertThat(gates).startsWith("feature gates: ");
    assertThat(explained.err().substring(gates.length()))
        .isEqualTo(e.details() + System.lineSeparator() + e.summary() + System.lineSeparator());
  }

  @Test
  void allocate_errorNamesFileDocumentAndObject(@TempDir Path dir) throws IOException {
    Path file = write(dir, "cluster.yaml", docs(NODE, CLASS, SLICE, claim("claim-0", 1, "no-such-class")));

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", file.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains(file.toString() + ", document 4").contains("claim-0").contains("no-such-class");
    assertNoStackTrace(r);
  }

  @Test
  void allocate_celErrorIsExit2() {
    String input = docs(NODE, CLASS.replace("device.driver == \"driver-a\"", "device.driver =="), SLICE,
        claim("claim-0", 1, "class-a"));

    Cli.Result r = Cli.stdin(input, "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("<stdin>, document 2").contains("class-a")
        .contains("spec.selectors[0].cel.expression").contains("Syntax error");
    assertNoStackTrace(r);
  }

  @Test
  void allocate_debugPrintsTheStackTrace() {
    String input = docs(NODE, CLASS, SLICE, claim("claim-0", 1, "no-such-class"));
    Cli.Result r = Cli.stdin(input, "allocate", "--node", "node-1", "-f", "-", "--debug");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("\tat ");
  }

  static Stream<Named<String[]>> badGates() {
    return Stream.of(
        Named.of("unknown gate", new String[] {"DRAFancyDevices=true", "unknown feature gate \"DRAFancyDevices\""}),
        Named.of("not a boolean", new String[] {"DRAAdminAccess=maybe", "invalid value of DRAAdminAccess"}),
        Named.of("no value", new String[] {"DRAAdminAccess", "is not of the form Name=true|false"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badGates")
  void allocate_badFeatureGateIsExit2(String[] gateAndMessage) {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE), "allocate", "--node", "node-1",
        "--feature-gates", gateAndMessage[0], "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains(gateAndMessage[1]);
    assertNoStackTrace(r);
  }

  @Test
  void allocate_gatesChangeTheOutcome() {
    String input = docs(NODE, CLASS, SLICE, IN_USE_DEVICE_1, """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: monitor, namespace: default}
        spec:
          devices:
            requests:
            - name: req-0
              exactly: {deviceClassName: class-a, adminAccess: true}
        """);
    Cli.Result on = Cli.stdin(input, "allocate", "--node", "node-1", "-f", "-",
        "--feature-gates", "DRAAdminAccess=true");
    Cli.Result off = Cli.stdin(input, "allocate", "--node", "node-1", "-f", "-",
        "--feature-gates", "DRAAdminAccess=false");

    assertThat(on.exit()).as(on.toString()).isZero();
    assertThat(off.exit()).as(off.toString()).isEqualTo(2);
  }

  @Test
  void allocate_missingNodeIsExit2() {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE), "allocate", "--node", "node-7", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("no Node named \"node-7\"");
  }

  @Test
  void allocate_missingFileIsExit2() {
    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", "does-not-exist.yaml");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("does-not-exist.yaml: no such file");
    assertNoStackTrace(r);
  }

  @Test
  void allocate_decodeErrorNamesDocumentAndField(@TempDir Path dir) throws IOException {
    String badSlice = SLICE.replace("resourceSliceCount: 1", "resourceSliceCount: many");
    Path file = write(dir, "bad.yaml", docs(NODE, badSlice));

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", file.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains(file.toString()).contains("2").contains("slice-1").contains("resourceSliceCount");
    assertNoStackTrace(r);
  }

  @Test
  void allocate_readsKindListAndJson(@TempDir Path dir) throws IOException {
    String list = """
        apiVersion: v1
        kind: List
        items:
        - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
        - apiVersion: resource.k8s.io/v1
          kind: DeviceClass
          metadata: {name: class-a}
          spec: {selectors: [{cel: {expression: 'device.driver == "driver-a"'}}]}
        """;
    String json = """
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
         "metadata": {"name": "from-json", "namespace": "default"},
         "spec": {"devices": {"requests": [{"name": "req-0", "exactly": {"deviceClassName": "class-a"}}]}}}
        """;
    Cli.Result r = Cli.stdin(docs(list, SLICE), "allocate", "--node", "node-1", "-f", "-", "-f",
        write(dir, "claim.json", json).toString(), "-o", "json");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(claims(r.out())).extracting(ResourceClaim::name).containsExactly("from-json");
  }

  @Test
  void allocate_acceptsGoBooleanSpellings() {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, claim("claim-0", 1, "class-a")), "allocate",
        "--node", "node-1", "--feature-gates", "DRAAdminAccess=F,DRADeviceTaints=1", "--feature-gates",
        "DRAPrioritizedList=True", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
  }

  @Test
  void allocate_stdinTwiceIsExit2() {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE), "allocate", "--node", "node-1", "-f", "-", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("standard input can be read only once");
  }

  @Test
  void allocate_malformedYamlIsExit2() {
    Cli.Result r = Cli.stdin(docs(NODE, "kind: [unclosed\n"), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("<stdin>");
    assertNoStackTrace(r);
  }

  /* --- flatten --- */

  private static final String MIXIN_SLICE = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: mixed}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        mixins:
          device:
          - name: common
            attributes:
              model: {string: a100}
        devices:
        - name: gpu-0
          includes: [common]
      """;

  @Test
  void flatten_appliesMixinsAndPassesOtherObjectsThrough() throws IOException {
    Cli.Result r = Cli.stdin(docs(NODE, MIXIN_SLICE), "flatten", "-f", "-", "-o", "json");

    assertThat(r.exit()).as(r.toString()).isZero();
    List<Object> out = CODEC.readAll(r.out(), "stdout");
    assertThat(out).hasSize(2);
    assertThat(out.get(0)).isInstanceOf(Node.class);
    ResourceSlice slice = (ResourceSlice) out.get(1);
    assertThat(slice.spec().mixins()).isNull();
    assertThat(slice.spec().devices().get(0).includes()).isEmpty();
    assertThat(slice.spec().devices().get(0).attributes()).hasSize(1);
    assertThat(r.out()).doesNotContain("mixins").doesNotContain("includes");
  }

  @Test
  void flatten_writesYamlByDefault() {
    Cli.Result r = Cli.stdin(MIXIN_SLICE, "flatten", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).contains("kind: ResourceSlice").contains("a100").doesNotContain("includes");
  }

  @Test
  void flatten_undefinedMixinIsExit2() {
    Cli.Result r = Cli.stdin(MIXIN_SLICE.replace("includes: [common]", "includes: [missing]"),
        "flatten", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("<stdin>, document 1").contains("mixed").contains("missing");
    assertNoStackTrace(r);
  }

  /* --- validate --- */

  @Test
  void validate_validInputIsExit0() {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, claim("claim-0", 1, "class-a")), "validate", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).contains("4 objects valid");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void validate_printsOneLinePerError() {
    String invalid = SLICE.replace("- name: device-2", "- name: device-1").replace("driver: driver-a", "driver: Bad_Driver");
    Cli.Result r = Cli.stdin(docs(NODE, invalid), "validate", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    List<String> lines = r.err().lines().toList();
    assertThat(lines).hasSizeGreaterThanOrEqualTo(2)
        .allSatisfy(l -> assertThat(l).startsWith("<stdin>, document 2: ResourceSlice/slice-1: spec."));
    assertThat(r.err()).contains("spec.driver").contains("spec.devices[1]").contains("Duplicate value");
  }

  private static Path write(Path dir, String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }
}
