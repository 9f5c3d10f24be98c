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
 * DRANodeAllocatableResources through {@link PodScheduler}: the DynamicResources plugin's check of
 * the pod's requests with what its allocated devices stand for (nodeallocatabledynamicresources.go
 * calculateAndCheckNodeAllocatableResources, nodeFitsResources and
 * validateNodeAllocatableDRAClaimSharing), and NodeResourcesFit counting what the claims of the pods
 * already bound cost. Nodes have 8 cpu and 16Gi of memory; a gpu costs 2 cpu per pod and 1Gi per
 * referencing container, a cores device stands for 4 cpu, and a memory device for the memory its
 * claim consumes.
 */
final class NodeAllocatableResourcesTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  static final String CLUSTER = String.join("\n",
      node("node-1"),
      node("node-2"),
      slice("node-1"),
      slice("node-2"),
      deviceClass("gpu"),
      deviceClass("cores"),
      deviceClass("mem"),
      template("gpu", "{deviceClassName: gpu.example.com}"),
      template("two-cores", "{deviceClassName: cores.example.com, count: 2, allocationMode: ExactCount}"),
      template("one-core", "{deviceClassName: cores.example.com}"),
      template("mem-10gi", "{deviceClassName: mem.example.com, capacity: {requests: {memory: 10Gi}}}"),
      "");

  private static String node(String name) {
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name + "}\n"
        + "status: {allocatable: {cpu: '8', memory: 16Gi, pods: '110'}}\n---";
  }

  private static String slice(String node) {
    return String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceSlice",
        "metadata: {name: " + node + "-devices}",
        "spec:",
        "  driver: example.com",
        "  nodeName: " + node,
        "  pool: {name: " + node + ", generation: 1, resourceSliceCount: 1}",
        "  devices:",
        "  - name: gpu-0",
        "    attributes: {kind: {string: gpu}}",
        "    nodeAllocatableResources: {cpu: {overhead: {perPod: '2'}}, memory: {overhead: {perContainer: 1Gi}}}",
        "  - name: cores-0",
        "    attributes: {kind: {string: cores}}",
        "    nodeAllocatableResources: {cpu: {mapping: {deviceMultiplier: '4'}}}",
        "  - name: cores-1",
        "    attributes: {kind: {string: cores}}",
        "    nodeAllocatableResources: {cpu: {mapping: {deviceMultiplier: '4'}}}",
        "  - name: mem-0",
        "    attributes: {kind: {string: mem}}",
        "    allowMultipleAllocations: true",
        "    capacity: {memory: {value: 64Gi}}",
        "    nodeAllocatableResources: {memory: {mapping: {capacityKey: memory, capacityMultiplier: '1'}}}",
        "---");
  }

  private static String deviceClass(String kind) {
    return "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: " + kind + ".example.com}\n"
        + "spec: {selectors: [{cel: {expression: 'device.attributes[\"example.com\"].kind == \"" + kind + "\"'}}]}\n---";
  }

  private static String template(String name, String exactly) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: " + name
        + ", namespace: default}\nspec: {spec: {devices: {requests: [{name: r, exactly: " + exactly + "}]}}}\n---";
  }

  /** A pod whose container c requests the cpu and memory and references the pod's claim from the template, if any. */
  private static Pod pod(String name, String cpu, String memory, String template) throws Exception {
    String claims = template == null ? "" : ", claims: [{name: dev}]";
    String podClaims = template == null ? "" : "\n  resourceClaims: [{name: dev, resourceClaimTemplateName: " + template + "}]";
    return CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default, uid: u-" + name
        + "}\nspec:\n  containers: [{name: c, resources: {requests: {cpu: '" + cpu + "', memory: " + memory + "}"
        + claims + "}}]" + podClaims + "\n", Pod.class);
  }

  private static PodScheduler scheduler(boolean gate, String extra) throws Exception {
    Cluster cluster = Cluster.of(CODEC.readAll(CLUSTER + extra, "cluster.yaml"));
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).preemption(false)
        .nodeAllocatableResources(gate).build();
  }

  /** {@return each pod's node, or its message} */
  private static List<String> outcomes(PodScheduler s, List<Pod> pods) {
    List<String> out = new ArrayList<>();
    for (Pod p : pods) {
      SchedulingResult r = s.schedule(p);
      out.add(r instanceof SchedulingResult.Scheduled ? ((SchedulingResult.Scheduled) r).node().name()
          : ((SchedulingResult.Unschedulable) r).message());
    }
    return out;
  }

  private static final String BOTH_CPU = "0/2 nodes are available: 2 Insufficient cpu.";
  private static final String BOTH_MEMORY = "0/2 nodes are available: 2 Insufficient memory.";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      // pod: cpu, memory, template; the outcomes with the gate on, then off
      "fits by its own requests, not with the gpu's per-pod cpu; 7; 1Gi; gpu; " + BOTH_CPU + "; node-1",
      "own requests and the gpu's per-pod cpu fit exactly; 6; 1Gi; gpu; node-1; node-1",
      "the gpu's per-container memory; 1; 15.5Gi; gpu; " + BOTH_MEMORY + "; node-1",
      "two cores devices stand for 8 cpu; 1; 1Gi; two-cores; " + BOTH_CPU + "; node-1",
      "one cores device stands for 4 cpu; 4; 1Gi; one-core; node-1; node-1",
      "the memory the claim consumes (capacityKey); 1; 8Gi; mem-10gi; " + BOTH_MEMORY + "; node-1",
      "the consumed memory fits; 1; 6Gi; mem-10gi; node-1; node-1",
  })
  void candidate(String name, String cpu, String memory, String template, String gateOn, String gateOff)
      throws Exception {
    Pod pod = pod("p", cpu, memory, template);
    assertThat(outcomes(scheduler(true, ""), List.of(pod))).containsExactly(gateOn);
    assertThat(outcomes(scheduler(false, ""), List.of(pod))).containsExactly(gateOff);
  }

  @Test
  void boundPods_countWhatTheirClaimsCost_inNodeResourcesFit() throws Exception {
    // 5 cpu + the gpu's 2 on each node, then 2 cpu more fits nowhere: 9 > 8 once the gpus count
    List<Pod> pods = List.of(pod("a", "5", "1Gi", "gpu"), pod("b", "5", "1Gi", "gpu"), pod("c", "2", "1Gi", null));
    assertThat(outcomes(scheduler(true, ""), pods)).containsExactly("node-1", "node-2", BOTH_CPU);
    assertThat(outcomes(scheduler(false, ""), pods)).containsExactly("node-1", "node-2", "node-1");
  }

  @Test
  void scores_countWhatBoundPodsClaimsCost() throws Exception {
    // node-1: 1 cpu and 1Gi with a gpu (2 cpu per pod, 1Gi per container); node-2: 2 cpu and 2Gi
    Pod a = pod("a", "1", "1Gi", "gpu");
    a = new Pod(a.metadata(), a.spec().toBuilder().nodeName("node-1").build(), a.status());
    Pod b = pod("b", "2", "2Gi", null);
    b = new Pod(b.metadata(), b.spec().toBuilder().nodeName("node-2").build(), b.status());
    List<Pod> pods = List.of(a, b, pod("c", "1", "1Gi", null));
    for (boolean gate : new boolean[] {true, false}) {
      Cluster cluster = Cluster.of(CODEC.readAll(CLUSTER, "cluster.yaml"));
      PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).preemption(false)
          .scorer(NodeScorer.kubeScheduler()).nodeAllocatableResources(gate).build();
      // LeastAllocated and BalancedAllocation both prefer node-2 once node-1's gpu counts (3 cpu, 2Gi)
      assertThat(outcomes(s, pods)).as("gate %s", gate).containsExactly("node-1", "node-2", gate ? "node-2" : "node-1");
    }
  }

  @Test
  void boundPodsOfTheInput_countWhatTheirAllocatedClaimsCost() throws Exception {
    String bound = String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: held, namespace: default}",
        "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: cores.example.com}}]}}",
        "status:",
        "  allocation: {devices: {results: [{request: r, driver: example.com, pool: node-1, device: cores-0}]}}",
        "  reservedFor: [{resource: pods, name: holder, uid: u-holder}]",
        "---",
        "apiVersion: v1",
        "kind: Pod",
        "metadata: {name: holder, namespace: default, uid: u-holder}",
        "spec:",
        "  nodeName: node-1",
        "  containers: [{name: c, resources: {requests: {cpu: '2'}, claims: [{name: dev}]}}]",
        "  resourceClaims: [{name: dev, resourceClaimName: held}]",
        "");
    // the holder takes 2 cpu and its cores device 4 more: 3 cpu go to node-2
    List<Pod> pods = List.of(pod("p", "3", "1Gi", null));
    assertThat(outcomes(scheduler(true, "\n" + bound), pods)).containsExactly("node-2");
    assertThat(outcomes(scheduler(false, "\n" + bound), pods)).containsExactly("node-1");
  }

  @Test
  void preemption_dryRunCountsTheClaimsCost() throws Exception {
    List<Pod> low = new ArrayList<>();
    for (String node : List.of("node-1", "node-2")) {
      Pod p = pod("low-" + node, "4", "1Gi", null);
      low.add(new Pod(p.metadata(), p.spec().toBuilder().nodeName(node).priority(0).build(), p.status()));
    }
    // 3 cpu fit beside 4, but not with the gpu's 2: a victim must go
    Pod high = pod("high", "3", "1Gi", "gpu");
    high = new Pod(high.metadata(), high.spec().toBuilder().priority(100).build(), high.status());
    Cluster cluster = Cluster.of(CODEC.readAll(CLUSTER, "cluster.yaml"));
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).build();
    assertThat(outcomes(s, low)).containsExactly("node-1", "node-2");
    SchedulingResult r = s.schedule(high);
    assertThat(r).isInstanceOf(SchedulingResult.Scheduled.class);
    Preemption preemption = ((SchedulingResult.Scheduled) r).preemption();
    assertThat(preemption).isNotNull();
    assertThat(preemption.victims()).extracting(Pod::name).containsExactly("low-node-1");
  }

  @Test
  void claimWithAMappedDevice_isNotShared() throws Exception {
    String shared = String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: shared-cores, namespace: default}",
        "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: cores.example.com}}]}}",
        "status:",
        "  allocation: {devices: {results: [{request: r, driver: example.com, pool: node-1, device: cores-0}]},"
            + " nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-1]}]}]}}",
        "  reservedFor: [{resource: pods, name: other, uid: u-other}]",
        "");
    Pod pod = CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default, uid: u-p}\nspec:\n"
        + "  containers: [{name: c, resources: {claims: [{name: dev}]}}]\n"
        + "  resourceClaims: [{name: dev, resourceClaimName: shared-cores}]\n", Pod.class);
    assertThat(outcomes(scheduler(true, "\n" + shared), List.of(pod))).containsExactly("0/2 nodes are available: "
        + "1 node allocatable resource claim shared-cores has a mapped device and cannot be shared across pods, "
        + "1 resourceclaim not available on the node.");
    assertThat(outcomes(scheduler(false, "\n" + shared), List.of(pod))).containsExactly("node-1");
  }

  @Test
  void fits_answersAsScheduleDoes() throws Exception {
    PodScheduler s = scheduler(true, "");
    assertThat(s.fits(pod("p", "7", "1Gi", "gpu"), s.nodes())).isEmpty();
    assertThat(s.fits(pod("p", "6", "1Gi", "gpu"), s.nodes())).hasSize(2);
  }

  @Test
  void noDeviceDeclaresNodeAllocatableResources_nothingCounts() throws Exception {
    Cluster cluster = Cluster.of(CODEC.readAll(CLUSTER.replaceAll("    nodeAllocatableResources: .*\n", ""),
        "cluster.yaml"));
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).preemption(false).build();
    assertThat(outcomes(s, List.of(pod("p", "7", "1Gi", "gpu")))).containsExactly("node-1");
    assertThat(NodeAllocatableClaims.of(cluster.slices())).isNull();
  }
}
