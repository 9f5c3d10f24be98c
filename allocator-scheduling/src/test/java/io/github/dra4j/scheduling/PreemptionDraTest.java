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
}
