package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.exactly;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.jspecify.annotations.Nullable;

/*
 * How qualified and unqualified names meet, as the reference compares them. Capacities are
 * keyed by the name as spelled (consumable_capacity.go indexes the device's capacity map with
 * the request's key; results and allocated shares keep the device's key); constraints look a
 * fully qualified name up as spelled, then, in the driver's own domain, unqualified
 * (lookupAttribute). Selectors see qualified names (cel.parseQualifiedName), covered by
 * allocator-cel's tests.
 */
final class NameMatchingTest {

  /* --- capacity requests against a device's capacity names --- */

  /**
   * A shared device with one capacity spelled {@code deviceName}, a request for
   * {@code requestName}: either the consumed capacity (by name) or null for unsatisfiable.
   */
  record CapacityCase(String deviceName, String requestName, @Nullable Map<String, String> consumed) {}

  static Stream<Named<CapacityCase>> capacityCases() {
    String own = DRIVER + "/memory";
    return Stream.of(
        Named.of("unqualified-both", new CapacityCase("memory", "memory", Map.of("memory", "4Gi"))),
        Named.of("qualified-own-domain-both", new CapacityCase(own, own, Map.of(own, "4Gi"))),
        Named.of("qualified-other-domain-both",
            new CapacityCase("other.example.com/memory", "other.example.com/memory",
                Map.of("other.example.com/memory", "4Gi"))),
        Named.of("device-unqualified-request-qualified", new CapacityCase("memory", own, null)),
        Named.of("device-qualified-request-unqualified", new CapacityCase(own, "memory", null)),
        Named.of("other-domain-request-unqualified",
            new CapacityCase("other.example.com/memory", "memory", null)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("capacityCases")
  void capacityRequestMatchesTheDeviceSpelling(CapacityCase tc) {
    ResourceSlice s = slice("slice-1", "pool-1",
        List.of(device("device-1").allowMultipleAllocations(true).capacity(tc.deviceName(), "8Gi").build()));
    DeviceRequest r = exactly("req-0", Builders.CLASS, 1).capacity(tc.requestName(), "4Gi").build();
    AllocationOutcome outcome = allocate(List.of(s), List.of(), claim("claim-0", r));
    if (tc.consumed() == null) {
      assertThat(outcome.isAllocated()).isFalse();
      assertThat(((AllocationOutcome.Unsatisfiable) outcome).explanation().toString())
          .contains("requested capacity " + tc.requestName() + " is not defined by the device");
      return;
    }
    assertThat(consumed(outcome)).isEqualTo(quantities(tc.consumed()));
  }

  /** Capacities not requested are consumed whole, under the device's own names too. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("spellings")
  void unrequestedCapacityKeepsTheDeviceSpelling(String name) {
    ResourceSlice s = slice("slice-1", "pool-1",
        List.of(device("device-1").allowMultipleAllocations(true).capacity(name, "8Gi").build()));
    AllocationOutcome outcome = allocate(List.of(s), List.of(), claim("claim-0", CoreFixtures.request("req-0", 1)));
    assertThat(consumed(outcome)).isEqualTo(Map.of(name, Quantity.parse("8Gi")));
  }

  static Stream<String> spellings() {
    return Stream.of("memory", DRIVER + "/memory", "other.example.com/memory");
  }

  /**
   * An allocated share's consumedCapacity counts against the capacity of the same spelling
   * only: a share recorded under the other spelling names no capacity of the device.
   */
  record ShareCase(String deviceName, String shareName, boolean fits) {}

  @ParameterizedTest(name = "{0}")
  @MethodSource("allocatedShareCases")
  void allocatedShareCountsUnderItsOwnName(ShareCase tc) {
    String deviceName = tc.deviceName();
    ResourceSlice s = slice("slice-1", "pool-1",
        List.of(device("device-1").allowMultipleAllocations(true).capacity(deviceName, "8Gi").build()));
    ResourceClaim inUse = Builders.allocatedClaim("in-use", DeviceRequestAllocationResult.builder()
        .request("r").driver(DRIVER).pool("pool-1").device("device-1").shareID("6f2c6bd4-3c1d-4a8b-9d33-0f1a2b3c4d5e")
        .putConsumedCapacity(tc.shareName(), Quantity.parse("6Gi")).build());
    DeviceRequest r = exactly("req-0", Builders.CLASS, 1).capacity(deviceName, "4Gi").build();
    assertThat(allocate(List.of(s), List.of(inUse), claim("claim-0", r)).isAllocated()).isEqualTo(tc.fits());
  }

  static Stream<Named<ShareCase>> allocatedShareCases() {
    String own = DRIVER + "/memory";
    return Stream.of(
        Named.of("same-unqualified", new ShareCase("memory", "memory", false)),
        Named.of("same-qualified", new ShareCase(own, own, false)),
        Named.of("share-qualified-device-unqualified", new ShareCase("memory", own, true)),
        Named.of("share-unqualified-device-qualified", new ShareCase(own, "memory", true)));
  }

  /* --- matchAttribute / distinctAttribute names --- */

  /** Two devices with attribute {@code deviceName} = "x"; a matchAttribute on {@code constraintName}. */
  record ConstraintCase(String deviceName, String constraintName, boolean allocates) {}

  static Stream<Named<ConstraintCase>> constraintCases() {
    String own = DRIVER + "/model";
    return Stream.of(
        Named.of("unqualified-attribute-own-domain-constraint", new ConstraintCase("model", own, true)),
        Named.of("qualified-attribute-own-domain-constraint", new ConstraintCase(own, own, true)),
        Named.of("other-domain", new ConstraintCase("other.example.com/model", "other.example.com/model", true)),
        Named.of("unqualified-attribute-other-domain-constraint",
            new ConstraintCase("model", "other.example.com/model", false)),
        Named.of("constraint-without-domain", new ConstraintCase("model", "model", false)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("constraintCases")
  void matchAttributeLooksNamesUpAsTheReference(ConstraintCase tc) {
    List<Device> devices = List.of(
        device("device-1").attr(tc.deviceName(), "x").build(),
        device("device-2").attr(tc.deviceName(), "x").build());
    ResourceSlice s = slice("slice-1", "pool-1", devices);
    DeviceConstraint match = new DeviceConstraint(List.of(), tc.constraintName(), null);
    ResourceClaim c = claim("claim-0", List.of(match), CoreFixtures.request("req-0", 2));
    assertThat(allocate(List.of(s), List.of(), c).isAllocated()).isEqualTo(tc.allocates());
  }

  /* --- helpers --- */

  private static AllocationOutcome allocate(List<ResourceSlice> slices, List<ResourceClaim> inUse,
      ResourceClaim claim) {
    return CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A), inUse)
        .allocate(node(NODE), List.of(claim));
  }

  private static Map<String, Quantity> consumed(AllocationOutcome outcome) {
    assertThat(outcome.isAllocated()).as("%s", outcome).isTrue();
    AllocationResult r = ((AllocationOutcome.Allocated) outcome).results().get(0);
    return r.devices().results().get(0).consumedCapacity();
  }

  private static Map<String, Quantity> quantities(Map<String, String> m) {
    Map<String, Quantity> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, Quantity.parse(v)));
    return out;
  }
}
