package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * DynamicResources in preemption (KEP-5690): evicting a pod frees the claims it alone holds, so
 * their devices serve the preemptor; a claim another pod still holds stays allocated.
 */
final class PreemptionDraTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String CLUSTER = String.join("\n",
      "apiVersion: v1",
      "kind: Node",
      "metadata: {name: gpu-node}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: gpu-node-gpus}",
      "spec:",
      "  driver: gpu.example.com",
      "  nodeName: gpu-node",
      "  pool: {name: gpu-node, generation: 1, resourceSliceCount: 1}",
      "  devices: [{name: gpu-0}]",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: DeviceClass",
      "metadata: {name: gpu.example.com}",
      "spec: {}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaimTemplate",
      "metadata: {name: single-gpu, namespace: demo}",
      "spec:",
      "  spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}",
      "");

  private static String pod(String name, int priority, String extra) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo}\nspec: {priority: " + priority
        + ", " + extra + "containers: [{name: c}]}\n";
  }

  private static final String GPU = "resourceClaims: [{name: gpu, resourceClaimTemplateName: single-gpu}], ";

  private static String sharedClaim(String... consumers) {
    StringBuilder reserved = new StringBuilder();
    for (String c : consumers) {
      reserved.append(reserved.length() == 0 ? "" : ", ").append("{resource: pods, name: ").append(c)
          .append(", uid: uid-").append(c).append('}');
    }
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: shared, namespace: demo}\n"
        + "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n"
        + "status: {allocation: {devices: {results: [{request: gpu, driver: gpu.example.com, pool: gpu-node,"
        + " device: gpu-0}]}}, reservedFor: [" + reserved + "]}\n";
  }

  private static String boundPod(String name, int priority) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo, uid: uid-" + name + "}\n"
        + "spec: {nodeName: gpu-node, priority: " + priority + ", resourceClaims: [{name: g, resourceClaimName: shared}],"
        + " containers: [{name: c}]}\n";
  }

  private static PodScheduler scheduler(String... extra) throws Exception {
    Cluster cluster = Cluster.of(CODEC.readAll(CLUSTER + "---\n" + String.join("---\n", extra), "test.yaml"));
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).build();
  }

  @Test
  void evictingTheLowestPriorityPod_freesItsClaimsGpu_forThePreemptor() throws Exception {
    PodScheduler s = scheduler();
    SchedulingResult.Scheduled low = (SchedulingResult.Scheduled) s.schedule(CODEC.read(pod("low", 0, GPU), Pod.class));
    ResourceClaim lowClaim = low.claims().get(0);
    assertThat(lowClaim.allocation()).isNotNull();

    SchedulingResult r = s.schedule(CODEC.read(pod("high", 1000, GPU), Pod.class));
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class, high -> {
      assertThat(high.node().name()).isEqualTo("gpu-node");
      assertThat(high.claims().get(0).allocation().devices().results())
          .extracting(DeviceRequestAllocationResult::device).containsExactly("gpu-0");
      Preemption p = high.preemption();
      assertThat(p).isNotNull();
      assertThat(p.victims()).extracting(Pod::name).containsExactly("low");
      assertThat(p.releasedClaims()).extracting(ResourceClaim::name).containsExactly(lowClaim.name());
    });
    // the claim made for the victim was deleted with it
    assertThat(s.claims()).extracting(ResourceClaim::name).doesNotContain(lowClaim.name());
  }

  @Test
  void aClaimOnlyVictimsHold_isDeallocatedButKept() throws Exception {
    PodScheduler s = scheduler(sharedClaim("low"), boundPod("low", 0));
    SchedulingResult r = s.schedule(CODEC.read(pod("high", 1000, GPU), Pod.class));
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class,
        high -> assertThat(high.preemption().releasedClaims()).extracting(ResourceClaim::name).containsExactly("shared"));
    ResourceClaim shared = s.claims().stream().filter(c -> c.name().equals("shared")).findFirst().orElseThrow();
    assertThat(shared.allocation()).isNull();
    assertThat(shared.status().reservedFor()).isEmpty();
  }

  @Test
  void aClaimAHigherPriorityPodAlsoHolds_staysAllocated_soPreemptionCannotHelp() throws Exception {
    PodScheduler s = scheduler(sharedClaim("low", "keeper"), boundPod("low", 0), boundPod("keeper", 2000));
    SchedulingResult r = s.schedule(CODEC.read(pod("high", 1000, GPU), Pod.class));
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Unschedulable.class, u -> assertThat(u.message())
        .startsWith("0/1 nodes are available: 1 cannot allocate all claims (node gpu-node:")
        .endsWith(". preemption: 0/1 nodes are available: 1 cannot allocate all claims.."));
    assertThat(s.claims()).filteredOn(c -> c.name().equals("shared"))
        .allSatisfy(c -> assertThat(c.allocation()).isNotNull());
  }

  @Test
  void aVictimSharingAClaimWithAnotherVictim_freesItWhenBothGo() throws Exception {
    PodScheduler s = scheduler(sharedClaim("low", "lower"), boundPod("low", 10), boundPod("lower", 0));
    SchedulingResult r = s.schedule(CODEC.read(pod("high", 1000, GPU), Pod.class));
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class, high -> {
      assertThat(high.preemption().victims()).extracting(Pod::name).containsExactly("low", "lower");
      assertThat(high.preemption().releasedClaims()).extracting(ResourceClaim::name).isEqualTo(List.of("shared"));
    });
  }

  /*
   * Devices of a pool every node sees (allNodes): removing n2's pod frees its local claim but not
   * n1's fabric device, so n2 stays infeasible although its victim has the lower priority; the
   * dry run must not see n1's freed fabric claim from n2.
   */
  @Test
  void aPoolEveryNodeSees_isJudgedPerNode_withOnlyThatNodesVictimsGone() throws Exception {
    String fabric = String.join("\n",
        "apiVersion: v1", "kind: Node", "metadata: {name: n2}", "---",
        "apiVersion: resource.k8s.io/v1", "kind: ResourceSlice", "metadata: {name: fabric}",
        "spec: {driver: fabric.example.com, allNodes: true, pool: {name: fabric, generation: 1, resourceSliceCount: 1},"
            + " devices: [{name: d0}, {name: d1}]}", "---",
        "apiVersion: resource.k8s.io/v1", "kind: ResourceSlice", "metadata: {name: n2-local}",
        "spec: {driver: gpu.example.com, nodeName: n2, pool: {name: n2, generation: 1, resourceSliceCount: 1},"
            + " devices: [{name: local-0}]}", "---",
        "apiVersion: resource.k8s.io/v1", "kind: DeviceClass", "metadata: {name: fabric}",
        "spec: {selectors: [{cel: {expression: 'device.driver == \"fabric.example.com\"'}}]}", "---",
        "apiVersion: resource.k8s.io/v1", "kind: ResourceClaim", "metadata: {name: want, namespace: demo}",
        "spec: {devices: {requests: [{name: f, exactly: {deviceClassName: fabric}}]}}", "---",
        claim("ca", "fabric", "fabric.example.com", "fabric", "d0", "a"), "---",
        claim("cb", "fabric", "fabric.example.com", "fabric", "d1", "b"), "---",
        claim("cc", "gpu.example.com", "gpu.example.com", "n2", "local-0", "c"), "---",
        bound("a", "gpu-node", 0, "ca"), "---", bound("b", "n2", 500, "cb"), "---", bound("c", "n2", -10, "cc"), "");
    PodScheduler s = scheduler(fabric);
    SchedulingResult placed = s.schedule(CODEC.read(pod("high", 100,
        "resourceClaims: [{name: f, resourceClaimName: want}], "), Pod.class));
    assertThat(placed).isInstanceOfSatisfying(SchedulingResult.Scheduled.class, sc -> {
      assertThat(sc.node().name()).isEqualTo("gpu-node");
      assertThat(sc.preemption().victims()).extracting(Pod::name).containsExactly("a");
      assertThat(sc.preemption().releasedClaims()).extracting(ResourceClaim::name).containsExactly("ca");
    });
  }

  private static String claim(String name, String className, String driver, String pool, String device, String pod) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: " + name + ", namespace: demo}\n"
        + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: " + className + "}}]}}\n"
        + "status: {allocation: {devices: {results: [{request: r, driver: " + driver + ", pool: " + pool + ", device: "
        + device + "}]}}, reservedFor: [{resource: pods, name: " + pod + ", uid: uid-" + pod + "}]}";
  }

  private static String bound(String name, String node, int priority, String claim) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo, uid: uid-" + name + "}\n"
        + "spec: {nodeName: " + node + ", priority: " + priority + ", resourceClaims: [{name: g, resourceClaimName: "
        + claim + "}], containers: [{name: c}]}";
  }
}
