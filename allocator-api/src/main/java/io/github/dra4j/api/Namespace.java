package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A core {@code v1} Namespace: InterPodAffinity matches a term's {@code namespaceSelector}
 * against the labels of the namespaces, so only the name and labels are kept. A pod's namespace
 * without a Namespace object has no labels, as kube-scheduler assumes when its lister does not
 * find one.
 *
 * @param metadata the name (cluster-scoped) and labels
 */
public record Namespace(ObjectMeta metadata) {
  public Namespace {
    Objects.requireNonNull(metadata, "metadata");
  }

  /** {@return a namespace with this name and these labels} */
  public static Namespace of(String name, Map<String, String> labels) {
    return new Namespace(ObjectMeta.builder().name(name).labels(labels).build());
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }
}
