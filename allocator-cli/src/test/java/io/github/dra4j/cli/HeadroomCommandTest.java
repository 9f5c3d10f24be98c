package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j headroom} on the simulation example: 8 empty DGX A100 nodes (8 GPUs of 40 GB
 * each, MIG). An A100 takes 7 × 1g.5gb, 3 × 2g.10gb, 2 × 3g.20gb or 1 × 7g.40gb (NVIDIA's MIG
 * profile table), so the cluster takes 8 × 8 × those.
 */
final class HeadroomCommandTest {
  private static final String EXAMPLE = "../docs/examples/simulation/dgx-mig.yaml";

  @Test
  void theMigKindsOfTheExampleCountedByHand() throws IOException {
    Cli.Result r = Cli.run("headroom", "--simulation", EXAMPLE, "-o", "json");
    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode root = new ObjectMapper().readTree(r.out());
    JsonNode kinds = root.path("kinds");
    assertThat(kinds.get(0).path("name").asText()).isEqualTo("inference-small");
    assertThat(kinds.get(0).path("total").asInt()).isEqualTo(64 * 7);
    assertThat(kinds.get(1).path("total").asInt()).isEqualTo(64 * 3);
    assertThat(kinds.get(2).path("total").asInt()).isEqualTo(64 * 2);
    assertThat(kinds.get(3).path("total").asInt()).isEqualTo(64);
    assertThat(kinds.get(3).path("groups").path("dgx-a100").asInt()).isEqualTo(64);
    assertThat(kinds.get(0).path("nodes")).hasSize(8);
    assertThat(kinds.get(0).path("nodes").get(5).path("fit").asInt()).isEqualTo(56);
    // Every kind fits on every node; the largest (fewest fit) is the full GPU.
    assertThat(root.path("largestFitting").path("dgx-1-7").asText()).isEqualTo("training-large");
  }

  @Test
  void textSharesOneRowPerRunOfAlikeNodes() {
    Cli.Result r = Cli.run("headroom", "--simulation", EXAMPLE, "--kind", "training");
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).contains("training: 128 more fit", "[dgx-a100] 128",
        "dgx-1-0 .. dgx-1-7 (8 nodes)   16  devices in use");
  }

  @Test
  void podsOfTheInputAreTheShapes(@TempDir Path dir) throws IOException {
    Path cluster = dir.resolve("cluster.yaml");
    Files.writeString(cluster, String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: DeviceClass",
        "metadata: {name: gpu}",
        "spec: {}",
        "---",
        "apiVersion: v1",
        "kind: Node",
        "metadata: {name: n1, labels: {pool: a}}",
        "---",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceSlice",
        "metadata: {name: n1-gpus}",
        "spec:",
        "  driver: gpu.example.com",
        "  nodeName: n1",
        "  pool: {name: n1, generation: 1, resourceSliceCount: 1}",
        "  devices: [{name: g0}, {name: g1}, {name: g2}]",
        "---",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaimTemplate",
        "metadata: {name: one-gpu, namespace: default}",
        "spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}}",
        "---",
        "apiVersion: v1",
        "kind: Pod",
        "metadata: {name: worker, namespace: default}",
        "spec:",
        "  resourceClaims: [{name: gpu, resourceClaimTemplateName: one-gpu}]",
        "  containers: [{name: c, resources: {claims: [{name: gpu}]}}]",
        ""));
    Cli.Result r = Cli.run("headroom", "-f", cluster.toString(), "--group-label", "pool");
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).contains("worker: 3 more fit", "[a] 3", "n1      3  devices in use");
  }

  @Test
  void badUseIsExitTwo() {
    assertThat(Cli.run("headroom").exit()).isEqualTo(2);
    Cli.Result unknown = Cli.run("headroom", "--simulation", EXAMPLE, "--kind", "nope");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("--kind: no pod kind named \"nope\"; known: [inference-small");
  }
}
