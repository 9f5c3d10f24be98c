package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.KubernetesCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What allocate and validate read: every kind of a dump, directories, comma lists, typed lists. */
final class ReadingCliTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String NODE = "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n";
  private static final String CLASS = """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata: {name: class-a}
      spec: {selectors: [{cel: {expression: 'device.driver == "driver-a"'}}]}
      """;
  private static final String SLICE = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        devices: [{name: device-1}, {name: device-2}]
      """;
  private static final String CLAIM = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: claim-0, namespace: default}
      spec: {devices: {requests: [{name: req-0, exactly: {deviceClassName: class-a}}]}}
      """;
  private static final String POD = """
      apiVersion: v1
      kind: Pod
      metadata: {name: pod-0, namespace: default}
      spec:
        resourceClaims: [{name: gpu, resourceClaimTemplateName: one-device}]
        containers: [{name: c, image: busybox, resources: {claims: [{name: gpu}]}}]
      """;
  private static final String TEMPLATE = """
      apiVersion: resource.k8s.io/v1beta1
      kind: ResourceClaimTemplate
      metadata: {name: one-device, namespace: default}
      spec: {spec: {devices: {requests: [{name: req-0, deviceClassName: class-a}]}}}
      """;
  private static final String NAMESPACE = "apiVersion: v1\nkind: Namespace\nmetadata: {name: %s}\n";
  private static final String DEPLOYMENT = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: 2}\n";

  private static String docs(String... documents) {
    return String.join("---\n", documents);
  }

  private static List<String> allocatedClaims(Cli.Result r) throws IOException {
    return CODEC.readAll(r.out(), "stdout").stream().map(o -> ((ResourceClaim) o).name()).toList();
  }

  /* --- kinds --- */

  @Test
  void allocate_skipsKindsItDoesNotUse_withOneCountingLine() throws IOException {
    Cli.Result r = Cli.stdin(docs(NAMESPACE.formatted("b"), NODE, DEPLOYMENT, CLASS, NAMESPACE.formatted("a"),
        SLICE, CLAIM), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).isEqualTo("skipped 3 objects of kinds not used for allocation: Deployment (1), Namespace (2)\n");
    assertThat(allocatedClaims(r)).containsExactly("claim-0");
  }

  @Test
  void allocate_quietSilencesTheSkippedLine() {
    Cli.Result r = Cli.stdin(docs(NAMESPACE.formatted("a"), NODE, CLASS, SLICE, CLAIM),
        "allocate", "--node", "node-1", "--quiet", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).isEmpty();
  }

  @Test
  void allocate_skippedOnlyWhenNothingToAllocate_isStillExit0() {
    Cli.Result r = Cli.stdin(docs(NODE, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n"),
        "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).contains("skipped 1 object of kinds not used for allocation: ConfigMap (1)");
  }

  @Test
  void allocate_readsAndIgnoresPodsAndTemplates() throws IOException {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, POD, TEMPLATE, CLAIM), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(allocatedClaims(r)).containsExactly("claim-0");
  }

  @Test
  void allocate_twoTemplatesOfOneName_doNotStopIt_theyCannotChangeItsAnswer() throws IOException {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, TEMPLATE, TEMPLATE, CLAIM), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(allocatedClaims(r)).containsExactly("claim-0");
    assertThat(Cli.stdin(docs(NODE, CLASS, SLICE, TEMPLATE, TEMPLATE, CLAIM), "validate", "-f", "-").err())
        .as("validate still reports them").contains("Duplicate value");
  }

  @Test
  void allocate_invalidPodFieldIsExit2WithItsPath() {
    String pod = POD.replace("resources: {claims: [{name: gpu}]}", "resources: {limits: {cpu: much}, claims: [{name: gpu}]}");
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, pod), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("<stdin>, document 4").contains("Pod/pod-0")
        .contains("spec.containers[0].resources.limits.cpu");
  }

  static Stream<Arguments> wrongGroups() {
    return Stream.of(
        Arguments.of("resources.k8s.io/v1", "unknown API group \"resources.k8s.io\""),
        Arguments.of("resource.k8s.oi/v1", "unknown API group \"resource.k8s.oi\""),
        Arguments.of("apps.k8s.io/v1", "unknown API group \"apps.k8s.io\""),
        Arguments.of("resource.k8s.io/v2", "unsupported apiVersion \"resource.k8s.io/v2\" for DeviceClass"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wrongGroups")
  void allocate_wrongApiGroupOfAKnownKindIsExit2(String apiVersion, String message) {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS.replace("resource.k8s.io/v1", apiVersion), SLICE, CLAIM),
        "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("<stdin>, document 2").contains("DeviceClass/class-a").contains("apiVersion")
        .contains(message).doesNotContain("unsupported kind");
  }

  @Test
  void allocate_sameKindInAnotherGroupIsSkipped() {
    String crd = "apiVersion: gpu.example.com/v1\nkind: DeviceClass\nmetadata: {name: vendor}\n";
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, crd, CLAIM), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).contains("DeviceClass (1)");
  }

  @Test
  void validate_checksPodsAndTemplates_andSkipsOtherKinds() {
    String badPod = POD.replace("resourceClaimTemplateName: one-device", "resourceClaimName: x, resourceClaimTemplateName: z");
    String badTemplate = TEMPLATE.replace("name: req-0", "name: Req");
    Cli.Result r = Cli.stdin(docs(NAMESPACE.formatted("a"), badPod, badTemplate, CLASS), "validate", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err().lines().toList()).containsExactly(
        "skipped 1 object of kinds not used for allocation: Namespace (1)",
        "<stdin>, document 2: Pod/default/pod-0: spec.resourceClaims[0]: Invalid value: \"gpu\": at most one of"
            + " `resourceClaimName` or `resourceClaimTemplateName` may be specified",
        "<stdin>, document 2: Pod/default/pod-0: spec.resourceClaims[0].resourceClaimName: Not found: \"x\": no"
            + " ResourceClaim default/x in the input",
        "<stdin>, document 2: Pod/default/pod-0: spec.resourceClaims[0].resourceClaimTemplateName: Not found:"
            + " \"z\": no ResourceClaimTemplate default/z in the input",
        "<stdin>, document 3: ResourceClaimTemplate/default/one-device: spec.spec.devices.requests[0].name: Invalid"
            + " value: \"Req\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or"
            + " '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex"
            + " used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')");
  }

  @Test
  void validate_countsOnlyCheckedObjects() {
    Cli.Result r = Cli.stdin(docs(NAMESPACE.formatted("a"), POD, TEMPLATE, CLASS), "validate", "--quiet", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).isEqualTo("3 objects valid\n");
    assertThat(r.err()).isEmpty();
  }

  /* --- status allocation does not read --- */

  private static final String IN_USE_WITHOUT_UID = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: running, namespace: default}
      spec: {devices: {requests: [{name: req-0, exactly: {deviceClassName: class-a}}]}}
      status:
        allocation: {devices: {results: [{request: req-0, driver: driver-a, pool: pool-1, device: device-1}]}}
        devices:
        - {driver: driver-a, pool: pool-1, device: device-1, conditions: [{type: Ready, status: "True"}]}
        reservedFor: [{resource: pods, name: web-0}]
      """;

  @Test
  void allocate_isNotBlockedByStatusItDoesNotRead() throws IOException {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, IN_USE_WITHOUT_UID, CLAIM), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).contains("device: device-2").doesNotContain("device: device-1");
  }

  @Test
  void validate_stillReportsThatStatus() {
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, SLICE, IN_USE_WITHOUT_UID), "validate", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("<stdin>, document 4: ResourceClaim/default/running: status.reservedFor[0].uid:"
        + " Required value\n");
  }

  /* --- typed lists --- */

  @Test
  void allocate_typedListItemsTakeKindAndVersionFromTheList() throws IOException {
    String list = """
        apiVersion: resource.k8s.io/v1beta1
        kind: ResourceSliceList
        items:
        - metadata: {name: slice-1}
          spec:
            driver: driver-a
            pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
            nodeName: node-1
            devices: [{name: device-1, basic: {attributes: {a: {int: 1}}}}]
        """;
    String claims = """
        apiVersion: resource.k8s.io/v1beta1
        kind: ResourceClaimList
        items:
        - metadata: {name: claim-0, namespace: default}
          spec: {devices: {requests: [{name: req-0, deviceClassName: class-a, selectors: [{cel: {expression: 'device.attributes["driver-a"].a == 1'}}]}]}}
        """;
    Cli.Result r = Cli.stdin(docs(NODE, CLASS, list, claims), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(allocatedClaims(r)).containsExactly("claim-0");
  }

  /* --- files, directories, comma lists --- */

  @Test
  void allocate_directory_readsYamlYmlAndJsonInNameOrder(@TempDir Path dir) throws IOException {
    write(dir, "a-node.yaml", NODE);
    write(dir, "b-class.yml", CLASS);
    write(dir, "c-slice.json", CODEC.writeJson(CODEC.readAll(SLICE, "s").get(0)));
    write(dir, "d-claim.yaml", CLAIM);
    write(dir, "e-claim.yaml", CLAIM.replace("claim-0", "claim-1"));
    write(dir, "notes.txt", "not read");
    Files.createDirectory(dir.resolve("sub"));
    write(dir.resolve("sub"), "claim.yaml", CLAIM.replace("claim-0", "claim-sub"));

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(allocatedClaims(r)).containsExactly("claim-0", "claim-1");
  }

  @Test
  void allocate_directoryRecursive_readsSubdirectoriesWhereTheirNameSorts(@TempDir Path dir) throws IOException {
    write(dir, "a-node.yaml", NODE);
    write(dir, "b-class.yaml", CLASS);
    write(dir, "c-slice.yaml", SLICE);
    Files.createDirectory(dir.resolve("d-claims"));
    write(dir.resolve("d-claims"), "claim.yaml", CLAIM.replace("claim-0", "claim-sub"));
    write(dir, "e-claim.yaml", CLAIM);

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-R", "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(allocatedClaims(r)).containsExactly("claim-sub", "claim-0");
  }

  @Test
  void allocate_directoryWithoutInputIsExit2(@TempDir Path dir) throws IOException {
    write(dir, "notes.txt", "x");
    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains(dir.toString()).contains("no *.yaml, *.yml or *.json files");
  }

  @Test
  void allocate_commaSeparatedFiles(@TempDir Path dir) throws IOException {
    Path node = write(dir, "node.yaml", NODE);
    Path cls = write(dir, "class.yaml", CLASS);
    Path slice = write(dir, "slice.yaml", SLICE);
    Path claim = write(dir, "claim.yaml", CLAIM);

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", node + "," + cls + "," + slice, "-f", claim.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(allocatedClaims(r)).containsExactly("claim-0");
  }

  @Test
  void allocate_recursiveWalkThroughSymlinkLoops_endsAndReadsEachFileOnce(@TempDir Path dir) throws IOException {
    write(dir, "a-node.yaml", NODE);
    write(dir, "b-class.yaml", CLASS);
    write(dir, "c-slice.yaml", SLICE);
    write(dir, "d-claim.yaml", CLAIM);
    // two links back to the directory: without loop detection 2^depth paths, each file read many times
    Files.createSymbolicLink(dir.resolve("loop-1"), dir);
    Files.createSymbolicLink(dir.resolve("loop-2"), dir);
    Files.createSymbolicLink(dir.resolve("e-same-claim.yaml"), dir.resolve("d-claim.yaml"));

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-R", "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(allocatedClaims(r)).containsExactly("claim-0");
  }

  @Test
  void allocate_fileNamedByTwoArguments_isReadTwice_asKubectlReadsIt(@TempDir Path dir) throws IOException {
    Path node = write(dir, "node.yaml", NODE);
    Path cls = write(dir, "class.yaml", CLASS);
    Path slice = write(dir, "slice.yaml", SLICE);
    Path claim = write(dir, "claim.yaml", CLAIM);

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", node.toString(), "-f", cls.toString(),
        "-f", slice.toString(), "-f", slice.toString(), "-f", claim.toString());

    // read twice, the slice is two objects of one name: its pool is refused, the reader warns
    assertThat(r.exit()).as(r.toString()).isEqualTo(1);
    assertThat(r.out() + r.err()).contains("too many slices", "given more than once: slice-1");
    assertThat(r.err()).contains("warning: " + slice + ", document 1 (ResourceSlice/slice-1), metadata.name:"
        + " Duplicate value: \"slice-1\": the same kind, namespace and name as ResourceSlice/slice-1 (" + slice
        + ", document 1)");
  }

  @ParameterizedTest
  @CsvSource({"512, 512", "1Ki, 1024", "64Mi, 67108864", "8Gi, 8589934592", "1k, 1000"})
  void maxInputBytes_readsQuantities(String value, long bytes) {
    assertThat(new InputOptions.ByteSize().convert(value)).isEqualTo(bytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1Ki", "0.5", "many"})
  void maxInputBytes_refusesWhatIsNoPositiveWholeSize(String value) {
    assertThatThrownBy(() -> new InputOptions.ByteSize().convert(value))
        .isInstanceOf(picocli.CommandLine.TypeConversionException.class).hasMessageContaining(value);
  }

  @Test
  void allocate_emptyFileHoldsNoObjects_notAnInternalError(@TempDir Path dir) throws IOException {
    Path empty = write(dir, "empty.yaml", "");

    Cli.Result r = Cli.run("validate", "-f", empty.toString());

    assertThat(r.exit()).as(r.toString()).isNotEqualTo(3);
    assertThat(r.err()).doesNotContain("internal error");
  }

  @Test
  void allocate_inputLongerThanTheCapIsExit2NamingTheSource() {
    Cli.Result r = Cli.stdin((NODE + "---\n").repeat(100), "allocate", "--node", "node-1", "--max-input-bytes", "1Ki",
        "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("<stdin>: input larger than 1024 bytes").contains("--max-input-bytes");
  }

  @Test
  void allocate_specialFileWithoutEnd_isExit2NotOutOfMemory() {
    Path zero = Path.of("/dev/zero");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(zero), "no /dev/zero");

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "--max-input-bytes", "4Mi", "-f", zero.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("/dev/zero: input larger than 4194304 bytes");
  }

  @Test
  void allocate_utf16WithByteOrderMark_isRead(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("utf16.yaml");
    Files.write(file, ("\uFEFF" + NODE + "---\n" + CLASS + "---\n" + SLICE + "---\n" + CLAIM)
        .getBytes(StandardCharsets.UTF_16LE));

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", file.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(allocatedClaims(r)).containsExactly("claim-0");
  }

  @Test
  void allocate_errorInADirectoryNamesTheFile(@TempDir Path dir) throws IOException {
    write(dir, "a.yaml", NODE);
    Path bad = write(dir, "b.yaml", SLICE.replace("resourceSliceCount: 1", "resourceSliceCount: x"));

    Cli.Result r = Cli.run("allocate", "--node", "node-1", "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains(bad.toString()).contains("resourceSliceCount");
  }

  @CanIgnoreReturnValue
  private static Path write(Path dir, String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }
}
