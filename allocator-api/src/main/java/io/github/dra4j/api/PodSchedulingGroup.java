package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * The group a pod belongs to ({@code spec.schedulingGroup}, GenericWorkload): the scheduler
 * places the pods of one PodGroup together, with the group's policy and constraints.
 *
 * @param podGroupName the PodGroup in the pod's namespace; it may not exist yet
 */
public record PodSchedulingGroup(@Nullable String podGroupName) {
  /** {@return the membership of the named PodGroup} */
  public static PodSchedulingGroup of(String podGroupName) {
    return new PodSchedulingGroup(podGroupName);
  }
}
