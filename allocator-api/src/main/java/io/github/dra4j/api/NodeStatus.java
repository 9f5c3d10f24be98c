package io.github.dra4j.api;

import java.util.List;
import java.util.Map;

/**
 * The core/v1 NodeStatus fields that allocation and scheduling read.
 *
 * @param declaredFeatures the features the node's kubelet declares (NodeDeclaredFeatures), for
 *     example {@code DRAOptionalNodeOperations}
 * @param allocatable what pods may request on the node, by resource name ({@code cpu}, {@code
 *     memory}, {@code pods}, {@code ephemeral-storage}, {@code hugepages-<size>}, extended
 *     resources); empty when the input does not give it
 * @param images the container images on the node, which the ImageLocality score reads; empty
 *     when the input does not give them
 */
public record NodeStatus(List<String> declaredFeatures, Map<String, Quantity> allocatable,
    List<ContainerImage> images) {
  public NodeStatus {
    declaredFeatures = Copies.list(declaredFeatures);
    allocatable = Copies.map(allocatable);
    images = Copies.list(images);
  }

  /** A status without images. */
  public NodeStatus(List<String> declaredFeatures, Map<String, Quantity> allocatable) {
    this(declaredFeatures, allocatable, List.of());
  }

  /** A status with declared features only. */
  public NodeStatus(List<String> declaredFeatures) {
    this(declaredFeatures, Map.of());
  }
}
