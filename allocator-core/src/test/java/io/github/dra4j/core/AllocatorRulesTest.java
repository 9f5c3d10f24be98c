package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allRequest;
import static io.github.dra4j.core.CoreFixtures.adminRequest;
import static io.github.dra4j.core.CoreFixtures.allocated;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.counterSlice;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.deviceClass;
import static io.github.dra4j.core.CoreFixtures.devices;
import static io.github.dra4j.core.CoreFixtures.firstAvailable;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.perDeviceSlice;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static io.github.dra4j.core.CoreFixtures.sub;
import static io.github.dra4j.core.CoreFixtures.tolerating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/* One table of allocation rules, each case named after its Go or scenario counterpart. */
final class AllocatorRulesTest {

  /** A case: inputs and either devices per claim, "unsatisfiable", or an error type and text. */
  record Case(
      Features features,
      List<ResourceSlice> slices,
      List<DeviceClass> classes,
      List<ResourceClaim> allocatedClaims,
      List<ResourceClaim> claims,
      List<List<String>> expectDevices,
      Class<? extends AllocationException> expectError,
      String errorContains) {

    static Case allocates(List<ResourceSlice> slices, List<ResourceClaim> claims, List<List<String>> devices) {
      return new Case(Features.all(), slices, List.of(CLASS_A), List.of(), claims, devices, null, "");
    }

    static Case unsatisfiable(List<ResourceSlice> slices, List<ResourceClaim> claims) {
      return new Case(Features.all(), slices, List.of(CLASS_A), List.of(), claims, null, null, "");
    }

    static Case fails(List<ResourceSlice> slices, List<ResourceClaim> claims,
        Class<? extends AllocationException> error, String text) {
      return new Case(Features.all(), slices, List.of(CLASS_A), List.of(), claims, null, error, text);
    }

    Case features(Map<String, Boolean> gates) {
      return new Case(features.with(gates), slices, classes, allocatedClaims, claims, expectDevices, expectError,
          errorContains);
    }

    Case inUse(ResourceClaim... claimsInUse) {
      return new Case(features, slices, classes, List.of(claimsInUse), claims, expectDevices, expectError,
          errorContains);
    }

    Case classes(DeviceClass... c) {
      return new Case(features, slices, List.of(c), allocatedClaims, claims, expectDevices, expectError,
          errorContains);
    }
  }

  static Stream<Named<Case>> cases() {
    List<ResourceSlice> oneSlice = List.of(slice("slice-1", "pool-1", devices("device-1", "device-2")));
    List<Named<Case>> c = new ArrayList<>();
    c.add(Named.of("simple", Case.allocates(oneSlice, List.of(claim("claim-0", request("req-0", 1))),
        List.of(List.of("req-0=pool-1/device-1")))));
    c.add(Named.of("already-allocated-devices", Case.allocates(oneSlice,
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-1/device-2")))
        .inUse(allocated("in-use", "pool-1", "device-1"))));
    c.add(Named.of("not-enough-suitable-devices", Case.unsatisfiable(oneSlice,
        List.of(claim("claim-0", request("req-0", 3))))));
    c.add(Named.of("two-claims-first-fit", Case.allocates(oneSlice,
        List.of(claim("claim-0", request("req-0", 1)), claim("claim-1", request("req-0", 1))),
        List.of(List.of("req-0=pool-1/device-1"), List.of("req-0=pool-1/device-2")))));
    c.add(Named.of("other-node", Case.unsatisfiable(
        List.of(slice("slice-1", "pool-1", 1, 1, "node-2", devices("device-1"))),
        List.of(claim("claim-0", request("req-0", 1))))));
    c.add(Named.of("pools-sorted-by-name", Case.allocates(
        List.of(slice("slice-b", "pool-b", devices("device-b")), slice("slice-a", "pool-a", devices("device-a"))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-a/device-a")))));
    c.add(Named.of("newest-generation-wins", Case.allocates(
        List.of(slice("old", "pool-1", 1, 1, NODE, devices("device-old")),
            slice("new", "pool-1", 2, 1, NODE, devices("device-new"))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-1/device-new")))));
    c.add(Named.of("no-allocation-from-incomplete-pools", Case.unsatisfiable(
        List.of(slice("slice-1", "pool-1", 1, 2, NODE, devices("device-1"))),
        List.of(claim("claim-0", request("req-0", 1))))));
    c.add(Named.of("all-devices-of-the-incomplete-pool", Case.fails(
        List.of(slice("slice-1", "pool-1", 1, 2, NODE, devices("device-1"))),
        List.of(claim("claim-0", allRequest("req-0"))), InvalidInputException.class,
        "asks for all devices, but resource pool driver-a/pool-1 is currently being updated")));
    c.add(Named.of("duplicate-device-invalid-pool-is-error", Case.fails(
        List.of(slice("slice-1", "pool-1", 1, 2, NODE, devices("device-1")),
            slice("slice-2", "pool-1", 1, 2, NODE, devices("device-1"))),
        List.of(claim("claim-0", request("req-0", 1))), NodeAllocationException.class,
        "invalid resource pools were encountered")));
    c.add(Named.of("invalid-pool-ignored-when-other-pool-fits", Case.allocates(
        List.of(slice("slice-1", "pool-1", 1, 2, NODE, devices("device-1")),
            slice("slice-2", "pool-1", 1, 2, NODE, devices("device-1")),
            slice("slice-3", "pool-2", devices("device-3"))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-2/device-3")))));
    c.add(Named.of("all-devices-single", Case.allocates(oneSlice, List.of(claim("claim-0", allRequest("req-0"))),
        List.of(List.of("req-0=pool-1/device-1", "req-0=pool-1/device-2")))));
    c.add(Named.of("all-devices-no-slices", Case.unsatisfiable(List.of(),
        List.of(claim("claim-0", allRequest("req-0"))))));
    c.add(Named.of("request-selector", Case.allocates(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").attr("model", "a").build(),
            device("device-2").attr("model", "b").build()))),
        List.of(claim("claim-0", request("req-0", 1, "attr model == b"))),
        List.of(List.of("req-0=pool-1/device-2")))));
    c.add(Named.of("class-selector", Case.unsatisfiable(oneSlice,
        List.of(claim("claim-0", request("req-0", 1)))).classes(deviceClass("class-a", "driver == other"))));
    c.add(Named.of("unknown-class", Case.fails(oneSlice,
        List.of(claim("claim-0", new io.github.dra4j.api.DeviceRequest("req-0",
            CoreFixtures.exact("unknown-class", 1), List.of()))),
        InvalidInputException.class, "could not retrieve device class unknown-class")));
    c.add(Named.of("invalid-CEL-one-device", Case.fails(oneSlice,
        List.of(claim("claim-0", request("req-0", 1, "!noSuchVar"))), CelException.class,
        "claim default/claim-0: selector #0: CEL compile error: undeclared reference")));
    c.add(Named.of("cel-runtime-error", Case.fails(oneSlice,
        List.of(claim("claim-0", request("req-0", 1, "fail"))), CelException.class, "CEL runtime error")));
    c.add(Named.of("too-many-devices-total", Case.fails(oneSlice,
        List.of(claim("claim-0", request("req-0", 33))), InvalidInputException.class,
        "number of requested devices 33 exceeds the claim limit of 32")));
    c.add(Named.of("admin-access-disabled", Case.fails(oneSlice, List.of(claim("claim-0", adminRequest("req-0"))),
        InvalidInputException.class, "admin access is requested, but the feature is disabled")
        .features(Map.of("DRAAdminAccess", false))));
    c.add(Named.of("admin-access-ignores-in-use", Case.allocates(oneSlice,
        List.of(claim("claim-0", adminRequest("req-0"))), List.of(List.of("req-0=pool-1/device-1")))
        .inUse(allocated("in-use", "pool-1", "device-1", "device-2"))));
    c.add(Named.of("prioritized-list-disabled", Case.fails(oneSlice,
        List.of(claim("claim-0", firstAvailable("req-0", sub("sub-0", 1)))), InvalidInputException.class,
        "request req-0: has subrequests, but the DRAPrioritizedList feature is disabled")
        .features(Map.of("DRAPrioritizedList", false))));
    c.add(Named.of("prioritized-list-first-unavailable", Case.allocates(oneSlice,
        List.of(claim("claim-0", firstAvailable("req-0", sub("sub-0", 3), sub("sub-1", 2)))),
        List.of(List.of("req-0/sub-1=pool-1/device-1", "req-0/sub-1=pool-1/device-2")))));
    c.add(Named.of("tainted-two-devices", Case.unsatisfiable(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").taint("k", null, "NoSchedule").build(),
            device("device-2").taint("k", null, "NoExecute").build()))),
        List.of(claim("claim-0", request("req-0", 1))))));
    c.add(Named.of("tainted-no-effect", Case.allocates(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").taint("k", null, "None").build()))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-1/device-1")))));
    c.add(Named.of("tainted-tolerated", Case.allocates(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").taint("k", null, "NoSchedule").build()))),
        List.of(claim("claim-0", tolerating("req-0", "k"))), List.of(List.of("req-0=pool-1/device-1")))));
    c.add(Named.of("tainted-all-devices-single-disabled", Case.allocates(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").taint("k", null, "NoSchedule").build()))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-1/device-1")))
        .features(Map.of("DRADeviceTaints", false))));
    c.add(Named.of("binding-conditions-without-feature-gate", Case.unsatisfiable(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").bindingConditions("ready").build()))),
        List.of(claim("claim-0", request("req-0", 1))))
        .features(Map.of("DRADeviceBindingConditions", false))));
    c.add(Named.of("binding-condition-pools-last", Case.allocates(
        List.of(slice("slice-a", "pool-a", List.of(device("device-a").bindingConditions("ready").build())),
            slice("slice-b", "pool-b", devices("device-b"))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-b/device-b")))));
    DeviceConstraint sameModel = DeviceConstraint.matchAttribute("driver-a/model", List.of());
    c.add(Named.of("with-constraint-backtracks", Case.allocates(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").attr("model", "a").build(),
            device("device-2").attr("model", "b").build(), device("device-3").attr("model", "b").build()))),
        List.of(claim("claim-0", List.of(sameModel), request("req-0", 1), request("req-1", 1))),
        List.of(List.of("req-0=pool-1/device-2", "req-1=pool-1/device-3")))));
    c.add(Named.of("with-constraint-non-existent-attribute", Case.unsatisfiable(oneSlice,
        List.of(claim("claim-0", List.of(sameModel), request("req-0", 1))))));
    DeviceConstraint distinct = DeviceConstraint.distinctAttribute("driver-a/model", List.of());
    c.add(Named.of("with-distinct-constraints", Case.allocates(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").attr("model", "a").build(),
            device("device-2").attr("model", "a").build(), device("device-3").attr("model", "b").build()))),
        List.of(claim("claim-0", List.of(distinct), request("req-0", 1), request("req-1", 1))),
        List.of(List.of("req-0=pool-1/device-1", "req-1=pool-1/device-3")))));
    c.add(Named.of("list-attributes-match-common-element", Case.allocates(
        List.of(slice("slice-1", "pool-1", List.of(
            device("device-1").attr("model", DeviceAttribute.ofStrings(List.of("a", "b"))).build(),
            device("device-2").attr("model", DeviceAttribute.ofStrings(List.of("b", "c"))).build()))),
        List.of(claim("claim-0", List.of(sameModel), request("req-0", 1), request("req-1", 1))),
        List.of(List.of("req-0=pool-1/device-1", "req-1=pool-1/device-2")))));
    c.add(Named.of("list-attributes-disabled-match-constraint-with-lists", Case.unsatisfiable(
        List.of(slice("slice-1", "pool-1", List.of(
            device("device-1").attr("model", DeviceAttribute.ofStrings(List.of("a", "b"))).build(),
            device("device-2").attr("model", DeviceAttribute.ofStrings(List.of("b", "c"))).build()))),
        List.of(claim("claim-0", List.of(sameModel), request("req-0", 1), request("req-1", 1))))
        .features(Map.of("DRAListTypeAttributes", false))));
    c.add(Named.of("partitionable-devices-counters", Case.allocates(
        List.of(counterSlice("counters", "pool-1", 2, "cs", "memory", "8Gi"),
            slice("devices", "pool-1", 1, 2, NODE, List.of(
                device("big").consumes("cs", "memory", "8Gi").build(),
                device("half-1").consumes("cs", "memory", "4Gi").build(),
                device("half-2").consumes("cs", "memory", "4Gi").build()))),
        List.of(claim("claim-0", request("req-0", 2))),
        List.of(List.of("req-0=pool-1/half-1", "req-0=pool-1/half-2")))));
    c.add(Named.of("partitionable-devices-in-use-consumes-counters", Case.unsatisfiable(
        List.of(counterSlice("counters", "pool-1", 2, "cs", "memory", "8Gi"),
            slice("devices", "pool-1", 1, 2, NODE, List.of(
                device("big").consumes("cs", "memory", "8Gi").build(),
                device("half-1").consumes("cs", "memory", "4Gi").build()))),
        List.of(claim("claim-0", request("req-0", 1))))
        .inUse(allocated("in-use", "pool-1", "big"))));
    c.add(Named.of("partitionable-devices-overcommitted-set-blocks-other-sets", Case.unsatisfiable(
        List.of(counterSlice("counters-a", "pool-1", 3, "cs-a", "memory", "8Gi"),
            counterSlice("counters-b", "pool-1", 3, "cs-b", "memory", "8Gi"),
            slice("devices", "pool-1", 1, 3, NODE, List.of(
                device("big-a").consumes("cs-a", "memory", "8Gi").build(),
                device("half-a").consumes("cs-a", "memory", "4Gi").build(),
                device("half-b").consumes("cs-b", "memory", "4Gi").build()))),
        List.of(claim("claim-0", request("req-0", 1))))
        .inUse(allocated("in-use", "pool-1", "big-a", "half-a"))));
    c.add(Named.of("partitionable-devices-full-set-leaves-other-sets", Case.allocates(
        List.of(counterSlice("counters-a", "pool-1", 3, "cs-a", "memory", "8Gi"),
            counterSlice("counters-b", "pool-1", 3, "cs-b", "memory", "8Gi"),
            slice("devices", "pool-1", 1, 3, NODE, List.of(
                device("big-a").consumes("cs-a", "memory", "8Gi").build(),
                device("half-a").consumes("cs-a", "memory", "4Gi").build(),
                device("half-b").consumes("cs-b", "memory", "4Gi").build()))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-1/half-b")))
        .inUse(allocated("in-use", "pool-1", "big-a"))));
    c.add(Named.of("partitionable-devices-disabled-device-consumes-counters", Case.unsatisfiable(
        List.of(slice("devices", "pool-1", List.of(device("half-1").consumes("cs", "memory", "4Gi").build()))),
        List.of(claim("claim-0", request("req-0", 1))))
        .features(Map.of("DRAPartitionableDevices", false))));
    c.add(Named.of("unknown-counter-set-invalid-pool", Case.fails(
        List.of(slice("devices", "pool-1", List.of(device("half-1").consumes("cs", "memory", "4Gi").build()))),
        List.of(claim("claim-0", request("req-0", 1))), NodeAllocationException.class, "counter set cs not found")));
    c.add(Named.of("per-device-node-selection", Case.allocates(
        List.of(perDeviceSlice("slice-1", "pool-1", List.of(device("device-1").nodeName("node-2").build(),
            device("device-2").nodeName(NODE).build()))),
        List.of(claim("claim-0", request("req-0", 1))), List.of(List.of("req-0=pool-1/device-2")))));
    return c.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void eachRule_givesTheExpectedOutcome_andLeavesTheInputsUnchanged(Case tc) {
    List<ResourceSlice> slicesBefore = List.copyOf(tc.slices());
    List<ResourceClaim> claimsBefore = List.copyOf(tc.claims());
    ClusterSnapshot snapshot = CoreFixtures.allocator(tc.features()).snapshot(tc.slices(), tc.classes(), tc.allocatedClaims());
    if (tc.expectError() != null) {
      assertThatThrownBy(() -> snapshot.allocate(node(NODE), tc.claims()))
          .isInstanceOf(tc.expectError())
          .hasMessageContaining(tc.errorContains());
    } else {
      AllocationOutcome outcome = snapshot.allocate(node(NODE), tc.claims());
      if (tc.expectDevices() == null) {
        assertThat(outcome).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
        assertThat(((AllocationOutcome.Unsatisfiable) outcome).explanation().summary()).isNotEmpty();
      } else {
        assertThat(outcome.isAllocated()).as("outcome %s", outcome).isTrue();
        assertThat(CoreFixtures.devicesOf(outcome)).isEqualTo(tc.expectDevices());
      }
    }
    assertThat(tc.slices()).isEqualTo(slicesBefore);
    assertThat(tc.claims()).isEqualTo(claimsBefore);
  }
}
