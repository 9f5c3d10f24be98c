package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DRANodeAllocatableResources with pod-level resources and preemption, on {@link
 * NodeAllocatableResourcesTest}'s cluster (8 cpu per node; a gpu costs 2 cpu per pod): the
 * DynamicResources filter's status (nodeallocatabledynamicresources.go) is UnschedulableAndUnresolvable
 * when the pod with its claims' cost exceeds the node's allocatable (nodeFitsResources) or its
 * pod-level requests do not cover the containers' requests with that cost
 * and its pod-level limits the containers' limits with that cost (validatePodLevelResourcesCoverDRA);
 * preemption leaves such nodes out. Each node holds a pod of the given priority requesting the given
 * cpu; the pending pod has priority 100, the given pod-level resources and container requests
 * (limits after them), and claims a gpu.
 */
final class NodeAllocatablePreemptionTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String NOT_HELPFUL = " preemption: 0/2 nodes are available: 2 Preemption is not helpful for"
      + " scheduling..";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "the pod with its gpu's cpu exceeds every node; 0; 1; {}; {cpu: '7'};"
          + " 0/2 nodes are available: 2 Insufficient cpu." + NOT_HELPFUL,
      "the pod with its gpu's cpu fits an empty node; 0; 4; {}; {cpu: '3'}; node-1 evicting low-node-1",
      "the bound pods may not be evicted; 1000; 4; {}; {cpu: '3'}; 0/2 nodes are available: 2 Insufficient cpu."
          + " preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..",
      "a pod-level request that covers the containers and the gpu is what counts; 0; 4; {requests: {cpu: '5'}};"
          + " {cpu: '2'}; node-1 evicting low-node-1",
      "a pod-level request below the containers and the gpu; 0; 1; {requests: {cpu: '3'}}; {cpu: '2'};"
          + " 0/2 nodes are available: 2 pod level request for cpu is insufficient to cover the aggregated container"
          + " and node-allocatable DRA requests." + NOT_HELPFUL,
      "a request defaulted from a pod-level limit does not count the gpu; 0; 1; {limits: {cpu: '6'}}; {cpu: '2'};"
          + " 0/2 nodes are available: 2 pod level request for cpu is insufficient to cover the aggregated container"
          + " and node-allocatable DRA requests." + NOT_HELPFUL,
      "a container limit with its gpu's memory above the pod-level limit; 0; 1; {requests: {cpu: '5', memory: 2Gi},"
          + " limits: {memory: 4Gi}}; {cpu: '2', memory: 1Gi}, limits: {memory: 3.5Gi};"
          + " 0/2 nodes are available: 2 pod level limit for memory is insufficient to cover the limit and DRA overhead"
          + " for container c." + NOT_HELPFUL,
      "a container limit with its gpu's memory within the pod-level limit; 0; 4; {requests: {cpu: '5', memory: 2Gi},"
          + " limits: {memory: 4Gi}}; {cpu: '2', memory: 1Gi}, limits: {memory: 3Gi}; node-1 evicting low-node-1",
  })
  void preemption(String name, int boundPriority, String boundCpu, String podLevel, String requests, String want)
      throws Exception {
    List<Object> objects = new ArrayList<>(CODEC.readAll(NodeAllocatableResourcesTest.CLUSTER, "cluster.yaml"));
    for (String node : List.of("node-1", "node-2")) {
      objects.add(CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: low-" + node + ", namespace: default}\n"
          + "spec: {nodeName: " + node + ", priority: " + boundPriority + ", containers: [{name: c, resources:"
          + " {requests: {cpu: '" + boundCpu + "'}}}]}\n", Pod.class));
    }
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(objects)).build();
    Pod pending = CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: high, namespace: default, uid: u-high}\n"
        + "spec:\n  priority: 100\n  resources: " + podLevel + "\n"
        + "  resourceClaims: [{name: dev, resourceClaimTemplateName: gpu}]\n"
        + "  containers: [{name: c, resources: {requests: " + requests + ", claims: [{name: dev}]}}]\n", Pod.class);
    SchedulingResult r = s.schedule(pending);
    if (r instanceof SchedulingResult.Scheduled sc) {
      Preemption p = sc.preemption();
      assertThat(sc.node().name() + " evicting " + (p == null ? "nothing"
          : String.join(" ", p.victims().stream().map(Pod::name).toList()))).isEqualTo(want);
    } else {
      assertThat(((SchedulingResult.Unschedulable) r).message()).isEqualTo(want);
    }
  }
}
