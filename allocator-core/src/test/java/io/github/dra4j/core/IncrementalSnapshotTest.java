package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allocated;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.counterSlice;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/* Snapshots derived from a previous one redo work only for changed pools (DgxFillBenchmark.fillCycles). */
final class IncrementalSnapshotTest {
  private static final String NODE_2 = "node-2";

  private static List<Device> typed(String prefix, int n, String type) {
    List<Device> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(device(prefix + i).attr("type", type).build());
    }
    return out;
  }

  private static StructuredAllocator allocator(CoreFixtures.TestCompiler compiler) {
    return StructuredAllocator.builder().selectorCompiler(compiler).build();
  }

  private static PoolEntry pool(ClusterSnapshot s, String pool) {
    return s.index().pools().get(new PoolId(CoreFixtures.DRIVER, pool));
  }

  private static Pool gathered(ClusterSnapshot s, Node node, String pool) {
    return s.pools(node).stream().filter(p -> p.id.pool().equals(pool)).findFirst().orElseThrow();
  }

  private static ResourceClaim allocate(ClusterSnapshot s, Node node, ResourceClaim claim) {
    AllocationOutcome o = s.allocate(node, List.of(claim));
    assertThat(o).as("allocate %s", claim.name()).isInstanceOf(AllocationOutcome.Allocated.class);
    return claim.withAllocation(((AllocationOutcome.Allocated) o).results().get(0));
  }

  @Test
  void unchangedPoolKeepsEntriesAndPoolsWhenAnotherPoolsInUseStateChanges() {
    ResourceSlice a = slice("slice-a", "pool-a", typed("a-", 3, "X"));
    ResourceSlice b = slice("slice-b", "pool-b", typed("b-", 3, "X"));
    ClusterSnapshot previous = CoreFixtures.allocator(Features.all()).snapshot(List.of(a, b), List.of(CLASS_A), List.of());
    Pool poolA = gathered(previous, node(NODE), "pool-a");
    Pool poolB = gathered(previous, node(NODE), "pool-b");

    ClusterSnapshot next = previous.withAllocated(List.of(allocated("in-use", "pool-b", "b-0")));

    assertThat(pool(next, "pool-a")).isSameAs(pool(previous, "pool-a"));
    assertThat(gathered(next, node(NODE), "pool-a")).isSameAs(poolA);
    PoolEntry b2 = pool(next, "pool-b");
    assertThat(b2).isNotSameAs(pool(previous, "pool-b"));
    assertThat(b2.slices.get(0).resolved).isSameAs(pool(previous, "pool-b").slices.get(0).resolved);
    assertThat(b2.slices.get(0).devices).extracting(d -> d.uid)
        .isEqualTo(pool(previous, "pool-b").slices.get(0).devices.stream().map(d -> d.uid).toList());
    assertThat(b2.slices.get(0).devices.get(0).inUseDedicated).isTrue();
    assertThat(pool(previous, "pool-b").slices.get(0).devices.get(0).inUseDedicated)
        .as("the previous snapshot is unchanged").isFalse();
    Pool nextB = gathered(next, node(NODE), "pool-b");
    assertThat(nextB).isNotSameAs(poolB);
    assertThat(nextB.targeting.get(0).slice()).isSameAs(b2.slices.get(0));
  }

  @Test
  void unchangedPoolKeepsEntriesWhenAnotherPoolsSlicesChange() {
    ResourceSlice a = slice("slice-a", "pool-a", typed("a-", 3, "X"));
    ResourceSlice b = slice("slice-b", "pool-b", typed("b-", 3, "X"));
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ClusterSnapshot previous = allocator.snapshot(List.of(a, b), List.of(CLASS_A), List.of());
    Pool poolA = gathered(previous, node(NODE), "pool-a");

    ResourceSlice b2 = slice("slice-b", "pool-b", typed("b-", 4, "X"));
    ClusterSnapshot next = allocator.snapshot(previous, List.of(a, b2), List.of(CLASS_A), List.of());

    assertThat(pool(next, "pool-a")).isSameAs(pool(previous, "pool-a"));
    assertThat(gathered(next, node(NODE), "pool-a")).isSameAs(poolA);
    assertThat(pool(next, "pool-b").slices.get(0).devices).hasSize(4);
    assertThat(pool(next, "pool-b").slices.get(0).devices).extracting(d -> d.uid)
        .allSatisfy(uid -> assertThat(uid).isGreaterThanOrEqualTo(previous.uidLimit()));
  }

  @Test
  void nodePoolListsCarryOverOnlyForNodesWhosePoolsAreUnchanged() {
    ResourceSlice one = slice("slice-1", "pool-1", 1, 1, NODE, typed("d-", 2, "X"));
    ResourceSlice two = slice("slice-2", "pool-2", 1, 1, NODE_2, typed("d-", 2, "X"));
    ClusterSnapshot previous = CoreFixtures.allocator(Features.all()).snapshot(List.of(one, two), List.of(CLASS_A),
        List.of());
    List<Pool> onOne = previous.pools(node(NODE));
    List<Pool> onTwo = previous.pools(node(NODE_2));

    ClusterSnapshot next = previous.withAllocated(List.of(allocated("in-use", "pool-2", "d-0")));

    assertThat(next.pools(node(NODE))).isSameAs(onOne);
    assertThat(next.pools(node(NODE_2))).isNotSameAs(onTwo);
    assertThat(next.pools(node(NODE_2)).get(0).targeting.get(0).devices().get(0).inUseDedicated).isTrue();
  }

  @Test
  void sliceUnchangedInAChangedPoolKeepsItsEntry() {
    ResourceSlice kept = slice("slice-1", "pool-1", 1, 2, NODE, typed("a-", 2, "X"));
    ResourceSlice other = slice("slice-2", "pool-1", 1, 2, NODE, typed("b-", 2, "X"));
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ClusterSnapshot previous = allocator.snapshot(List.of(kept, other), List.of(CLASS_A), List.of());

    ResourceSlice changed = slice("slice-2", "pool-1", 1, 2, NODE, typed("b-", 3, "X"));
    ClusterSnapshot next = allocator.snapshot(previous, List.of(kept, changed), List.of(CLASS_A), List.of());

    assertThat(pool(next, "pool-1")).isNotSameAs(pool(previous, "pool-1"));
    assertThat(pool(next, "pool-1").slices.get(0)).isSameAs(pool(previous, "pool-1").slices.get(0));
    assertThat(pool(next, "pool-1").slices.get(1).devices).hasSize(3);
  }

  @Test
  void selectorsAreEvaluatedOnlyOnDevicesOfChangedSlices() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    StructuredAllocator allocator = allocator(compiler);
    ResourceSlice a = slice("slice-a", "pool-a", typed("a-", 4, "X"));
    ResourceSlice b = slice("slice-b", "pool-b", typed("b-", 4, "X"));
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));
    ClusterSnapshot previous = allocator.snapshot(List.of(a, b), List.of(CLASS_A), List.of());
    assertThat(previous.allocate(node(NODE), claims)).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(compiler.evaluations.get()).isEqualTo(16); // class and request selector on 8 devices

    // Only the changed slice's 3 devices meet the two selectors.
    ResourceSlice b2 = slice("slice-b", "pool-b", typed("b-", 3, "Y"));
    ClusterSnapshot next = allocator.snapshot(previous, List.of(a, b2), List.of(CLASS_A), List.of());
    List<ResourceClaim> threeY = List.of(claim("claim-1", request("req-0", 3, "attr type == Y")));
    assertThat(CoreFixtures.devicesOf(next.allocate(node(NODE), threeY)))
        .isEqualTo(List.of(List.of("req-0=pool-b/b-0", "req-0=pool-b/b-1", "req-0=pool-b/b-2")));
    assertThat(compiler.evaluations.get()).isEqualTo(16 + 6);

    // A changed in-use state keeps the uids, so nothing is evaluated again.
    ClusterSnapshot third = next.withAllocated(List.of(allocated("in-use", "pool-b", "b-0")));
    List<ResourceClaim> twoY = List.of(claim("claim-2", request("req-0", 2, "attr type == Y")));
    assertThat(CoreFixtures.devicesOf(third.allocate(node(NODE), twoY)))
        .isEqualTo(List.of(List.of("req-0=pool-b/b-1", "req-0=pool-b/b-2")));
    assertThat(third.allocate(node(NODE), claims)).isInstanceOf(AllocationOutcome.Allocated.class);
    assertThat(compiler.evaluations.get()).isEqualTo(16 + 6);
  }

  @Test
  void anotherCompilerOrOtherFeaturesShareNothingButResolutions() {
    CoreFixtures.TestCompiler first = new CoreFixtures.TestCompiler();
    ResourceSlice a = slice("slice-a", "pool-a", typed("a-", 2, "X"));
    ClusterSnapshot previous = allocator(first).snapshot(List.of(a), List.of(CLASS_A), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == X")));
    var unused = previous.allocate(node(NODE), claims);

    CoreFixtures.TestCompiler second = new CoreFixtures.TestCompiler();
    ClusterSnapshot other = allocator(second).snapshot(previous, List.of(a), List.of(CLASS_A), List.of());
    assertThat(CoreFixtures.devicesOf(other.allocate(node(NODE), claims))).isEqualTo(List.of(List.of("req-0=pool-a/a-0")));
    assertThat(second.evaluations.get()).as("results of another compiler are not reused").isEqualTo(2);
    assertThat(pool(other, "pool-a")).as("same features: entries are shared").isSameAs(pool(previous, "pool-a"));

    StructuredAllocator gated = StructuredAllocator.builder().selectorCompiler(first)
        .features(Features.all().with(Map.of("DRAConsumableCapacity", false))).build();
    ClusterSnapshot otherFeatures = gated.snapshot(previous, List.of(a), List.of(CLASS_A), List.of());
    assertThat(pool(otherFeatures, "pool-a")).isNotSameAs(pool(previous, "pool-a"));
    assertThat(pool(otherFeatures, "pool-a").slices.get(0).resolved)
        .isSameAs(pool(previous, "pool-a").slices.get(0).resolved);
  }

  @Test
  void fillingClaimByClaimHandsOutNoDeviceTwiceAndDoesNotOvercommitCounters() {
    List<Device> devices = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      devices.add(device("d-" + i).consumes("gpu", "mem", "3Gi").build());
    }
    // 8Gi shared by four 3Gi devices: only two fit at a time.
    List<ResourceSlice> slices = List.of(counterSlice("cs", "pool-1", 2, "gpu", "mem", "8Gi"),
        slice("devices", "pool-1", 1, 2, NODE, devices));
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ClusterSnapshot snapshot = allocator.snapshot(slices, List.of(CLASS_A), List.of());
    List<ResourceClaim> held = new ArrayList<>();
    Set<String> handedOut = new HashSet<>();
    for (int i = 0; i < 2; i++) {
      ResourceClaim c = allocate(snapshot, node(NODE), claim("claim-" + i, request("req-0", 1)));
      assertThat(handedOut.add(c.allocation().devices().results().get(0).device())).isTrue();
      held.add(c);
      snapshot = snapshot.withAllocated(List.of(c));
    }
    assertSameAsScratch(allocator, slices, held, snapshot);
    assertThat(snapshot.allocate(node(NODE), List.of(claim("claim-2", request("req-0", 1)))))
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(gathered(snapshot, node(NODE), "pool-1").available().get("gpu").get("mem"))
        .isEqualByComparingTo("2147483648");
  }

  /*
   * A commit that uses devices of one slice of a pool keeps the entries of the pool's other
   * slices (the counter slice, another slice of devices), yet every step equals a snapshot built
   * from scratch, counters included.
   */
  @Test
  void withAllocated_keepsTheEntriesOfSlicesWhoseDevicesTheClaimsDoNotUse() {
    List<Device> first = new ArrayList<>();
    List<Device> second = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      first.add(device("a-" + i).consumes("gpu", "mem", "3Gi").build());
      second.add(device("b-" + i).consumes("gpu", "mem", "3Gi").build());
    }
    List<ResourceSlice> slices = List.of(counterSlice("cs", "pool-1", 3, "gpu", "mem", "8Gi"),
        slice("first", "pool-1", 1, 3, NODE, first), slice("second", "pool-1", 1, 3, NODE, second));
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ClusterSnapshot before = allocator.snapshot(slices, List.of(CLASS_A), List.of());
    ResourceClaim c = allocate(before, node(NODE), claim("claim-0", request("req-0", 1)));
    assertThat(c.allocation().devices().results().get(0).device()).isEqualTo("a-0");

    ClusterSnapshot after = before.withAllocated(List.of(c));

    List<SliceEntry> was = pool(before, "pool-1").slices;
    List<SliceEntry> now = pool(after, "pool-1").slices;
    assertThat(now.get(0)).isSameAs(was.get(0));
    assertThat(now.get(1)).isNotSameAs(was.get(1));
    assertThat(now.get(1).devices.get(0).inUseDedicated).isTrue();
    assertThat(now.get(2)).isSameAs(was.get(2));
    assertSameAsScratch(allocator, slices, List.of(c), after);
    assertThat(gathered(after, node(NODE), "pool-1").available().get("gpu").get("mem")).isEqualByComparingTo("5368709120");
  }

  static List<Arguments> counterAmounts() {
    return List.of(
        Arguments.of(Named.of("binary units: counters rebased in units", "10Gi"), "3Gi", true),
        Arguments.of(Named.of("decimal fractions: units of 10^-1", "9"), "2.5", true),
        Arguments.of(Named.of("beyond a long: exact fallback", "20E"), "6E", false));
  }

  /*
   * A fill claim by claim, each step on the successor of the last: a pool whose only change is
   * newly allocated devices is rebased with its counters left in units; every step must equal a
   * snapshot built from scratch, in counters left, overcommitment, the layout's amounts and the
   * next allocation.
   */
  @ParameterizedTest
  @MethodSource("counterAmounts")
  void rebasedCountersEqualCountersSummedFromScratch(String capacity, String each, boolean inUnits) {
    List<Device> devices = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      devices.add(device("d-" + i).consumes("gpu", "mem", each).build());
    }
    List<ResourceSlice> slices = List.of(counterSlice("cs", "pool-1", 2, "gpu", "mem", capacity),
        slice("devices", "pool-1", 1, 2, NODE, devices));
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ClusterSnapshot snapshot = allocator.snapshot(slices, List.of(CLASS_A), List.of());
    List<ResourceClaim> held = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ResourceClaim next = claim("claim-" + i, request("req-0", 1));
      AllocationOutcome derived = snapshot.allocate(node(NODE), List.of(next));
      ClusterSnapshot scratch = allocator.snapshot(slices, List.of(CLASS_A), held);
      AllocationOutcome fromScratch = scratch.allocate(node(NODE), List.of(next));
      assertThat(derived).hasSameClassAs(fromScratch);
      Pool d = gathered(snapshot, node(NODE), "pool-1");
      Pool s = gathered(scratch, node(NODE), "pool-1");
      assertThat(d.layout().availableUnits != null).isEqualTo(inUnits);
      assertThat(d.layout().available()).usingElementComparator(BigDecimal::compareTo)
          .containsExactly(s.layout().available());
      assertThat(d.available()).isEqualTo(s.available());
      assertThat(d.overcommitted).isEqualTo(s.overcommitted);
      if (!(derived instanceof AllocationOutcome.Allocated a)) {
        assertThat(i).as("three devices fit").isEqualTo(3);
        break;
      }
      assertThat(CoreFixtures.devicesOf(derived)).isEqualTo(CoreFixtures.devicesOf(fromScratch));
      ResourceClaim c = next.withAllocation(a.results().get(0));
      held.add(c);
      snapshot = snapshot.withAllocated(List.of(c));
    }
    assertThat(held).hasSize(3);
  }

  @Test
  void rebasingOntoClaimsThatOvercommitACounterSetMarksThePoolOvercommitted() {
    List<Device> devices = List.of(device("d-0").consumes("gpu", "mem", "6Gi").build(),
        device("d-1").consumes("gpu", "mem", "6Gi").build(), device("d-2").build());
    List<ResourceSlice> slices = List.of(counterSlice("cs", "pool-1", 2, "gpu", "mem", "8Gi"),
        slice("devices", "pool-1", 1, 2, NODE, devices));
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ResourceClaim first = allocated("first", "pool-1", "d-0");
    ClusterSnapshot before = allocator.snapshot(slices, List.of(CLASS_A), List.of(first));
    assertThat(CoreFixtures.devicesOf(before.allocate(node(NODE), List.of(claim("c", request("req-0", 1))))))
        .isEqualTo(List.of(List.of("req-0=pool-1/d-2")));

    // Allocated claims can overcommit counters (the scheduler does not re-check them).
    ClusterSnapshot after = before.withAllocated(List.of(allocated("second", "pool-1", "d-1")));

    assertSameAsScratch(allocator, slices, List.of(first, allocated("second", "pool-1", "d-1")), after);
    Pool pool = gathered(after, node(NODE), "pool-1");
    assertThat(pool.overcommitted).isTrue();
    assertThat(pool.layout().availableUnits).isNotNull();
    assertThat(pool.layout().available()[0]).isEqualByComparingTo("-4294967296");
  }

  @Test
  void releasingAClaimFreesItsDeviceAndCounters() {
    List<Device> devices = List.of(device("d-0").consumes("gpu", "mem", "8Gi").build(),
        device("d-1").consumes("gpu", "mem", "8Gi").build());
    List<ResourceSlice> slices = List.of(counterSlice("cs", "pool-1", 2, "gpu", "mem", "8Gi"),
        slice("devices", "pool-1", 1, 2, NODE, devices));
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ResourceClaim holder = allocated("holder", "pool-1", "d-0");
    ClusterSnapshot busy = allocator.snapshot(slices, List.of(CLASS_A), List.of(holder));
    List<ResourceClaim> one = List.of(claim("claim-0", request("req-0", 1)));
    assertThat(busy.allocate(node(NODE), one)).isInstanceOf(AllocationOutcome.Unsatisfiable.class);

    ClusterSnapshot free = allocator.snapshot(busy, slices, List.of(CLASS_A), List.of());

    assertThat(CoreFixtures.devicesOf(free.allocate(node(NODE), one))).isEqualTo(List.of(List.of("req-0=pool-1/d-0")));
    assertThat(busy.allocate(node(NODE), one)).as("the previous snapshot is unchanged")
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  @Test
  void generationBumpsAndIncompletePoolsBehaveAsFromScratch() {
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ResourceSlice gen1 = slice("slice-1", "pool-1", 1, 1, NODE, typed("old-", 2, "X"));
    ClusterSnapshot previous = allocator.snapshot(List.of(gen1), List.of(CLASS_A), List.of());
    var unused = previous.pools(node(NODE));
    List<List<ResourceSlice>> steps = List.of(
        // generation 2 half published: the node's view is incomplete
        List.of(gen1, slice("slice-2a", "pool-1", 2, 2, NODE, typed("new-", 1, "X"))),
        // generation 2 complete, generation 1 still listed
        List.of(gen1, slice("slice-2a", "pool-1", 2, 2, NODE, typed("new-", 1, "X")),
            slice("slice-2b", "pool-1", 2, 2, NODE, typed("newer-", 1, "X"))),
        // generation 2 elsewhere only: generation 1 is obsolete on this node
        List.of(gen1, slice("slice-2a", "pool-1", 2, 2, NODE_2, typed("new-", 1, "X"))),
        List.of(gen1));
    ClusterSnapshot current = previous;
    for (List<ResourceSlice> slices : steps) {
      current = allocator.snapshot(current, slices, List.of(CLASS_A), List.of());
      ClusterSnapshot scratch = allocator.snapshot(slices, List.of(CLASS_A), List.of());
      assertThat(describe(current.pools(node(NODE)))).isEqualTo(describe(scratch.pools(node(NODE))));
      assertThat(describe(current.pools(node(NODE_2)))).isEqualTo(describe(scratch.pools(node(NODE_2))));
    }
    assertThat(describe(current.pools(node(NODE)))).containsExactly("pool-1:ok:old-0,old-1");
  }

  @Test
  void uidSpaceIsCompactedWhenChurnOutgrowsTheDevices() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    StructuredAllocator allocator = allocator(compiler);
    ResourceSlice stable = slice("stable", "pool-s", typed("s-", 10, "X"));
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));
    ClusterSnapshot current = allocator.snapshot(List.of(stable), List.of(CLASS_A), List.of());
    int maxUidLimit = 0;
    for (int round = 0; round < 40; round++) {
      // A churning pool republished as new objects every round: each round retires 100 uids.
      ResourceSlice churn = slice("churn", "pool-c", typed("c-", 100, round == 39 ? "Y" : "X"));
      current = allocator.snapshot(current, List.of(stable, churn), List.of(CLASS_A), List.of());
      maxUidLimit = Math.max(maxUidLimit, current.uidLimit());
      assertThat(current.allocate(node(NODE), claims)).isInstanceOf(
          round == 39 ? AllocationOutcome.Allocated.class : AllocationOutcome.Unsatisfiable.class);
    }
    assertThat(maxUidLimit).isLessThanOrEqualTo(2 * 110 + 1024 + 100);
    Set<Integer> uids = new HashSet<>();
    for (PoolEntry p : current.index().pools().values()) {
      p.slices.forEach(s -> s.devices.forEach(d -> assertThat(uids.add(d.uid)).isTrue()));
    }
    int limit = current.uidLimit();
    assertThat(uids).hasSize(110).allSatisfy(uid -> assertThat(uid).isLessThan(limit));
  }

  private static List<String> describe(List<Pool> pools) {
    List<String> out = new ArrayList<>();
    for (Pool p : pools) {
      String state = p.incomplete ? "incomplete" : p.invalid ? "invalid" : "ok";
      List<String> names = new ArrayList<>();
      for (Pool.PoolSlice s : p.targeting) {
        s.devices().forEach(d -> names.add(d.device.name()));
      }
      out.add(p.id.pool() + ":" + state + ":" + String.join(",", names));
    }
    return out;
  }

  /* Compares the in-use flags and the counters left of a derived snapshot with one built from scratch. */
  private static void assertSameAsScratch(StructuredAllocator allocator, List<ResourceSlice> slices,
      List<ResourceClaim> held, ClusterSnapshot derived) {
    ClusterSnapshot scratch = allocator.snapshot(slices, List.of(CLASS_A), held);
    Pool d = derived.pools(node(NODE)).get(0);
    Pool s = scratch.pools(node(NODE)).get(0);
    assertThat(d.available()).isEqualTo(s.available());
    assertThat(d.overcommitted).isEqualTo(s.overcommitted);
    assertThat(flags(d)).isEqualTo(flags(s));
  }

  private static List<String> flags(Pool p) {
    List<String> out = new ArrayList<>();
    for (Pool.PoolSlice s : p.targeting) {
      s.devices().forEach(d -> out.add(d.device.name() + ":" + d.inUseDedicated + ":" + d.allocatedAny));
    }
    return out;
  }
}
