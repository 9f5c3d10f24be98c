package io.github.dra4j.bench.user;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.bench.DgxA100;
import io.github.dra4j.bench.BenchCluster;
import io.github.dra4j.bench.WorstCaseSlices;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Uses the fixtures from outside their package, as a user's own benchmark does: this compiles
 * only while they stay public, and they allocate what their Javadoc promises.
 */
final class PublicFixturesTest {
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();

  @Test
  void worstCaseSlices_lastDeviceClaim_getsTheLastDevice() {
    BenchCluster w = WorstCaseSlices.generate(WorstCaseSlices.SEED, 2);
    ClusterSnapshot snapshot = ALLOCATOR.snapshot(w.slices(), w.classes(), w.allocatedClaims());

    AllocationOutcome outcome = snapshot.allocate(WorstCaseSlices.node(), List.of(WorstCaseSlices.lastDeviceClaim(2)));

    assertThat(w.deviceCount()).isEqualTo(2 * WorstCaseSlices.DEVICES_PER_SLICE);
    assertThat(outcome).isInstanceOfSatisfying(AllocationOutcome.Allocated.class, a ->
        assertThat(a.results().get(0).devices().results().get(0).device()).isEqualTo("dev-1-63"));
  }

  @Test
  void dgxA100_cluster_fitsTheFillClaimsOnAnIdleNode() {
    BenchCluster w = DgxA100.cluster(3, DgxA100.SEED);
    List<Node> nodes = DgxA100.clusterNodes(3);
    ClusterSnapshot snapshot = ALLOCATOR.snapshot(w.slices(), w.classes(), w.allocatedClaims());

    List<Node> fits = snapshot.feasibleNodes(nodes, DgxA100.fillClaims());

    List<String> busy = w.allocatedClaims().stream()
        .map(c -> c.allocation().devices().results().get(0).pool()).toList();
    assertThat(fits).extracting(Node::name)
        .containsExactlyElementsOf(nodes.stream().map(Node::name).filter(n -> !busy.contains(n)).toList())
        .isNotEmpty();
  }
}
