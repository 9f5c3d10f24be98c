package io.github.dra4j.fabric8;

import static io.github.dra4j.testing.Builders.CLASS;
import static io.github.dra4j.testing.Builders.DRIVER;
import static io.github.dra4j.testing.Builders.POOL;
import static io.github.dra4j.testing.Builders.allocatedClaim;
import static io.github.dra4j.testing.Builders.claim;
import static io.github.dra4j.testing.Builders.counterSet;
import static io.github.dra4j.testing.Builders.counterSlice;
import static io.github.dra4j.testing.Builders.counters;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.node;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.result;
import static io.github.dra4j.testing.Builders.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.AllocationOutcome;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pinned device definitions (kubernetes#140802) without a server: claim "held" holds dev-a
 * (20Gi of counter set gpu, 40Gi) when the driver republishes pool-1 at generation 2.
 */
final class ClusterStateTest {
  private static final Node NODE = node("node-1");

  private static ClusterState state() {
    ClusterState s = new ClusterState(MockCluster.ALLOCATOR);
    s.putNode(NODE);
    s.putClass(deviceClass(CLASS));
    s.putSlice(counterSlice("cs", DRIVER, POOL, "node-1", counterSet("gpu", counters("mem", "40Gi")))
        .resourceSliceCount(2).build());
    s.putSlice(slice("dev", DRIVER, POOL, "node-1", gpu("dev-a"), gpu("dev-b"), gpu("dev-c"))
        .resourceSliceCount(2).build());
    return s;
  }

  private static io.github.dra4j.testing.Builders.DeviceBuilder gpu(String name) {
    return device(name).consumes("gpu", "mem", "20Gi");
  }

  private static ResourceClaim want(String name, long count) {
    return claim(name, request("req-0", CLASS, count)).build();
  }

  private static AllocationOutcome allocate(ClusterState s, ResourceClaim c) {
    return s.snapshot().allocate(NODE, List.of(c));
  }

  private static List<String> devices(AllocationOutcome o) {
    assertThat(o).isInstanceOf(AllocationOutcome.Allocated.class);
    return ((AllocationOutcome.Allocated) o).results().get(0).devices().results().stream()
        .map(DeviceRequestAllocationResult::device).toList();
  }

  @Test
  void sliceDeliveredAgainUnchanged_keepsTheSnapshot() {
    ClusterState s = state();
    var first = s.snapshot();

    s.putSlice(slice("dev", DRIVER, POOL, "node-1", gpu("dev-a"), gpu("dev-b"), gpu("dev-c"))
        .resourceSliceCount(2).build());
    assertThat(s.snapshot()).as("an equal slice again").isSameAs(first);

    s.putSlice(slice("dev", DRIVER, POOL, "node-1", gpu("dev-a"), gpu("dev-b"))
        .resourceSliceCount(2).build());
    assertThat(s.snapshot()).as("a changed slice").isNotSameAs(first);
    assertThat(devices(allocate(s, want("two", 2)))).containsExactly("dev-a", "dev-b");
  }

  static Stream<Arguments> republished() {
    return Stream.of(
        Arguments.of(Named.<Consumer<ClusterState>>of("device removed", s -> {
          s.putSlice(counterSlice("cs", DRIVER, POOL, "node-1", counterSet("gpu", counters("mem", "40Gi")))
              .generation(2).resourceSliceCount(2).build());
          s.putSlice(slice("dev", DRIVER, POOL, "node-1", gpu("dev-b"), gpu("dev-c"), gpu("dev-d"))
              .generation(2).resourceSliceCount(2).build());
        }), 1, List.of("dev-b")),
        Arguments.of(Named.<Consumer<ClusterState>>of("device republished without consumption", s -> {
          s.putSlice(counterSlice("cs", DRIVER, POOL, "node-1", counterSet("gpu", counters("mem", "40Gi")))
              .generation(2).resourceSliceCount(2).build());
          s.putSlice(slice("dev", DRIVER, POOL, "node-1", device("dev-a"), gpu("dev-b"), gpu("dev-c"))
              .generation(2).resourceSliceCount(2).build());
        }), 1, List.of("dev-b")),
        Arguments.of(Named.<Consumer<ClusterState>>of("device moved to another slice of the pool", s -> {
          s.putSlice(counterSlice("cs", DRIVER, POOL, "node-1", counterSet("gpu", counters("mem", "40Gi")))
              .generation(2).resourceSliceCount(3).build());
          s.putSlice(slice("dev", DRIVER, POOL, "node-1", gpu("dev-b"), gpu("dev-c"))
              .generation(2).resourceSliceCount(3).build());
          s.putSlice(slice("dev-2", DRIVER, POOL, "node-1", device("dev-a"))
              .generation(2).resourceSliceCount(3).build());
        }), 1, List.of("dev-b")),
        // The counter set is gone: nothing left to over-commit, and the pool must stay valid.
        Arguments.of(Named.<Consumer<ClusterState>>of("counter set renamed", s -> {
          s.putSlice(counterSlice("cs", DRIVER, POOL, "node-1", counterSet("gpu2", counters("mem", "40Gi")))
              .generation(2).resourceSliceCount(2).build());
          s.putSlice(slice("dev", DRIVER, POOL, "node-1", device("dev-b").consumes("gpu2", "mem", "20Gi"),
              device("dev-c").consumes("gpu2", "mem", "20Gi")).generation(2).resourceSliceCount(2).build());
        }), 2, List.of("dev-b", "dev-c")),
        Arguments.of(Named.<Consumer<ClusterState>>of("counter removed from the set", s -> {
          s.putSlice(counterSlice("cs", DRIVER, POOL, "node-1", counterSet("gpu", counters("slots", "2")))
              .generation(2).resourceSliceCount(2).build());
          s.putSlice(slice("dev", DRIVER, POOL, "node-1", device("dev-b").consumes("gpu", "slots", "1"),
              device("dev-c").consumes("gpu", "slots", "1")).generation(2).resourceSliceCount(2).build());
        }), 2, List.of("dev-b", "dev-c")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("republished")
  void heldDevice_afterRepublish_chargesLastSeenDefinition(Consumer<ClusterState> republish, long fits,
      List<String> expected) {
    ClusterState s = state();
    s.putClaim(allocatedClaim("held", result("req-0", DRIVER, POOL, "dev-a")));
    republish.accept(s);

    assertThat(devices(allocate(s, want("fit", fits)))).isEqualTo(expected);
    assertThat(allocate(s, want("too-many", fits + 1))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);

    s.removeClaim("default/held");
    assertThat(s.pinnedDevices()).isEmpty();
    assertThat(allocate(s, want("after", fits + 1))).isInstanceOf(
        fits == 1 ? AllocationOutcome.Allocated.class : AllocationOutcome.Unsatisfiable.class);
  }

  @Test
  void claimSeenBeforeItsSlice_isPinnedWhenTheSliceArrives() {
    ClusterState s = new ClusterState(MockCluster.ALLOCATOR);
    s.putClaim(allocatedClaim("held", result("req-0", DRIVER, POOL, "dev-a")));
    assertThat(s.pinnedDevices()).isEmpty();

    s.putSlice(slice("dev", DRIVER, POOL, "node-1", gpu("dev-a")).resourceSliceCount(2).build());

    assertThat(s.pinnedDevices()).containsExactly(new ClusterState.DeviceKey(DRIVER, POOL, "dev-a"));
  }

  @Test
  void inFlightDevice_isPinnedUntilReleased() {
    ClusterState s = state();
    ResourceClaim held = allocatedClaim("held", result("req-0", DRIVER, POOL, "dev-a"));
    Object owner = new Object();
    s.assume(held, owner);
    assertThat(s.pinnedDevices()).containsExactly(new ClusterState.DeviceKey(DRIVER, POOL, "dev-a"));
    s.putSlice(slice("dev", DRIVER, POOL, "node-1", gpu("dev-b"), gpu("dev-c")).generation(2).resourceSliceCount(2)
        .build());
    s.putSlice(counterSlice("cs", DRIVER, POOL, "node-1", counterSet("gpu", counters("mem", "40Gi")))
        .generation(2).resourceSliceCount(2).build());

    assertThat(allocate(s, want("two", 2))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);

    s.releaseStale("default/held", owner);
    assertThat(s.isInFlight("default/held")).isFalse();
    assertThat(s.pinnedDevices()).isEmpty();
    assertThat(devices(allocate(s, want("two", 2)))).containsExactly("dev-b", "dev-c");
  }

  @Test
  void observedAllocation_endsInFlight_andDeviceStaysInUse() {
    ClusterState s = state();
    ResourceClaim pending = want("c", 1);
    ResourceClaim allocated = pending.withAllocation(
        ((AllocationOutcome.Allocated) allocate(s, pending)).results().get(0));
    s.putClaim(pending);
    s.assume(allocated, new Object());
    s.putClaim(pending);
    assertThat(s.isInFlight("default/c")).as("a stale unallocated view does not end it").isTrue();

    s.putClaim(allocated);

    assertThat(s.isInFlight("default/c")).isFalse();
    assertThat(devices(allocate(s, want("next", 1)))).containsExactly("dev-b");
  }

  @Test
  void sliceMovingPools_updatesBothPools() {
    ClusterState s = state();
    ResourceSlice moved = slice("dev", DRIVER, "pool-2", "node-1", device("x")).build();
    s.putSlice(moved);
    assertThat(s.slice("dev")).isEqualTo(moved);
    // pool-1 lost its devices slice: incomplete; pool-2 serves x.
    assertThat(devices(allocate(s, want("c", 1)))).containsExactly("x");
  }

  @Test
  void cluster_isWhatTheSnapshotIsBuiltFrom_inFlightAllocationsIncluded_nodesRenewedAlone() {
    ClusterState s = state();
    ResourceClaim pending = want("pending", 1);
    s.putClaim(pending);
    ResourceClaim allocated = pending.withAllocation(((AllocationOutcome.Allocated) allocate(s, pending)).results().get(0));
    s.assume(allocated, new Object());

    io.github.dra4j.api.Cluster cluster = s.cluster();
    assertThat(cluster.nodes()).containsExactly(NODE);
    assertThat(cluster.slices()).extracting(ResourceSlice::name).containsExactlyInAnyOrder("cs", "dev");
    assertThat(cluster.claims()).containsExactly(allocated);
    assertThat(cluster.allocatedClaims()).containsExactly(allocated);

    var before = s.snapshot();
    Node other = node("node-2");
    s.putNode(other);
    assertThat(s.cluster().nodes()).containsExactly(NODE, other);
    assertThat(s.snapshot()).as("a node changes no pool").isSameAs(before);
    assertThat(s.cluster().slices()).isEqualTo(cluster.slices());
  }

  @Test
  void view_pairsTheSnapshotWithItsOwnObjects_untouchedByLaterEvents() {
    ClusterState s = state();
    ResourceClaim held = allocatedClaim("held", result("req-0", DRIVER, POOL, "dev-a"),
        result("req-0", DRIVER, POOL, "dev-b"));
    s.putClaim(held);
    Fabric8Cluster.View before = s.view();
    assertThat(before.snapshot()).isSameAs(s.snapshot());
    assertThat(before.cluster()).isSameAs(s.cluster());

    // The informer shows the claim deallocated: a round that took the snapshot just before would
    // get these objects from cluster(), a claim without allocation whose devices are still in use.
    ResourceClaim released = want("held", 2);
    s.putClaim(released);

    assertThat(before.cluster().claims()).containsExactly(held);
    assertThat(before.snapshot().allocate(NODE, List.of(want("next", 1))))
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    Fabric8Cluster.View after = s.view();
    assertThat(after.cluster().claims()).containsExactly(released);
    assertThat(devices(after.snapshot().allocate(NODE, List.of(want("next", 2))))).containsExactly("dev-a", "dev-b");
  }

  @Test
  void view_isTakenAtOnce_whileTheInformerTogglesAClaim() throws InterruptedException {
    ClusterState s = state();
    ResourceClaim held = allocatedClaim("held", result("req-0", DRIVER, POOL, "dev-a"),
        result("req-0", DRIVER, POOL, "dev-b"));
    ResourceClaim released = want("held", 2);
    s.putClaim(held);
    AtomicBoolean stop = new AtomicBoolean();
    Thread informer = new Thread(() -> {
      for (int i = 0; !stop.get(); i++) {
        s.putClaim(i % 2 == 0 ? released : held);
      }
    });
    informer.start();
    try {
      for (int i = 0; i < 20_000; i++) { // a view taken in two steps pairs wrongly only now and then
        Fabric8Cluster.View v = s.view();
        boolean allocated = v.cluster().claims().get(0).allocation() != null;
        boolean devicesFree = v.snapshot().allocate(NODE, List.of(want("next", 1))) instanceof AllocationOutcome.Allocated;
        assertThat(devicesFree).as("view %d: the snapshot's devices are free exactly when its claim is not allocated", i)
            .isEqualTo(!allocated);
      }
    } finally {
      stop.set(true);
      informer.join();
    }
  }
}
