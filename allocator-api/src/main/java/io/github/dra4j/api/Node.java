package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The core/v1 Node fields that allocation and scheduling read: name and labels (node selectors),
 * whether it is cordoned, its taints, its allocatable resources, the declared features and the
 * container images it holds.
 *
 * @param metadata object metadata
 * @param spec the node's spec, or null when the input has none
 * @param status the node's status, or null when the input has none
 */
public record Node(ObjectMeta metadata, @Nullable NodeSpec spec, @Nullable NodeStatus status) {
  public Node {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(metadata.name(), "metadata.name");
  }

  /** A node without spec. */
  public Node(ObjectMeta metadata, @Nullable NodeStatus status) {
    this(metadata, null, status);
  }

  /** A node without spec and status. */
  public Node(ObjectMeta metadata) {
    this(metadata, null, null);
  }

  /** {@return the node's taints; empty without spec} */
  public List<Taint> taints() {
    return spec == null ? List.of() : spec.taints();
  }

  /** {@return whether the node is cordoned ({@code spec.unschedulable})} */
  public boolean unschedulable() {
    return spec != null && spec.cordoned();
  }

  /** {@return the node's allocatable resources; empty when the input gives none} */
  public Map<String, Quantity> allocatable() {
    return status == null ? Map.of() : status.allocatable();
  }

  /** {@return the container images on the node ({@code status.images}); empty when the input gives none} */
  public List<ContainerImage> images() {
    return status == null ? List.of() : status.images();
  }

  /** {@return whether the node's kubelet declares the feature ({@code status.declaredFeatures})} */
  public boolean declares(String feature) {
    return status != null && status.declaredFeatures().contains(feature);
  }

  /** {@return a node with a name and labels} */
  public static Node of(String name, Map<String, String> labels) {
    return new Node(new ObjectMeta(name, null, null, null, null, labels));
  }

  /** {@return the node name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }
}
