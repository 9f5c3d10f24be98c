package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pods in, placements out: claim resolution, node filtering, scoring, commit and ordering, on a
 * cluster of three nodes with two GPUs each (node-a in zone a, node-b and node-c in zone b).
 */
final class PodSchedulerTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String CLUSTER = String.join("\n",
      node("node-a", "a"), node("node-b", "b"), node("node-c", "b"),
      slice("node-a"), slice("node-b"), slice("node-c"),
      "apiVersion: resource.k8s.io/v1",
      "kind: DeviceClass",
      "metadata: {name: gpu.example.com}",
      "spec: {extendedResourceName: example.com/gpu}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaimTemplate",
      "metadata: {name: single-gpu, namespace: demo}",
      "spec:",
      "  metadata: {labels: {team: ml}, annotations: {note: from-template}}",
      "  spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaimTemplate",
      "metadata: {name: three-gpus, namespace: demo}",
      "spec:",
      "  spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu.example.com, count: 3}}]}}",
      "");

  private static String node(String name, String zone) {
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: {zone: " + zone + "}}\n---";
  }

  private static String slice(String node) {
    return String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceSlice",
        "metadata: {name: " + node + "-gpus}",
        "spec:",
        "  driver: gpu.example.com",
        "  nodeName: " + node,
        "  pool: {name: " + node + ", generation: 1, resourceSliceCount: 1}",
        "  devices: [{name: gpu-0}, {name: gpu-1}]",
        "---");
  }

  private static String pod(String name, String spec) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo}\nspec: " + spec + "\n";
  }

  private static final String TEMPLATE_POD = "{resourceClaims: [{name: gpu, resourceClaimTemplateName: single-gpu}],"
      + " containers: [{name: ctr, resources: {claims: [{name: gpu}]}}]}";

  /** The cluster, plus more objects (pods are returned, everything else joins the cluster). */
  private static final class Fixture {
    final Cluster cluster;
    final List<Node> nodes;
    final List<ResourceClaim> claims;
    final List<Pod> pods;

    Fixture(String... extra) throws Exception {
      cluster = Cluster.of(CODEC.readAll(CLUSTER + "---\n" + String.join("---\n", extra), "test.yaml"));
      nodes = cluster.nodes();
      claims = cluster.claims();
      pods = cluster.pods();
    }

    PodScheduler scheduler(Consumer<PodScheduler.Builder> configure) {
      PodScheduler.Builder b = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster);
      configure.accept(b);
      return b.build();
    }

    List<SchedulingResult> scheduleAll(Consumer<PodScheduler.Builder> configure) {
      return scheduler(configure).scheduleAll(pods);
    }
  }

  private static SchedulingResult.Scheduled scheduled(SchedulingResult r) {
    assertThat(r).as("%s", r).isInstanceOf(SchedulingResult.Scheduled.class);
    return (SchedulingResult.Scheduled) r;
  }

  private static SchedulingResult.Unschedulable unschedulable(SchedulingResult r) {
    assertThat(r).as("%s", r).isInstanceOf(SchedulingResult.Unschedulable.class);
    return (SchedulingResult.Unschedulable) r;
  }

  private static List<String> devices(ResourceClaim claim) {
    AllocationResult a = claim.allocation();
    assertThat(a).as("allocation of %s", claim.name()).isNotNull();
    return a.devices().results().stream().map(DeviceRequestAllocationResult::device).collect(Collectors.toList());
  }

  @Test
  void templates_eachPodGetsItsOwnClaim_namedDeterministically() throws Exception {
    Fixture f = new Fixture(pod("pod0", TEMPLATE_POD), pod("pod1", TEMPLATE_POD));
    List<SchedulingResult> results = f.scheduleAll(b -> { });

    SchedulingResult.Scheduled p0 = scheduled(results.get(0));
    SchedulingResult.Scheduled p1 = scheduled(results.get(1));
    assertThat(p0.pod().spec().nodeName()).isEqualTo("node-a");
    assertThat(p1.pod().spec().nodeName()).isEqualTo("node-a");
    ResourceClaim c0 = p0.claims().get(0);
    ResourceClaim c1 = p1.claims().get(0);
    assertThat(devices(c0)).containsExactly("gpu-0");
    assertThat(devices(c1)).containsExactly("gpu-1");

    String suffix = GeneratedNames.suffix("demo/pod0/gpu");
    assertThat(suffix).hasSize(5).matches("[bcdfghjklmnpqrstvwxz2456789]{5}");
    assertThat(c0.name()).isEqualTo("pod0-gpu-" + suffix);
    assertThat(c0.metadata().generateName()).isEqualTo("pod0-gpu-");
    assertThat(c0.metadata().namespace()).isEqualTo("demo");
    assertThat(c0.metadata().labels()).containsEntry("team", "ml");
    assertThat(c0.metadata().annotations())
        .containsEntry("note", "from-template")
        .containsEntry(PodScheduler.POD_CLAIM_NAME_ANNOTATION, "gpu");
    String uid = p0.pod().metadata().uid();
    assertThat(uid).isNotNull();
    assertThat(c0.metadata().ownerReferences()).containsExactly(new OwnerReference("v1", "Pod", "pod0", uid, true, true));
    assertThat(c0.status().reservedFor()).containsExactly(new ResourceClaimConsumerReference(null, "pods", "pod0", uid));
    assertThat(p0.pod().status().resourceClaimStatuses()).containsExactly(PodResourceClaimStatus.of("gpu", c0.name()));

    // Determinism: a second run from the same input names and places everything the same way.
    List<SchedulingResult> again = new Fixture(pod("pod0", TEMPLATE_POD), pod("pod1", TEMPLATE_POD)).scheduleAll(b -> { });
    assertThat(again).isEqualTo(results);
  }

  @Test
  void generatedName_takenInTheNamespace_rehashes() throws Exception {
    String taken = "pod0-gpu-" + GeneratedNames.suffix("demo/pod0/gpu");
    Fixture f = new Fixture(pod("pod0", TEMPLATE_POD),
        "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: " + taken + ", namespace: demo}\n"
            + "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n");
    ResourceClaim made = scheduled(f.scheduleAll(b -> { }).get(0)).claims().get(0);
    assertThat(made.name()).isEqualTo("pod0-gpu-" + GeneratedNames.suffix("demo/pod0/gpu#1"));
  }

  @Test
  void generatedName_longPodAndClaimNames_areCutInProportion() {
    String pod = "p".repeat(60);
    String claim = "c".repeat(30);
    String base = GeneratedNames.templateClaimBase(pod, claim);
    // 57 * 60 / 92 = 37 and 57 * 30 / 92 = 18, as the resourceclaim controller computes them.
    assertThat(base).isEqualTo("p".repeat(37) + "-" + "c".repeat(18));
    assertThat(GeneratedNames.name(base, "x", name -> false)).hasSize(base.length() + 5);
  }

  @Test
  void statusNamingAnExistingGeneratedClaim_usesIt() throws Exception {
    Fixture f = new Fixture(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: pod0, namespace: demo}\nspec: " + TEMPLATE_POD
            + "\nstatus: {resourceClaimStatuses: [{name: gpu, resourceClaimName: made-earlier}]}\n",
        "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: made-earlier, namespace: demo}\n"
            + "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n");
    SchedulingResult.Scheduled s = scheduled(f.scheduleAll(b -> { }).get(0));
    assertThat(s.claims()).extracting(ResourceClaim::name).containsExactly("made-earlier");
    assertThat(s.pod().status().resourceClaimStatuses())
        .containsExactly(PodResourceClaimStatus.of("gpu", "made-earlier"));
  }

  @Test
  void claimMadeEarlierForThePod_butNotInItsStatus_isUsed() throws Exception {
    Fixture f = new Fixture(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: pod0, namespace: demo, uid: u-0}\nspec: " + TEMPLATE_POD + "\n",
        "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: pod0-gpu-abcde, namespace: demo,"
            + " annotations: {resource.kubernetes.io/pod-claim-name: gpu},"
            + " ownerReferences: [{apiVersion: v1, kind: Pod, name: pod0, uid: u-0, controller: true}]}\n"
            + "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n");
    SchedulingResult.Scheduled s = scheduled(f.scheduleAll(b -> { }).get(0));
    assertThat(s.claims()).extracting(ResourceClaim::name).containsExactly("pod0-gpu-abcde");
    assertThat(s.pod().status().resourceClaimStatuses())
        .containsExactly(PodResourceClaimStatus.of("gpu", "pod0-gpu-abcde"));
  }

  private static final String SHARED_CLAIM = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"
      + "metadata: {name: shared, namespace: demo}\n"
      + "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n";

  @Test
  void sharedClaim_allocatedOnce_reservedForEveryPod_andPinsTheLaterPods() throws Exception {
    String first = "{nodeSelector: {zone: b}, resourceClaims: [{name: gpu, resourceClaimName: shared}], containers: [{name: c}]}";
    String second = "{resourceClaims: [{name: gpu, resourceClaimName: shared}], containers: [{name: c}]}";
    Fixture f = new Fixture(SHARED_CLAIM, pod("pod0", first), pod("pod1", second));
    PodScheduler scheduler = f.scheduler(b -> { });
    List<SchedulingResult> results = scheduler.scheduleAll(f.pods);

    SchedulingResult.Scheduled p0 = scheduled(results.get(0));
    SchedulingResult.Scheduled p1 = scheduled(results.get(1));
    assertThat(p0.node().name()).isEqualTo("node-b");
    // pod1 has no selector, yet only node-b holds the shared claim's device.
    assertThat(p1.node().name()).isEqualTo("node-b");
    ResourceClaim shared = p1.claims().get(0);
    assertThat(devices(shared)).containsExactly("gpu-0");
    assertThat(shared.allocation()).isEqualTo(p0.claims().get(0).allocation());
    assertThat(shared.status().reservedFor()).extracting(ResourceClaimConsumerReference::name)
        .containsExactly("pod0", "pod1");
    assertThat(scheduler.claims()).containsExactly(shared);
  }

  @Test
  void allocatedClaim_pinsThePod_andNeedsNoAllocation() throws Exception {
    String claim = String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: pinned, namespace: demo}",
        "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}",
        "status:",
        "  allocation:",
        "    devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-c, device: gpu-1}]}",
        "    nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-c]}]}]}",
        "  reservedFor: [{resource: pods, name: other, uid: other-uid}]",
        "");
    Fixture f = new Fixture(claim,
        pod("pod0", "{resourceClaims: [{name: gpu, resourceClaimName: pinned}], containers: [{name: c}]}"),
        pod("pod1", "{nodeSelector: {zone: a}, resourceClaims: [{name: gpu, resourceClaimName: pinned}], containers: [{name: c}]}"));
    List<SchedulingResult> results = f.scheduleAll(b -> { });

    SchedulingResult.Scheduled p0 = scheduled(results.get(0));
    assertThat(p0.node().name()).isEqualTo("node-c");
    assertThat(devices(p0.claims().get(0))).containsExactly("gpu-1");
    assertThat(p0.claims().get(0).status().reservedFor()).extracting(ResourceClaimConsumerReference::name)
        .containsExactly("other", "pod0");
    SchedulingResult.Unschedulable p1 = unschedulable(results.get(1));
    assertThat(p1.message()).isEqualTo("0/3 nodes are available: 1 resourceclaim not available on the node,"
        + " 2 node(s) didn't match Pod's node affinity/selector."
        + " preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
    assertThat(p1.reasons()).containsEntry("node-a", NodeFilter.CLAIM_NOT_ON_NODE)
        .containsEntry("node-b", NodeFilter.AFFINITY_MISMATCH);
  }

  @Test
  void allocatedDevicesOfOtherClaims_stayInUse() throws Exception {
    String claim = String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: other, namespace: demo}",
        "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}",
        "status:",
        "  allocation:",
        "    devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-a, device: gpu-0}]}",
        "");
    Fixture f = new Fixture(claim, pod("pod0", TEMPLATE_POD));
    assertThat(devices(scheduled(f.scheduleAll(b -> { }).get(0)).claims().get(0))).containsExactly("gpu-1");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "nodeSelector           | {nodeSelector: {zone: b}}                                  | node-b",
      "required affinity      | {affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: "
          + "{nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: NotIn, values: [a]}]}]}}}} | node-b",
      "affinity by name       | {affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: "
          + "{nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-c]}]}]}}}} | node-c",
      "nodeName               | {nodeName: node-c}                                         | node-c",
  })
  void nodeSelection_filtersBeforeAllocation(String rule, String constraint, String node) throws Exception {
    String spec = constraint.substring(0, constraint.length() - 1) + ", " + TEMPLATE_POD.substring(1);
    PodScheduler scheduler = new Fixture().scheduler(b -> { });
    Pod pod = CODEC.read(pod("pod0", spec), Pod.class);
    assertThat(scheduled(scheduler.schedule(pod)).node().name()).isEqualTo(node);
  }

  @Test
  void nodeName_mismatchIsReportedAsKubeSchedulerWordsIt() throws Exception {
    PodScheduler scheduler = new Fixture().scheduler(b -> { });
    Pod pod = CODEC.read(pod("pod0", "{nodeName: node-x, containers: [{name: c}]}"), Pod.class);
    assertThat(unschedulable(scheduler.schedule(pod)).message())
        .isEqualTo("0/3 nodes are available: 3 node(s) didn't match the requested node name."
            + " preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
  }

  /* node-b already has one of its two GPUs allocated; node-a and node-c are idle. */
  private static final String BUSY_NODE_B = String.join("\n",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaim",
      "metadata: {name: busy, namespace: demo}",
      "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}",
      "status: {allocation: {devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-b, device: gpu-0}]}}}",
      "");

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"first, node-a", "most-allocated, node-b", "least-allocated, node-a"})
  void scorers_pickTheirNode(String scorer, String expected) throws Exception {
    Fixture f = new Fixture(BUSY_NODE_B, pod("pod0", TEMPLATE_POD));
    SchedulingResult.Scheduled s = scheduled(f.scheduleAll(b -> b.scorer(NodeScorer.named(scorer))).get(0));
    assertThat(s.node().name()).isEqualTo(expected);
  }

  @Test
  void leastAllocated_spreads_mostAllocated_packs() throws Exception {
    String[] pods = {pod("p0", TEMPLATE_POD), pod("p1", TEMPLATE_POD), pod("p2", TEMPLATE_POD)};
    List<String> spread = new Fixture(pods).scheduleAll(b -> b.scorer(NodeScorer.leastAllocated())).stream()
        .map(r -> scheduled(r).node().name()).collect(Collectors.toList());
    // Ties go to the first node in order: a, then b and c are emptier than a.
    assertThat(spread).containsExactly("node-a", "node-b", "node-c");
    List<String> packed = new Fixture(pods).scheduleAll(b -> b.scorer(NodeScorer.mostAllocated())).stream()
        .map(r -> scheduled(r).node().name()).collect(Collectors.toList());
    assertThat(packed).containsExactly("node-a", "node-a", "node-b");
  }

  @Test
  void nodeUsage_countsTheNodesDevicesAndThePlacement() throws Exception {
    Fixture f = new Fixture(BUSY_NODE_B);
    PodScheduler scheduler = f.scheduler(b -> { });
    Node nodeB = f.nodes.get(1);
    NodeUsage before = NodeUsage.of(nodeB, scheduler.snapshot().usage(nodeB));
    assertThat(before).isEqualTo(new NodeUsage(nodeB, 2, 1, 0, 0));
    assertThat(before.utilization()).isEqualTo(0.5);
    AllocationResult gpu1 = new AllocationResult(new io.github.dra4j.api.DeviceAllocationResult(
        List.of(new DeviceRequestAllocationResult("gpu", "gpu.example.com", "node-b", "gpu-1", null, List.of(),
            List.of(), List.of(), null, java.util.Map.of())), List.of()), null, null);
    assertThat(NodeUsage.of(nodeB, scheduler.snapshot().usage(nodeB, List.of(gpu1))).utilization()).isEqualTo(1.0);
  }

  @ParameterizedTest(name = "{0} devices, {1} allocated, {2} counters at {3} -> {4}")
  @CsvSource({"0, 0, 0, 0, 0", "4, 1, 0, 0, 0.25", "4, 1, 2, 0.75, 0.5", "8, 8, 1, 1, 1"})
  void nodeUsage_isTheDeviceShare_averagedWithCounterUseWhenThereAreCounters(int devices, int allocated, int counters, double counterUse, double expected) {
    assertThat(new NodeUsage(Node.of("n", java.util.Map.of()), devices, allocated, counters, counterUse).utilization())
        .isEqualTo(expected);
  }

  @Test
  void unplaceablePod_saysWhyPerNode_inKubeSchedulerStyle() throws Exception {
    String threeGpus = "{nodeSelector: {zone: b}, resourceClaims: [{name: gpus, resourceClaimTemplateName: three-gpus}],"
        + " containers: [{name: c}]}";
    Fixture f = new Fixture(pod("big", threeGpus));
    SchedulingResult.Unschedulable u = unschedulable(f.scheduleAll(b -> { }).get(0));
    assertThat(u.message()).startsWith("0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector,"
        + " 2 cannot allocate all claims (node node-b: claim demo/big-gpus-");
    assertThat(u.message()).contains("request gpus: 2 of 2 devices suitable, 3 needed")
        .endsWith("). preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling,"
            + " 2 No preemption victims found for incoming pod..");
    assertThat(u.reasons()).containsExactly(
        java.util.Map.entry("node-a", NodeFilter.AFFINITY_MISMATCH),
        java.util.Map.entry("node-b", NodeFilter.CANNOT_ALLOCATE),
        java.util.Map.entry("node-c", NodeFilter.CANNOT_ALLOCATE));
    assertThat(u.explanation()).isNotNull();
    assertThat(u.explanation().node()).isEqualTo("node-b");
    assertThat(u.pod()).isEqualTo(f.pods.get(0));
  }

  @Test
  void missingClaimOrTemplate_isUnschedulableBeforeAnyNode() throws Exception {
    PodScheduler scheduler = new Fixture().scheduler(b -> { });
    Pod noClaim = CODEC.read(pod("p", "{resourceClaims: [{name: x, resourceClaimName: nope}], containers: [{name: c}]}"),
        Pod.class);
    assertThat(unschedulable(scheduler.schedule(noClaim)).message())
        .isEqualTo("0/3 nodes are available: resourceclaim \"nope\" not found."
            + " preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
    Pod noTemplate = CODEC.read(pod("p", "{resourceClaims: [{name: x, resourceClaimTemplateName: nope}],"
        + " containers: [{name: c}]}"), Pod.class);
    assertThat(unschedulable(scheduler.schedule(noTemplate)).message())
        .isEqualTo("0/3 nodes are available: pod claim \"x\": resourceclaimtemplate \"nope\" not found."
            + " preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
  }

  @Test
  void claimReservedForTheMaximumOfPods_isInUse() throws Exception {
    StringBuilder reserved = new StringBuilder();
    for (int i = 0; i < PodScheduler.RESERVED_FOR_MAX; i++) {
      reserved.append(i == 0 ? "" : ", ").append("{resource: pods, name: p").append(i).append(", uid: u").append(i).append('}');
    }
    String claim = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: full, namespace: demo}\n"
        + "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n"
        + "status: {allocation: {devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-a, device: gpu-0}]}},"
        + " reservedFor: [" + reserved + "]}\n";
    Fixture f = new Fixture(claim, pod("late", "{resourceClaims: [{name: g, resourceClaimName: full}], containers: [{name: c}]}"));
    assertThat(unschedulable(f.scheduleAll(b -> { }).get(0)).message())
        .isEqualTo("0/3 nodes are available: resourceclaim in use. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
  }

  @Test
  void priority_higherFirst_equalInInputOrder_resultsInInputOrder() throws Exception {
    String twoGpus = "{priority: %d, nodeSelector: {zone: a}, resourceClaims: [{name: g, resourceClaimTemplateName: single-gpu}],"
        + " containers: [{name: c}]}";
    Fixture f = new Fixture(pod("low", String.format(twoGpus, -1)), pod("none", twoGpus.replace("priority: %d, ", "")),
        pod("high", String.format(twoGpus, 10)));
    List<String> order = new ArrayList<>();
    List<SchedulingResult> results = f.scheduler(b -> { }).scheduleAll(f.pods, r -> order.add(r.pod().name()));
    // node-a has two GPUs: the pod with the lowest priority is the one left over.
    assertThat(order).containsExactly("high", "none", "low");
    assertThat(results).extracting(r -> r.pod().name()).containsExactly("low", "none", "high");
    assertThat(results).extracting(SchedulingResult::isScheduled).containsExactly(false, true, true);
  }

  @Test
  void boundPods_areNotScheduledAgain() throws Exception {
    Fixture f = new Fixture(pod("bound", "{nodeName: node-b, containers: [{name: c}]}"), pod("pending", TEMPLATE_POD));
    assertThat(f.scheduleAll(b -> { })).extracting(r -> r.pod().name()).containsExactly("pending");
  }

  @Test
  void inputsAreNotModified() throws Exception {
    Fixture f = new Fixture(SHARED_CLAIM, pod("pod0", "{resourceClaims: [{name: g, resourceClaimName: shared}], containers: [{name: c}]}"));
    ResourceClaim before = f.claims.get(0);
    Pod pod = f.pods.get(0);
    var unused = f.scheduleAll(b -> { });
    assertThat(f.claims.get(0)).isSameAs(before);
    assertThat(before.status()).isNull();
    assertThat(pod.spec().nodeName()).isNull();
  }
}
