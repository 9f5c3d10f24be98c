package io.github.dra4j.core;

import static io.github.dra4j.core.Fx.CLASS_A;
import static io.github.dra4j.core.Fx.DRIVER;
import static io.github.dra4j.core.Fx.NODE;
import static io.github.dra4j.core.Fx.allocated;
import static io.github.dra4j.core.Fx.claim;
import static io.github.dra4j.core.Fx.device;
import static io.github.dra4j.core.Fx.devicesOf;
import static io.github.dra4j.core.Fx.node;
import static io.github.dra4j.core.Fx.request;
import static io.github.dra4j.core.Fx.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * PoolLayout remembers, per device, whether its counters fit while a call has charged nothing else
 * in the pool (issue #8, T5): a busy node's devices are then passed over without reading their
 * consumption. The memo must never answer for a call that already charged the pool.
 */
final class CountersAloneTest {

  /* One set "cs" with 10 of "c"; a, b and c consume 6 each, x consumes 5. */
  private static List<ResourceSlice> slices() {
    ResourceSlice counters = Builders.counterSlice("counters", DRIVER, "pool-1", NODE,
        Builders.counterSet("cs", Builders.counters("c", "10"))).resourceSliceCount(2).build();
    ResourceSlice devices = slice("devices", "pool-1", 1, 2, NODE, List.of(
        device("a").attr("type", "A").consumes(Builders.consumption("cs", Builders.counters("c", "6"))).build(),
        device("b").attr("type", "B").consumes(Builders.consumption("cs", Builders.counters("c", "6"))).build(),
        device("c").attr("type", "B").consumes(Builders.consumption("cs", Builders.counters("c", "6"))).build(),
        device("x").attr("type", "X").consumes(Builders.consumption("cs", Builders.counters("c", "5"))).build()));
    return List.of(counters, devices);
  }

  private static PoolLayout layout(ClusterSnapshot snapshot) {
    return snapshot.pools(node(NODE)).get(0).layout();
  }

  @Test
  void aDeviceThatFailsAloneIsRememberedAndStillFails() {
    // x holds 5 of 10: a, b and c no longer fit on their own.
    ClusterSnapshot busy = Fx.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A),
        List.of(allocated("held", "pool-1", "x")));
    ResourceClaim wantsB = claim("claim-0", request("req-0", 1, "attr type == B"));

    assertThat(busy.allocate(node(NODE), List.of(wantsB))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    PoolLayout layout = layout(busy);
    assertThat(layout.countersNeverFitAlone(1)).isTrue();
    assertThat(layout.countersNeverFitAlone(2)).isTrue();
    assertThat(layout.countersNeverFitAlone(0)).as("a was never tried").isFalse();
    assertThat(busy.allocate(node(NODE), List.of(wantsB))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);

    // The snapshot without x's claim has its own layout, with other counters left.
    ClusterSnapshot free = Fx.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
    assertThat(devicesOf(free.allocate(node(NODE), List.of(wantsB)))).containsExactly(List.of("req-0=pool-1/b"));
  }

  @Test
  void aDeviceRejectedAfterAnotherChargeIsNotRememberedAsFailingAlone() {
    ClusterSnapshot snapshot = Fx.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
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
}
