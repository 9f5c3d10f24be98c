package io.github.dra4j.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourcePoolStatusRequestSpec;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pool status field by field against the definitions of upstream's ResourcePoolStatusRequest
 * (kubernetes/kubernetes staging/src/k8s.io/api/resource/v1alpha3/types.go: PoolStatus,
 * PartitionTypeStatus, ShareableSummaryStatus) and its controller
 * (pkg/controller/resourcepoolstatusrequest: calculatePoolStatus in controller.go,
 * computePartitionSummary and computeShareableSummary in views.go), on pools whose numbers are
 * worked out by hand.
 */
final class ResourcePoolStatusTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String DRIVER = "gpu.example.com";

  /*
   * node-a: one GPU as counter set gpu-0 (memory 8, slices 4) partitioned as 1 full (8, 4), 2
   * halves (4, 2) and 4 quarters (2, 1), plus a NIC without counters tainted NoSchedule. A slice
   * of generation 1 (older) is ignored. node-b publishes 1 of its 2 slices.
   */
  private static final String PARTITIONED = String.join("\n",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: node-a-old}",
      "spec:",
      "  driver: " + DRIVER,
      "  nodeName: node-a",
      "  pool: {name: node-a, generation: 1, resourceSliceCount: 1}",
      "  devices: [{name: old-0}, {name: old-1}, {name: old-2}]",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: node-a}",
      "spec:",
      "  driver: " + DRIVER,
      "  nodeName: node-a",
      "  pool: {name: node-a, generation: 2, resourceSliceCount: 1}",
      "  partitionTypeAttribute: " + DRIVER + "/profile",
      "  sharedCounters: [{name: gpu-0, counters: {memory: {value: '8'}, slices: {value: '4'}}}]",
      "  devices:",
      device("full", "full", 8, 4),
      device("half-0", "half", 4, 2),
      device("half-1", "half", 4, 2),
      device("quarter-0", "quarter", 2, 1),
      device("quarter-1", "quarter", 2, 1),
      device("quarter-2", "quarter", 2, 1),
      device("quarter-3", "quarter", 2, 1),
      "  - {name: nic, taints: [{key: maintenance, effect: NoSchedule}]}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: node-b-0}",
      "spec:",
      "  driver: " + DRIVER,
      "  nodeName: node-b",
      "  pool: {name: node-b, generation: 1, resourceSliceCount: 2}",
      "  devices: [{name: gpu-0}]",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: other}",
      "spec:",
      "  driver: nic.example.com",
      "  nodeName: node-a",
      "  pool: {name: node-a, generation: 1, resourceSliceCount: 1}",
      "  devices: [{name: eth0}]",
      "---",
      claim("uses-quarter", "quarter-0", false),
      "---",
      claim("watches-half", "half-0", true),
      "");

  private static String device(String name, String profile, int memory, int slices) {
    return "  - {name: " + name + ", attributes: {profile: {string: " + profile + "}}, consumesCounters: [{counterSet: gpu-0,"
        + " counters: {memory: {value: '" + memory + "'}, slices: {value: '" + slices + "'}}}]}";
  }

  private static String claim(String name, String device, boolean admin) {
    return String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: " + name + ", namespace: default}",
        "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: gpu}}]}}",
        "status:",
        "  allocation:",
        "    devices:",
        "      results: [{request: r, driver: " + DRIVER + ", pool: node-a, device: " + device
            + (admin ? ", adminAccess: true" : "") + "}]");
  }

  private static Cluster cluster(String yaml) throws DecodeException {
    return Cluster.of(CODEC.readAll(yaml, "cluster.yaml"));
  }

  @Test
  void aPartitionedPool_everyField() throws DecodeException {
    ResourcePoolStatus.Status s = ResourcePoolStatus.calculate(cluster(PARTITIONED), ResourcePoolStatusRequestSpec.of(DRIVER));

    // poolCount: pools that matched (the other driver's does not); sorted by driver then pool name.
    assertThat(s.poolCount()).isEqualTo(2);
    assertThat(s.pools()).extracting(ResourcePoolStatus.PoolStatus::poolName).containsExactly("node-a", "node-b");
    assertThat(s.message()).isEqualTo("Calculated status for 2 pools (1 incomplete)");
    ResourcePoolStatus.PoolStatus a = s.pools().get(0);
    assertThat(a.driver()).isEqualTo(DRIVER);
    assertThat(a.nodeName()).isEqualTo("node-a");
    // generation: the latest; the slice of generation 1 is not counted.
    assertThat(a.generation()).isEqualTo(2);
    assertThat(a.resourceSliceCount()).isEqualTo(1);
    // totalDevices: 1 full + 2 halves + 4 quarters + the NIC.
    assertThat(a.totalDevices()).isEqualTo(8);
    // allocatedDevices: quarter-0; the admin-access result on half-0 observes and is not counted.
    assertThat(a.allocatedDevices()).isEqualTo(1);
    // unavailableDevices: the NIC's NoSchedule taint.
    assertThat(a.unavailableDevices()).isEqualTo(1);
    // availableDevices = total - allocated - unavailable.
    assertThat(a.availableDevices()).isEqualTo(6);
    assertThat(a.validationError()).isNull();
    assertThat(a.shareableSummary()).isNull();
    // partitionSummary: quarter-0 in use leaves memory 6, slices 3. Per type, on that baseline:
    // full needs 8 memory (0 fit); half-0 fits (2, 1 left), half-1 does not (1); quarters 1..3 fit (3).
    assertThat(a.partitionSummary()).containsExactly(
        new ResourcePoolStatus.PartitionTypeStatus(DRIVER + "/profile", "full", 1, 0),
        new ResourcePoolStatus.PartitionTypeStatus(DRIVER + "/profile", "half", 2, 1),
        new ResourcePoolStatus.PartitionTypeStatus(DRIVER + "/profile", "quarter", 4, 3));
  }

  @Test
  void anIncompletePool_hasAValidationErrorAndNoCounts() throws DecodeException {
    ResourcePoolStatus.PoolStatus b = ResourcePoolStatus.calculate(cluster(PARTITIONED),
        new ResourcePoolStatusRequestSpec(DRIVER, "node-b", null, null)).pools().get(0);

    assertThat(b.validationError())
        .isEqualTo("PoolIncomplete: pool gpu.example.com/node-b is incomplete: observed 1/2 slices at generation 1");
    assertThat(b.generation()).isEqualTo(1);
    assertThat(b.nodeName()).isEqualTo("node-b");
    assertThat(b.resourceSliceCount()).isNull();
    assertThat(b.totalDevices()).isNull();
    assertThat(b.allocatedDevices()).isNull();
    assertThat(b.availableDevices()).isNull();
    assertThat(b.unavailableDevices()).isNull();
    assertThat(b.partitionSummary()).isEmpty();
  }

  @Test
  void theLimitCutsThePoolsNotTheCount() throws DecodeException {
    ResourcePoolStatus.Status s = ResourcePoolStatus.calculate(cluster(PARTITIONED),
        new ResourcePoolStatusRequestSpec(DRIVER, null, 1, null));
    assertThat(s.poolCount()).isEqualTo(2);
    assertThat(s.pools()).extracting(ResourcePoolStatus.PoolStatus::poolName).containsExactly("node-a");
    assertThat(s.message()).isEqualTo("Calculated status for 1 pools");
    assertThat(ResourcePoolStatus.calculate(cluster(PARTITIONED), ResourcePoolStatusRequestSpec.of("none.example.com"))
        .poolCount()).isZero();
  }

  @Test
  void aDeviceTaintRuleMakesDevicesUnavailable_andOnlyOnceAllocated() throws DecodeException {
    String rule = String.join("\n", "---",
        "apiVersion: resource.k8s.io/v1beta2",
        "kind: DeviceTaintRule",
        "metadata: {name: drain-half}",
        "spec: {deviceSelector: {driver: " + DRIVER + ", pool: node-a, device: half-1}, taint: {key: drain, effect: NoExecute}}",
        "---",
        "apiVersion: resource.k8s.io/v1beta2",
        "kind: DeviceTaintRule",
        "metadata: {name: no-selector}",
        "spec: {taint: {key: everything, effect: NoSchedule}}",
        "");
    ResourcePoolStatus.PoolStatus a = ResourcePoolStatus.calculate(cluster(PARTITIONED + rule),
        new ResourcePoolStatusRequestSpec(DRIVER, "node-a", null, null)).pools().get(0);
    // The NIC and half-1; a rule without a selector selects nothing.
    assertThat(a.unavailableDevices()).isEqualTo(2);
    assertThat(a.availableDevices()).isEqualTo(5);
  }

  @Test
  void withoutADeclaredAttribute_theRequestsDefaultGroups_bareInTheDriversDomain() throws DecodeException {
    String undeclared = PARTITIONED.replace("  partitionTypeAttribute: " + DRIVER + "/profile\n", "");
    Cluster c = cluster(undeclared);
    assertThat(ResourcePoolStatus.calculate(c, new ResourcePoolStatusRequestSpec(DRIVER, "node-a", null, null))
        .pools().get(0).partitionSummary()).isEmpty();
    assertThat(ResourcePoolStatus.calculate(c, new ResourcePoolStatusRequestSpec(DRIVER, "node-a", null,
        DRIVER + "/profile")).pools().get(0).partitionSummary())
        .extracting(ResourcePoolStatus.PartitionTypeStatus::allocatable).containsExactly(0, 1, 3);
  }

  @Test
  void aPartitionWithoutItsTypeIsAValidationError_theCountsStay() throws DecodeException {
    String missing = PARTITIONED.replace("{name: half-1, attributes: {profile: {string: half}}, ", "{name: half-1, ");
    ResourcePoolStatus.PoolStatus a = ResourcePoolStatus.calculate(cluster(missing),
        new ResourcePoolStatusRequestSpec(DRIVER, "node-a", null, null)).pools().get(0);
    assertThat(a.validationError()).isEqualTo("PartitionTypeMissing: device \"half-1\" in pool gpu.example.com/node-a"
        + " does not carry partition type attribute \"gpu.example.com/profile\"");
    assertThat(a.partitionSummary()).isEmpty();
    assertThat(a.totalDevices()).isEqualTo(8);
  }

  @Test
  void shareableDevices_sumTheirCapacity() throws DecodeException {
    String yaml = String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceSlice",
        "metadata: {name: shared}",
        "spec:",
        "  driver: " + DRIVER,
        "  nodeName: node-s",
        "  pool: {name: node-s, generation: 1, resourceSliceCount: 1}",
        "  devices:",
        "  - {name: s0, allowMultipleAllocations: true, capacity: {memory: {value: 10Gi}}}",
        "  - {name: s1, allowMultipleAllocations: true, capacity: {memory: {value: 10Gi}}}",
        "  - {name: plain}",
        "---",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: part, namespace: default}",
        "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: gpu}}]}}",
        "status:",
        "  allocation:",
        "    devices:",
        "      results: [{request: r, driver: " + DRIVER + ", pool: node-s, device: s0, shareID: 7d3a9b6e-1c2f-4e5a-9b8c-0d1e2f3a4b5c,"
            + " consumedCapacity: {memory: 4Gi}}]",
        "");
    ResourcePoolStatus.ShareableSummaryStatus sh = ResourcePoolStatus.calculate(cluster(yaml),
        ResourcePoolStatusRequestSpec.of(DRIVER)).pools().get(0).shareableSummary();
    assertThat(sh).isNotNull();
    assertThat(sh.fullyAvailableDevices()).isEqualTo(1);
    assertThat(sh.partiallyAvailableDevices()).isEqualTo(1);
    assertThat(sh.capacity()).containsExactly(new ResourcePoolStatus.ShareableCapacityStatus("memory",
        Quantity.parse("20Gi"), Quantity.parse("4Gi"), Quantity.parse("16Gi")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "no driver||||spec.driver: Required value: driver name is required",
      "bad driver|Bad_Driver|||spec.driver: Invalid value: \"Bad_Driver\"",
      "bad pool|gpu.example.com|a//b||spec.poolName: Invalid value: \"\"",
      "limit 0|gpu.example.com||0|spec.limit: Invalid value: 0: must be at least 1",
      "limit 1001|gpu.example.com||1001|spec.limit: Invalid value: 1001: must not exceed 1000",
  })
  void anInvalidSpecIsRefusedAsTheApiServerWould(String name, String driver, String pool, Integer limit,
      String expected) {
    ResourcePoolStatusRequestSpec spec = new ResourcePoolStatusRequestSpec(driver == null ? "" : driver, pool, limit, null);
    assertThatThrownBy(() -> ResourcePoolStatus.calculate(Cluster.empty(), spec))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(expected);
  }

  @Test
  void theDefaultAttributeMustBeFullyQualified() {
    ResourcePoolStatusRequestSpec spec = new ResourcePoolStatusRequestSpec(DRIVER, null, null, "profile");
    assertThatThrownBy(() -> ResourcePoolStatus.calculate(Cluster.empty(), spec))
        .hasMessageContaining("spec.defaultPartitionTypeAttribute: Invalid value: \"profile\": a fully qualified name");
    assertThat(List.of(ResourcePoolStatusRequestSpec.LIMIT_DEFAULT, ResourcePoolStatusRequestSpec.LIMIT_MAX))
        .containsExactly(100, 1000);
  }
}
