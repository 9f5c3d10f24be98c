package io.github.dra4j.cel.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/*
 * feasibleNodes on every conformance scenario (FeasibilityBenchmark): the claims are validated once and
 * the nodes are searched in parallel with that validation, so each answer must still be what
 * allocate says node by node. The scenario's node is asked about four times over (the runs share
 * the validation and must not share search state), after a node of another name, and again.
 */
final class FeasibleNodesConformanceTest {
  @TestFactory
  Stream<DynamicTest> everyScenario_feasibleNodesAnswersAsAllocateDoes() {
    return EveryScenario.check(FeasibleNodesConformanceTest::check);
  }

  @TestFactory
  Stream<DynamicContainer> everyScenarioOfTheOtherCorpora_feasibleNodesAnswersAsAllocateDoes() {
    return EveryScenario.checkOtherCorpora(FeasibleNodesConformanceTest::check);
  }

  private static void check(Scenario s) {
    StructuredAllocator allocator = EveryScenario.allocator(s);
    Node node = s.nodeObject();
    Node elsewhere = Node.of("elsewhere-" + node.name(), Map.of());
    List<Node> asked = List.of(elsewhere, node, node, node, node);
    List<ResourceClaim> claims = s.claimsToAllocate();

    String expected = expected(allocator.snapshot(s.slices(), s.deviceClasses(), s.allocatedClaims()), asked, claims);
    ClusterSnapshot snapshot = allocator.snapshot(s.slices(), s.deviceClasses(), s.allocatedClaims());
    assertThat(feasible(snapshot, asked, claims)).isEqualTo(expected);
    assertThat(feasible(snapshot, asked, claims)).as("asked again").isEqualTo(expected);
  }

  /** What allocate says node by node: the first error in input order, else the nodes it allocates on. */
  private static String expected(ClusterSnapshot snapshot, List<Node> nodes, List<ResourceClaim> claims) {
    List<String> fit = new ArrayList<>();
    for (Node n : nodes) {
      try {
        if (snapshot.allocate(n, claims) instanceof AllocationOutcome.Allocated) {
          fit.add(n.name());
        }
      } catch (AllocationException e) {
        return "Error " + e.getClass().getSimpleName() + " " + e.getMessage();
      }
    }
    return "Fit " + fit;
  }

  private static String feasible(ClusterSnapshot snapshot, List<Node> nodes, List<ResourceClaim> claims) {
    try {
      return "Fit " + snapshot.feasibleNodes(nodes, claims).stream().map(Node::name).toList();
    } catch (AllocationException e) {
      return "Error " + e.getClass().getSimpleName() + " " + e.getMessage();
    }
  }
}
