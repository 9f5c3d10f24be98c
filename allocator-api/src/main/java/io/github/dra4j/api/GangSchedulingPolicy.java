package io.github.dra4j.api;

/**
 * The {@code gang} scheduling policy of a pod group ({@code scheduling.k8s.io}): all or nothing.
 * The scheduler places the group's pods only when at least {@code minCount} of them (counting
 * those already bound) can run at once.
 *
 * @param minCount the least number of pods that must be schedulable or scheduled together; the
 *     API requires at least 1, which validation checks
 */
public record GangSchedulingPolicy(int minCount) {
  /** {@return the policy with this minCount} */
  public static GangSchedulingPolicy of(int minCount) {
    return new GangSchedulingPolicy(minCount);
  }
}
