package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j schedule} with DRANodeAllocatableResources: a pod that fits its node by its own cpu
 * request does not fit once the cpu its gpu costs of the node counts, and does with the gate off.
 */
final class NodeAllocatableCliTest {
  private static final String CLUSTER = String.join("\n",
      "apiVersion: v1", "kind: Node", "metadata: {name: node-1}",
      "status: {allocatable: {cpu: '8', memory: 16Gi, pods: '110'}}", "---",
      "apiVersion: resource.k8s.io/v1", "kind: ResourceSlice", "metadata: {name: node-1-gpus}",
      "spec:",
      "  driver: gpu.example.com",
      "  nodeName: node-1",
      "  pool: {name: node-1, generation: 1, resourceSliceCount: 1}",
      "  devices:",
      "  - name: gpu-0",
      "    nodeAllocatableResources: {cpu: {overhead: {perPod: '2'}}, memory: {overhead: {perContainer: 4Gi}}}",
      "---",
      "apiVersion: resource.k8s.io/v1", "kind: DeviceClass", "metadata: {name: gpu.example.com}", "spec: {}", "---",
      "apiVersion: resource.k8s.io/v1", "kind: ResourceClaimTemplate", "metadata: {name: gpu, namespace: demo}",
      "spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}}", "---",
      "apiVersion: v1", "kind: Pod", "metadata: {name: trainer, namespace: demo}",
      "spec:",
      "  resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu}]",
      "  containers: [{name: c, resources: {requests: {cpu: '7', memory: 1Gi}, claims: [{name: gpu}]}}]",
      "");

  @Test
  void podFitsByItsOwnRequests_notWithItsDevicesNodeCpu(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cluster.yaml");
    Files.writeString(file, CLUSTER);
    Cli.Result on = Cli.run("schedule", "--no-preemption", "-f", file.toString());
    assertThat(on.exit()).as("%s", on).isEqualTo(1);
    assertThat(on.err().lines().filter(l -> l.startsWith("pod "))).containsExactly(
        "pod demo/trainer: 0/1 nodes are available: 1 Insufficient cpu.");

    Cli.Result off = Cli.run("schedule", "--no-preemption", "--feature-gates", "DRANodeAllocatableResources=false",
        "-f", file.toString());
    assertThat(off.exit()).as("%s", off).isZero();
    assertThat(off.out()).contains("nodeName: node-1");
  }
}
