package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.devices;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequestPolicyRange;
import io.github.dra4j.api.CapacityRequirements;
import io.github.dra4j.api.DeviceAllocationConfiguration;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassConfiguration;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/* Tables for the pure rules: capacity policy, tolerations, attribute sets, node selectors, configs. */
final class RuleUnitsTest {

  /* --- consumable capacity: amount consumed per request policy --- */

  record CapacityCase(@Nullable String requested, String capacity, @Nullable CapacityRequestPolicy policy,
      String consumed, boolean violates, boolean fractional) {
    CapacityCase(@Nullable String requested, String capacity, @Nullable CapacityRequestPolicy policy,
        String consumed, boolean violates) {
      this(requested, capacity, policy, consumed, violates, true);
    }

    CapacityCase gateOff() {
      return new CapacityCase(requested, capacity, policy, consumed, violates, false);
    }
  }

  private static Quantity q(String s) {
    return Quantity.parse(s);
  }

  static Stream<Named<CapacityCase>> capacityCases() {
    CapacityRequestPolicy range = new CapacityRequestPolicy(q("1Gi"), List.of(),
        new CapacityRequestPolicyRange(q("1Gi"), q("8Gi"), q("1Gi")));
    CapacityRequestPolicy values = new CapacityRequestPolicy(q("1Gi"), List.of(q("1Gi"), q("4Gi"), q("8Gi")), null);
    // DRAFractionalCapacityRange (kubernetes#140161): a fractional min, max or step rounds in milli-units.
    CapacityRequestPolicy tenths = new CapacityRequestPolicy(q("500m"), List.of(),
        new CapacityRequestPolicyRange(q("500m"), q("4"), q("250m")));
    CapacityRequestPolicy whole = new CapacityRequestPolicy(q("1"), List.of(),
        new CapacityRequestPolicyRange(q("1"), q("8"), q("2")));
    CapacityRequestPolicy tooFine = new CapacityRequestPolicy(q("1"), List.of(),
        new CapacityRequestPolicyRange(q("1"), null, q("1u")));
    return Stream.of(
        Named.of("fractional-step-rounds-in-milli-units", new CapacityCase("600m", "4", tenths, "750m", false)),
        Named.of("fractional-step-rounds-up-a-milli-remainder", new CapacityCase("1001m", "4", tenths, "1250m", false)),
        Named.of("fractional-request-rounds-up-to-a-milli-unit", new CapacityCase("500100u", "4", tenths, "750m", false)),
        Named.of("fractional-gate-off-rounds-in-integers", new CapacityCase("600m", "4", tenths, "1", false).gateOff()),
        Named.of("whole-range-keeps-integers-with-the-gate", new CapacityCase("1500m", "8", whole, "3", false)),
        Named.of("step-below-a-milli-unit-keeps-integers", new CapacityCase("2500m", "8", tooFine, "3", false)),
        Named.of("fractional-capacity-not-on-the-step-violates",
            new CapacityCase(null, "1100m", new CapacityRequestPolicy(null, List.of(),
                new CapacityRequestPolicyRange(q("0"), null, q("300m"))), "1100m", true)),
        Named.of("no-request-no-policy-consumes-all", new CapacityCase(null, "8Gi", null, "8Gi", false)),
        Named.of("no-request-takes-default", new CapacityCase(null, "8Gi", range, "1Gi", false)),
        Named.of("request-no-policy-as-is", new CapacityCase("3Gi", "8Gi", null, "3Gi", false)),
        Named.of("range-rounds-up-to-step", new CapacityCase("1500Mi", "8Gi", range, "2Gi", false)),
        Named.of("range-below-min-takes-min", new CapacityCase("100Mi", "8Gi", range, "1Gi", false)),
        Named.of("range-above-max-violates", new CapacityCase("9Gi", "16Gi", range, "9Gi", true)),
        Named.of("valid-values-round-up", new CapacityCase("2Gi", "8Gi", values, "4Gi", false)),
        Named.of("valid-values-above-all-violates", new CapacityCase("9Gi", "16Gi", values, "9Gi", true)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("capacityCases")
  void consumed_followsTheRequestPolicy_andFlagsViolations(CapacityCase tc) {
    DeviceCapacity cap = new DeviceCapacity(q(tc.capacity()), tc.policy());
    BigDecimal consumed = ConsumableCapacity.consumed(tc.requested() == null ? null : q(tc.requested()), cap,
        tc.fractional());
    assertThat(consumed).isEqualByComparingTo(q(tc.consumed()).value());
    assertThat(ConsumableCapacity.violatesPolicy(consumed, tc.policy(), tc.fractional())).isEqualTo(tc.violates());
  }

  /* --- taints and tolerations (resourceclaim.ToleratesTaint) --- */

  record TolerationCase(DeviceToleration toleration, DeviceTaint taint, boolean tolerates) {}

  static Stream<Named<TolerationCase>> tolerationCases() {
    DeviceTaint taint = new DeviceTaint("gpu", "broken", "NoSchedule", null);
    return Stream.of(
        Named.of("exists-any-key", new TolerationCase(new DeviceToleration(null, "Exists", null, null, null), taint, true)),
        Named.of("exists-same-key", new TolerationCase(new DeviceToleration("gpu", "Exists", null, null, null), taint, true)),
        Named.of("exists-other-key", new TolerationCase(new DeviceToleration("net", "Exists", null, null, null), taint, false)),
        Named.of("equal-same-value", new TolerationCase(new DeviceToleration("gpu", "Equal", "broken", null, null), taint, true)),
        Named.of("empty-operator-is-equal", new TolerationCase(new DeviceToleration("gpu", null, "broken", null, null), taint, true)),
        Named.of("equal-other-value", new TolerationCase(new DeviceToleration("gpu", "Equal", "ok", null, null), taint, false)),
        Named.of("other-effect", new TolerationCase(new DeviceToleration("gpu", "Exists", null, "NoExecute", null), taint, false)),
        Named.of("same-effect", new TolerationCase(new DeviceToleration("gpu", "Exists", null, "NoSchedule", null), taint, true)),
        Named.of("unknown-operator", new TolerationCase(new DeviceToleration("gpu", "Gt", null, null, null), taint, false)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tolerationCases")
  void toleratesTaint_matchesKeyOperatorValueAndEffect(TolerationCase tc) {
    assertThat(Tolerations.toleratesTaint(tc.toleration(), tc.taint())).isEqualTo(tc.tolerates());
  }

  /* --- attribute values as sets (DRAListTypeAttributes) --- */

  record SetCase(DeviceAttribute a, DeviceAttribute b, boolean intersects) {}

  static Stream<Named<SetCase>> setCases() {
    return Stream.of(
        Named.of("scalar-equal", new SetCase(DeviceAttribute.ofString("x"), DeviceAttribute.ofString("x"), true)),
        Named.of("scalar-vs-list", new SetCase(DeviceAttribute.ofString("x"), DeviceAttribute.ofStrings(List.of("y", "x")), true)),
        Named.of("lists-disjoint", new SetCase(DeviceAttribute.ofInts(List.of(1L, 2L)), DeviceAttribute.ofInts(List.of(3L)), false)),
        Named.of("types-differ", new SetCase(DeviceAttribute.ofInt(1), DeviceAttribute.ofString("1"), false)),
        Named.of("versions", new SetCase(DeviceAttribute.ofVersions(List.of("1.0.0")), DeviceAttribute.ofVersion("1.0.0"), true)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("setCases")
  void asSet_intersectsWhenTheValuesShareAnElementOfTheSameType(SetCase tc) {
    Constraint.TypedSet a = Constraint.asSet(tc.a());
    Constraint.TypedSet b = Constraint.asSet(tc.b());
    assertThat(a).isNotNull();
    assertThat(b).isNotNull();
    assertThat(a.intersects(b)).isEqualTo(tc.intersects());
  }

  @Test
  void asSet_emptyListIsNoValue() {
    assertThat(Constraint.asSet(DeviceAttribute.ofStrings(List.of()))).isNull();
  }

  /* --- result node selector --- */

  private static ResourceSlice selectorSlice(String name, String pool, NodeSelector selector) {
    return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(CoreFixtures.DRIVER,
        ResourcePool.of(pool, 1, 1), null, selector, false, false, devices("device-" + pool), List.of(), null));
  }

  private static ResourceSlice allNodesSlice(String name, String pool) {
    return CoreFixtures.slice(name, pool, 1, 1, null, devices("device-" + pool));
  }

  private static AllocationResult allocateOne(List<ResourceSlice> slices, long count) {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A), List.of());
    AllocationOutcome o = snapshot.allocate(node(NODE), List.of(claim("claim-0", CoreFixtures.request("req-0", count))));
    assertThat(o.isAllocated()).as("%s", o).isTrue();
    return ((AllocationOutcome.Allocated) o).results().get(0);
  }

  @Test
  void nodeSelector_nodeLocalPinsNodeName() {
    assertThat(allocateOne(List.of(slice("slice-1", "pool-1", devices("device-1"))), 1).nodeSelector())
        .isEqualTo(NodeSelector.forNodeName(NODE));
  }

  @Test
  void nodeSelector_allNodesGivesNone() {
    assertThat(allocateOne(List.of(allNodesSlice("slice-1", "pool-1")), 1).nodeSelector()).isNull();
  }

  @Test
  void nodeSelector_sliceSelectorsAreMergedWithoutDuplicates() {
    NodeSelectorRequirement region = new NodeSelectorRequirement("region", "In", List.of("region-1"));
    NodeSelectorRequirement other = new NodeSelectorRequirement("region", "NotIn", List.of("region-2"));
    NodeSelector a = NodeSelector.of(new NodeSelectorTerm(List.of(region), List.of()));
    NodeSelector b = NodeSelector.of(new NodeSelectorTerm(List.of(region, other), List.of()));
    AllocationResult r = allocateOne(List.of(selectorSlice("slice-a", "pool-a", a), selectorSlice("slice-b", "pool-b", b)), 2);
    assertThat(r.nodeSelector()).isEqualTo(NodeSelector.of(new NodeSelectorTerm(List.of(region, other), List.of())));
  }

  /* --- configs: class configs once per class, claim configs scoped, "applies to all" --- */

  @Test
  void configs_classConfigFirst_thenClaimConfigInClaimOrder() {
    OpaqueDeviceConfiguration classConfig = new OpaqueDeviceConfiguration(CoreFixtures.DRIVER, RawJson.of("{\"c\":1}"));
    OpaqueDeviceConfiguration claimAll = new OpaqueDeviceConfiguration(CoreFixtures.DRIVER, RawJson.of("{\"all\":1}"));
    OpaqueDeviceConfiguration claimOne = new OpaqueDeviceConfiguration(CoreFixtures.DRIVER, RawJson.of("{\"one\":1}"));
    DeviceClass cls = new DeviceClass(ObjectMeta.named("class-a"), new DeviceClassSpec(
        List.of(), List.of(new DeviceClassConfiguration(classConfig)), null));
    ResourceClaim claim = new ResourceClaim(ObjectMeta.named("default", "claim-0"), new ResourceClaimSpec(
        new DeviceClaim(List.of(CoreFixtures.request("req-0", 1), CoreFixtures.request("req-1", 1)), List.of(), List.of(
            new DeviceClaimConfiguration(List.of(), claimAll),
            new DeviceClaimConfiguration(List.of("req-1"), claimOne)))), null);
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(
        List.of(slice("slice-1", "pool-1", devices("device-1", "device-2"))), List.of(cls), List.of());
    AllocationOutcome o = snapshot.allocate(node(NODE), List.of(claim));
    List<DeviceAllocationConfiguration> config = ((AllocationOutcome.Allocated) o).results().get(0).devices().config();
    assertThat(config).containsExactly(
        new DeviceAllocationConfiguration("FromClass", List.of(), classConfig),
        new DeviceAllocationConfiguration("FromClaim", List.of(), claimAll),
        new DeviceAllocationConfiguration("FromClaim", List.of("req-1"), claimOne));
  }

  /* --- consumable capacity end to end: shares, shareID, consumedCapacity --- */

  @Test
  void consumableCapacity_sharesOneDevice() {
    ResourceSlice slice = slice("slice-1", "pool-1", List.of(device("device-1").allowMultipleAllocations(true).capacity("memory", "8Gi").build()));
    DeviceRequest half = new DeviceRequest("req-0", new ExactDeviceRequest("class-a", List.of(), "ExactCount", 1L,
        null, List.of(), new CapacityRequirements(CoreFixtures.quantities("memory", "4Gi"))), List.of());
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(List.of(slice), List.of(CLASS_A), List.of());
    AllocationOutcome two = snapshot.allocate(node(NODE), List.of(claim("claim-0", half), claim("claim-1", half)));
    assertThat(two.isAllocated()).isTrue();
    for (AllocationResult r : ((AllocationOutcome.Allocated) two).results()) {
      DeviceRequestAllocationResult d = r.devices().results().get(0);
      assertThat(d.device()).isEqualTo("device-1");
      assertThat(d.shareID()).hasSize(36);
      assertThat(d.consumedCapacity()).containsEntry("memory", q("4Gi"));
    }
    AllocationOutcome three = snapshot.allocate(node(NODE),
        List.of(claim("claim-0", half), claim("claim-1", half), claim("claim-2", half)));
    assertThat(three.isAllocated()).isFalse();
    assertThat(((AllocationOutcome.Unsatisfiable) three).explanation().claims().get(2).conflict())
        .contains("not after claims default/claim-0, default/claim-1 of this call")
        .contains("capacity memory: needs 4Gi, 0 left");
  }

  @Test
  void capacityDisabled_capacityRequestIsError() {
    DeviceRequest half = new DeviceRequest("req-0", new ExactDeviceRequest("class-a", List.of(), "ExactCount", 1L,
        null, List.of(), new CapacityRequirements(CoreFixtures.quantities("memory", "4Gi"))), List.of());
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all().with(Map.of("DRAConsumableCapacity", false)))
        .snapshot(List.of(slice("slice-1", "pool-1", devices("device-1"))), List.of(CLASS_A), List.of());
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(claim("claim-0", half))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("has capacity requests, but the DRAConsumableCapacity feature is disabled")
        .satisfies(e -> {
          assertThat(((AllocationException) e).objectRef()).isEqualTo(ObjectRef.of("ResourceClaim", "default", "claim-0"));
          assertThat(String.valueOf(((AllocationException) e).path())).contains("requests[0].exactly.capacity");
        });
  }
}
