package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code dra4j schedule} on DRA drivers' demo folders (pods, templates, shared claims, extended
 * resources): the devices each claim gets are those the Kubernetes reference allocator gives.
 */
final class ScheduleCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static String file(String name) {
    try {
      return Path.of(ScheduleCommandTest.class.getResource("/real-world/" + name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final String[] EXAMPLE_DRIVER = {
      "-f", file("dra-example-driver/deviceclasses.yaml"), "-f", file("dra-example-driver/node.yaml"),
      "-f", file("dra-example-driver/resourceslice-gpu.yaml")};
  private static final String[] DGX = {
      "-f", file("nvidia-k8s-dra-driver-gpu/deviceclasses.yaml"), "-f", file("nvidia-k8s-dra-driver-gpu/node.yaml"),
      "-f", file("nvidia-k8s-dra-driver-gpu/dgx-a100-resourceslices-classic.yaml")};

  private static final String[] DGX_SPLIT = {
      "-f", file("nvidia-k8s-dra-driver-gpu/deviceclasses.yaml"), "-f", file("nvidia-k8s-dra-driver-gpu/node.yaml"),
      "-f", file("nvidia-k8s-dra-driver-gpu/dgx-a100-resourceslices-split.yaml")};

  /* The MIG devices of quickstart gpu-test4's claim on GPU i: the reference allocator's answer on either layout. */
  private static List<String> migDevices(int gpu) {
    return List.of("gpu-" + gpu + "-mig-1g5gb-19-0", "gpu-" + gpu + "-mig-1g5gb-19-1",
        "gpu-" + gpu + "-mig-2g10gb-14-2", "gpu-" + gpu + "-mig-3g20gb-9-4");
  }

  private static Cli.Result schedule(String demo, String[] cluster, String... args) {
    List<String> all = new ArrayList<>(List.of("schedule", "-o", "json"));
    all.addAll(List.of(args));
    all.addAll(List.of("-f", file(demo)));
    all.addAll(List.of(cluster));
    return Cli.run(all.toArray(new String[0]));
  }

  static List<JsonNode> items(Cli.Result r, String kind) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode item : JSON.readTree(r.out()).path("items")) {
      if (item.path("kind").asText().equals(kind)) {
        out.add(item);
      }
    }
    return out;
  }

  /** {@return "pod/pod claim (or extended-resources) -> devices" for every claim in the output} */
  private static Map<String, List<String>> devicesByPodClaim(Cli.Result r) throws IOException {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (JsonNode claim : items(r, "ResourceClaim")) {
      JsonNode meta = claim.path("metadata");
      String owner = meta.path("ownerReferences").path(0).path("name").asText(null);
      String key = owner == null ? meta.path("name").asText()
          : owner + "/" + meta.path("annotations").path("resource.kubernetes.io/pod-claim-name").asText("extended-resources");
      List<String> devices = new ArrayList<>();
      for (JsonNode d : claim.path("status").path("allocation").path("devices").path("results")) {
        devices.add(d.path("device").asText());
      }
      out.put(key, devices);
    }
    return out;
  }

  static Stream<Arguments> demos() {
    return Stream.of(
        Arguments.of("dra-example-driver/demo-basic-resourceclaimtemplate.yaml", EXAMPLE_DRIVER,
            Map.of("pod0/gpu", List.of("gpu-0"), "pod1/gpu", List.of("gpu-1"))),
        Arguments.of("dra-example-driver/demo-extended-resource-request.yaml", EXAMPLE_DRIVER,
            Map.of("pod0/extended-resources", List.of("gpu-0"), "pod1/extended-resources", List.of("gpu-1"))),
        Arguments.of("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test1.yaml", DGX,
            Map.of("pod1/gpu", List.of("gpu-4"), "pod2/gpu", List.of("gpu-5"))),
        Arguments.of("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test2.yaml", DGX,
            Map.of("pod/shared-gpu", List.of("gpu-4"))),
        Arguments.of("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test3.yaml", DGX,
            Map.of("single-gpu", List.of("gpu-4"))),
        Arguments.of("nvidia-k8s-dra-driver-gpu/bats-gpu-two-claims-one-pod.yaml", DGX,
            Map.of("pod-two-claims/gpu-a", List.of("gpu-4"), "pod-two-claims/gpu-b", List.of("gpu-5"))),
        Arguments.of("nvidia-k8s-dra-driver-gpu/extended-resources-gpu-full.yaml", DGX,
            Map.of("gpu-full-pod/extended-resources", List.of("gpu-4"))),
        // A Deployment of 4 replicas: its pods pod-0..pod-3, each with its claim from the template.
        Arguments.of("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test4.yaml", DGX_SPLIT,
            Map.of("pod-0/mig-devices", migDevices(0), "pod-1/mig-devices", migDevices(1),
                "pod-2/mig-devices", migDevices(2), "pod-3/mig-devices", migDevices(3))),
        Arguments.of("nvidia-k8s-dra-driver-gpu/quickstart-v1beta1-gpu-test4.yaml", DGX,
            Map.of("pod-0/mig-devices", migDevices(0), "pod-1/mig-devices", migDevices(1),
                "pod-2/mig-devices", migDevices(2), "pod-3/mig-devices", migDevices(3))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("demos")
  void demo_schedulesWithTheReferenceDevices(String demo, String[] cluster, Map<String, List<String>> expected)
      throws Exception {
    Cli.Result r = schedule(demo, cluster);
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(devicesByPodClaim(r)).isEqualTo(expected);
    for (JsonNode pod : items(r, "Pod")) {
      assertThat(pod.path("spec").path("nodeName").asText()).as("%s", pod).isNotEmpty();
    }
  }

  @Test
  void deployment_everyReplicaIsAPendingPod_ownedByIt_andNotSkipped() throws Exception {
    Cli.Result r = schedule("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test4.yaml", DGX_SPLIT);
    assertThat(r.exit()).as("%s", r).isZero();
    List<JsonNode> pods = items(r, "Pod");
    assertThat(pods).extracting(p -> p.path("metadata").path("namespace").asText() + "/"
        + p.path("metadata").path("name").asText() + "@" + p.path("spec").path("nodeName").asText())
        .containsExactly("gpu-test4/pod-0@dgx-a100-1", "gpu-test4/pod-1@dgx-a100-1",
            "gpu-test4/pod-2@dgx-a100-1", "gpu-test4/pod-3@dgx-a100-1");
    for (JsonNode pod : pods) {
      assertThat(pod.path("metadata").path("labels")).isEqualTo(JSON.readTree("{\"app\":\"pod\"}"));
      JsonNode owner = pod.path("metadata").path("ownerReferences").path(0);
      assertThat(owner.path("kind").asText() + "/" + owner.path("name").asText()).isEqualTo("Deployment/pod");
      assertThat(pod.path("status").path("resourceClaimStatuses").path(0).path("resourceClaimName").asText())
          .startsWith(pod.path("metadata").path("name").asText() + "-mig-devices-");
    }
    assertThat(r.err()).doesNotContain("skipped").doesNotContain("Deployment"); // the Namespace is read
  }

  @Test
  void allocate_stillSkipsTheDeploymentAndTheNamespace() {
    List<String> args = new ArrayList<>(List.of("allocate", "--node", "dgx-a100-1", "-o", "json",
        "-f", file("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test4.yaml")));
    args.addAll(List.of(DGX));
    Cli.Result r = Cli.run(args.toArray(new String[0]));
    assertThat(r.err()).contains("skipped 2 objects of kinds not used for allocation: Deployment (1), Namespace (1)");
  }

  /*
   * quickstart gpu-test6's selector reads the attribute index, which the MIG devices lack: the
   * reference allocator stops with a CEL runtime error for the first replica's claim.
   */
  @Test
  void deployment_celRuntimeErrorOfAReplicasClaim_exit2_namesTheClaim() {
    Cli.Result r = schedule("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test6.yaml", DGX);
    assertThat(r.exit()).as("%s", r).isEqualTo(2);
    assertThat(r.err()).contains("claim gpu-test6/pod-0-a100-").contains("no such key: index");
  }

  /* Two nodes with a dra.net slice each, eth1 and eth2: the cluster dranet's GKE demo lacks. */
  private static String[] twoNetworkNodes(Path dir) throws IOException {
    StringBuilder cluster = new StringBuilder();
    for (String node : List.of("node-a", "node-b")) {
      cluster.append("---\napiVersion: v1\nkind: Node\nmetadata: {name: ").append(node).append("}\n")
          .append("---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: ").append(node)
          .append("-dranet}\nspec:\n  driver: dra.net\n  nodeName: ").append(node)
          .append("\n  pool: {name: ").append(node).append(", generation: 1, resourceSliceCount: 1}\n")
          .append("  devices:\n  - name: eth1\n    attributes: {name: {string: eth1}}\n")
          .append("  - name: eth2\n    attributes: {name: {string: eth2}}\n");
    }
    Path clusterFile = dir.resolve("cluster.yaml");
    Files.writeString(clusterFile, cluster.toString(), StandardCharsets.UTF_8);
    return new String[] {"-f", file("dranet/demo_gke_multinetwork__deviceclass.yaml"), "-f", clusterFile.toString()};
  }

  /** {@return "pool/device" of each claim's first result, in output order} */
  private static List<String> firstDevices(Cli.Result r) throws IOException {
    List<String> devices = new ArrayList<>();
    for (JsonNode claim : items(r, "ResourceClaim")) {
      JsonNode result = claim.path("status").path("allocation").path("devices").path("results").path(0);
      devices.add(result.path("pool").asText() + "/" + result.path("device").asText());
    }
    return devices;
  }

  /* dranet's GKE demo: eth1 of node-a is taken by the first replica, so the second goes to node-b. */
  @Test
  void dranetDemo_replicasSpreadOverTheNodesWithAFreeInterface(@TempDir Path dir) throws Exception {
    Cli.Result r = schedule("dranet/demo_gke_multinetwork__resourceclaimtemplate.yaml", twoNetworkNodes(dir));
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(items(r, "Pod")).extracting(p -> p.path("metadata").path("name").asText() + "@"
        + p.path("spec").path("nodeName").asText())
        .containsExactly("server-deployment-0@node-a", "server-deployment-1@node-b");
    assertThat(firstDevices(r)).containsExactly("node-a/eth1", "node-b/eth1");
  }

  /* A DaemonSet's pod goes to its own node even where the first node would have room for both. */
  @Test
  void daemonSet_onePodOnEachNode(@TempDir Path dir) throws Exception {
    Path ds = dir.resolve("ds.yaml");
    Files.writeString(ds, "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: any-nic}\n"
        + "spec:\n  spec:\n    devices:\n      requests:\n      - {name: nic, exactly: {deviceClassName: multinic}}\n"
        + "---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n"
        + "  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n"
        + "    spec:\n      resourceClaims:\n      - {name: nic, resourceClaimTemplateName: any-nic}\n"
        + "      containers:\n      - {name: ctr, image: busybox}\n", StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>(List.of("schedule", "-o", "json", "-f", ds.toString()));
    args.addAll(List.of(twoNetworkNodes(dir)));
    Cli.Result r = Cli.run(args.toArray(new String[0]));
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(items(r, "Pod")).extracting(p -> p.path("metadata").path("name").asText() + "@"
        + p.path("spec").path("nodeName").asText())
        .containsExactly("agent-node-a@node-a", "agent-node-b@node-b");
    assertThat(firstDevices(r)).containsExactly("node-a/eth1", "node-b/eth1");
  }

  @Test
  void sharedClaim_isReservedForEveryPod_andPrintedOnce() throws Exception {
    Cli.Result r = schedule("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test3.yaml", DGX);
    List<JsonNode> claims = items(r, "ResourceClaim");
    assertThat(claims).hasSize(1);
    List<String> reserved = new ArrayList<>();
    claims.get(0).path("status").path("reservedFor").forEach(ref -> reserved.add(ref.path("name").asText()));
    assertThat(reserved).containsExactly("pod1", "pod2");
    assertThat(items(r, "Pod")).extracting(p -> p.path("spec").path("nodeName").asText())
        .containsExactly("dgx-a100-1", "dgx-a100-1");
  }

  @Test
  void output_podsInInputOrderThenClaims_withStatusesAndGeneratedNames() throws Exception {
    Cli.Result r = schedule("dra-example-driver/demo-basic-resourceclaimtemplate.yaml", EXAMPLE_DRIVER);
    JsonNode list = JSON.readTree(r.out());
    assertThat(Cli.isJsonList(r.out())).isTrue();
    List<String> kinds = new ArrayList<>();
    list.path("items").forEach(i -> kinds.add(i.path("kind").asText() + "/" + i.path("metadata").path("name").asText()));
    assertThat(kinds).hasSize(4);
    assertThat(kinds.subList(0, 2)).containsExactly("Pod/pod0", "Pod/pod1");
    JsonNode claim = items(r, "ResourceClaim").get(0);
    String name = claim.path("metadata").path("name").asText();
    assertThat(name).matches("pod0-gpu-[bcdfghjklmnpqrstvwxz2456789]{5}");
    assertThat(claim.path("metadata").path("generateName").asText()).isEqualTo("pod0-gpu-");
    JsonNode pod0 = items(r, "Pod").get(0);
    assertThat(pod0.path("status").path("resourceClaimStatuses").path(0).path("resourceClaimName").asText())
        .isEqualTo(name);
    assertThat(claim.path("metadata").path("ownerReferences").path(0).path("uid").asText())
        .isEqualTo(pod0.path("metadata").path("uid").asText());
    assertThat(r.err()).doesNotContain("skipped"); // the Namespace is read
  }

  @Test
  void runsRepeat_sameNamesSameDevices() {
    Cli.Result first = schedule("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test5.yaml", DGX);
    Cli.Result second = schedule("nvidia-k8s-dra-driver-gpu/quickstart-v1-gpu-test5.yaml", DGX);
    assertThat(first.exit()).as("%s", first).isZero();
    assertThat(second.out()).isEqualTo(first.out());
  }

  /*
   * The claims schedule made, given to allocate for the node it chose, get the same allocation:
   * schedule is allocate on the chosen node plus the pod's bookkeeping.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("demos")
  void scheduleEqualsAllocateOnTheChosenNode(String demo, String[] cluster, Map<String, List<String>> ignored,
      @TempDir Path dir) throws Exception {
    Cli.Result r = schedule(demo, cluster);
    List<JsonNode> claims = items(r, "ResourceClaim");
    String node = items(r, "Pod").get(0).path("spec").path("nodeName").asText();
    ArrayNode unallocated = JSON.createArrayNode();
    for (JsonNode c : claims) {
      ObjectNode copy = c.deepCopy();
      copy.remove("status");
      unallocated.add(copy);
    }
    Path claimsFile = dir.resolve("claims.json");
    Files.writeString(claimsFile, JSON.writeValueAsString(
        JSON.createObjectNode().put("apiVersion", "v1").put("kind", "List").set("items", unallocated)),
        StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>(List.of("allocate", "--node", node, "-o", "json"));
    args.addAll(List.of(cluster));
    args.addAll(List.of("-f", claimsFile.toString()));
    Cli.Result allocated = Cli.run(args.toArray(new String[0]));
    assertThat(allocated.exit()).as("%s", allocated).isZero();
    List<JsonNode> expected = new ArrayList<>();
    claims.forEach(c -> expected.add(c.path("status").path("allocation")));
    List<JsonNode> actual = new ArrayList<>();
    JSON.readTree(allocated.out()).path("items").forEach(c -> actual.add(c.path("status").path("allocation")));
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void unplacedPod_exit1_oneLinePerPod_stdoutStillHoldsThePods() throws Exception {
    Cli.Result r = schedule("dra-example-driver/demo-extended-resource-request.yaml", EXAMPLE_DRIVER,
        "--feature-gates", "DRAExtendedResource=false");
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(items(r, "Pod")).extracting(p -> p.path("metadata").path("name").asText()).containsExactly("pod0", "pod1");
    assertThat(items(r, "Pod")).allSatisfy(p -> assertThat(p.path("spec").has("nodeName")).isFalse());
    assertThat(items(r, "ResourceClaim")).isEmpty();
    assertThat(r.err().lines().filter(l -> l.startsWith("pod "))).containsExactly(
        "pod extended-resource-request/pod0: 0/1 nodes are available: 1 Insufficient "
            + "deviceclass.resource.kubernetes.io/gpu.example.com. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..",
        "pod extended-resource-request/pod1: 0/1 nodes are available: 1 Insufficient example.com/gpu."
            + " preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..");
  }

  @Test
  void unplacedPod_explain_namesEachNodeAndTheAllocatorsReason(@TempDir Path dir) throws Exception {
    Path pods = dir.resolve("nine-gpus.yaml");
    Files.writeString(pods, String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaimTemplate",
        "metadata: {name: nine, namespace: demo}",
        "spec: {spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu.example.com, count: 9}}]}}}",
        "---",
        "apiVersion: v1",
        "kind: Pod",
        "metadata: {name: big, namespace: demo}",
        "spec: {resourceClaims: [{name: gpus, resourceClaimTemplateName: nine}], containers: [{name: c}]}",
        ""));
    List<String> args = new ArrayList<>(List.of("schedule", "--explain", "-f", pods.toString()));
    args.addAll(List.of(EXAMPLE_DRIVER));
    Cli.Result r = Cli.run(args.toArray(new String[0]));
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(r.err()).contains("  node kind-worker: cannot allocate all claims");
    assertThat(r.err().lines().reduce((a, b) -> b).orElseThrow())
        .startsWith("pod demo/big: 0/1 nodes are available: 1 cannot allocate all claims (node kind-worker:"
            + " no allocation exists: the claims need at least 9 devices that claim demo/big-gpus-")
        .endsWith("request gpus: 8 of 8 devices suitable, 9 needed). preemption: 0/1 nodes are available:"
            + " 1 No preemption victims found for incoming pod..");
  }

  /* Nodes with taints and allocatable beside the example driver's node: the default filters in kube-scheduler's words. */
  @Test
  void defaultFilters_taintsAndAllocatable_placeAndReportAsKubeScheduler(@TempDir Path dir) throws Exception {
    Path extra = dir.resolve("nodes-and-pods.yaml");
    Files.writeString(extra, String.join("\n",
        "apiVersion: v1", "kind: Node", "metadata: {name: tainted}",
        "spec: {taints: [{key: gpu, value: 'true', effect: NoSchedule}]}", "---",
        "apiVersion: v1", "kind: Node", "metadata: {name: small}", "status: {allocatable: {cpu: 500m, pods: '10'}}", "---",
        "apiVersion: v1", "kind: Pod", "metadata: {name: busy, namespace: demo}",
        "spec: {containers: [{name: c, resources: {requests: {cpu: '4'}}}]}", "---",
        "apiVersion: v1", "kind: Pod", "metadata: {name: picky, namespace: demo}",
        "spec: {nodeSelector: {disk: ssd}, containers: [{name: c}]}", ""));
    List<String> args = new ArrayList<>(List.of("schedule", "-o", "json", "-f", extra.toString()));
    args.addAll(List.of(EXAMPLE_DRIVER));
    Cli.Result r = Cli.run(args.toArray(new String[0]));
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(items(r, "Pod")).extracting(p -> p.path("metadata").path("name").asText() + " "
        + p.path("spec").path("nodeName").asText()).containsExactly("busy kind-worker", "picky ");
    assertThat(r.err().lines().filter(l -> l.startsWith("pod "))).containsExactly(
        "pod demo/picky: 0/3 nodes are available: 1 node(s) had untolerated taint(s),"
            + " 2 node(s) didn't match Pod's node affinity/selector."
            + " preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
  }

  @Test
  void badScorerOrGate_isAUsageError() {
    Cli.Result scorer = schedule("dra-example-driver/demo-basic-resourceclaimtemplate.yaml", EXAMPLE_DRIVER,
        "--scorer", "random");
    assertThat(scorer.exit()).isEqualTo(2);
    assertThat(scorer.err()).contains("--scorer: unknown scorer \"random\"");
    Cli.Result gate = schedule("dra-example-driver/demo-basic-resourceclaimtemplate.yaml", EXAMPLE_DRIVER,
        "--feature-gates", "DRAExtendedResource=maybe");
    assertThat(gate.exit()).isEqualTo(2);
    assertThat(gate.err()).contains("invalid value of DRAExtendedResource");
  }

  @Test
  void scorer_leastAllocatedSpreads_mostAllocatedPacks(@TempDir Path dir) throws Exception {
    Path second = dir.resolve("second-node.yaml");
    String slices = Files.readString(Path.of(file("dra-example-driver/resourceslice-gpu.yaml")));
    Files.writeString(second, "apiVersion: v1\nkind: Node\nmetadata: {name: kind-worker2}\n---\n"
        + slices.replace("kind-worker", "kind-worker2"));
    List<String> spread = nodes(schedule("dra-example-driver/demo-basic-resourceclaimtemplate.yaml", EXAMPLE_DRIVER,
        "--scorer", "least-allocated", "-f", second.toString()));
    // The extra node comes first in the input; the second pod goes to the emptier node.
    assertThat(spread).containsExactly("kind-worker2", "kind-worker");
    List<String> packed = nodes(schedule("dra-example-driver/demo-basic-resourceclaimtemplate.yaml", EXAMPLE_DRIVER,
        "--scorer", "most-allocated", "-f", second.toString()));
    assertThat(packed).containsExactly("kind-worker2", "kind-worker2");
  }

  /** docs/examples/scheduling/pods-on-gpus.yaml, which the README and docs/scheduling.md show, places as its comment says. */
  @Test
  void documentedExample_placesAsDocumented() throws Exception {
    String example = Files.readString(Path.of("").toAbsolutePath().getParent()
        .resolve("docs/examples/scheduling/pods-on-gpus.yaml"), StandardCharsets.UTF_8);
    Cli.Result first = Cli.stdin(example, "schedule", "-o", "json", "-f", "-");
    assertThat(nodes(first)).containsExactly("node-1", "node-1", "node-2", "node-2", "node-2");
    assertThat(devicesByPodClaim(first)).containsExactly(
        Map.entry("trainer-0/gpu", List.of("gpu-0")), Map.entry("trainer-1/gpu", List.of("gpu-1")),
        Map.entry("shared-gpu", List.of("gpu-0")), Map.entry("render/extended-resources", List.of("gpu-1")));
    Cli.Result spread = Cli.stdin(example, "schedule", "-o", "json", "--scorer", "least-allocated", "-f", "-");
    assertThat(nodes(spread)).containsExactly("node-1", "node-2", "node-2", "node-2", "node-1");
  }

  private static List<String> nodes(Cli.Result r) throws IOException {
    assertThat(r.exit()).as("%s", r).isZero();
    List<String> out = new ArrayList<>();
    items(r, "Pod").forEach(p -> out.add(p.path("spec").path("nodeName").asText()));
    return out;
  }
}
