package io.github.dra4j.fabric8.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Runs the documented scheduling loop against the CRUD mock server. */
final class SchedulingLoopTest {
  private KubernetesMockServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() throws IOException {
    server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
        new KubernetesCrudDispatcher(), false);
    server.init();
    client = server.createClient();
    try (InputStream in = getClass().getResourceAsStream("/fabric8/cluster.yaml")) {
      for (String doc : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("(?m)^---\\s*$", -1)) {
        if (!doc.isBlank()) {
          client.resource(doc).create();
        }
      }
    }
    client.resource("apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: node-2-devices}\n"
        + "spec:\n  driver: gpu.example.com\n  nodeName: node-2\n"
        + "  pool: {name: node-2-gpus, generation: 1, resourceSliceCount: 1}\n"
        + "  devices:\n  - name: gpu-z\n    attributes: {model: {string: a100}}\n").create();
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  private void claim(String name, long count) {
    client.resource("apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: " + name
        + ", namespace: default}\nspec:\n  devices:\n    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu, "
        + "count: " + count + "}\n").create();
  }

  private void pod(String name, String scheduler, String claim) {
    Pod pod = new PodBuilder().withNewMetadata().withName(name).withNamespace("default").withUid("uid-" + name)
        .endMetadata().withNewSpec().withSchedulerName(scheduler).addNewContainer().withName("c").withImage("busybox")
        .endContainer().addNewResourceClaim().withName("gpu").withResourceClaimName(claim).endResourceClaim()
        .endSpec().build();
    client.resource(pod).create();
  }

  private String boundNode(String pod) {
    Binding b = client.bindings().inNamespace("default").withName(pod).get();
    return b == null ? null : b.getTarget().getName();
  }

  @Test
  void runOnce_bindsPodsToTheFirstFeasibleNode_andReportsTheRest() {
    claim("claim-0", 2);
    claim("claim-1", 1);
    claim("claim-2", 1);
    claim("claim-3", 1);
    pod("pod-0", "dra4j", "claim-0");
    pod("pod-1", "dra4j", "claim-1");
    pod("pod-2", "dra4j", "claim-2");
    pod("pod-3", "default-scheduler", "claim-3");
    StructuredAllocator allocator =
        StructuredAllocator.builder().features(Features.all()).selectorCompiler(CelCompiler.create()).build();

    try (SchedulingLoop loop = SchedulingLoop.start(client, allocator, "dra4j")) {
      Map<String, String> bound = loop.runOnce();

      // pod-0 takes both 20Gi partitions of node-1 (40Gi); pod-1 goes to node-2; nothing is left for pod-2.
      assertThat(bound).containsExactly(Map.entry("default/pod-0", "node-1"), Map.entry("default/pod-1", "node-2"));
      assertThat(boundNode("pod-0")).isEqualTo("node-1");
      assertThat(boundNode("pod-1")).isEqualTo("node-2");
      assertThat(boundNode("pod-2")).isNull();
      assertThat(boundNode("pod-3")).as("other scheduler's pod").isNull();
      assertThat(loop.failures()).containsOnlyKeys("default/pod-2");
      assertThat(loop.failures().get("default/pod-2"))
          .startsWith("0/2 nodes are available: 2 cannot allocate all claims (node node-1: claim default/claim-2");
      assertThat(claimDevices("claim-0")).isEqualTo("part-a,part-b");
      assertThat(claimDevices("claim-1")).isEqualTo("gpu-z");
      assertThat(client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class)
          .inNamespace("default").withName("claim-2").get().getStatus()).isNull();

      assertThat(loop.runOnce()).as("bound pods are not scheduled again, pod-2 still does not fit").isEmpty();
    }
  }

  @Test
  void runOnce_honoursRequiredNodeAffinity_andPriority() {
    claim("claim-low", 1);
    claim("claim-high", 1);
    pod("low", "dra4j", "claim-low");
    Pod high = new PodBuilder().withNewMetadata().withName("high").withNamespace("default").withUid("uid-high")
        .endMetadata().withNewSpec().withSchedulerName("dra4j").withPriority(100)
        .withNewAffinity().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm().addNewMatchField().withKey("metadata.name").withOperator("In").withValues("node-2")
        .endMatchField().endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().endAffinity()
        .addNewContainer().withName("c").withImage("busybox").endContainer()
        .addNewResourceClaim().withName("gpu").withResourceClaimName("claim-high").endResourceClaim()
        .endSpec().build();
    client.resource(high).create();
    StructuredAllocator allocator =
        StructuredAllocator.builder().features(Features.all()).selectorCompiler(CelCompiler.create()).build();

    try (SchedulingLoop loop = SchedulingLoop.start(client, allocator, "dra4j")) {
      // "high" goes first and takes node-2's only GPU although node-1 fits too; "low" gets node-1.
      assertThat(loop.runOnce()).containsExactly(Map.entry("default/high", "node-2"), Map.entry("default/low", "node-1"));
      assertThat(claimDevices("claim-high")).isEqualTo("gpu-z");
    }
  }

  private String claimDevices(String name) {
    var c = client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class)
        .inNamespace("default").withName(name).get();
    return String.join(",", c.getStatus().getAllocation().getDevices().getResults().stream()
        .map(r -> r.getDevice()).toList());
  }
}
