package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --feature-gates DRANodeAllocatableResources} reaches every scheduler {@code headroom},
 * {@code simulate} and {@code simulate --scale-up} build: a node of 8 cpus with 4 gpus that cost 2
 * cpus each of the node holds two pods of 1 cpu and 1 gpu with the gate on (3 cpus each), four
 * with it off (the gpus run out).
 */
final class NodeAllocatableGateCliTest {
  private static final String NODE = String.join("\n",
      "apiVersion: v1", "kind: Node", "metadata: {name: box}",
      "status: {allocatable: {cpu: '8', memory: 16Gi, pods: '110'}}", "---",
      "apiVersion: resource.k8s.io/v1", "kind: ResourceSlice", "metadata: {name: box-gpus}",
      "spec:",
      "  driver: gpu.example.com",
      "  nodeName: box",
      "  pool: {name: box, generation: 1, resourceSliceCount: 1}",
      "  devices:",
      "  - {name: g0, nodeAllocatableResources: {cpu: {overhead: {perPod: '2'}}}}",
      "  - {name: g1, nodeAllocatableResources: {cpu: {overhead: {perPod: '2'}}}}",
      "  - {name: g2, nodeAllocatableResources: {cpu: {overhead: {perPod: '2'}}}}",
      "  - {name: g3, nodeAllocatableResources: {cpu: {overhead: {perPod: '2'}}}}",
      "");

  private static final String CLASSES = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {}\n";

  private static final String SIMULATION = String.join("\n",
      "apiVersion: simulation.dra4j.io/v1",
      "kind: Simulation",
      "metadata: {name: cpus}",
      "spec:",
      "  policies: [first]",
      "  cluster:",
      "    files: [classes.yaml]",
      "    nodeGroups:",
      "    - {name: box, count: 1, file: box.yaml}",
      "  workload:",
      "    count: 4",
      "    podKinds:",
      "    - name: trainer",
      "      claimTemplates:",
      "      - metadata: {name: one-gpu}",
      "        spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}}",
      "      pod:",
      "        metadata: {name: trainer}",
      "        spec:",
      "          resourceClaims: [{name: gpu, resourceClaimTemplateName: one-gpu}]",
      "          containers: [{name: c, resources: {requests: {cpu: '1'}, claims: [{name: gpu}]}}]",
      "");

  private static final String OFF = "DRANodeAllocatableResources=false";

  private static Path write(Path dir) throws IOException {
    Files.writeString(dir.resolve("classes.yaml"), CLASSES);
    Files.writeString(dir.resolve("box.yaml"), NODE);
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, SIMULATION);
    return file;
  }

  @Test
  void simulate_countsTheGpusCpus_unlessTheGateIsOff(@TempDir Path dir) throws IOException {
    String sim = write(dir).toString();
    Cli.Result on = Cli.stdin("", "simulate", "-o", "json", "-f", sim);
    assertThat(on.exit()).as("%s", on).isZero();
    assertThat(on.out()).containsPattern("\"placed\" : 2,\\s+\"pending\" : 2");

    Cli.Result off = Cli.stdin("", "simulate", "-o", "json", "--feature-gates", OFF, "-f", sim);
    assertThat(off.exit()).as("%s", off).isZero();
    assertThat(off.out()).containsPattern("\"placed\" : 4,\\s+\"pending\" : 0");
  }

  @Test
  void scaleUp_countsTheGpusCpus_unlessTheGateIsOff(@TempDir Path dir) throws IOException {
    String sim = write(dir).toString();
    Cli.Result on = Cli.stdin("", "simulate", "--scale-up", "box", "-f", sim);
    assertThat(on.exit()).as("%s", on).isZero();
    assertThat(on.out()).startsWith("scale-up of node group box under policy first, 4 arrivals: 2 nodes leave nothing pending");

    Cli.Result off = Cli.stdin("", "simulate", "--scale-up", "box", "--feature-gates", OFF, "-f", sim);
    assertThat(off.exit()).as("%s", off).isZero();
    assertThat(off.out()).startsWith("scale-up of node group box under policy first, 4 arrivals: 1 node");
  }

  @Test
  void headroom_countsTheGpusCpus_unlessTheGateIsOff(@TempDir Path dir) throws IOException {
    String sim = write(dir).toString();
    Cli.Result on = Cli.run("headroom", "--simulation", sim, "--kind", "trainer");
    assertThat(on.exit()).as("%s", on).isZero();
    assertThat(on.out()).contains("trainer: 2 more fit");

    Cli.Result off = Cli.run("headroom", "--simulation", sim, "--kind", "trainer", "--feature-gates", OFF);
    assertThat(off.exit()).as("%s", off).isZero();
    assertThat(off.out()).contains("trainer: 4 more fit");
  }
}
