package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.testing.Examples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code generate} on the single-node examples: the stamped cluster has unique names and
 * consistent pools, validates, and allocates on every copy as the template does on its node.
 */
final class GenerateCommandTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final int COPIES = 4;

  @TempDir Path dir;

  static Stream<Named<String>> singleNodeExamples() {
    return Stream.of(Examples.A100_MIXINS, Examples.A100_MIG, Examples.DGX_A100_MIG, Examples.GPU_MEMORY_PARTITIONS)
        .map(n -> Named.of(n, n));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("singleNodeExamples")
  void stampedCluster_isUniqueConsistentAndValid_andAllocatesLikeTheTemplate(String example) throws Exception {
    Cli.Result r = Cli.stdin(Examples.text(example), "generate", "--nodes", Integer.toString(COPIES), "-f", "-");
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).isEmpty();
    Path cluster = Files.writeString(dir.resolve("cluster.yaml"), r.out());

    List<Object> objects = CODEC.readAll(r.out(), "stdout");
    Set<String> names = new HashSet<>();
    List<String> nodes = new ArrayList<>();
    for (Object o : objects) {
      String ref = Input.ref(o).toString();
      assertThat(names.add(ref)).as("unique: %s", ref).isTrue();
      if (o instanceof Node) {
        nodes.add(((Node) o).name());
      }
    }
    String template = Examples.expected(example).node();
    assertThat(nodes).containsExactly(template + "-0", template + "-1", template + "-2", template + "-3");
    long slices = Examples.load(example).stream().filter(ResourceSlice.class::isInstance).count();
    assertThat(objects.stream().filter(ResourceSlice.class::isInstance)).hasSize((int) (COPIES * slices));

    Cli.Result valid = Cli.run("validate", "-f", cluster.toString());
    assertThat(valid.exit()).as(valid.toString()).isZero();

    Map<String, List<String>> expected = allocation(Cli.stdin(Examples.text(example), "allocate", "--node", template,
        "-f", "-"), "");
    for (int i = 0; i < COPIES; i++) {
      Cli.Result a = Cli.run("allocate", "--node", template + "-" + i, "-f", cluster.toString());
      assertThat(a.exit()).as(a.toString()).isZero();
      assertThat(allocation(a, "-" + i)).as("copy %d", i).isEqualTo(expected);
    }
  }

  /* Every claim's devices as pool/device, the copy's pool suffix taken off. */
  private static Map<String, List<String>> allocation(Cli.Result r, String poolSuffix) throws Exception {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Object o : CODEC.readAll(r.out(), "stdout")) {
      ResourceClaim c = (ResourceClaim) o;
      List<String> devices = new ArrayList<>();
      for (DeviceRequestAllocationResult d : c.allocation().devices().results()) {
        assertThat(d.pool()).endsWith(poolSuffix);
        devices.add(d.pool().substring(0, d.pool().length() - poolSuffix.length()) + "/" + d.device());
      }
      out.put(c.name(), devices);
    }
    return out;
  }

  @Test
  void json_isOneListObject_withTheSharedObjectsOnceAndEveryCopy() throws Exception {
    Cli.Result r = Cli.stdin(Examples.text(Examples.A100_MIXINS), "generate", "-n", "3", "-o", "json", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(Cli.isJsonList(r.out())).as(r.out()).isTrue();
    List<Object> objects = CODEC.readAll(r.out(), "stdout");
    // a DeviceClass and two claims once, then a Node and two slices per copy
    assertThat(objects).hasSize(3 + 3 * 3);
    assertThat(objects.stream().filter(ResourceClaim.class::isInstance)).hasSize(2);
  }

  @Test
  void severalNodes_needNode() throws IOException {
    Cli.Result r = Cli.stdin(Examples.text(Examples.TPU_4X4_MULTIHOST), "generate", "-n", "2", "-f", "-");

    assertThat(r.exit()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).isEqualTo("dra4j generate: the input has 4 Nodes; --node names the one to copy"
        + " (node-1, node-2, node-5, node-6)\n");
  }

  @Test
  void unknownNode_noNode_andTooFewCopies_areErrors() throws IOException {
    String slice = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\n"
        + "spec: {driver: d.example.com, nodeName: node-1, pool: {name: p, generation: 1, resourceSliceCount: 1}}\n";

    assertThat(Cli.stdin(slice, "generate", "-n", "2", "-f", "-").err())
        .isEqualTo("dra4j generate: the input has no Node: generate copies one Node and the ResourceSlices on it\n");
    assertThat(Cli.stdin(Examples.text(Examples.A100_MIXINS), "generate", "-n", "2", "--node", "node-9", "-f", "-")
        .err()).isEqualTo("dra4j generate: --node node-9: no Node of this name in the input (node-1)\n");
    Cli.Result zero = Cli.stdin(Examples.text(Examples.A100_MIXINS), "generate", "-n", "0", "-f", "-");
    assertThat(zero.exit()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(zero.err()).isEqualTo("dra4j generate: --nodes must be at least 1, got 0\n");
  }

  @Test
  void aNodeWithoutSlices_isCopied_withAWarning() {
    Cli.Result r = Cli.stdin("apiVersion: v1\nkind: Node\nmetadata: {name: bare}\n", "generate", "-n", "2", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).startsWith("warning: no ResourceSlice of the input is on node bare");
    assertThat(r.out()).contains("name: bare-0").contains("name: bare-1");
  }
}
