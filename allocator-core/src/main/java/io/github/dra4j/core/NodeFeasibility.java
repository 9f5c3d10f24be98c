package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One node's answer to "do these claims fit here?" ({@link ClusterSnapshot#feasibility}).
 *
 * @param node the node
 * @param fits whether the claims can be allocated together on it; false when its search failed
 * @param error what its search threw instead of answering, or null: an {@link
 *     AllocationException} as {@link ClusterSnapshot#allocate} would throw it on this node
 */
public record NodeFeasibility(Node node, boolean fits, @Nullable RuntimeException error) {
  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException when a node with an error fits
   */
  public NodeFeasibility {
    Objects.requireNonNull(node, "node");
    if (fits && error != null) {
      throw new IllegalArgumentException("node " + node.name() + " fits and failed");
    }
  }
}
