package io.github.dra4j.api;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The subset of Kubernetes object metadata that allocation needs.
 *
 * @param name the object name
 * @param namespace the namespace of namespaced objects (claims), else null
 * @param uid the object UID, when known
 * @param resourceVersion the server's version, used for optimistic concurrency on write-back
 * @param generation the spec generation, when known
 * @param labels the object labels (node selectors match them)
 */
public record ObjectMeta(
    @Nullable String name,
    @Nullable String namespace,
    @Nullable String uid,
    @Nullable String resourceVersion,
    @Nullable Long generation,
    Map<String, String> labels) {

  public ObjectMeta {
    labels = Copies.map(labels);
  }

  /** {@return metadata with only a name} */
  public static ObjectMeta named(String name) {
    return new ObjectMeta(name, null, null, null, null, Map.of());
  }

  /** {@return metadata with a namespace and a name} */
  public static ObjectMeta named(@Nullable String namespace, String name) {
    return new ObjectMeta(name, namespace, null, null, null, Map.of());
  }
}
