package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A core {@code v1} Service: PodTopologySpread's default constraints spread the pods that the
 * Services of a pod's namespace select together (kube-scheduler's {@code helper.DefaultSelector}),
 * so only the name, namespace and {@code spec.selector} are kept.
 *
 * @param metadata the name and namespace
 * @param spec the selector
 */
public record Service(ObjectMeta metadata, ServiceSpec spec) {
  public Service {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }

  /** {@return the namespace as written, or null} */
  public @Nullable String namespace() {
    return metadata.namespace();
  }
}
