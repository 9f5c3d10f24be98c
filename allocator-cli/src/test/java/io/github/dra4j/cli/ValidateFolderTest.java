package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} on a folder, as a cluster: every file is read even when one cannot be, and
 * objects are checked against each other; every error names file, document, object and field.
 */
final class ValidateFolderTest {
  private static final String CLASS = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\n";
  private static final String NODE = "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n";

  private static String slice(String name, String device) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + name + "}\n"
        + "spec: {driver: gpu.example.com, nodeName: node-1, pool: {name: node-1, generation: 1,"
        + " resourceSliceCount: 2}, devices: [{name: " + device + "}]}\n";
  }

  private static String claim(String deviceClass) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, namespace: default}\n"
        + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: " + deviceClass + "}}]}}\n";
  }

  @TempDir Path dir;

  @BeforeEach
  void cluster() throws IOException {
    Files.writeString(dir.resolve("a-classes.yaml"), CLASS + "---\n" + NODE);
    Files.writeString(dir.resolve("b-slices.yaml"), slice("s-0", "gpu-0") + "---\n" + slice("s-1", "gpu-1"));
    Files.writeString(dir.resolve("c-claims.yaml"), claim("gpu"));
  }

  @Test
  void consistentFolder_isValid() {
    Cli.Result r = Cli.run("validate", "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).isEqualTo("5 objects valid\n");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void aFileThatDoesNotDecode_isReported_andTheOthersAreStillChecked() throws IOException {
    Files.writeString(dir.resolve("b-broken.yaml"), "kind: ResourceSlice\nmetadata: {name: [\n");
    Files.writeString(dir.resolve("d-bad.yaml"), claim("tpu").replace("name: c,", "name: C,"));

    Cli.Result r = Cli.run("validate", "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.out()).isEmpty();
    String bad = dir.resolve("d-bad.yaml") + ", document 1: ResourceClaim/default/C: ";
    assertThat(r.err().lines().toList()).as(r.toString()).hasSize(3)
        .satisfies(lines -> assertThat(lines.get(0)).startsWith(dir.resolve("b-broken.yaml") + ", document 1:"))
        .contains(bad + "metadata.name: Invalid value: \"C\": a lowercase RFC 1123 subdomain must consist of lower"
            + " case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
            + " (e.g. 'example.com', regex used for validation is"
            + " '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            bad + "spec.devices.requests[0].exactly.deviceClassName: Not found: \"tpu\": no DeviceClass of this name"
                + " in the input");
  }

  @Test
  void aMissingFile_isReported_andTheOthersAreStillChecked() {
    Cli.Result r = Cli.run("validate", "-f", dir.resolve("nowhere.yaml").toString(), "-f", dir.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).isEqualTo(dir.resolve("nowhere.yaml") + ": no such file\n");
  }

  @Test
  void crossObjectErrors_nameFileDocumentObjectAndField() throws IOException {
    Files.writeString(dir.resolve("d-more.yaml"), CLASS + "---\n" + slice("s-2", "gpu-1"));

    Cli.Result r = Cli.run("validate", "-f", dir.toString());

    String more = dir.resolve("d-more.yaml").toString();
    String slices = dir.resolve("b-slices.yaml").toString();
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err().lines().toList()).containsExactly(
        slices + ", document 1: ResourceSlice/s-0: spec.pool.resourceSliceCount: Invalid value: 2: pool"
            + " gpu.example.com/node-1 has 3 ResourceSlices of generation 1 in the input: the scheduler treats"
            + " the pool as incomplete and allocates none of its devices",
        more + ", document 1: DeviceClass/gpu: metadata.name: Duplicate value: \"gpu\": the same kind, namespace"
            + " and name as DeviceClass/gpu (" + dir.resolve("a-classes.yaml") + ", document 1); the API server"
            + " refuses to create a second object of one name",
        more + ", document 2: ResourceSlice/s-2: spec.devices[0].name: Duplicate value: \"gpu-1\": also a device"
            + " of ResourceSlice/s-1 (" + slices + ", document 2) in pool gpu.example.com/node-1: the scheduler"
            + " refuses the pool");
  }

  @Test
  void stdin_isNamedInErrors() {
    Cli.Result r = Cli.stdin(NODE + "---\n" + claim("gpu"), "validate", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).isEqualTo("<stdin>, document 2: ResourceClaim/default/c: spec.devices.requests[0].exactly"
        + ".deviceClassName: Not found: \"gpu\": no DeviceClass of this name in the input\n");
  }
}
