package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The core/v1 Pod fields that DRA scheduling reads: where the pod may run, its priority, the
 * claims it references (directly or through a ResourceClaimTemplate), what its containers
 * request, and which claims the resourceclaim controller already made for it. Everything else
 * of a pod (volumes, images, probes) is not modelled, so a pod read from a cluster dump and
 * written back holds only these fields.
 *
 * @param metadata namespace, name, uid, labels and annotations
 * @param spec what the pod asks for
 * @param status the claims made for it; empty when the pod has no status yet
 */
public record Pod(ObjectMeta metadata, PodSpec spec, PodStatus status) {
  public Pod {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(status, "status");
  }

  /** {@return a pod without status, as written in a manifest} */
  public static Pod of(ObjectMeta metadata, PodSpec spec) {
    return new Pod(metadata, spec, PodStatus.EMPTY);
  }

  /** {@return the pod name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }

  /** {@return the pod namespace, or null when the input had none ({@code default} on a server)} */
  public @Nullable String namespace() {
    return metadata.namespace();
  }

  /** {@return the PodGroup the pod belongs to ({@code spec.schedulingGroup.podGroupName}), or null} */
  public @Nullable String podGroupName() {
    PodSchedulingGroup group = spec.schedulingGroup();
    return group == null ? null : group.podGroupName();
  }
}
