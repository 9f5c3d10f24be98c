package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pods through {@link PodScheduler} with every filter on: kube-scheduler's FitError message (the
 * count of nodes per reason, sorted as strings, the nodes a PreFilter result left out counted
 * under its own reason), dra4j's allocation detail after "cannot allocate all claims", and
 * placements that use up the nodes' cpu, host ports and spread.
 */
final class SchedulerMessagesTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  /* node-1 and node-2: 1 cpu and a GPU; node-3: tainted, 8 cpus and a GPU; node-4, node-5: 8 cpus, no GPU. */
  private static final String CLUSTER = String.join("\n",
      node("node-1", "zone-a", "{}", "'1'"), slice("node-1"),
      node("node-2", "zone-a", "{}", "'1'"), slice("node-2"),
      node("node-3", "zone-b", "{taints: [{key: gpu, value: 'true', effect: NoSchedule}]}", "'8'"), slice("node-3"),
      node("node-4", "zone-b", "{}", "'8'"),
      node("node-5", "zone-c", "{}", "'8'"),
      "apiVersion: resource.k8s.io/v1",
      "kind: DeviceClass",
      "metadata: {name: gpu.example.com}",
      "spec: {selectors: [{cel: {expression: 'device.driver == \"gpu.example.com\"'}}]}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaimTemplate",
      "metadata: {name: one-gpu, namespace: demo}",
      "spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}}",
      "");

  private static String node(String name, String zone, String spec, String cpu) {
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: {zone: " + zone + ", host: " + name
        + "}}\nspec: " + spec + "\nstatus: {allocatable: {cpu: " + cpu + ", pods: '110'}}\n---";
  }

  private static String slice(String node) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + node + "-gpus}\nspec:\n"
        + "  driver: gpu.example.com\n  nodeName: " + node + "\n"
        + "  pool: {name: " + node + ", generation: 1, resourceSliceCount: 1}\n  devices: [{name: gpu-0}]\n---";
  }

  private static PodScheduler scheduler() throws Exception {
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(CODEC.readAll(CLUSTER, "c.yaml"))).build();
  }

  private static Pod pod(String name, String spec) throws Exception {
    return CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo, labels: {app: web}}\n"
        + "spec: " + spec, Pod.class);
  }

  private static String message(SchedulingResult r) {
    return ((SchedulingResult.Unschedulable) r).message();
  }

  @Test
  void everyNodeRefused_reasonsCountedAndSorted_allocationDetailAfter() throws Exception {
    String m = message(scheduler().schedule(pod("p", "{resourceClaims: [{name: gpu, resourceClaimTemplateName: one-gpu}],"
        + " containers: [{name: c, resources: {requests: {cpu: '2'}}}]}")));
    assertThat(m).startsWith("0/5 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu,"
        + " 2 cannot allocate all claims (node node-4: ").endsWith("). preemption: 0/5 nodes are available:"
        + " 2 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling..");
  }

  @Test
  void nodesOutsideNodeAffinitysPreFilterResult_countUnderItsReason() throws Exception {
    String m = message(scheduler().schedule(pod("p", "{affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution:"
        + " {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-1]}]}]}}},"
        + " containers: [{name: c, resources: {requests: {cpu: '2'}}}]}")));
    assertThat(m).isEqualTo("0/5 nodes are available: 1 Insufficient cpu, 4 node(s) didn't satisfy plugin(s) [NodeAffinity]."
        + " preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling..");
  }

  @Test
  void nodeNamesThatConflict_failThePreFilter() throws Exception {
    String m = message(scheduler().schedule(pod("p", "{affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution:"
        + " {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-1]},"
        + " {key: metadata.name, operator: In, values: [node-2]}]}]}}}, containers: [{name: c}]}")));
    assertThat(m).isEqualTo("0/5 nodes are available: pod affinity terms conflict. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling..");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "cpu is used up by the pods placed before; {containers: [{name: c, resources: {requests: {cpu: '5'}}}]};"
          + " node-4 node-5 -",
      "a host port is held by the pod placed before; {containers: [{name: c, ports: [{containerPort: 80, hostPort: 8080}]}]};"
          + " node-1 node-2 node-4 node-5 -",
      "a zone spread allows one more pod per zone than the emptiest; {topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
          + " whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}], containers: [{name: c}]};"
          + " node-1 node-4 node-5 node-1 node-4",
      "required anti-affinity keeps the pods on different hosts; {affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution:"
          + " [{labelSelector: {matchLabels: {app: web}}, topologyKey: host}]}}, containers: [{name: c}]}; node-1 node-2 node-4 node-5 -",
  })
  void placements_seeThePodsPlacedBefore(String name, String spec, String want) throws Exception {
    PodScheduler scheduler = scheduler();
    List<String> got = new ArrayList<>();
    for (int i = 0; i < want.split(" ", -1).length; i++) {
      SchedulingResult r = scheduler.schedule(pod("p-" + i, spec));
      got.add(r instanceof SchedulingResult.Scheduled s ? s.node().name() : "-");
    }
    assertThat(String.join(" ", got)).isEqualTo(want);
  }

  @Test
  void removedPods_freeTheirNode() throws Exception {
    PodScheduler scheduler = scheduler();
    String spec = "{nodeSelector: {host: node-4}, containers: [{name: c, resources: {requests: {cpu: '8'}}}]}";
    SchedulingResult.Scheduled first = (SchedulingResult.Scheduled) scheduler.schedule(pod("a", spec));
    assertThat(message(scheduler.schedule(pod("b", spec))))
        .isEqualTo("0/5 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s),"
            + " 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/5 nodes are available:"
            + " 1 No preemption victims found for incoming pod, 4 Preemption is not helpful for scheduling..");
    scheduler.removePods(List.of(first.pod()));
    assertThat(scheduler.schedule(pod("b", spec))).isInstanceOf(SchedulingResult.Scheduled.class);
  }
}
