package io.github.dra4j.api;

import java.util.List;

/**
 * The core/v1 NodeStatus fields that allocation reads.
 *
 * @param declaredFeatures the features the node's kubelet declares (NodeDeclaredFeatures), for
 *     example {@code DRAOptionalNodeOperations}
 */
public record NodeStatus(List<String> declaredFeatures) {
  public NodeStatus {
    declaredFeatures = Copies.list(declaredFeatures);
  }
}
