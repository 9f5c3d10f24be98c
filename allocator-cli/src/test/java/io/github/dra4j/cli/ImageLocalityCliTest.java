package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j schedule} with kube-scheduler's scoring on two nodes alike but for the images they
 * hold: ImageLocality sends the pod to the node that already has its 1.5 GiB image, unless a
 * KubeSchedulerConfiguration disables the plugin.
 */
final class ImageLocalityCliTest {
  private static final String CLUSTER = String.join("\n",
      "apiVersion: v1", "kind: Node", "metadata: {name: cold}",
      "status:",
      "  allocatable: {cpu: '8', memory: 32Gi, pods: '110'}",
      "  images: [{names: ['registry.k8s.io/pause:3.10'], sizeBytes: 320368}]", "---",
      "apiVersion: v1", "kind: Node", "metadata: {name: warm}",
      "status:",
      "  allocatable: {cpu: '8', memory: 32Gi, pods: '110'}",
      "  images:",
      "  - names: ['nvcr.io/nvidia/pytorch@sha256:0a1b2c', 'nvcr.io/nvidia/pytorch:24.05-py3']",
      "    sizeBytes: 1610612736",
      "  - names: ['registry.k8s.io/pause:3.10']",
      "    sizeBytes: 320368", "---",
      "apiVersion: v1", "kind: Pod", "metadata: {name: train, namespace: ml}",
      "spec:",
      "  containers:",
      "  - name: main",
      "    image: nvcr.io/nvidia/pytorch:24.05-py3",
      "    resources: {requests: {cpu: '2', memory: 8Gi}}", "");

  private static Cli.Result schedule(Path dir, String... more) throws IOException {
    Path input = Files.writeString(dir.resolve("cluster.yaml"), CLUSTER);
    List<String> args = new ArrayList<>(List.of("schedule", "-o", "json", "-f", input.toString()));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(new String[0]));
  }

  private static JsonNode pod(Cli.Result r) throws IOException {
    for (JsonNode item : new ObjectMapper().readTree(r.out()).path("items")) {
      if (item.path("kind").asText().equals("Pod")) {
        return item;
      }
    }
    throw new AssertionError("no pod in " + r);
  }

  @Test
  void kubeScheduler_theNodeHoldingTheImageWins(@TempDir Path dir) throws IOException {
    Cli.Result r = schedule(dir, "--scorer", "kube-scheduler");
    assertThat(r.exit()).as("%s", r).isZero();
    JsonNode pod = pod(r);
    assertThat(pod.path("spec").path("nodeName").asText()).isEqualTo("warm");
    assertThat(pod.path("spec").path("containers").path(0).path("image").asText())
        .isEqualTo("nvcr.io/nvidia/pytorch:24.05-py3");
  }

  @Test
  void firstScorer_readsNoImages(@TempDir Path dir) throws IOException {
    Cli.Result r = schedule(dir);
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(pod(r).path("spec").path("nodeName").asText()).isEqualTo("cold");
  }

  @Test
  void configDisablingImageLocality_firstNodeWins(@TempDir Path dir) throws IOException {
    Path cfg = Files.writeString(dir.resolve("sched.yaml"), String.join("\n",
        "apiVersion: kubescheduler.config.k8s.io/v1", "kind: KubeSchedulerConfiguration",
        "profiles:", "- plugins: {score: {disabled: [{name: ImageLocality}]}}", ""));
    Cli.Result r = schedule(dir, "--config", cfg.toString());
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(pod(r).path("spec").path("nodeName").asText()).isEqualTo("cold");
    Path weighted = Files.writeString(dir.resolve("weighted.yaml"), String.join("\n",
        "apiVersion: kubescheduler.config.k8s.io/v1", "kind: KubeSchedulerConfiguration",
        "profiles:", "- plugins: {score: {enabled: [{name: ImageLocality, weight: 10}]}}", ""));
    Cli.Result w = schedule(dir, "--config", weighted.toString());
    assertThat(pod(w).path("spec").path("nodeName").asText()).isEqualTo("warm");
  }

  @Test
  void badImageSize_refusedWithFileObjectAndField(@TempDir Path dir) throws IOException {
    Path input = Files.writeString(dir.resolve("cluster.yaml"), CLUSTER.replace("sizeBytes: 1610612736", "sizeBytes: -5"));
    Cli.Result r = Cli.run("schedule", "-f", input.toString());
    assertThat(r.exit()).as("%s", r).isEqualTo(2);
    assertThat(r.err()).contains("cluster.yaml", "Node/warm", "status.images[0].sizeBytes: Invalid value: -5:"
        + " must be greater than or equal to 0");
  }
}
