package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code schedule} says about claims it makes from templates, which are in no file, and
 * about claims no pod uses, which it leaves alone.
 */
final class ScheduleMessagesCliTest {
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
}
