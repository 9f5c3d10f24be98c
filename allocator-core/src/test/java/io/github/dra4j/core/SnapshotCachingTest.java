package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allocated;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.deviceClass;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/* Selector results remembered across calls on one snapshot, and feasibleNodes (AllocateBenchmark.warm, FeasibilityBenchmark). */
final class SnapshotCachingTest {

  private static List<Device> typed(int n, String lastType) {
    List<Device> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(device("device-" + i).attr("type", i == n - 1 ? lastType : "X").build());
    }
    return out;
  }

  private static ClusterSnapshot snapshot(CoreFixtures.TestCompiler compiler, List<ResourceSlice> slices,
      List<ResourceClaim> allocated) {
    return StructuredAllocator.builder().selectorCompiler(compiler).build()
        .snapshot(slices, List.of(CLASS_A), allocated);
  }

  /* --- the cross-call selector cache --- */

  @Test
  void secondAllocateOnUnchangedSnapshotEvaluatesNoSelector() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = snapshot(compiler, List.of(slice("slice-1", "pool-1", typed(8, "Y"))), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));

    AllocationOutcome first = snapshot.allocate(node(NODE), claims);
    long afterFirst = compiler.evaluations.get();
    AllocationOutcome second = snapshot.allocate(node(NODE), claims);

    // 8 class selector evaluations and 8 request selector evaluations, once.
    assertThat(afterFirst).isEqualTo(16);
    assertThat(compiler.evaluations.get()).isEqualTo(afterFirst);
    assertThat(CoreFixtures.devicesOf(first)).isEqualTo(List.of(List.of("req-0=pool-1/device-7")));
    assertThat(CoreFixtures.devicesOf(second)).isEqualTo(CoreFixtures.devicesOf(first));
  }

  @Test
  void cachedResultsAreSharedAcrossClaimsWithTheSameSelector() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = snapshot(compiler, List.of(slice("slice-1", "pool-1", typed(4, "Y"))), List.of());
    var unused = snapshot.allocate(node(NODE), List.of(claim("claim-0", request("req-0", 1, "attr type == Y"))));
    long afterFirst = compiler.evaluations.get();

    AllocationOutcome other = snapshot.allocate(node(NODE),
        List.of(claim("claim-1", request("other", 1, "attr type == Y"))));

    assertThat(compiler.evaluations.get()).isEqualTo(afterFirst);
    assertThat(CoreFixtures.devicesOf(other)).isEqualTo(List.of(List.of("other=pool-1/device-3")));
  }

  @Test
  void newSnapshotEvaluatesAgain() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    List<ResourceSlice> slices = List.of(slice("slice-1", "pool-1", typed(4, "Y")));
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));
    var unused = snapshot(compiler, slices, List.of()).allocate(node(NODE), claims);
    long afterFirst = compiler.evaluations.get();

    AllocationOutcome outcome = snapshot(compiler, slices, List.of(allocated("in-use", "pool-1", "device-3")))
        .allocate(node(NODE), claims);

    assertThat(compiler.evaluations.get()).isEqualTo(2 * afterFirst);
    assertThat(outcome).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  @Test
  void runtimeErrorsAreNotCachedAndSurfaceOnEveryCall() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = snapshot(compiler, List.of(slice("slice-1", "pool-1", typed(2, "Y"))), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "fail")));

    for (int call = 0; call < 2; call++) {
      assertThatThrownBy(() -> snapshot.allocate(node(NODE), claims))
          .isInstanceOf(CelException.class)
          .hasMessageContaining("selector #0 on device driver-a/pool-1/device-0: CEL runtime error: no such key");
    }
    // Each call evaluated the class selector (cached after the first call) and the failing one.
    assertThat(compiler.evaluations.get()).isEqualTo(3);
  }

  @Test
  void explanationUsesCachedResults() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = snapshot(compiler, List.of(slice("slice-1", "pool-1", typed(3, "X"))), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));
    var unused = snapshot.allocate(node(NODE), claims);
    long afterFirst = compiler.evaluations.get();

    AllocationOutcome again = snapshot.allocate(node(NODE), claims);

    assertThat(compiler.evaluations.get()).isEqualTo(afterFirst);
    assertThat(((AllocationOutcome.Unsatisfiable) again).explanation().summary())
        .contains("3 request selector false");
  }

  /* --- feasibleNodes --- */

  private static List<ResourceSlice> cluster(int nodes) {
    List<ResourceSlice> slices = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      // Odd nodes have a Y device; even nodes only X devices.
      slices.add(slice("slice-" + n, "pool-" + n, 1, 1, "node-" + n, typed(4, n % 2 == 1 ? "Y" : "X")));
    }
    return slices;
  }

  private static List<Node> nodes(int count) {
    List<Node> out = new ArrayList<>();
    for (int n = count - 1; n >= 0; n--) {
      out.add(node("node-" + n));
    }
    return out;
  }

  @Test
  void feasibleNodesReturnsTheNodesWhereAllocateSucceedsInInputOrder() {
    ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), cluster(40),
        List.of(allocated("in-use", "pool-5", "device-3")));
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));
    List<Node> candidates = nodes(40);

    List<Node> feasible = snapshot.feasibleNodes(candidates, claims);

    List<Node> expected = new ArrayList<>();
    for (Node n : candidates) {
      if (snapshot.allocate(n, claims) instanceof AllocationOutcome.Allocated) {
        expected.add(n);
      }
    }
    assertThat(feasible).extracting(Node::name).first().isEqualTo("node-39");
    assertThat(feasible).extracting(Node::name).doesNotContain("node-5", "node-4");
    assertThat(feasible).hasSize(19).isEqualTo(expected);
  }

  @Test
  void feasibleNodesFailsLikeAllocateOnANodeSelectorItCannotBuild() {
    NodeSelectorTerm inRegion = new NodeSelectorTerm(
        List.of(new NodeSelectorRequirement("region", NodeSelectorRequirement.IN, List.of("region-1"))), List.of());
    ResourceSlice twoTerms = Builders.slice("slice-9", CoreFixtures.DRIVER, "pool-9", null)
        .nodeSelector(new NodeSelector(List.of(inRegion, inRegion))).devices(typed(2, "Y")).build();
    ResourceSlice local = slice("slice-1", "pool-1", typed(1, "Y"));
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));

    for (List<ResourceSlice> slices : List.of(List.of(twoTerms), List.of(local, twoTerms))) {
      ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), slices, List.of());
      if (slices.size() == 1) {
        assertThatThrownBy(() -> snapshot.allocate(node(NODE), claims))
            .hasMessageContaining("create NodeSelector for claim claim-0: unsupported ResourceSlice.NodeSelector with 2 terms");
        assertThatThrownBy(() -> snapshot.feasibleNodes(List.of(node(NODE)), claims))
            .isInstanceOf(InvalidInputException.class)
            .hasMessageContaining("create NodeSelector for claim claim-0: unsupported ResourceSlice.NodeSelector with 2 terms");
      } else {
        // pool-1 sorts first: its node-local device decides, the selector is never read, also
        // when a second device comes from the pool with two terms.
        assertThat(snapshot.allocate(node(NODE), claims)).isInstanceOf(AllocationOutcome.Allocated.class);
        assertThat(snapshot.feasibleNodes(List.of(node(NODE)), claims)).extracting(Node::name).containsExactly(NODE);
        List<ResourceClaim> two = List.of(claim("claim-1", request("req-0", 2, "attr type == Y")));
        assertThat(CoreFixtures.devicesOf(snapshot.allocate(node(NODE), two))).containsExactly(
            List.of("req-0=pool-1/device-0", "req-0=pool-9/device-1"));
        assertThat(snapshot.feasibleNodes(List.of(node(NODE)), two)).extracting(Node::name).containsExactly(NODE);
      }
    }
  }

  /* A slice for the nodes of region-1, with one Y device. */
  private static ResourceSlice regionalSlice() {
    NodeSelectorTerm inRegion = new NodeSelectorTerm(
        List.of(new NodeSelectorRequirement("region", NodeSelectorRequirement.IN, List.of("region-1"))), List.of());
    return Builders.slice("slice-r", CoreFixtures.DRIVER, "pool-r", null)
        .nodeSelector(NodeSelector.of(inRegion)).devices(typed(1, "Y")).build();
  }

  @Test
  void aNodeWithTheSameNameButOtherLabelsGetsItsOwnPools() {
    ResourceSlice regional = regionalSlice();
    ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), List.of(regional), List.of());
    Node inside = node(NODE);
    Node moved = Builders.node(NODE, "region", "region-2");

    assertThat(snapshot.pools(inside)).hasSize(1);
    assertThat(snapshot.pools(moved)).isEmpty();
    assertThat(snapshot.pools(Builders.node(NODE, "region", "region-1"))).as("an equal node").hasSize(1);
    assertThat(snapshot.feasibleNodes(List.of(moved, inside), List.of(claim("claim-0", request("req-0", 1)))))
        .containsExactly(inside);
  }

  @Test
  void feasibleNodesAskedAgainReadsPoolsByPositionOnlyForTheSameNodeObjects() {
    ResourceSlice regional = regionalSlice();
    ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), List.of(regional), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1)));
    Node inside = Builders.node("node-a", "region", "region-1");
    Node moved = Builders.node("node-a", "region", "region-2");
    Node other = Builders.node("node-b", "region", "region-1");
    List<Node> asked = List.of(inside, other);

    assertThat(snapshot.feasibleNodes(asked, claims)).containsExactly(inside, other);
    assertThat(snapshot.feasibleNodes(asked, claims)).as("the same nodes again").containsExactly(inside, other);
    assertThat(snapshot.feasibleNodes(List.of(moved, other), claims)).as("node-a moved").containsExactly(other);
    assertThat(snapshot.feasibleNodes(List.of(other, moved), claims)).as("reordered").containsExactly(other);
    assertThat(snapshot.feasibleNodes(List.of(other), claims)).containsExactly(other);
    assertThat(snapshot.feasibleNodes(asked, claims)).containsExactly(inside, other);
  }

  @Test
  void feasibleNodesOfNoNodesOrUnknownNodesIsEmpty() {
    ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), cluster(2), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1)));
    assertThat(snapshot.feasibleNodes(List.of(), claims)).isEmpty();
    assertThat(snapshot.feasibleNodes(List.of(node("elsewhere")), claims)).isEmpty();
    assertThat(snapshot.feasibleNodes(List.of(node("node-0"), node("node-1")), claims))
        .extracting(Node::name).containsExactly("node-0", "node-1");
  }

  @Test
  void feasibleNodesBuildsNoExplanationAndCountsSearchSteps() {
    ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), cluster(6), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));
    long before = snapshot.stats().allocateOneInvocations();

    assertThat(snapshot.feasibleNodes(nodes(6), claims)).extracting(Node::name)
        .containsExactly("node-5", "node-3", "node-1");
    assertThat(snapshot.stats().allocateOneInvocations()).isGreaterThan(before);
  }

  @Test
  void feasibleNodesThrowsTheFirstNodesErrorInInputOrder() {
    List<ResourceSlice> slices = new ArrayList<>(cluster(4));
    // node-2 has a device whose "type" is missing: the selector fails there with a runtime error.
    slices.set(2, slice("slice-2", "pool-2", 1, 1, "node-2", List.of(device("device-0").build())));
    slices.add(slice("slice-x", "pool-x", 1, 1, "node-3", List.of(device("device-0").build())));
    ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), slices, List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));

    assertThatThrownBy(() -> snapshot.feasibleNodes(List.of(node("node-0"), node("node-2"), node("node-3")),
        claims))
        .isInstanceOf(CelException.class)
        .hasMessageContaining("driver-a/pool-2/device-0");
    assertThat(snapshot.feasibleNodes(List.of(node("node-0"), node("node-1")), claims))
        .extracting(Node::name).containsExactly("node-1");
  }

  @Test
  void feasibleNodesRejectsAnUnknownClassLikeAllocate() {
    ClusterSnapshot snapshot = StructuredAllocator.builder().selectorCompiler(new CoreFixtures.TestCompiler()).build()
        .snapshot(cluster(2), List.of(deviceClass("other", "true")), List.of());
    assertThatThrownBy(() -> snapshot.feasibleNodes(nodes(2), List.of(claim("claim-0", request("req-0", 1)))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("could not retrieve device class class-a");
  }

  @Test
  void feasibleNodesRejectsNullNodes() {
    ClusterSnapshot snapshot = snapshot(new CoreFixtures.TestCompiler(), cluster(1), List.of());
    List<Node> withNull = new ArrayList<>();
    withNull.add(null);
    assertThatThrownBy(() -> snapshot.feasibleNodes(withNull, List.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("node");
  }

  /* --- incremental snapshots --- */

  private static ResolvedSlice resolvedOf(ClusterSnapshot snapshot, String sliceName) {
    for (PoolEntry pool : snapshot.index().pools().values()) {
      for (SliceEntry e : pool.slices) {
        if (e.name.equals(sliceName)) {
          return e.resolved;
        }
      }
    }
    throw new AssertionError("no slice " + sliceName);
  }

  @Test
  void withAllocatedEqualsASnapshotBuiltFromScratchAndLeavesTheOriginal() {
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    List<ResourceSlice> slices = List.of(slice("slice-1", "pool-1", typed(3, "X")));
    ClusterSnapshot empty = allocator.snapshot(slices, List.of(CLASS_A), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 2)));
    ResourceClaim first = claims.get(0).withAllocation(
        ((AllocationOutcome.Allocated) empty.allocate(node(NODE), claims)).results().get(0));

    ClusterSnapshot next = empty.withAllocated(List.of(first));
    ClusterSnapshot scratch = allocator.snapshot(slices, List.of(CLASS_A), List.of(first));

    assertThat(next.allocate(node(NODE), claims)).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(CoreFixtures.devicesOf(next.allocate(node(NODE), List.of(claim("claim-1", request("req-0", 1))))))
        .isEqualTo(CoreFixtures.devicesOf(scratch.allocate(node(NODE), List.of(claim("claim-1", request("req-0", 1))))))
        .isEqualTo(List.of(List.of("req-0=pool-1/device-2")));
    assertThat(CoreFixtures.devicesOf(empty.allocate(node(NODE), claims)))
        .isEqualTo(List.of(List.of("req-0=pool-1/device-0", "req-0=pool-1/device-1")));
    assertThat(resolvedOf(next, "slice-1")).isSameAs(resolvedOf(empty, "slice-1"));
  }

  @Test
  void derivedSnapshotsShareTheSelectorCacheUntilItIsFullThenCacheAfresh() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot empty = snapshot(compiler, List.of(slice("slice-1", "pool-1", typed(3, "X"))), List.of());
    List<ResourceClaim> claims = List.of(claim("claim-0", request("req-0", 1)));
    ResourceClaim first = claims.get(0).withAllocation(
        ((AllocationOutcome.Allocated) empty.allocate(node(NODE), claims)).results().get(0));
    CachedSelector seen = empty.compile("attr type == X");

    ClusterSnapshot shared = empty.withAllocated(List.of(first));
    assertThat(shared.compile("attr type == X")).isSameAs(seen);

    for (int i = 0; i < 4096; i++) {
      var unused = shared.compile("attr type == " + i);
    }
    ClusterSnapshot afresh = shared.withoutAllocated(List.of(first));
    CachedSelector again = afresh.compile("attr type == new");
    assertThat(afresh.compile("attr type == new")).isSameAs(again);
    assertThat(shared.compile("attr type == new")).isNotSameAs(again);
  }

  @Test
  void snapshotFromPreviousReusesOnlyIdenticalSlices() {
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ResourceSlice kept = slice("slice-1", "pool-1", typed(2, "X"));
    ResourceSlice old = slice("slice-2", "pool-2", typed(2, "X"));
    ClusterSnapshot previous = allocator.snapshot(List.of(kept, old), List.of(CLASS_A), List.of());
    ResourceSlice changed = slice("slice-2", "pool-2", typed(2, "Y"));

    ClusterSnapshot next = allocator.snapshot(previous, List.of(kept, changed), List.of(CLASS_A), List.of());

    assertThat(resolvedOf(next, "slice-1")).isSameAs(resolvedOf(previous, "slice-1"));
    assertThat(resolvedOf(next, "slice-2")).isNotSameAs(resolvedOf(previous, "slice-2"));
    List<ResourceClaim> wantsY = List.of(claim("claim-0", request("req-0", 1, "attr type == Y")));
    assertThat(previous.allocate(node(NODE), wantsY)).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(CoreFixtures.devicesOf(next.allocate(node(NODE), wantsY)))
        .isEqualTo(List.of(List.of("req-0=pool-2/device-1")));
  }

  @Test
  void snapshotFromPreviousWithOtherMixinGateResolvesAgain() {
    ResourceSlice kept = slice("slice-1", "pool-1", typed(2, "X"));
    ClusterSnapshot previous = CoreFixtures.allocator(Features.all()).snapshot(List.of(kept), List.of(CLASS_A), List.of());
    ClusterSnapshot next = CoreFixtures.allocator(Features.all().with(java.util.Map.of("DRAResourceSliceMixins", false)))
        .snapshot(previous, List.of(kept), List.of(CLASS_A), List.of());
    assertThat(resolvedOf(next, "slice-1")).isNotSameAs(resolvedOf(previous, "slice-1"));
  }
}
