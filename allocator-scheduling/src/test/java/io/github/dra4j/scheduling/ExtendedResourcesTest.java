package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.ContainerExtendedResourceRequest;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Extended resources backed by DRA: the claim the scheduler makes for a pod, its requests and
 * the pod's request mappings, as the dynamicresources plugin builds them.
 */
final class ExtendedResourcesTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String CLUSTER = String.join("\n",
      "apiVersion: v1",
      "kind: Node",
      "metadata: {name: node-1}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: node-1-gpus}",
      "spec:",
      "  driver: gpu.example.com",
      "  nodeName: node-1",
      "  pool: {name: node-1, generation: 1, resourceSliceCount: 1}",
      "  devices: [{name: gpu-0}, {name: gpu-1}, {name: gpu-2}, {name: gpu-3}]",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: DeviceClass",
      "metadata: {name: gpu.example.com}",
      "spec: {extendedResourceName: example.com/gpu}",
      "");

  private static Cluster cluster() throws Exception {
    return Cluster.of(CODEC.readAll(CLUSTER, "cluster.yaml"));
  }

  private static PodScheduler scheduler(boolean gate) throws Exception {
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster()).extendedResources(gate).build();
  }

  private static Pod pod(String spec) throws Exception {
    return CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: pod0, namespace: demo, uid: u-0}\nspec: " + spec,
        Pod.class);
  }

  private static List<String> requests(ResourceClaim claim) {
    return claim.spec().devices().requests().stream()
        .map(r -> r.name() + ":" + r.exactly().deviceClassName() + ":" + r.exactly().allocationMode() + ":"
            + r.exactly().count())
        .collect(Collectors.toList());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"example.com/gpu", "deviceclass.resource.kubernetes.io/gpu.example.com"})
  void explicitAndImplicitNames_getTheSpecialClaim(String resource) throws Exception {
    SchedulingResult r = scheduler(true).schedule(pod("{containers: [{name: ctr0, resources: {limits: {"
        + resource + ": 2}}}]}"));
    assertThat(r).isInstanceOf(SchedulingResult.Scheduled.class);
    SchedulingResult.Scheduled s = (SchedulingResult.Scheduled) r;
    ResourceClaim claim = s.claims().get(0);
    assertThat(claim.name()).isEqualTo("pod0-extended-resources-" + GeneratedNames.suffix("demo/pod0/extended-resources"));
    assertThat(claim.metadata().generateName()).isEqualTo("pod0-extended-resources-");
    assertThat(claim.metadata().annotations()).containsExactly(
        java.util.Map.entry(PodScheduler.EXTENDED_RESOURCE_CLAIM_ANNOTATION, "true"));
    assertThat(claim.metadata().ownerReferences()).containsExactly(new OwnerReference("v1", "Pod", "pod0", "u-0", true, null));
    assertThat(requests(claim)).containsExactly("container-0-request-0:gpu.example.com:ExactCount:2");
    assertThat(claim.allocation().devices().results()).extracting(d -> d.device()).containsExactly("gpu-0", "gpu-1");
    assertThat(s.pod().status().extendedResourceClaimStatus().resourceClaimName()).isEqualTo(claim.name());
    assertThat(s.pod().status().extendedResourceClaimStatus().requestMappings())
        .containsExactly(ContainerExtendedResourceRequest.of("ctr0", resource, "container-0-request-0"));
  }

  @Test
  void requestIndex_isThePositionAmongTheContainersSortedRequestNames() throws Exception {
    // Sorted names of ctr1: cpu, example.com/gpu, memory: the GPU is request 1 of container 1.
    SchedulingResult.Scheduled s = (SchedulingResult.Scheduled) scheduler(true).schedule(pod(
        "{containers: [{name: ctr0}, {name: ctr1, resources: {requests: {memory: 1Gi, cpu: '1'},"
            + " limits: {example.com/gpu: 1}}}]}"));
    assertThat(requests(s.claims().get(0))).containsExactly("container-1-request-1:gpu.example.com:ExactCount:1");
  }

  @Test
  void initContainers_reuseTheRegularContainersRequests_andShareTheLargestOwnRequest() throws Exception {
    // init0 needs 3: it reuses ctr's 1 and asks for 2 more; init1 needs 1, covered by ctr's.
    SchedulingResult.Scheduled s = (SchedulingResult.Scheduled) scheduler(true).schedule(pod(
        "{initContainers: [{name: init0, resources: {limits: {example.com/gpu: 3}}},"
            + " {name: init1, resources: {limits: {example.com/gpu: 1}}}],"
            + " containers: [{name: ctr, resources: {limits: {example.com/gpu: 1}}}]}"));
    ResourceClaim claim = s.claims().get(0);
    assertThat(requests(claim)).containsExactly(
        "container-0-request-0:gpu.example.com:ExactCount:2",
        "container-2-request-0:gpu.example.com:ExactCount:1");
    assertThat(s.pod().status().extendedResourceClaimStatus().requestMappings()).containsExactly(
        ContainerExtendedResourceRequest.of("ctr", "example.com/gpu", "container-2-request-0"),
        ContainerExtendedResourceRequest.of("init0", "example.com/gpu", "container-2-request-0"),
        ContainerExtendedResourceRequest.of("init0", "example.com/gpu", "container-0-request-0"),
        ContainerExtendedResourceRequest.of("init1", "example.com/gpu", "container-2-request-0"));
  }

  @Test
  void claimsAndExtendedResources_areAllocatedTogether_theExtendedClaimLast() throws Exception {
    PodScheduler scheduler = PodScheduler.builder(SchedulingFixtures.allocator())
        .cluster(cluster().toBuilder().claims(List.of(CODEC.read("apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"
            + "metadata: {name: three, namespace: demo}\n"
            + "spec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu.example.com, count: 3}}]}}\n",
            ResourceClaim.class))).build())
        .build();
    SchedulingResult r = scheduler.schedule(pod("{resourceClaims: [{name: g, resourceClaimName: three}],"
        + " containers: [{name: c, resources: {limits: {example.com/gpu: 2}}}]}"));
    assertThat(r).isInstanceOf(SchedulingResult.Unschedulable.class);
    assertThat(((SchedulingResult.Unschedulable) r).message()).startsWith("0/1 nodes are available: 1 cannot allocate all claims");
  }

  private static String earlierClaim(String status) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: pod0-extended-resources-x7k9m,"
        + " namespace: demo, annotations: {resource.kubernetes.io/extended-resource-claim: 'true'},"
        + " ownerReferences: [{apiVersion: v1, kind: Pod, name: pod0, uid: u-0, controller: true}]}\n"
        + "spec: {devices: {requests: [{name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}]}}\n"
        + status;
  }

  private static PodScheduler withClaim(String claim) throws Exception {
    return PodScheduler.builder(SchedulingFixtures.allocator())
        .cluster(cluster().toBuilder().claims(List.of(CODEC.read(claim, ResourceClaim.class))).build())
        .build();
  }

  @Test
  void claimMadeInAnEarlierAttempt_allocated_isKept() throws Exception {
    PodScheduler scheduler = withClaim(earlierClaim("status: {allocation: {devices: {results: [{request:"
        + " container-0-request-0, driver: gpu.example.com, pool: node-1, device: gpu-3}]}}}\n"));
    SchedulingResult.Scheduled s = (SchedulingResult.Scheduled) scheduler.schedule(
        pod("{containers: [{name: ctr0, resources: {limits: {example.com/gpu: 1}}}]}"));
    assertThat(s.claims()).extracting(ResourceClaim::name).containsExactly("pod0-extended-resources-x7k9m");
    assertThat(s.claims().get(0).allocation().devices().results()).extracting(d -> d.device()).containsExactly("gpu-3");
  }

  @Test
  void claimMadeInAnEarlierAttempt_unallocated_isStale() throws Exception {
    SchedulingResult r = withClaim(earlierClaim("")).schedule(
        pod("{containers: [{name: ctr0, resources: {limits: {example.com/gpu: 1}}}]}"));
    assertThat(((SchedulingResult.Unschedulable) r).message())
        .isEqualTo("0/1 nodes are available: cannot schedule extended resource claim. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..");
  }

  @Test
  void resourceNoClassBacks_orGateOff_fitsNoNode() throws Exception {
    SchedulingResult unknown = scheduler(true).schedule(pod("{containers: [{name: c, resources: {limits: {vendor.com/fpga: 1}}}]}"));
    assertThat(((SchedulingResult.Unschedulable) unknown).message())
        .isEqualTo("0/1 nodes are available: 1 Insufficient vendor.com/fpga. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..");
    SchedulingResult gateOff = scheduler(false).schedule(pod("{containers: [{name: c, resources: {limits: {example.com/gpu: 1}}}]}"));
    assertThat(((SchedulingResult.Unschedulable) gateOff).message())
        .isEqualTo("0/1 nodes are available: 1 Insufficient example.com/gpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..");
  }

  @Test
  void nativeAndZeroResources_needNoClaim() throws Exception {
    SchedulingResult.Scheduled s = (SchedulingResult.Scheduled) scheduler(true).schedule(pod(
        "{containers: [{name: c, resources: {limits: {cpu: '2', hugepages-2Mi: 1Gi, example.com/gpu: 0}}}]}"));
    assertThat(s.claims()).isEmpty();
    assertThat(s.pod().status().extendedResourceClaimStatus()).isNull();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "example.com/gpu, true", "deviceclass.resource.kubernetes.io/x, true", "cpu, false", "memory, false",
      "hugepages-2Mi, false", "kubernetes.io/batteries, false", "requests.example.com/gpu, false",
      "nvidia.com/gpu, true"})
  void extendedResourceNames(String name, boolean extended) {
    assertThat(ExtendedResources.isExtendedResourceName(name)).isEqualTo(extended);
  }
}
