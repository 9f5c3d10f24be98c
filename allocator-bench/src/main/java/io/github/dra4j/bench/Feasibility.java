package io.github.dra4j.bench;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.List;
import java.util.stream.Collectors;

/**
 * "Which nodes fit": the claims are allocated, each node on its own, in parallel on one
 * immutable snapshot. A stand-in until the allocator has such an API of its own.
 */
final class Feasibility {
  private Feasibility() {}

  /** {@return the nodes, in input order, on which all claims can be allocated together} */
  static List<Node> feasibleNodes(ClusterSnapshot snapshot, List<Node> nodes, List<ResourceClaim> claims) {
    return nodes.parallelStream()
        .filter(node -> snapshot.allocate(node, claims) instanceof AllocationOutcome.Allocated)
        .collect(Collectors.toList());
  }
}
