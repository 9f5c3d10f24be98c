package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The core/v1 Node fields that node selectors read: name and labels.
 *
 * @param metadata object metadata
 */
public record Node(ObjectMeta metadata) {
  public Node {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(metadata.name(), "metadata.name");
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
