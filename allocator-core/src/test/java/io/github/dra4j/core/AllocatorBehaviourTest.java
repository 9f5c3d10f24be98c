package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allocated;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.counterSlice;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.deviceClass;
import static io.github.dra4j.core.CoreFixtures.devices;
import static io.github.dra4j.core.CoreFixtures.firstAvailable;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static io.github.dra4j.core.CoreFixtures.sub;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/* Pruning, budget, cancellation, explanations, thread safety and caching. */
final class AllocatorBehaviourTest {

  /* --- pruning: allocateOne invocations as counted by the Go reference tests --- */

  record PruningCase(List<ResourceSlice> slices, ResourceClaim claim, boolean allocates, long invocations) {}

  static List<Device> numbered(int n) {
    List<Device> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(device("device-" + i).build());
    }
    return out;
  }

  static Stream<Named<PruningCase>> pruningCases() {
    return Stream.of(
        Named.of("check-combinations-within-single-request-single-pool-single-slice", new PruningCase(
            List.of(slice("slice-1", "pool-1", devices("device1", "device2", "device3", "device4"))),
            claim("claim-0", request("req-0", 5)), false, 16)),
        Named.of("check-combinations-with-backtracking", new PruningCase(
            List.of(slice("slice-1", "pool-1", List.of(device("device1").attr("type", "X").build(),
                device("device2").attr("type", "Y").build(), device("device3").attr("type", "Y").build()))),
            claim("claim-0", request("req-1", 2), request("req-2", 1, "attr type == X")), true, 12)),
        Named.of("prioritized-list-max-allocation-limit-request", new PruningCase(
            List.of(slice("slice-1", "pool-1", numbered(64))),
            claim("claim-0", firstAvailable("req-0", sub("subReq-0", 32), sub("subReq-1", 16)),
                firstAvailable("req-1", sub("subReq-0", 32), sub("subReq-1", 16))), true, 75)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pruningCases")
  void allocateOneInvocations_matchReference(PruningCase tc) {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(tc.slices(), List.of(CLASS_A), List.of());
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(tc.claim()),
        AllocationOptions.defaults().withPruning(false));
    assertThat(outcome.isAllocated()).isEqualTo(tc.allocates());
    assertThat(snapshot.stats().allocateOneInvocations()).isEqualTo(tc.invocations());

    ClusterSnapshot pruned = CoreFixtures.allocator(Features.all()).snapshot(tc.slices(), List.of(CLASS_A), List.of());
    AllocationOutcome same = pruned.allocate(node(NODE), List.of(tc.claim()));
    assertThat(same.isAllocated()).isEqualTo(tc.allocates());
    assertThat(pruned.stats().allocateOneInvocations()).isLessThanOrEqualTo(tc.invocations());
  }

  /* --- budget, deadline, cancellation --- */

  /** 40 devices, 4 requests that must share a model no device pair has: exponential search. */
  private static ClusterSnapshot pathological() {
    List<Device> list = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      list.add(device("device-" + i).attr("model", "m" + i).build());
    }
    return CoreFixtures.allocator(Features.all()).snapshot(List.of(slice("slice-1", "pool-1", list)), List.of(CLASS_A),
        List.of());
  }

  private static ResourceClaim hopeless() {
    return claim("claim-0", List.of(DeviceConstraint.distinctAttribute("driver-a/model", List.of())),
        request("req-0", 20), request("req-1", 12));
  }

  @Test
  void stepBudget_exceeded_failsWithDistinctError() {
    ClusterSnapshot snapshot = pathological();
    ResourceClaim matchAll = claim("claim-0", List.of(DeviceConstraint.matchAttribute("driver-a/model", List.of())),
        request("req-0", 1), request("req-1", 1), request("req-2", 1));
    assertThat(snapshot.allocate(node(NODE), List.of(matchAll)).isAllocated()).isFalse();
    assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(matchAll),
        AllocationOptions.defaults().withStepBudget(50)))
        .isInstanceOf(SearchBudgetExceededException.class)
        .hasMessageContaining("50 steps")
        .satisfies(e -> assertThat(((SearchBudgetExceededException) e).steps()).isEqualTo(51));
  }

  @Test
  void defaultBudget_endsPathologicalSearchAtItsLastStep() {
    // Every one of the C(40,10) choices for req-0 is tried before req-1 fails: exponential. The
    // budget ends it at a fixed step; what those steps cost is BacktrackingBenchmark's to measure.
    ResourceClaim claim = claim("claim-0", request("req-0", 10), request("req-1", 1, "false"));
    assertThatThrownBy(() -> pathological().allocate(node(NODE), List.of(claim),
        AllocationOptions.defaults().withPruning(false)))
        .isInstanceOf(SearchBudgetExceededException.class)
        .hasMessageContaining("stepBudget")
        .satisfies(e -> assertThat(((SearchBudgetExceededException) e).steps())
            .isEqualTo(AllocationOptions.DEFAULT_STEP_BUDGET + 1));
  }

  @ParameterizedTest(name = "pruning {0}")
  @ValueSource(booleans = {false, true})
  void matchAttribute_backtracksFromMoreThanFourDevices(boolean pruning) {
    // Model a for device-0..5, b for device-6..12; only device-12 is special: req-0 first takes
    // the six a devices, req-1 fails, and the search backtracks out of a six-device constraint.
    List<Device> list = new ArrayList<>();
    for (int i = 0; i < 13; i++) {
      list.add(device("device-" + i).attr("model", i < 6 ? "a" : "b").attr("special", i == 12 ? "yes" : "no").build());
    }
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(List.of(slice("slice-1", "pool-1", list)),
        List.of(CLASS_A), List.of());
    ResourceClaim claim = claim("claim-0", List.of(DeviceConstraint.matchAttribute("driver-a/model", List.of())),
        request("req-0", 6), request("req-1", 1, "attr special == yes"));
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(claim),
        AllocationOptions.defaults().withPruning(pruning));
    assertThat(CoreFixtures.devicesOf(outcome)).isEqualTo(List.of(List.of("req-0=pool-1/device-6", "req-0=pool-1/device-7",
        "req-0=pool-1/device-8", "req-0=pool-1/device-9", "req-0=pool-1/device-10", "req-0=pool-1/device-11",
        "req-1=pool-1/device-12")));
  }

  @Test
  void pruning_provesThePathologicalSearchHopeless_andSaysWhy() {
    // req-1 selects nothing: the counting bound sees it once the bounds are made.
    ResourceClaim claim = claim("claim-0", request("req-0", 10), request("req-1", 1, "false"));
    ClusterSnapshot snapshot = pathological();
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(claim));
    assertThat(outcome).isInstanceOfSatisfying(AllocationOutcome.Unsatisfiable.class, u ->
        assertThat(u.explanation().proof()).isEqualTo("the claims need at least 1 devices that claim"
            + " default/claim-0, request req-1 can take, only 0 exist"));
    assertThat(snapshot.stats().allocateOneInvocations()).isLessThan(5_000);
  }

  @Test
  void cancellation_stopsSearch() {
    AtomicBoolean cancelled = new AtomicBoolean(true);
    assertThatThrownBy(() -> pathological().allocate(node(NODE), List.of(hopeless()),
        AllocationOptions.defaults().withCancellation(cancelled::get)))
        .isInstanceOf(AllocationCancelledException.class)
        .hasMessageContaining("cancelled");
  }

  @Test
  void deadline_inThePast_stopsSearch() {
    assertThatThrownBy(() -> pathological().allocate(node(NODE), List.of(hopeless()),
        AllocationOptions.defaults().withDeadline(Instant.now().minusSeconds(1))))
        .isInstanceOf(AllocationCancelledException.class)
        .hasMessageContaining("deadline");
  }

  @Test
  void options_rejectNonPositiveBudget() {
    assertThatThrownBy(() -> AllocationOptions.defaults().withStepBudget(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stepBudget");
  }

  /* --- explanations --- */

  private static Explanation explain(List<ResourceSlice> slices, List<ResourceClaim> inUse, ResourceClaim... claims) {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices,
        List.of(CLASS_A, deviceClass("class-b", "driver == driver-b")), inUse);
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(claims));
    assertThat(outcome).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    return ((AllocationOutcome.Unsatisfiable) outcome).explanation();
  }

  @Test
  void explanation_groupsRejectionsByReason() {
    Explanation e = explain(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").attr("model", "a").build(),
            device("device-2").attr("model", "b").build(), device("device-3").attr("model", "b").build(),
            device("device-4").attr("model", "b").taint("broken", null, "NoSchedule").build()))),
        List.of(allocated("other", "pool-1", "device-2")),
        claim("claim-0", request("req-0", 2, "attr model == b")));
    Explanation.RequestExplanation r = e.claims().get(0).requests().get(0);
    assertThat(r.request()).isEqualTo("req-0");
    assertThat(r.devicesNeeded()).isEqualTo(2);
    assertThat(r.devicesConsidered()).isEqualTo(4);
    assertThat(r.devicesSuitable()).isEqualTo(1);
    assertThat(r.rejections()).extracting(Explanation.Rejection::reason).containsExactlyInAnyOrder(
        Explanation.Reason.REQUEST_SELECTOR_FALSE, Explanation.Reason.IN_USE, Explanation.Reason.UNTOLERATED_TAINT);
    assertThat(r.rejections()).filteredOn(j -> j.reason() == Explanation.Reason.UNTOLERATED_TAINT)
        .singleElement().satisfies(j -> {
          assertThat(j.examples()).containsExactly("driver-a/pool-1/device-4");
          assertThat(j.detail()).contains("broken").contains("NoSchedule");
        });
    assertThat(e.claims().get(0).conflict()).isNull();
    assertThat(e.summary()).contains("claim default/claim-0, request req-0: 1 of 4 devices suitable, 2 needed");
  }

  @Test
  void explanation_namesCounterShortfall() {
    Explanation e = explain(
        List.of(counterSlice("counters", "pool-1", 2, "gpu-0", "memory", "8Gi"),
            slice("devices", "pool-1", 1, 2, NODE, List.of(
                device("whole").consumes("gpu-0", "memory", "8Gi").build(),
                device("half").consumes("gpu-0", "memory", "4Gi").build(),
                device("quarter").consumes("gpu-0", "memory", "2Gi").build()))),
        List.of(allocated("other", "pool-1", "half")),
        claim("claim-1", request("req-0", 2)));
    Explanation.RequestExplanation r = e.claims().get(0).requests().get(0);
    assertThat(r.rejections()).filteredOn(j -> j.reason() == Explanation.Reason.COUNTERS_EXHAUSTED)
        .singleElement().satisfies(j -> assertThat(j.detail())
            .isEqualTo("counter set gpu-0, counter memory: needs 8Gi, 4Gi left (short 4Gi)"));
    assertThat(r.rejections()).extracting(Explanation.Rejection::reason).contains(Explanation.Reason.IN_USE);
    assertThat(r.devicesSuitable()).isEqualTo(1);
  }

  @Test
  void explanation_reportsConstraintConflictAndPools() {
    Explanation e = explain(
        List.of(slice("slice-1", "pool-1", List.of(device("device-1").attr("model", "a").build(),
                device("device-2").attr("model", "b").build())),
            slice("slice-2", "pool-2", 1, 2, NODE, devices("device-3"))),
        List.of(),
        claim("claim-0", List.of(DeviceConstraint.matchAttribute("driver-a/model", List.of())),
            request("req-0", 1), request("req-1", 1)));
    assertThat(e.claims().get(0).conflict()).contains("matchAttribute driver-a/model");
    assertThat(e.pools()).singleElement().satisfies(p -> {
      assertThat(p.pool()).isEqualTo("driver-a/pool-2");
      assertThat(p.reason()).isEqualTo(Explanation.Reason.INCOMPLETE_POOL);
    });
    assertThat(e.summary()).contains("pool driver-a/pool-2: incomplete pool");
  }

  @Test
  void explanation_competingClaims_nameTheClaimThatTookTheDevice() {
    Explanation e = explain(List.of(slice("slice-1", "pool-1", devices("device-1"))), List.of(),
        claim("claim-0", request("req-0", 1)), claim("claim-1", request("req-0", 1)));
    assertThat(e.claims().get(0).conflict()).contains("not together with the other claims");
    assertThat(e.claims().get(1).conflict())
        .startsWith("satisfiable on its own, but not after claim default/claim-0 of this call")
        .contains("1 in use");
  }

  @Test
  void explanation_notesDroppedDevicesAndOtherNodes() {
    io.github.dra4j.api.Device withIncludes = new io.github.dra4j.api.Device("device-1", java.util.Map.of(),
        java.util.Map.of(), List.of(), List.of("gpu"), null, null, false, List.of(), List.of(), List.of(), false,
        false);
    ResourceSlice mixins = new ResourceSlice(io.github.dra4j.api.ObjectMeta.named("slice-1"),
        new io.github.dra4j.api.ResourceSliceSpec(CoreFixtures.DRIVER, io.github.dra4j.api.ResourcePool.of("pool-1", 1, 1),
            NODE, null, false, false, List.of(withIncludes), List.of(),
            new io.github.dra4j.api.ResourceSliceMixins(List.of(new io.github.dra4j.api.DeviceMixin("gpu",
                java.util.Map.of("model", io.github.dra4j.api.DeviceAttribute.ofString("a100")), java.util.Map.of())),
                List.of(), List.of())));
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all().with(java.util.Map.of("DRAResourceSliceMixins", false)))
        .snapshot(List.of(mixins, slice("slice-2", "pool-2", 1, 1, "node-2", devices("device-2"))),
            List.of(CLASS_A), List.of());
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(claim("claim-0", request("req-0", 1))));
    Explanation e = ((AllocationOutcome.Unsatisfiable) outcome).explanation();
    assertThat(e.pools()).extracting(Explanation.PoolNote::reason).containsExactly(
        Explanation.Reason.DROPPED_BY_MIXINS_GATE, Explanation.Reason.NODE_NOT_MATCHING);
    assertThat(e.pools().get(0).detail()).contains("device-1");
    assertThat(e.pools().get(1).detail()).contains("driver-a/pool-2");
    assertThat(e.claims().get(0).requests().get(0).devicesConsidered()).isZero();
  }

  @Test
  void mixinsGateOff_dropsConsumersOfADroppedCounterSetInAnotherSlice() {
    io.github.dra4j.api.CounterSet withIncludes = new io.github.dra4j.api.CounterSet("cs-0", java.util.Map.of(),
        List.of("gpu"));
    ResourceSlice counters = new ResourceSlice(io.github.dra4j.api.ObjectMeta.named("slice-counters"),
        new io.github.dra4j.api.ResourceSliceSpec(CoreFixtures.DRIVER, io.github.dra4j.api.ResourcePool.of("pool-1", 1, 2),
            NODE, null, false, false, List.of(), List.of(withIncludes),
            new io.github.dra4j.api.ResourceSliceMixins(List.of(), List.of(), List.of(
                new io.github.dra4j.api.CounterSetMixin("gpu",
                    java.util.Map.of("memory", io.github.dra4j.api.Counter.of("40Gi")))))));
    ResourceSlice devices = slice("slice-devices", "pool-1", 1, 2, NODE,
        List.of(device("device-1").consumes("cs-0", "memory", "1Gi").build(), device("device-2").build()));
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all().with(java.util.Map.of("DRAResourceSliceMixins", false)))
        .snapshot(List.of(counters, devices), List.of(CLASS_A), List.of());

    assertThat(CoreFixtures.devicesOf(snapshot.allocate(node(NODE), List.of(claim("claim-0", request("req-0", 1))))))
        .containsExactly(List.of("req-0=pool-1/device-2"));
    AllocationOutcome two = snapshot.allocate(node(NODE), List.of(claim("claim-1", request("req-0", 2))));
    Explanation e = ((AllocationOutcome.Unsatisfiable) two).explanation();
    assertThat(e.pools()).isNotEmpty().allSatisfy(n -> assertThat(n.reason())
        .isEqualTo(Explanation.Reason.DROPPED_BY_MIXINS_GATE));
    assertThat(e.pools()).anySatisfy(n -> assertThat(n.detail()).contains("counter set cs-0"));
    assertThat(e.pools()).anySatisfy(n -> assertThat(n.detail()).contains("device device-1"));
  }

  /* --- snapshot: thread safety, determinism, caching, inputs --- */

  @Test
  void snapshot_concurrentCallsAreDeterministic() throws Exception {
    List<ResourceSlice> slices = new ArrayList<>();
    for (int n = 0; n < 8; n++) {
      slices.add(slice("slice-" + n, "pool-" + n, 1, 1, "node-" + n, numbered(10)));
    }
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A),
        List.of(allocated("in-use", "pool-3", "device-0")));
    ResourceClaim claim = claim("claim-0", request("req-0", 3));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<List<String>>>> futures = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        String nodeName = "node-" + (i % 8);
        futures.add(pool.submit(() -> CoreFixtures.devicesOf(snapshot.allocate(node(nodeName), List.of(claim)))));
      }
      for (int i = 0; i < futures.size(); i++) {
        int n = i % 8;
        String first = n == 3 ? "device-1" : "device-0";
        assertThat(futures.get(i).get().get(0)).first().isEqualTo("req-0=pool-" + n + "/" + first);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void snapshot_gathersPoolsOncePerNode() {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(
        List.of(slice("slice-1", "pool-1", devices("device-1")), slice("slice-2", "pool-2", 1, 1, "node-2",
            devices("device-2"))), List.of(CLASS_A), List.of());
    List<Pool> first = snapshot.pools(node(NODE));
    assertThat(first).extracting(p -> p.id.pool()).containsExactly("pool-1");
    assertThat(snapshot.pools(node(NODE))).isSameAs(first);
  }

  @Test
  void snapshot_callDoesNoWorkForOtherNodes() {
    List<ResourceSlice> slices = new ArrayList<>();
    for (int n = 0; n < 200; n++) {
      slices.add(slice("slice-" + n, "pool-" + n, 1, 1, "node-" + (n + 2), numbered(20)));
    }
    slices.add(slice("mine", "pool-mine", numbered(3)));
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = StructuredAllocator.builder().selectorCompiler(compiler).build()
        .snapshot(slices, List.of(CLASS_A), List.of());
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(claim("claim-0", request("req-0", 3))));
    assertThat(CoreFixtures.devicesOf(outcome).get(0)).hasSize(3);
    assertThat(snapshot.pools(node(NODE))).extracting(p -> p.id.pool()).containsExactly("pool-mine");
    assertThat(compiler.evaluations.get()).isEqualTo(3);
  }

  @Test
  void builder_requiresCompiler() {
    assertThatThrownBy(() -> StructuredAllocator.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("selectorCompiler");
  }
}
