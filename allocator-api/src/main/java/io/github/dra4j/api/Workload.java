package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@code scheduling.k8s.io} Workload (GenericWorkload): the scheduling intent of a job or of a
 * JobSet-like controller, as templates from which PodGroups are made. The scheduler itself reads
 * PodGroups; a Workload matters to the controllers that make them. Read in {@code
 * scheduling.k8s.io/v1alpha2}, the version Kubernetes serves.
 *
 * <p>Not to be confused with a {@link PodController} (a Deployment or a Job), which makes pods.
 *
 * @param metadata name, namespace, uid
 * @param spec the templates
 */
public record Workload(ObjectMeta metadata, WorkloadSpec spec) {
  public Workload {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return a Workload} */
  public static Workload of(ObjectMeta metadata, WorkloadSpec spec) {
    return new Workload(metadata, spec);
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }
}
