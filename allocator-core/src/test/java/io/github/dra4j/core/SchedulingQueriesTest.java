package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * The public queries a scheduler built on the snapshot needs (allocator-scheduling uses nothing
 * else): per-node feasibility, the nodes a commit or a release changes, releasing claims, a
 * node's usage, a snapshot of a Cluster, and the cancellation check of remembered answers.
 *
 * Two nodes, each with its own pool of two devices that take 4 of the 8 "mem" of their pool's
 * counter set; a third pool of one device is shared by all nodes.
 */
final class SchedulingQueriesTest {
  private static final Node NODE_A = CoreFixtures.node("node-a");
  private static final Node NODE_B = CoreFixtures.node("node-b");
  private static final List<Node> NODES = List.of(NODE_A, NODE_B);

  private static List<ResourceSlice> local(String node) {
    return List.of(
        Builders.slice(node + "-devices", DRIVER, node, node,
            Builders.device("dev-0").consumes("set", "mem", "4"), Builders.device("dev-1").consumes("set", "mem", "4"))
            .resourceSliceCount(2).build(),
        Builders.counterSlice(node + "-counters", DRIVER, node, node,
            Builders.counterSet("set", Builders.counters("mem", "8"))).resourceSliceCount(2).build());
  }

  private static final ResourceSlice SHARED = Builders.slice("shared", DRIVER, "shared", null,
      Builders.device("net-0")).allNodes(true).build();

  private static List<ResourceSlice> slices(boolean shared) {
    List<ResourceSlice> out = new ArrayList<>(local("node-a"));
    out.addAll(local("node-b"));
    if (shared) {
      out.add(SHARED);
    }
    return out;
  }

  private static ClusterSnapshot snapshot(boolean shared, List<ResourceClaim> allocated) {
    return CoreFixtures.allocator(Features.all()).snapshot(slices(shared), List.of(CLASS_A), allocated);
  }

  private static ResourceClaim allocated(ClusterSnapshot s, Node node, ResourceClaim claim) {
    AllocationOutcome o = s.allocate(node, List.of(claim));
    assertThat(o).isInstanceOf(AllocationOutcome.Allocated.class);
    return claim.withAllocation(((AllocationOutcome.Allocated) o).results().get(0));
  }

  /* --- feasibility --- */

  @Test
  void feasibility_verdictPerNode_asFeasibleNodes() {
    ClusterSnapshot s = snapshot(false, List.of());
    List<ResourceClaim> two = List.of(claim("two", request("r", 2)));
    List<ResourceClaim> three = List.of(claim("three", request("r", 3)));

    assertThat(s.feasibility(NODES, two, AllocationOptions.defaults()))
        .extracting(NodeFeasibility::node, NodeFeasibility::fits, NodeFeasibility::error)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(NODE_A, true, null),
            org.assertj.core.groups.Tuple.tuple(NODE_B, true, null));
    assertThat(s.feasibility(NODES, three, AllocationOptions.defaults())).noneMatch(NodeFeasibility::fits);
    assertThat(s.feasibleNodes(NODES, two)).containsExactly(NODE_A, NODE_B);
  }

  @Test
  void feasibility_resultsAreTheAllocationAllocateFinds() {
    ClusterSnapshot s = snapshot(false, List.of());
    List<ResourceClaim> two = List.of(claim("two", request("r", 2)));

    for (NodeFeasibility v : s.feasibility(NODES, two, AllocationOptions.defaults())) {
      assertThat(v.results()).hasSize(1)
          .isEqualTo(((AllocationOutcome.Allocated) s.allocate(v.node(), two)).results());
    }
    assertThat(s.feasibility(NODES, List.of(claim("three", request("r", 3))), AllocationOptions.defaults()))
        .allMatch(v -> v.results().isEmpty());
    assertThatThrownBy(() -> new NodeFeasibility(NODE_A, false, null, s.feasibility(NODES, two,
        AllocationOptions.defaults()).get(0).results())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void feasibility_aFailingNodeKeepsTheOthersVerdicts() {
    // node-b's pool is invalid (its devices take a counter its set lacks), so nothing fitting there is an error
    List<ResourceSlice> slices = new ArrayList<>(local("node-a"));
    slices.add(Builders.slice("node-b-devices", DRIVER, "node-b", "node-b",
        Builders.device("dev-0").consumes("nope", "mem", "4")).build());
    ClusterSnapshot s = CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A), List.of());
    List<ResourceClaim> one = List.of(claim("one", request("r", 1)));

    List<NodeFeasibility> verdicts = s.feasibility(NODES, one, AllocationOptions.defaults());

    assertThat(verdicts.get(0).fits()).isTrue();
    assertThat(verdicts.get(0).error()).isNull();
    assertThat(verdicts.get(1).fits()).isFalse();
    assertThat(verdicts.get(1).error()).isInstanceOf(NodeAllocationException.class);
    assertThatThrownBy(() -> s.feasibleNodes(NODES, one)).isInstanceOf(NodeAllocationException.class);
  }

  @Test
  void feasibility_manyNodesInParallel_asEachNodeAlone() {
    // enough nodes for the parallel path; every third node is full, and one pool is invalid
    int n = 3 * ClusterSnapshot.PARALLEL_NODES;
    List<ResourceSlice> slices = new ArrayList<>();
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String name = "node-" + i;
      nodes.add(CoreFixtures.node(name));
      if (i == n / 2) {
        slices.add(Builders.slice(name + "-devices", DRIVER, name, name,
            Builders.device("dev-0").consumes("nope", "mem", "4")).build());
      } else {
        slices.addAll(local(name));
      }
    }
    ClusterSnapshot s = CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A), List.of());
    for (int i = 0; i < n; i += 3) {
      if (i != n / 2) {
        s = s.withAllocated(List.of(allocated(s, nodes.get(i), claim("full-" + i, request("r", 2)))));
      }
    }
    List<ResourceClaim> one = List.of(claim("one", request("r", 1)));

    List<NodeFeasibility> all = s.feasibility(nodes, one, AllocationOptions.defaults());

    assertThat(all).hasSize(n);
    for (int i = 0; i < n; i++) {
      NodeFeasibility alone = s.feasibility(List.of(nodes.get(i)), one, AllocationOptions.defaults()).get(0);
      assertThat(all.get(i).node()).isSameAs(nodes.get(i));
      assertThat(all.get(i).fits()).as("node %d", i).isEqualTo(alone.fits()).isEqualTo(i % 3 != 0);
      assertThat(all.get(i).results()).isEqualTo(alone.results());
      assertThat(all.get(i).error() == null).isEqualTo(alone.error() == null).isEqualTo(i != n / 2);
    }
  }

  @Test
  void nodeFeasibility_aNodeWithAnErrorDoesNotFit() {
    assertThatThrownBy(() -> new NodeFeasibility(NODE_A, true, new IllegalStateException("x")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /* --- changed and affected nodes, release --- */

  @Test
  void changedNodes_ofACommit_areTheNodesOfItsPools_unknownOtherwise() {
    ClusterSnapshot s = snapshot(false, List.of());
    ResourceClaim onA = allocated(s, NODE_A, claim("c", request("r", 1)));

    assertThat(s.changedNodes()).isNull();
    assertThat(s.withAllocated(List.of(onA)).changedNodes()).containsExactly("node-a");
    assertThat(s.nodesUsing(List.of(onA))).containsExactly("node-a");
    assertThat(s.nodesUsing(List.of(claim("unallocated", request("r", 1))))).isEmpty();
  }

  @Test
  void nodesUsing_aPoolSharedByAllNodes_isEveryNode() {
    ClusterSnapshot s = snapshot(true, List.of());
    ResourceClaim net = claim("net", request("r", 1));
    // on node-a the local pool comes first: exhaust it so that the shared device is taken
    ResourceClaim local = allocated(s, NODE_A, claim("local", request("r", 2)));
    ClusterSnapshot busy = s.withAllocated(List.of(local));
    ResourceClaim shared = allocated(busy, NODE_A, net);

    assertThat(shared.allocation().devices().results()).extracting(DeviceRequestAllocationResult::pool)
        .containsExactly("shared");
    assertThat(busy.nodesUsing(List.of(shared))).isNull();
    assertThat(busy.withAllocated(List.of(shared)).changedNodes()).isNull();
  }

  @Test
  void withoutAllocated_isTheSnapshotWithoutTheClaims_matchedByNamespaceAndName() {
    ClusterSnapshot empty = snapshot(false, List.of());
    ResourceClaim a = allocated(empty, NODE_A, claim("a", request("r", 2)));
    ClusterSnapshot full = empty.withAllocated(List.of(a));
    ResourceClaim probe = claim("probe", request("r", 2));
    assertThat(full.feasibleNodes(NODES, List.of(probe))).containsExactly(NODE_B);

    // a later copy of the claim (another reservation, say) releases it too
    ResourceClaim copy = new ResourceClaim(a.metadata().toBuilder().uid("other").build(), a.spec(), a.status());
    ClusterSnapshot released = full.withoutAllocated(List.of(copy));

    assertThat(released.feasibleNodes(NODES, List.of(probe))).containsExactly(NODE_A, NODE_B);
    assertThat(released.allocate(NODE_A, List.of(probe))).isEqualTo(empty.allocate(NODE_A, List.of(probe)));
    assertThat(full.feasibleNodes(NODES, List.of(probe))).as("unchanged").containsExactly(NODE_B);
    assertThat(full.withoutAllocated(List.of(claim("unknown", request("r", 1))))
        .feasibleNodes(NODES, List.of(probe))).containsExactly(NODE_B);
  }

  /* --- usage --- */

  @Test
  void usage_perPool_withAndWithoutAPlacement() {
    ClusterSnapshot empty = snapshot(true, List.of());
    ResourceClaim a = allocated(empty, NODE_A, claim("a", request("r", 1)));
    ClusterSnapshot s = empty.withAllocated(List.of(a));

    List<PoolUsage> now = s.usage(NODE_A);
    assertThat(now).extracting(PoolUsage::pool, PoolUsage::nodeLocal, PoolUsage::devices, PoolUsage::allocatedDevices)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("node-a", true, 2, 1),
            org.assertj.core.groups.Tuple.tuple("shared", false, 1, 0));
    assertThat(now.get(0).counters()).containsExactly(
        new PoolUsage.Counter("set", "mem", new BigDecimal("8"), new BigDecimal("4")));

    List<AllocationResult> placement = List.of(allocationOf(allocated(s, NODE_A, claim("b", request("r", 1)))));
    List<PoolUsage> placed = s.usage(NODE_A, placement);
    assertThat(placed.get(0).allocatedDevices()).isEqualTo(2);
    assertThat(placed.get(0).counters().get(0).available()).isEqualByComparingTo("0");
    assertThat(s.usage(NODE_A)).as("nothing committed").isEqualTo(now);
    assertThat(s.usage(NODE_B).get(0).allocatedDevices()).isZero();
  }

  @Test
  void usage_deviceCapacities_dedicatedWhole_sharedByShares_counterConsumersLeftOut() {
    // A whole GPU of 80Gi in use, a shared GPU of 40Gi with 8Gi of it allocated and 4Gi placed,
    // and a partition whose memory restates its counter.
    ResourceSlice gpus = Builders.slice("gpus", DRIVER, "gpus", "node-a",
        Builders.device("whole").capacity("memory", "80Gi"),
        Builders.device("shared").capacity("memory", "40Gi").capacity("other.example.com/links", "2")
            .allowMultipleAllocations(true),
        Builders.device("part").capacity("memory", "5Gi").consumes("set", "mem", "5")).resourceSliceCount(2).build();
    ResourceSlice counters = Builders.counterSlice("gpus-counters", DRIVER, "gpus", "node-a",
        Builders.counterSet("set", Builders.counters("mem", "5"))).resourceSliceCount(2).build();
    ClusterSnapshot empty = CoreFixtures.allocator(Features.all()).snapshot(List.of(gpus, counters), List.of(CLASS_A),
        List.of());
    ClusterSnapshot s = empty.withAllocated(List.of(
        claim("w", request("r", 1)).withAllocation(result(share("whole", java.util.Map.of()))),
        claim("s", request("r", 1)).withAllocation(result(share("shared", java.util.Map.of("memory",
            io.github.dra4j.api.Quantity.parse("8Gi")))))));

    BigDecimal gi = BigDecimal.valueOf(1L << 30);
    assertThat(s.usage(NODE_A).get(0).capacities()).containsExactly(
        new PoolUsage.Capacity("memory", gi.multiply(BigDecimal.valueOf(120)), gi.multiply(BigDecimal.valueOf(88))),
        new PoolUsage.Capacity("other.example.com/links", new BigDecimal("2"), BigDecimal.ZERO));
    List<AllocationResult> placement = List.of(result(share("shared", java.util.Map.of("memory",
        io.github.dra4j.api.Quantity.parse("4Gi")))));
    assertThat(s.usage(NODE_A, placement).get(0).capacities().get(0).allocated())
        .isEqualByComparingTo(gi.multiply(BigDecimal.valueOf(92)));
  }

  private static DeviceRequestAllocationResult share(String device, java.util.Map<String, io.github.dra4j.api.Quantity> consumed) {
    return new DeviceRequestAllocationResult("r", DRIVER, "gpus", device, null, List.of(), List.of(), List.of(),
        consumed.isEmpty() ? null : "00000000-0000-0000-0000-00000000000" + consumed.size(), consumed);
  }

  private static AllocationResult result(DeviceRequestAllocationResult r) {
    return new AllocationResult(new io.github.dra4j.api.DeviceAllocationResult(List.of(r), List.of()), null, null);
  }

  @Test
  void usage_adminAccessTakesNothing() {
    ClusterSnapshot s = snapshot(false, List.of());
    AllocationResult admin = new AllocationResult(new io.github.dra4j.api.DeviceAllocationResult(
        List.of(new DeviceRequestAllocationResult("r", DRIVER, "node-a", "dev-0", true, List.of(), List.of(),
            List.of(), null, java.util.Map.of())), List.of()), null, null);

    assertThat(s.usage(NODE_A, List.of(admin)).get(0).allocatedDevices()).isZero();
  }

  private static AllocationResult allocationOf(ResourceClaim c) {
    return java.util.Objects.requireNonNull(c.allocation());
  }

  /* --- a Cluster, cancellation --- */

  @Test
  void snapshotOfACluster_usesItsSlicesClassesAllocatedClaimsAndRules() {
    ClusterSnapshot empty = snapshot(false, List.of());
    ResourceClaim a = allocated(empty, NODE_A, claim("a", request("r", 2)));
    Cluster cluster = Cluster.builder().nodes(NODES).slices(slices(false)).classes(List.of(CLASS_A))
        .claims(List.of(a, claim("pending", request("r", 1)))).build();
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    ResourceClaim probe = claim("probe", request("r", 2));

    ClusterSnapshot s = allocator.snapshot(cluster);
    assertThat(s.feasibleNodes(NODES, List.of(probe))).containsExactly(NODE_B);
    assertThat(allocator.snapshot(s, cluster.toBuilder().claims(List.of()).build())
        .feasibleNodes(NODES, List.of(probe))).containsExactly(NODE_A, NODE_B);
  }

  @Test
  void checkCancelled_throwsOnlyWhenCancelledOrLate() {
    AllocationOptions.defaults().checkCancelled();
    AllocationOptions.defaults().withDeadline(Instant.now().plusSeconds(3600)).checkCancelled();

    assertThatThrownBy(() -> AllocationOptions.defaults().withCancellation(() -> true).checkCancelled())
        .isInstanceOf(AllocationCancelledException.class).hasMessageContaining("cancelled");
    assertThatThrownBy(() -> AllocationOptions.defaults().withDeadline(Instant.now().minusSeconds(1)).checkCancelled())
        .isInstanceOf(AllocationCancelledException.class).hasMessageContaining("deadline");
  }
}
