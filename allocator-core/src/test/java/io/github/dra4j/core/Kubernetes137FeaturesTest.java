package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/*
 * The gates of the DRA features of Kubernetes 1.37 that the scenarios cannot switch off (the
 * conformance runner passes only the older gates): DRAOptionalNodeOperations,
 * DRADeviceCompatibilityGroups and DRAFractionalCapacityRange, each on and off, as the
 * reference's allocator_experimental.go and GatherPools treat them.
 */
final class Kubernetes137FeaturesTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String CLAIM = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: claim-0, namespace: default}
      spec:
        devices:
          requests:
          - name: req-0
            exactly: {deviceClassName: class-a, count: COUNT}
      """;

  private static AllocationOutcome allocate(Map<String, Boolean> gates, Node node, String slices, String claim)
      throws Exception {
    List<ResourceSlice> s = new ArrayList<>();
    for (Object o : CODEC.readAll(slices, "slices")) {
      s.add((ResourceSlice) o);
    }
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all().with(gates))
        .snapshot(s, List.<DeviceClass>of(CoreFixtures.CLASS_A), List.of());
    return snapshot.allocate(node, List.of((ResourceClaim) CODEC.readAll(claim, "claim").get(0)));
  }

  private static Node node(String... declared) {
    return new Node(ObjectMeta.named(null, "node-1"), new NodeStatus(List.of(declared)));
  }

  private static final String SKIPPING = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        skipNodeOperations: [NodePrepareResources, NodeUnprepareResources]
        devices:
        - name: device-1
      """;

  @Test
  void optionalNodeOperations_resultCopiesTheSlicesList_onANodeThatDeclaresTheFeature() throws Exception {
    AllocationOutcome outcome = allocate(Map.of(), node("DRAOptionalNodeOperations"), SKIPPING,
        CLAIM.replace("COUNT", "1"));
    AllocationResult result = ((AllocationOutcome.Allocated) outcome).results().get(0);
    assertThat(result.devices().results().get(0).skipNodeOperations())
        .containsExactly("NodePrepareResources", "NodeUnprepareResources");
  }

  @Test
  void optionalNodeOperations_deviceIsNotAllocated_withoutTheNodesDeclaration_orWithTheGateOff() throws Exception {
    String claim = CLAIM.replace("COUNT", "1");
    AllocationOutcome undeclared = allocate(Map.of(), node(), SKIPPING, claim);
    assertThat(undeclared).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(((AllocationOutcome.Unsatisfiable) undeclared).explanation().summary())
        .contains("DRAOptionalNodeOperations");
    assertThat(allocate(Map.of("DRAOptionalNodeOperations", false), node("DRAOptionalNodeOperations"), SKIPPING,
        claim)).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  private static final String GROUPS = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        sharedCounters:
        - name: gpu-0
          counters: {sm: {value: "98"}}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-2}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 2}
        nodeName: node-1
        devices:
        - name: mig-1
          consumesCounters:
          - {counterSet: gpu-0, counters: {sm: {value: "14"}}, compatibilityGroups: [mig]}
        - name: vgpu-1
          consumesCounters:
          - {counterSet: gpu-0, counters: {sm: {value: "14"}}, compatibilityGroups: [vgpu]}
      """;

  @Test
  void compatibilityGroups_keepIncompatibleDevicesApart_andGateOffMakesThePoolIncomplete() throws Exception {
    String slices = GROUPS.replace("resourceSliceCount: 1", "resourceSliceCount: 2");
    assertThat(allocate(Map.of(), node(), slices, CLAIM.replace("COUNT", "2")))
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(allocate(Map.of(), node(), slices, CLAIM.replace("COUNT", "1")).isAllocated()).isTrue();
    AllocationOutcome off = allocate(Map.of("DRADeviceCompatibilityGroups", false), node(), slices,
        CLAIM.replace("COUNT", "1"));
    assertThat(off).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(((AllocationOutcome.Unsatisfiable) off).explanation().summary()).contains("incomplete");
  }

  private static final String FRACTIONAL = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        devices:
        - name: device-1
          allowMultipleAllocations: true
          capacity:
            cores:
              value: "2"
              requestPolicy:
                default: 100m
                validRange: {min: 100m, max: 1100m, step: 250m}
      """;

  @Test
  void fractionalCapacityRange_roundsInMilliUnits_onlyWithTheGate() throws Exception {
    String claim = CLAIM.replace("count: COUNT", "capacity: {requests: {cores: 300m}}");
    assertThat(consumed(allocate(Map.of(), node(), FRACTIONAL, claim))).isEqualTo(Quantity.parse("350m"));
    // integer arithmetic: min, step and request read as 1 (rounded up)
    assertThat(consumed(allocate(Map.of("DRAFractionalCapacityRange", false), node(), FRACTIONAL, claim)))
        .isEqualTo(Quantity.parse("1"));
  }

  private static Quantity consumed(AllocationOutcome outcome) {
    return ((AllocationOutcome.Allocated) outcome).results().get(0).devices().results().get(0).consumedCapacity()
        .get("cores");
  }
}
