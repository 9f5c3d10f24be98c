package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The core/v1 NodeSpec fields that scheduling reads.
 *
 * @param unschedulable whether the node is cordoned (null: not): no new pod goes there unless it tolerates
 *     the {@code node.kubernetes.io/unschedulable} taint
 * @param taints the node's taints
 */
public record NodeSpec(@Nullable Boolean unschedulable, List<Taint> taints) {
  public NodeSpec {
    taints = Copies.list(taints);
  }

  /** {@return whether the node is cordoned; unset is false} */
  public boolean cordoned() {
    return Boolean.TRUE.equals(unschedulable);
  }
}
