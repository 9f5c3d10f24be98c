package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j schedule} with pod-level resources ({@code spec.resources}): the pod-level request,
 * not the containers' sum, is what the pod asks of its node; {@code dra4j validate} refuses a
 * pod-level request below the containers' as the API server refuses it.
 */
final class PodLevelResourcesCliTest {
  private static final String NODES = String.join("\n",
      "apiVersion: v1", "kind: Node", "metadata: {name: node-a}",
      "status: {allocatable: {cpu: '4', memory: 16Gi, pods: '110'}}", "---",
      "apiVersion: v1", "kind: Node", "metadata: {name: node-b}",
      "status: {allocatable: {cpu: '8', memory: 16Gi, pods: '110'}}", "---", "");
  /* Asks 6 cpu at pod level, 2 in its containers. */
  private static final String WEB = String.join("\n",
      "apiVersion: v1", "kind: Pod", "metadata: {name: web, namespace: demo}",
      "spec:",
      "  resources: {requests: {cpu: '6'}, limits: {memory: 2Gi}}",
      "  containers:",
      "  - {name: app, resources: {requests: {cpu: '1'}}}",
      "  - {name: proxy, resources: {requests: {cpu: '1'}}}",
      "---", "");

  /* How the YAML writer prints a pod's spec.resources. */
  private static final String POD_LEVEL = "\n  resources:\n";

  @Test
  void podLevelRequestDecidesTheNode(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cluster.yaml");
    Files.writeString(file, NODES + WEB + String.join("\n",
        "apiVersion: v1", "kind: Pod", "metadata: {name: huge, namespace: demo}",
        "spec:",
        "  resources: {requests: {cpu: '9'}}",
        "  containers: [{name: app}]",
        ""));
    Cli.Result r = Cli.run("schedule", "-f", file.toString());
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(r.out()).contains("name: web").contains("nodeName: node-b");
    assertThat(r.err().lines().filter(l -> l.startsWith("pod "))).containsExactly(
        "pod demo/huge: 0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available:"
            + " 2 Preemption is not helpful for scheduling..");
  }

  @Test
  void podLevelRequestBelowTheContainers_isRefused(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cluster.yaml");
    Files.writeString(file, NODES + String.join("\n",
        "apiVersion: v1", "kind: Pod", "metadata: {name: web, namespace: demo}",
        "spec:",
        "  resources: {requests: {cpu: '1'}}",
        "  containers: [{name: app, resources: {requests: {cpu: '2'}}}]",
        ""));
    Cli.Result r = Cli.run("validate", "-f", file.toString());
    assertThat(r.exit()).as("%s", r).isNotZero();
    assertThat(r.err()).contains("cluster.yaml").contains("document 3: Pod/demo/web")
        .contains("spec.resources.requests[cpu]: Invalid value: \"1\": must be greater than or equal to aggregate"
            + " container requests of 2");
  }

  /*
   * With the PodLevelResources gate off the API server drops spec.resources when it creates the pod, before
   * validating it, and the scheduler counts the containers' sum: huge (1 container, no request) fits node-a,
   * web (2 x 1 cpu) too, and the pods placed carry no spec.resources.
   */
  @Test
  void gateOff_containersDecideAndTheFieldIsDropped(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cluster.yaml");
    Files.writeString(file, NODES + WEB + String.join("\n",
        "apiVersion: v1", "kind: Pod", "metadata: {name: huge, namespace: demo}",
        "spec:",
        "  resources: {requests: {cpu: '1'}}",
        "  containers: [{name: app, resources: {requests: {cpu: '2'}}}]",
        ""));
    Cli.Result r = Cli.run("schedule", "--feature-gates", "PodLevelResources=false", "-f", file.toString());
    assertThat(r.exit()).as("%s", r).isZero();
    // spec.resources sits at the spec's indentation, a container's resources deeper
    assertThat(r.out()).contains("name: web").contains("name: huge").doesNotContain("nodeName: node-b")
        .doesNotContain(POD_LEVEL).doesNotContain("cpu: \"6\"").doesNotContain("2Gi");
    Cli.Result on = Cli.run("schedule", "-f", file.toString());
    assertThat(on.out()).as("with the gate the field is printed").contains(POD_LEVEL).contains("cpu: \"6\"")
        .contains("2Gi").contains("nodeName: node-b");
    Cli.Result valid = Cli.run("validate", "--feature-gates", "PodLevelResources=false", "-f", file.toString());
    assertThat(valid.exit()).as("%s", valid).isZero();
    Cli.Result invalid = Cli.run("validate", "-f", file.toString());
    assertThat(invalid.err()).contains("document 4: Pod/demo/huge")
        .contains("must be greater than or equal to aggregate container requests of 2");
  }
}
