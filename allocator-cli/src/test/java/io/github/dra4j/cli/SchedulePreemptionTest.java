package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/*
 * dra4j schedule end to end with preemption: a low-priority pod holding every GPU of the example
 * driver's node is evicted for a high-priority one, its claim released, the victim named on stderr.
 */
final class SchedulePreemptionTest {
  private static final List<String> EXAMPLE_DRIVER = List.of(
      "-f", ScheduleCommandTest.file("dra-example-driver/deviceclasses.yaml"),
      "-f", ScheduleCommandTest.file("dra-example-driver/node.yaml"),
      "-f", ScheduleCommandTest.file("dra-example-driver/resourceslice-gpu.yaml"));

  private static String cluster(String urgentClass) {
    StringBuilder results = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      results.append(i == 0 ? "" : ", ").append("{request: gpus, driver: gpu.example.com, pool: kind-worker, device: gpu-")
          .append(i).append('}');
    }
    return String.join("\n",
        "apiVersion: scheduling.k8s.io/v1", "kind: PriorityClass", "metadata: {name: batch}", "value: 0", "---",
        "apiVersion: scheduling.k8s.io/v1", "kind: PriorityClass", "metadata: {name: serving}", "value: 1000", "---",
        "apiVersion: policy/v1", "kind: PodDisruptionBudget", "metadata: {name: filler, namespace: demo}",
        "spec: {maxUnavailable: 0, selector: {matchLabels: {app: filler}}}", "status: {disruptionsAllowed: 0}", "---",
        "apiVersion: resource.k8s.io/v1", "kind: ResourceClaim", "metadata: {name: filler-gpus, namespace: demo}",
        "spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu.example.com, count: 8}}]}}",
        "status: {allocation: {devices: {results: [" + results + "]}},"
            + " reservedFor: [{resource: pods, name: filler, uid: uid-filler}]}", "---",
        "apiVersion: v1", "kind: Pod", "metadata: {name: filler, namespace: demo, uid: uid-filler, labels: {app: filler}}",
        "spec: {nodeName: kind-worker, priorityClassName: batch,"
            + " resourceClaims: [{name: gpus, resourceClaimName: filler-gpus}], containers: [{name: c}]}", "---",
        "apiVersion: resource.k8s.io/v1", "kind: ResourceClaimTemplate", "metadata: {name: one-gpu, namespace: demo}",
        "spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}}", "---",
        "apiVersion: v1", "kind: Pod", "metadata: {name: urgent, namespace: demo}",
        "spec: {priorityClassName: " + urgentClass + ","
            + " resourceClaims: [{name: gpu, resourceClaimTemplateName: one-gpu}], containers: [{name: c}]}", "");
  }

  private static Cli.Result schedule(Path dir, String urgentClass, String... args) throws Exception {
    Path input = dir.resolve("cluster.yaml");
    Files.writeString(input, cluster(urgentClass), StandardCharsets.UTF_8);
    List<String> all = new ArrayList<>(List.of("schedule", "-o", "json"));
    all.addAll(List.of(args));
    all.addAll(List.of("-f", input.toString()));
    all.addAll(EXAMPLE_DRIVER);
    return Cli.run(all.toArray(new String[0]));
  }

  @Test
  void highPriorityPod_preemptsTheLowPriorityPodHoldingEveryGpu(@TempDir Path dir) throws Exception {
    Cli.Result r = schedule(dir, "serving");
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(ScheduleCommandTest.items(r, "Pod")).extracting(p -> p.path("metadata").path("name").asText() + " "
        + p.path("spec").path("nodeName").asText()).containsExactly("urgent kind-worker");
    assertThat(ScheduleCommandTest.items(r, "ResourceClaim")).singleElement().satisfies(c -> assertThat(
        c.path("status").path("allocation").path("devices").path("results").get(0).path("device").asText())
        .isEqualTo("gpu-0"));
    assertThat(r.err().lines().filter(l -> l.startsWith("pod "))).containsExactly(
        "pod demo/urgent: preempted 1 pod on node kind-worker: demo/filler; released claims: demo/filler-gpus;"
            + " 1 against a PodDisruptionBudget");
  }

  @Test
  void noPreemption_leavesThePodPending_withoutThePreemptionPart(@TempDir Path dir) throws Exception {
    Cli.Result r = schedule(dir, "serving", "--no-preemption");
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(r.err().lines().filter(l -> l.startsWith("pod "))).singleElement().satisfies(l -> assertThat(l)
        .startsWith("pod demo/urgent: 0/1 nodes are available: 1 cannot allocate all claims (node kind-worker:")
        .doesNotContain("preemption:"));
  }

  @Test
  void samePriority_findsNoVictim_andSaysSoAsKubeScheduler(@TempDir Path dir) throws Exception {
    Cli.Result r = schedule(dir, "batch");
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(r.err().lines().filter(l -> l.startsWith("pod "))).singleElement().satisfies(l -> assertThat(l)
        .startsWith("pod demo/urgent: 0/1 nodes are available: 1 cannot allocate all claims (node kind-worker:")
        .endsWith(". preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.."));
  }

  @Test
  void unknownPriorityClass_isRefusedAsAdmissionRefusesIt(@TempDir Path dir) throws Exception {
    Cli.Result r = schedule(dir, "nope");
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(r.err().lines().filter(l -> l.startsWith("pod "))).containsExactly(
        "pod demo/urgent: pods \"urgent\" is forbidden: no PriorityClass with name nope was found");
  }
}
