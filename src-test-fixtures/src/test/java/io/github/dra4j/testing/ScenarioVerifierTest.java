package io.github.dra4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceAllocationConfiguration;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.jspecify.annotations.Nullable;

final class ScenarioVerifierTest {

  /* --- positive: the results each expectation describes conform --- */

  static Stream<Named<Scenario>> scenarios() {
    return Scenarios.all().stream().map(s -> Named.of(s.name(), s));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void verify_acceptsTheExpectedOutcome(Scenario s) {
    Optional<String> mismatch = ScenarioVerifier.verify(s, s.expect().outcome(), asExpected(s), "why: it says so");
    assertThat(mismatch).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void verify_rejectsAnyOtherOutcome(Scenario s) {
    for (String other : List.of(Expectation.ALLOCATED, Expectation.UNSATISFIABLE, Expectation.ERROR)) {
      if (!other.equals(s.expect().outcome())) {
        assertThat(ScenarioVerifier.verify(s, other, asExpected(s), "first\nlast line"))
            .hasValueSatisfying(m -> assertThat(m)
                .startsWith("outcome expected " + s.expect().outcome() + ", got " + other)
                .endsWith("[last line]"));
      }
    }
  }

  /* --- negative: one change at a time to an allocated scenario --- */

  private static final String SIMPLE = "claim-with-device-config";
  private static final String SHARED = "consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-insufficient";

  static Stream<Named<Object[]>> changes() {
    return Stream.of(
        change("other device", SIMPLE, d -> copy(d, "device", "device-9"), "result[0]: device expected 'device-1'"),
        change("other request", SIMPLE, d -> copy(d, "request", "req-9"), "result[0]: request expected 'req-0'"),
        change("other pool", SIMPLE, d -> copy(d, "pool", "pool-9"), "result[0]: pool expected"),
        change("other driver", SIMPLE, d -> copy(d, "driver", "driver-9"), "result[0]: driver expected"),
        change("unexpected adminAccess", SIMPLE, d -> withAdmin(d, true), "adminAccess expected false"),
        change("unexpected toleration", SIMPLE,
            d -> withTolerations(d, List.of(new DeviceToleration("k", "Exists", null, "NoSchedule", null))),
            "tolerations expected"),
        change("unexpected binding condition", SIMPLE, d -> withBinding(d, List.of("ready"), List.of()),
            "bindingConditions expected"),
        change("unexpected binding failure condition", SIMPLE, d -> withBinding(d, List.of(), List.of("failed")),
            "bindingFailureConditions expected"),
        change("unexpected shareID", SIMPLE, d -> withShare(d, UUID.randomUUID().toString(), d.consumedCapacity()),
            "shareID expected absent"),
        change("missing shareID", SHARED, d -> withShare(d, null, d.consumedCapacity()), "shareID expected present"),
        change("other consumed capacity", SHARED,
            d -> withShare(d, d.shareID(), Map.of("capacity-0", Quantity.parse("2"))), "consumedCapacity expected"),
        change("missing consumed capacity", SHARED, d -> withShare(d, d.shareID(), Map.of()), "consumedCapacity expected"));
  }

  private static Named<Object[]> change(
      String name, String scenario, UnaryOperator<DeviceRequestAllocationResult> f, String message) {
    return Named.of(name, new Object[] {scenario, f, message});
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("changes")
  void verify_rejectsAChangedDevice(Object[] c) {
    Scenario s = Scenarios.load((String) c[0]);
    @SuppressWarnings("unchecked")
    UnaryOperator<DeviceRequestAllocationResult> f = (UnaryOperator<DeviceRequestAllocationResult>) c[1];
    List<ResourceClaim> claims = mapFirstDevice(asExpected(s), f);

    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, claims, ""))
        .hasValueSatisfying(m -> assertThat(m).contains((String) c[2]));
  }

  @Test
  void verify_comparesQuantitiesByValue() {
    Scenario s = Scenarios.load(SHARED);
    List<ResourceClaim> claims = mapFirstDevice(asExpected(s),
        d -> withShare(d, d.shareID(), Map.of("capacity-0", Quantity.parse("1000m"))));
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, claims, "")).isEmpty();
  }

  @Test
  void verify_ignoresFieldsTheExpectationDoesNotName() {
    Scenario s = Scenarios.load(SIMPLE);
    List<ResourceClaim> claims = new ArrayList<>();
    for (ResourceClaim c : asExpected(s)) {
      AllocationResult a = c.allocation();
      claims.add(c.withAllocation(new AllocationResult(a.devices(), a.nodeSelector(), "2026-01-01T00:00:00Z")));
    }
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, claims, "")).isEmpty();
  }

  @Test
  void verify_rejectsAnotherNodeSelector() {
    Scenario s = Scenarios.load(SIMPLE);
    ResourceClaim c = asExpected(s).get(0);
    ResourceClaim changed = c.withAllocation(
        new AllocationResult(c.allocation().devices(), NodeSelector.forNodeName("node-2"), null));
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, List.of(changed), ""))
        .hasValueSatisfying(m -> assertThat(m).contains("claim claim-0: nodeSelector expected"));
  }

  @Test
  void verify_rejectsAMissingNodeSelector() {
    Scenario s = Scenarios.load(SIMPLE);
    ResourceClaim c = asExpected(s).get(0);
    ResourceClaim changed = c.withAllocation(new AllocationResult(c.allocation().devices(), null, null));
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, List.of(changed), "")).isPresent();
  }

  @Test
  void verify_rejectsOtherConfigParameters() {
    Scenario s = Scenarios.load(SIMPLE);
    ResourceClaim c = asExpected(s).get(0);
    DeviceAllocationResult d = c.allocation().devices();
    DeviceAllocationConfiguration other = new DeviceAllocationConfiguration("FromClaim", List.of(),
        new OpaqueDeviceConfiguration("driver-a", RawJson.of("{\"deviceAttribute\":\"other\"}")));
    ResourceClaim changed = c.withAllocation(new AllocationResult(
        new DeviceAllocationResult(d.results(), List.of(other)), c.allocation().nodeSelector(), null));
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, List.of(changed), ""))
        .hasValueSatisfying(m -> assertThat(m).contains("claim claim-0 config[0].opaque"));
  }

  @Test
  void verify_rejectsMissingConfig() {
    Scenario s = Scenarios.load(SIMPLE);
    ResourceClaim c = asExpected(s).get(0);
    ResourceClaim changed = c.withAllocation(new AllocationResult(
        new DeviceAllocationResult(c.allocation().devices().results(), List.of()), c.allocation().nodeSelector(), null));
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, List.of(changed), ""))
        .hasValue("claim claim-0 config: expected 1 config entries, got 0");
  }

  @Test
  void verify_rejectsAnExtraDevice() {
    Scenario s = Scenarios.load(SIMPLE);
    ResourceClaim c = asExpected(s).get(0);
    List<DeviceRequestAllocationResult> two = new ArrayList<>(c.allocation().devices().results());
    two.add(copy(two.get(0), "device", "device-2"));
    ResourceClaim changed = c.withAllocation(new AllocationResult(
        new DeviceAllocationResult(two, c.allocation().devices().config()), c.allocation().nodeSelector(), null));
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, List.of(changed), ""))
        .hasValue("claim claim-0: expected 1 devices [device-1], got [device-1, device-2]");
  }

  @Test
  void verify_rejectsClaimsOutOfOrder() {
    Scenario s = Scenarios.all().stream()
        .filter(x -> x.expect().results().size() >= 2)
        .findFirst().orElseThrow();
    List<ResourceClaim> reversed = new ArrayList<>(asExpected(s));
    Collections.reverse(reversed);
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, reversed, ""))
        .hasValueSatisfying(m -> assertThat(m).startsWith("allocated claims expected"));
  }

  @Test
  void verify_rejectsAClaimWithoutAllocation() {
    Scenario s = Scenarios.load(SIMPLE);
    assertThat(ScenarioVerifier.verify(s, Expectation.ALLOCATED, s.claimsToAllocate(), ""))
        .hasValue("claim claim-0 has no status.allocation");
  }

  @Test
  void verify_requiresAnExplanationWhenNotAllocated() {
    Scenario s = Scenarios.all().stream()
        .filter(x -> x.expect().outcome().equals(Expectation.UNSATISFIABLE))
        .findFirst().orElseThrow();
    assertThat(ScenarioVerifier.verify(s, Expectation.UNSATISFIABLE, List.of(), " \n"))
        .hasValue("Unsatisfiable without an explanation on stderr");
  }

  @Test
  void sameJson_comparesNumbersByValue() {
    assertThat(ScenarioVerifier.sameJson(RawJson.of("{\"a\":[1,{\"b\":2}]}"), RawJson.of("{\"a\":[1.0,{\"b\":2.00}]}")))
        .isTrue();
    assertThat(ScenarioVerifier.sameJson(RawJson.of("{\"a\":1}"), RawJson.of("{\"a\":\"1\"}"))).isFalse();
    assertThat(ScenarioVerifier.sameJson(null, RawJson.of("{}"))).isFalse();
  }

  /* --- helpers --- */

  /** Builds, for each claim to allocate, the allocation its expectation describes. */
  static List<ResourceClaim> asExpected(Scenario s) {
    if (!s.expect().outcome().equals(Expectation.ALLOCATED)) {
      return List.of();
    }
    List<ResourceClaim> toAllocate = s.claimsToAllocate();
    List<ResourceClaim> out = new ArrayList<>();
    for (int i = 0; i < toAllocate.size(); i++) {
      Expectation.Claim e = s.expect().results().get(i);
      List<DeviceRequestAllocationResult> results = new ArrayList<>();
      for (Expectation.Device d : e.devices()) {
        results.add(new DeviceRequestAllocationResult(d.request(), d.driver(), d.pool(), d.device(),
            d.adminAccess() ? Boolean.TRUE : null, d.tolerations(), d.bindingConditions(),
            d.bindingFailureConditions(), d.shareID() ? UUID.randomUUID().toString() : null,
            d.consumedCapacity() == null ? Map.of() : d.consumedCapacity()));
      }
      List<DeviceAllocationConfiguration> config = new ArrayList<>();
      for (Expectation.Config c : e.config()) {
        config.add(new DeviceAllocationConfiguration(c.source(), c.requests(),
            new OpaqueDeviceConfiguration(c.driver(), c.parameters())));
      }
      out.add(toAllocate.get(i).withAllocation(
          new AllocationResult(new DeviceAllocationResult(results, config), e.nodeSelector(), null)));
    }
    return out;
  }

  private static List<ResourceClaim> mapFirstDevice(
      List<ResourceClaim> claims, UnaryOperator<DeviceRequestAllocationResult> f) {
    ResourceClaim c = claims.get(0);
    DeviceAllocationResult d = c.allocation().devices();
    List<DeviceRequestAllocationResult> results = new ArrayList<>(d.results());
    results.set(0, f.apply(results.get(0)));
    List<ResourceClaim> out = new ArrayList<>(claims);
    out.set(0, c.withAllocation(new AllocationResult(
        new DeviceAllocationResult(results, d.config()), c.allocation().nodeSelector(), null)));
    return out;
  }

  private static DeviceRequestAllocationResult copy(DeviceRequestAllocationResult d, String field, String value) {
    return new DeviceRequestAllocationResult(
        field.equals("request") ? value : d.request(),
        field.equals("driver") ? value : d.driver(),
        field.equals("pool") ? value : d.pool(),
        field.equals("device") ? value : d.device(),
        d.adminAccess(), d.tolerations(), d.bindingConditions(), d.bindingFailureConditions(),
        d.shareID(), d.consumedCapacity());
  }

  private static DeviceRequestAllocationResult withAdmin(DeviceRequestAllocationResult d, boolean admin) {
    return new DeviceRequestAllocationResult(d.request(), d.driver(), d.pool(), d.device(), admin,
        d.tolerations(), d.bindingConditions(), d.bindingFailureConditions(), d.shareID(), d.consumedCapacity());
  }

  private static DeviceRequestAllocationResult withTolerations(
      DeviceRequestAllocationResult d, List<DeviceToleration> t) {
    return new DeviceRequestAllocationResult(d.request(), d.driver(), d.pool(), d.device(), d.adminAccess(),
        t, d.bindingConditions(), d.bindingFailureConditions(), d.shareID(), d.consumedCapacity());
  }

  private static DeviceRequestAllocationResult withBinding(
      DeviceRequestAllocationResult d, List<String> conditions, List<String> failures) {
    return new DeviceRequestAllocationResult(d.request(), d.driver(), d.pool(), d.device(), d.adminAccess(),
        d.tolerations(), conditions, failures, d.shareID(), d.consumedCapacity());
  }

  private static DeviceRequestAllocationResult withShare(
      DeviceRequestAllocationResult d, @Nullable String shareId, Map<String, Quantity> capacity) {
    return new DeviceRequestAllocationResult(d.request(), d.driver(), d.pool(), d.device(), d.adminAccess(),
        d.tolerations(), d.bindingConditions(), d.bindingFailureConditions(), shareId, capacity);
  }
}
