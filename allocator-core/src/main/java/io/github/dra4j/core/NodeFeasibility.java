package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Node;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One node's answer to "do these claims fit here?" ({@link ClusterSnapshot#feasibility}).
 *
 * @param node the node
 * @param fits whether the claims can be allocated together on it; false when its search failed
 * @param error what its search threw instead of answering, or null: an {@link
 *     AllocationException} as {@link ClusterSnapshot#allocate} would throw it on this node
 * @param results when the claims fit, the allocation the search found, one result per claim in
 *     order (what {@link ClusterSnapshot#allocate} returns on the same snapshot, so a scheduler
 *     commits it without searching the node again); empty otherwise
 */
public record NodeFeasibility(Node node, boolean fits, @Nullable RuntimeException error,
    List<AllocationResult> results) {
  /**
   * Checks the components and copies the list.
   *
   * @throws IllegalArgumentException when a node with an error fits, or a node that does not
   *     fit has results
   */
  public NodeFeasibility {
    Objects.requireNonNull(node, "node");
    results = List.copyOf(results);
    if (fits && error != null) {
      throw new IllegalArgumentException("node " + node.name() + " fits and failed");
    }
    if (!fits && !results.isEmpty()) {
      throw new IllegalArgumentException("node " + node.name() + " does not fit but has results");
    }
  }

  /**
   * A verdict without the allocation.
   *
   * @param node see the record component
   * @param fits see the record component
   * @param error see the record component
   * @throws IllegalArgumentException when a node with an error fits
   */
  public NodeFeasibility(Node node, boolean fits, @Nullable RuntimeException error) {
    this(node, fits, error, List.of());
  }
}
