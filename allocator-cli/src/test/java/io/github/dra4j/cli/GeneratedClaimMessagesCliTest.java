package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code schedule} and {@code simulate} say about claims made from templates, which are in
 * no file, and what {@code schedule} says about claims no pod uses, which it leaves alone.
 */
final class GeneratedClaimMessagesCliTest {
  private static final String CLUSTER = String.join("---\n",
      "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n",
      "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\nspec:\n  driver: gpu.example.com\n"
          + "  nodeName: node-1\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n  devices: [{name: gpu-0}]\n",
      "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {}\n");

  @Test
  void anErrorInAClaimMadeFromATemplate_namesTheTemplateAndItsFile(@TempDir Path dir) throws IOException {
    Path cluster = Files.writeString(dir.resolve("cluster.yaml"), CLUSTER);
    Path workload = Files.writeString(dir.resolve("workload.yaml"), String.join("---\n",
        "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: one-gpu}\n"
            + "spec: {spec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu,"
            + " selectors: [{cel: {expression: 'device.nosuchfield == 1'}}]}}]}}}\n",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n"
            + "  resourceClaims: [{name: gpus, resourceClaimTemplateName: one-gpu}]\n  containers: [{name: c}]\n"));

    Cli.Result r = Cli.run("schedule", "-f", cluster.toString(), "-f", workload.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).as(r.toString()).startsWith("dra4j schedule: ResourceClaim default/web-gpus-")
        .contains("(made for pod default/web, spec.resourceClaims gpus, from ResourceClaimTemplate default/one-gpu in "
            + workload + ", document 1)")
        .contains("undefined field 'nosuchfield'");
  }

  @Test
  void claimsWithoutPods_areLeftUnallocated_andSaidSo() {
    Cli.Result r = Cli.stdin(CLUSTER + "---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"
        + "metadata: {name: lonely}\nspec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu}}]}}\n",
        "schedule", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).contains("warning: 1 ResourceClaim that no pod uses left unallocated (default/lonely):"
        + " schedule allocates the claims of the pods it places, as kube-scheduler does; 'dra4j allocate --node"
        + " NODE' allocates claims without pods");
  }

  @Test
  void anErrorInAClaimMadeFromAPodKindsTemplate_namesTheTemplatesPathInTheSimulation(@TempDir Path dir)
      throws IOException {
    Path sim = Files.writeString(dir.resolve("sim.yaml"), String.join("\n",
        "apiVersion: simulation.dra4j.io/v1",
        "kind: Simulation",
        "metadata: {name: s}",
        "spec:",
        "  cluster:",
        "    objects: [{apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: gpu}, spec: {}}]",
        "    nodeGroups: [{name: g, count: 1, node: {metadata: {name: box}}, slices: [{metadata: {name: box-gpus},"
            + " spec: {driver: gpu.example.com, nodeName: box, pool: {name: box, generation: 1, resourceSliceCount: 1},"
            + " devices: [{name: g0}]}}]}]",
        "  workload:",
        "    count: 1",
        "    podKinds:",
        "    - name: other",
        "      pod: {metadata: {name: other}, spec: {containers: [{name: c}]}}",
        "    - name: one",
        "      claimTemplates:",
        "      - metadata: {name: fine}",
        "        spec: {spec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu}}]}}}",
        "      - metadata: {name: broken}",
        "        spec: {spec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu,"
            + " selectors: [{cel: {expression: 'device.nosuchfield == 1'}}]}}]}}}",
        "      pod:",
        "        metadata: {name: one}",
        "        spec:",
        "          resourceClaims: [{name: gpus, resourceClaimTemplateName: broken}]",
        "          containers: [{name: c}]",
        "    order: [one]",
        ""));

    Cli.Result r = Cli.run("simulate", "-f", sim.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).as(r.toString()).startsWith("dra4j simulate: " + sim + " (Simulation/s),"
        + " spec.workload.podKinds[1].claimTemplates[1] (ResourceClaimTemplate broken, claim one-")
        .contains("undefined field 'nosuchfield'");
  }
}
