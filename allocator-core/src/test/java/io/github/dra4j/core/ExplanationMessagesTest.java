package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.devices;
import static io.github.dra4j.core.CoreFixtures.firstAvailable;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static io.github.dra4j.core.CoreFixtures.sub;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * Explanations that point at the cause, each reduced from a real driver's files (the
 * real-world cases msg-*): a claim blocked by one that cannot be allocated at all, counters
 * that claims exhaust together, a constraint on an attribute no suitable device has, devices
 * ignored beside sharedCounters, a pool with more slices than its count, a subrequest's field
 * path, and folded multi-line details.
 */
final class ExplanationMessagesTest {

  /* bats-gpu-two-claims-one-pod + bats-gpu-cel-nomatch: two claims fit, the third matches nothing. */
  @Test
  void claimBlockedByOneThatCannotBeAllocated_namesThatClaim() {
    Explanation e = explain(List.of(slice("slice-1", "pool-1", devices("gpu-0", "gpu-1", "gpu-2"))),
        claim("gpu-a", request("gpu", 1)), claim("gpu-b", request("gpu", 1)),
        claim("cel-nomatch", request("gpu", 1, "false")));
    for (int c = 0; c < 2; c++) {
      assertThat(e.claims().get(c).conflict())
          .isEqualTo("satisfiable on its own, but not allocated because claim default/cel-nomatch of this call"
              + " cannot be allocated at all (the claims of one call are allocated together or not at all)");
    }
    assertThat(e.claims().get(2).conflict()).isNull();
    assertThat(e.summary()).doesNotContain("compete").contains("claim default/cel-nomatch, request gpu: 0 of 3");
  }

  /* The DGX split layout reduced to one GPU: seven 1g.5gb MIGs take GPU 0's memory slices. */
  @Test
  void claimsExhaustingCountersTogether_nameTheCounterSetAndCounter() {
    ResourceSlice counters = Builders.counterSlice("counters", DRIVER, "pool-1", NODE,
        Builders.counterSet("gpu-0-counter-set", Builders.counters("memory-slice-0", "1", "memory-slice-1", "1")))
        .resourceSliceCount(2).build();
    ResourceSlice migs = slice("migs", "pool-1", 1, 2, NODE, List.of(
        device("mig-1g-0").consumes("gpu-0-counter-set", "memory-slice-0", "1").build(),
        device("mig-1g-1").consumes("gpu-0-counter-set", "memory-slice-1", "1").build(),
        device("mig-2g-0").consumes("gpu-0-counter-set", "memory-slice-0", "1", "memory-slice-1", "1").build()));
    Explanation e = explain(List.of(counters, migs), claim("mig-two", request("r", 2)), claim("extra", request("r", 1)));

    assertThat(e.claims().get(0).conflict()).contains("not together with the other claims");
    assertThat(e.claims().get(1).conflict())
        .startsWith("satisfiable on its own, but not after claim default/mig-two of this call took the devices"
            + " found for it: request r: 0 of 3 devices suitable, 1 needed; ")
        .contains("2 in use (allocated to another claim)")
        .contains("1 counters exhausted (counter set gpu-0-counter-set, counter memory-slice-0: needs 1, 0 left"
            + " (short 1); also short: memory-slice-1)");
  }

  /* A GPU claim whose matchAttribute names an attribute the driver does not publish. */
  @Test
  void constraintOnAnAttributeNoSuitableDeviceHas_saysSo() {
    ResourceSlice s = slice("slice-1", "pool-1", List.of(device("gpu-0").attr("model", "a").build(),
        device("gpu-1").attr("model", "a").build(), device("gpu-2").attr("uuid", "u2").attr("model", "a").build()));
    Explanation none = explain(List.of(s), claim("pair",
        List.of(DeviceConstraint.matchAttribute(DRIVER + "/pcieRoot", List.of())), request("gpu", 2)));
    assertThat(none.claims().get(0).conflict()).isEqualTo("every request has enough suitable devices on its own,"
        + " but matchAttribute driver-a/pcieRoot: none of the 3 suitable devices of request gpu have attribute"
        + " driver-a/pcieRoot (2 needed)");

    Explanation one = explain(List.of(s), claim("pair",
        List.of(DeviceConstraint.distinctAttribute(DRIVER + "/uuid", List.of("gpu"))), request("gpu", 2)));
    assertThat(one.claims().get(0).conflict()).contains("distinctAttribute driver-a/uuid: only 1 of the 3 suitable"
        + " devices of request gpu has attribute driver-a/uuid (2 needed)");
  }

  /* The DGX combined layout (k8s 1.34 driver output): devices and sharedCounters in one slice. */
  @Test
  void devicesBesideSharedCounters_areNamed() {
    ResourceSlice combined = Builders.counterSlice("gpu-0-combined", DRIVER, "pool-1", NODE,
        Builders.counterSet("gpu-0-counter-set", Builders.counters("memory-slice-0", "1")))
        .devices(device("mig-1g-0").consumes("gpu-0-counter-set", "memory-slice-0", "1")).build();
    Explanation e = explain(List.of(combined), claim("anymig", request("anymig", 1)));
    assertThat(e.pools()).singleElement().satisfies(p -> {
      assertThat(p.reason()).isEqualTo(Explanation.Reason.DEVICES_BESIDE_SHARED_COUNTERS);
      assertThat(p.detail()).isEqualTo("1 device(s) ignored: slice gpu-0-combined holds sharedCounters too,"
          + " and devices are only read from slices without sharedCounters");
    });
    assertThat(e.details()).contains("devices beside shared counters (1 device(s) ignored: slice gpu-0-combined");
  }

  /* The example driver's slice file given twice: two slices named alike, resourceSliceCount 1. */
  @Test
  void poolWithMoreSlicesThanItsCount_saysSoNotIncomplete() {
    ResourceSlice once = slice("kind-worker-gpu", "pool-1", devices("gpu-0"));
    Explanation e = explain(List.of(once, once), claim("pod0-gpu", request("gpu", 1)));
    assertThat(e.pools()).singleElement().satisfies(p -> {
      assertThat(p.reason()).isEqualTo(Explanation.Reason.TOO_MANY_SLICES);
      assertThat(p.detail()).isEqualTo("2 ResourceSlices of generation 1 but resourceSliceCount 1; the pool is"
          + " skipped (given more than once: kind-worker-gpu)");
    });
    assertThat(e.summary()).doesNotContain("incomplete").contains("resourceSliceCount");

    Explanation missing = explain(List.of(slice("part-1", "pool-1", 1, 2, NODE, devices("gpu-0"))),
        claim("pod0-gpu", request("gpu", 1)));
    assertThat(missing.pools()).extracting(Explanation.PoolNote::reason)
        .containsExactly(Explanation.Reason.INCOMPLETE_POOL);
  }

  /* The scheduler_perf first-available claim: the first subrequest's class does not exist. */
  @Test
  void subrequestError_pathNamesTheSubrequest() {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(List.of(slice("slice-1", "pool-1", devices("device-1"))), List.of(CLASS_A), List.of());
    ResourceClaim c = claim("first-available", firstAvailable("req-0",
        CoreFixtures.exactly("sub-0", "no-such-class", 1).buildSubRequest(), sub("sub-1", 1)));
    assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(c)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no-such-class")
        .satisfies(e -> assertThat(String.valueOf(((AllocationException) e).path()))
            .isEqualTo("spec.devices.requests[0].firstAvailable[0].deviceClassName"));
  }

  /* A CEL selector written as a YAML block: the summary keeps one line per entry. */
  @Test
  void summary_foldsMultiLineDetails() {
    Explanation e = new Explanation("node-1", List.of(new Explanation.ClaimExplanation(ObjectRef.of("ResourceClaim", "default", "c"),
        List.of(new Explanation.RequestExplanation("r", 1, 2, 0, List.of(new Explanation.Rejection(
            Explanation.Reason.REQUEST_SELECTOR_FALSE, 2, List.of("d/p/a", "d/p/b"),
            "selector #0: device.driver == \"d\" &&\n  device.attributes[\"d\"].model == \"x\"\n")))),
        "first line\n   second line")), List.of());
    assertThat(e.summary()).isEqualTo("cannot allocate on node node-1:"
        + "\n  claim default/c, request r: 0 of 2 devices suitable, 1 needed; 2 request selector false"
        + " (selector #0: device.driver == \"d\" && device.attributes[\"d\"].model == \"x\")"
        + "\n  claim default/c: first line second line");
    assertThat(e.details()).isEqualTo("details for node node-1:"
        + "\n  claim default/c"
        + "\n    request r: 1 needed, 0 suitable of 2 considered"
        + "\n      2 request selector false: d/p/a, d/p/b"
        + "\n        selector #0: device.driver == \"d\" &&\n  device.attributes[\"d\"].model == \"x\"\n"
        + "\n    conflict: first line\n   second line");
  }

  private static Explanation explain(List<ResourceSlice> slices, ResourceClaim... claims) {
    AllocationOutcome outcome = CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A), List.of())
        .allocate(node(NODE), List.of(claims));
    assertThat(outcome).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    return ((AllocationOutcome.Unsatisfiable) outcome).explanation();
  }
}
