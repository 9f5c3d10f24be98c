package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The core/v1 Node fields that allocation reads: name and labels (node selectors) and the declared
 * features.
 *
 * @param metadata object metadata
 * @param status the node's status, or null when the input has none
 */
public record Node(ObjectMeta metadata, @Nullable NodeStatus status) {
  public Node {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(metadata.name(), "metadata.name");
  }

  /** A node without status. */
  public Node(ObjectMeta metadata) {
    this(metadata, null);
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
