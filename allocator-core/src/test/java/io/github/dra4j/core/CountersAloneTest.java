package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allocated;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.devicesOf;
import static io.github.dra4j.core.CoreFixtures.firstAvailable;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static io.github.dra4j.core.CoreFixtures.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * PoolLayout remembers, per device, whether its counters fit while a call has charged nothing else
 * in the pool (FeasibilityBenchmark): a busy node's devices are then passed over without reading their
 * consumption. The memo must never answer for a call that already charged the pool.
 */
final class CountersAloneTest {

  /*
   * One set "cs" with 10 of "c"; a, b and c consume 6 each, x consumes 5; y consumes nothing.
   * Groups: a is in g1, the others in g2.
   */
  private static List<ResourceSlice> slices() {
    ResourceSlice counters = Builders.counterSlice("counters", DRIVER, "pool-1", NODE,
        Builders.counterSet("cs", Builders.counters("c", "10"))).resourceSliceCount(2).build();
    ResourceSlice devices = slice("devices", "pool-1", 1, 2, NODE, List.of(
        device("a").attr("type", "A").attr("group", "g1").consumes(Builders.consumption("cs", Builders.counters("c", "6"))).build(),
        device("b").attr("type", "B").attr("group", "g2").consumes(Builders.consumption("cs", Builders.counters("c", "6"))).build(),
        device("c").attr("type", "B").attr("group", "g2").consumes(Builders.consumption("cs", Builders.counters("c", "6"))).build(),
        device("x").attr("type", "X").attr("group", "g2").consumes(Builders.consumption("cs", Builders.counters("c", "5"))).build(),
        device("y").attr("type", "Y").attr("group", "g2").build()));
    return List.of(counters, devices);
  }

  private static PoolLayout layout(ClusterSnapshot snapshot) {
    return snapshot.pools(node(NODE)).get(0).layout();
  }

  @Test
  void aDeviceThatFailsAloneIsRememberedAndStillFails() {
    // x holds 5 of 10: a, b and c no longer fit on their own.
    ClusterSnapshot busy = CoreFixtures.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A),
        List.of(allocated("held", "pool-1", "x")));
    ResourceClaim wantsB = claim("claim-0", request("req-0", 1, "attr type == B"));

    assertThat(busy.allocate(node(NODE), List.of(wantsB))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    PoolLayout layout = layout(busy);
    assertThat(layout.countersNeverFitAlone(1)).isTrue();
    assertThat(layout.countersNeverFitAlone(2)).isTrue();
    assertThat(layout.countersNeverFitAlone(0)).as("a was never tried").isFalse();
    assertThat(busy.allocate(node(NODE), List.of(wantsB))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);

    // The snapshot without x's claim has its own layout, with other counters left.
    ClusterSnapshot free = CoreFixtures.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
    assertThat(devicesOf(free.allocate(node(NODE), List.of(wantsB)))).containsExactly(List.of("req-0=pool-1/b"));
  }

  @Test
  void aDeviceRejectedAfterAnotherChargeIsNotRememberedAsFailingAlone() {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
    // a takes 6; b and c (6 each) no longer fit in this call, so the claim does not fit.
    ResourceClaim aAndB = claim("claim-0", request("req-0", 1, "attr type == A"), request("req-1", 1, "attr type == B"));
    assertThat(snapshot.allocate(node(NODE), List.of(aAndB))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    PoolLayout layout = layout(snapshot);
    assertThat(layout.countersNeverFitAlone(1)).isFalse();
    assertThat(layout.countersNeverFitAlone(2)).isFalse();

    // On its own, b fits.
    assertThat(devicesOf(snapshot.allocate(node(NODE), List.of(claim("claim-1", request("req-0", 1, "attr type == B"))))))
        .containsExactly(List.of("req-0=pool-1/b"));
  }

  @Test
  void aChargeKnownToFitIsAddedWhenAnotherComesAndGivenBackOnUndo() {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
    // a, then b: 12 of 10. The second time, a's charge is known to fit and recorded unread.
    ResourceClaim aAndB = claim("claim-0", request("req-0", 1, "attr type == A"), request("req-1", 1, "attr type == B"));
    // a (g1) fits, but y (g2) does not match it: a is given back, then b (g2) fits with y.
    ResourceClaim matched = claim("claim-1", List.of(DeviceConstraint.matchAttribute("driver-a/group", List.of())),
        firstAvailable("req-0", sub("sub-0", 1, "attr type == A"), sub("sub-1", 1, "attr type == B")),
        request("req-1", 1, "attr type == Y"));
    for (int round = 0; round < 2; round++) {
      assertThat(snapshot.allocate(node(NODE), List.of(aAndB))).as("round %d", round)
          .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
      assertThat(devicesOf(snapshot.allocate(node(NODE), List.of(matched)))).as("round %d", round)
          .containsExactly(List.of("req-0/sub-1=pool-1/b", "req-1=pool-1/y"));
    }
    PoolLayout layout = layout(snapshot);
    assertThat(layout.countersFitAlone(0)).isTrue();
    assertThat(layout.countersFitAlone(1)).isTrue();
  }
}
