package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.simulation.SimulationSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulation may come from someone else: the files it names stay in its directory unless
 * allowed, their text is never quoted in errors, its counts are bounded, and its objects may not
 * share kind, namespace and name.
 */
final class SimulationReaderSafetyTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String CLASS = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {}\n";

  private static String simulation(String cluster, String count) {
    return String.join("\n",
        "apiVersion: simulation.dra4j.io/v1",
        "kind: Simulation",
        "metadata: {name: s}",
        "spec:",
        "  cluster:",
        cluster.contains("nodeGroups") ? cluster : cluster + "\n    nodeGroups: [{name: g, count: 1, node: {metadata: {name: box}}}]",
        "  workload:",
        "    count: " + count,
        "    podKinds:",
        "    - name: one",
        "      pod:",
        "        metadata: {name: one}",
        "        spec: {containers: [{name: c}]}",
        "");
  }

  private static Path write(Path dir, String text) throws IOException {
    Files.createDirectories(dir);
    return Files.writeString(dir.resolve("sim.yaml"), text);
  }

  @Test
  void utf16AndUtf32FilesWithAByteOrderMark_areReadAsUtf8Is(@TempDir Path dir) throws IOException {
    String text = simulation("    objects: []", "3");
    SimulationSpec expected = SimulationReader.read(write(dir.resolve("utf-8"), text), CODEC);
    for (String charset : java.util.List.of("UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE")) {
      Path file = dir.resolve(charset + ".yaml");
      Files.write(file, ("\uFEFF" + text).getBytes(java.nio.charset.Charset.forName(charset)));
      assertThat(SimulationReader.read(file, CODEC)).as(charset).isEqualTo(expected);
    }
    Path invalid = dir.resolve("invalid.yaml");
    Files.write(invalid, new byte[] {'k', (byte) 0xC3, (byte) 0x28});
    assertThatThrownBy(() -> SimulationReader.read(invalid, CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("not valid UTF-8");
  }

  @Test
  void filesOutsideTheDirectory_areRefused_unlessAllowed(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("classes.yaml"), CLASS);
    Path sim = write(dir.resolve("sim"), simulation("    files: [../classes.yaml]", "1"));

    assertThatThrownBy(() -> SimulationReader.read(sim, CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining(sim + ", document 1 (Simulation/s), spec.cluster.files[0]: Forbidden: \"../classes.yaml\""
            + " is outside the simulation's directory");
    Path absolute = write(dir.resolve("abs"), simulation("    files: [" + dir.resolve("classes.yaml") + "]", "1"));
    assertThatThrownBy(() -> SimulationReader.read(absolute, CODEC)).hasMessageContaining("Forbidden");

    SimulationSpec spec = SimulationReader.read(sim, CODEC, SimulationReader.Options.defaults()
        .withFilesOutsideDirectory(true));
    assertThat(spec.cluster().classes()).hasSize(1);
  }

  @Test
  void aSymbolicLinkLeadingOut_isRefused(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("classes.yaml"), CLASS);
    Path sim = write(dir.resolve("sim"), simulation("    files: [link.yaml]", "1"));
    Files.createSymbolicLink(dir.resolve("sim").resolve("link.yaml"), dir.resolve("classes.yaml"));

    assertThatThrownBy(() -> SimulationReader.read(sim, CODEC)).hasMessageContaining("spec.cluster.files[0]: Forbidden");
  }

  @Test
  void aFileThatIsNotObjects_isNotQuoted(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    Path sim = write(dir, simulation("    files: [passwd]", "1"));

    assertThatThrownBy(() -> SimulationReader.read(sim, CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("passwd").hasMessageContaining("spec.cluster.files[0]")
        .hasMessageNotContaining("root:");
  }

  @Test
  void counts_areBounded(@TempDir Path dir) throws IOException {
    Path sim = write(dir, simulation("    objects: []", "1000000000"));
    assertThatThrownBy(() -> SimulationReader.read(sim, CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.workload.count: Invalid value: 1000000000: more than the 100000 arrivals");
    assertThat(SimulationReader.read(sim, CODEC, SimulationReader.Options.defaults().withMaxArrivals(1_000_000_000))
        .arrivals().count()).isEqualTo(1_000_000_000);

    Path nodes = write(dir, simulation("    nodeGroups: [{name: g, count: 2000000, node: {metadata: {name: n}}}]", "1"));
    assertThatThrownBy(() -> SimulationReader.read(nodes, CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.cluster.nodeGroups[0].count: Invalid value: 2000000");

    Path negative = write(dir, simulation("    objects: []", "-1"));
    assertThatThrownBy(() -> SimulationReader.read(negative, CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("(Simulation/s), spec.workload.count: Invalid value: -1");
  }

  @Test
  void twoObjectsOfOneName_areRefused_namingBoth(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("classes.yaml"), CLASS);
    Path sim = write(dir, simulation("    files: [classes.yaml]\n    objects: [{apiVersion: resource.k8s.io/v1,"
        + " kind: DeviceClass, metadata: {name: gpu}, spec: {}}]", "1"));

    assertThatThrownBy(() -> SimulationReader.read(sim, CODEC)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("spec.cluster.objects[0].metadata.name: Duplicate value: \"gpu\": the same kind,"
            + " namespace and name as DeviceClass/gpu (" + dir.resolve("classes.yaml") + ", document 1)");
  }
}
