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
 * What {@code dra4j schedule} reads besides pods and nodes, end to end: Namespaces (a
 * namespaceSelector), Services and ReplicationControllers (PodTopologySpread's default selector),
 * and pod phases and deletion (terminated pods free their node, pods being deleted are not
 * scheduled).
 */
final class PodInputsCliTest {
  private static String node(String name, String labels, String status) {
    return String.join("\n", "---", "apiVersion: v1", "kind: Node",
        "metadata: {name: " + name + ", labels: " + labels + "}", "status: " + status, "");
  }

  private static String pod(String namespace, String name, String labels, String spec, String more) {
    return String.join("\n", "---", "apiVersion: v1", "kind: Pod",
        "metadata: {name: " + name + ", namespace: " + namespace + ", labels: " + labels + more + "}", "spec: " + spec,
        "");
  }

  private static Cli.Result schedule(Path dir, String yaml, String... more) throws IOException {
    Path input = Files.writeString(dir.resolve("cluster.yaml"), yaml);
    List<String> args = new ArrayList<>(List.of("schedule", "-o", "json", "-f", input.toString()));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(new String[0]));
  }

  private static List<String> placements(Cli.Result r) throws IOException {
    List<String> out = new ArrayList<>();
    for (JsonNode item : new ObjectMapper().readTree(r.out()).path("items")) {
      if (item.path("kind").asText().equals("Pod")) {
        out.add(item.path("metadata").path("name").asText() + " " + item.path("spec").path("nodeName").asText());
      }
    }
    return out;
  }

  @Test
  void namespaceSelector_selectsTheNamespacesByTheirLabels(@TempDir Path dir) throws IOException {
    String yaml = String.join("",
        "apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a, labels: {team: a}}\n",
        "---\napiVersion: v1\nkind: Namespace\nmetadata: {name: team-b, labels: {team: b}}\n",
        node("node-1", "{zone: z1}", "{}"), node("node-2", "{zone: z2}", "{}"),
        pod("team-a", "db-a", "{app: db}", "{nodeName: node-1, containers: [{name: c}]}", ""),
        pod("team-b", "db-b", "{app: db}", "{nodeName: node-2, containers: [{name: c}]}", ""),
        pod("web", "web", "{app: web}", "{affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: "
            + "[{labelSelector: {matchLabels: {app: db}}, namespaceSelector: {matchLabels: {team: b}}, topologyKey: zone}]"
            + "}}, containers: [{name: c}]}", ""));
    Cli.Result r = schedule(dir, yaml);
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(placements(r)).containsExactly("web node-2");
    assertThat(r.err()).doesNotContain("skipped");
  }

  @Test
  void servicesAndReplicationControllers_spreadThePodsTheySelect(@TempDir Path dir) throws IOException {
    String nodes = node("node-1", "{kubernetes.io/hostname: node-1}", "{}")
        + node("node-2", "{kubernetes.io/hostname: node-2}", "{}")
        + pod("default", "old", "{app: web}", "{nodeName: node-1, containers: [{name: c}]}", "");
    String web = pod("default", "web", "{app: web}", "{containers: [{name: c}]}", "");
    String service = "---\napiVersion: v1\nkind: Service\nmetadata: {name: web}\n"
        + "spec: {selector: {app: web}, ports: [{port: 80}]}\n";
    // Without the Service every node scores the same and the first wins; with it the spread moves the pod.
    assertThat(placements(schedule(dir, nodes + web, "--scorer", "kube-scheduler"))).containsExactly("web node-1");
    assertThat(placements(schedule(dir, nodes + service + web, "--scorer", "kube-scheduler")))
        .containsExactly("web node-2");
    String rc = "---\napiVersion: v1\nkind: ReplicationController\nmetadata: {name: legacy}\n"
        + "spec: {replicas: 2, template: {metadata: {labels: {app: legacy}}, spec: {containers: [{name: c}]}}}\n";
    Cli.Result r = schedule(dir, nodes + rc, "--scorer", "kube-scheduler");
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(placements(r)).containsExactly("legacy-0 node-1", "legacy-1 node-2");
  }

  @Test
  void terminatedPodsFreeTheirNode_podsBeingDeletedAreNotScheduled(@TempDir Path dir) throws IOException {
    String cpu = "{containers: [{name: c, resources: {requests: {cpu: '2'}}}]}";
    String yaml = node("node-1", "{}", "{allocatable: {cpu: '2', memory: 4Gi, pods: '10'}}")
        + pod("default", "done", "{}", cpu.replace("{containers", "{nodeName: node-1, containers"), "")
        + "status: {phase: Succeeded}\n"
        + pod("default", "leaving", "{}", "{containers: [{name: c}]}", ", deletionTimestamp: '2026-11-27T10:00:00Z'")
        + pod("default", "next", "{}", cpu, "");
    Cli.Result r = schedule(dir, yaml);
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(placements(r)).containsExactly("next node-1");
    Cli.Result running = schedule(dir, yaml.replace("phase: Succeeded", "phase: Running"));
    assertThat(running.exit()).isEqualTo(1);
    assertThat(running.err()).contains("pod default/next: 0/1 nodes are available: 1 Insufficient cpu.");
  }
}
