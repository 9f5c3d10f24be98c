package io.github.dra4j.api;

/**
 * The {@code basic} scheduling policy of a pod group ({@code scheduling.k8s.io}): its pods are
 * scheduled as kube-scheduler schedules single pods, one by one, and the group counts as placed
 * once one of them is. An empty object in the API; its presence selects the policy.
 */
public record BasicSchedulingPolicy() {
  private static final BasicSchedulingPolicy INSTANCE = new BasicSchedulingPolicy();

  /** {@return the policy (it has no fields, so every instance is equal)} */
  public static BasicSchedulingPolicy of() {
    return INSTANCE;
  }
}
