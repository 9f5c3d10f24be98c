package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * How a pod group's pods are scheduled ({@code schedulingPolicy}): exactly one of {@code basic}
 * and {@code gang} is set in a valid object. Both are kept as read, so that validation can report
 * an object that sets none or both.
 *
 * @param basic pod by pod, or null
 * @param gang all or nothing with a minimum count, or null
 */
public record PodGroupSchedulingPolicy(@Nullable BasicSchedulingPolicy basic, @Nullable GangSchedulingPolicy gang) {
  /** {@return the basic policy} */
  public static PodGroupSchedulingPolicy basicPolicy() {
    return new PodGroupSchedulingPolicy(BasicSchedulingPolicy.of(), null);
  }

  /** {@return a gang policy with this minCount} */
  public static PodGroupSchedulingPolicy gangPolicy(int minCount) {
    return new PodGroupSchedulingPolicy(null, GangSchedulingPolicy.of(minCount));
  }

  /**
   * {@return the least number of the group's pods that must be placed: {@code gang.minCount}, or
   * 1 without a gang, as kube-scheduler's GangScheduling plugin counts it}
   */
  public int minCount() {
    return gang == null ? 1 : gang.minCount();
  }
}
