package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.ContainerImage;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A node's {@code status.images} and a container's {@code image}, which ImageLocality reads. */
final class ImagesCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  private static final String NODE = String.join("\n",
      "apiVersion: v1",
      "kind: Node",
      "metadata: {name: n1}",
      "status:",
      "  images:",
      "  - names: [registry.k8s.io/pause:3.10, 'registry.k8s.io/pause@sha256:ee6521f2']",
      "    sizeBytes: 320368",
      "  - names: [nvcr.io/nvidia/pytorch:24.05-py3]",
      "    sizeBytes: 9876543210",
      "  - names: [busybox:latest]",
      "");

  @Test
  void nodeImages_readAndWrittenBack() throws Exception {
    Node node = codec.readAll(NODE, "node.yaml").stream().map(Node.class::cast).findFirst().orElseThrow();
    assertThat(node.images()).containsExactly(
        ContainerImage.of(320368, "registry.k8s.io/pause:3.10", "registry.k8s.io/pause@sha256:ee6521f2"),
        ContainerImage.of(9876543210L, "nvcr.io/nvidia/pytorch:24.05-py3"),
        ContainerImage.of(0, "busybox:latest"));
    assertThat(codec.readAll(codec.writeYaml(List.of(node)), "again.yaml")).containsExactly(node);
  }

  @Test
  void containerImage_readForContainersAndInitContainers() throws Exception {
    String yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
        + "  initContainers: [{name: init, image: 'busybox'}]\n"
        + "  containers: [{name: main, image: 'nvcr.io/nvidia/pytorch:24.05-py3', imagePullPolicy: IfNotPresent}]\n";
    Pod pod = (Pod) codec.readAll(yaml, "pod.yaml").get(0);
    assertThat(pod.spec().initContainers().get(0).image()).isEqualTo("busybox");
    assertThat(pod.spec().containers().get(0).image()).isEqualTo("nvcr.io/nvidia/pytorch:24.05-py3");
    assertThat(codec.writeYaml(List.of(pod))).contains("image: nvcr.io/nvidia/pytorch:24.05-py3");
  }

  @Test
  void negativeSize_refusedWithItsPath() {
    String yaml = NODE.replace("sizeBytes: 320368", "sizeBytes: -1");
    assertThatThrownBy(() -> codec.readAll(yaml, "node.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("status.images[0].sizeBytes");
          assertThat(e.getMessage()).contains("node.yaml", "Node/n1", "must be greater than or equal to 0");
        });
  }

  @Test
  void wrongTypes_refusedWithTheirPaths() {
    assertThatThrownBy(() -> codec.readAll(NODE.replace("sizeBytes: 320368", "sizeBytes: big"), "node.yaml"))
        .isInstanceOfSatisfying(DecodeException.class,
            e -> assertThat(e.path()).isEqualTo("status.images[0].sizeBytes"));
    assertThatThrownBy(() -> codec.readAll(NODE.replace("- names: [busybox:latest]", "- names: busybox"), "node.yaml"))
        .isInstanceOfSatisfying(DecodeException.class,
            e -> assertThat(e.path()).isEqualTo("status.images[2].names"));
    assertThatThrownBy(() -> codec.readAll(NODE.replace("    sizeBytes: 320368", "    size: 320368"), "node.yaml"))
        .isInstanceOfSatisfying(DecodeException.class,
            e -> assertThat(e.getMessage()).contains("status.images[0].size: unknown field"));
  }

  @Test
  void imagesList_isCopied() {
    List<String> names = new ArrayList<>(List.of("a"));
    ContainerImage image = new ContainerImage(names, 1);
    names.add("b");
    assertThat(image.names()).containsExactly("a");
  }
}
