package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@code scheduling.k8s.io} PodGroup (GenericWorkload): the pods whose {@code
 * spec.schedulingGroup.podGroupName} names it are scheduled together, with its policy (basic, or
 * gang with {@code minCount}), its topology constraint and its shared claims. Made by a workload
 * controller from a Workload template, or written by hand. Read in {@code
 * scheduling.k8s.io/v1alpha2}, the version Kubernetes serves.
 *
 * @param metadata name, namespace, uid, generation
 * @param spec what the group asks for
 * @param status the scheduler's condition and the claims made for the group
 */
public record PodGroup(ObjectMeta metadata, PodGroupSpec spec, PodGroupStatus status) {
  /** The condition type kube-scheduler sets on a PodGroup when its scheduling requirement is met or not. */
  public static final String SCHEDULED = "PodGroupScheduled";

  /** The reason of a false {@link #SCHEDULED} condition when the group does not fit. */
  public static final String REASON_UNSCHEDULABLE = "Unschedulable";

  public PodGroup {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(status, "status");
  }

  /** {@return a PodGroup without status, as written in a manifest} */
  public static PodGroup of(ObjectMeta metadata, PodGroupSpec spec) {
    return new PodGroup(metadata, spec, PodGroupStatus.EMPTY);
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }

  /** {@return the namespace, or null when the input had none ({@code default} on a server)} */
  public @Nullable String namespace() {
    return metadata.namespace();
  }

  /** {@return this group with another status} */
  public PodGroup withStatus(PodGroupStatus status) {
    return new PodGroup(metadata, spec, status);
  }
}
