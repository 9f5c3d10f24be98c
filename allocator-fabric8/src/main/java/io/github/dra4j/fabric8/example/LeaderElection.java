package io.github.dra4j.fabric8.example;

import java.time.Duration;
import java.util.Objects;

/**
 * Where and how the replicas of a {@link SchedulingLoop} elect their leader: a {@code coordination.k8s.io/v1}
 * Lease, with client-go's timings (kube-scheduler's defaults are these: 15 s, 10 s, 2 s).
 *
 * @param namespace the Lease's namespace
 * @param name the Lease's name, shared by all replicas
 * @param identity this replica's name, unique among them (for example the pod name)
 * @param leaseDuration how long others wait after the last renewal before they take over;
 *     whole seconds (the Lease stores seconds), at least 1
 * @param renewDeadline how long the leader keeps trying to renew before it stops writing;
 *     less than {@code leaseDuration}
 * @param retryPeriod how often candidates try to acquire and the leader renews; {@code
 *     renewDeadline} must exceed 2.2 times it (fabric8 adds up to 1.2 times as jitter)
 */
public record LeaderElection(String namespace, String name, String identity, Duration leaseDuration,
    Duration renewDeadline, Duration retryPeriod) {
  /**
   * Checks the names and timings.
   *
   * @param namespace see the record component
   * @param name see the record component
   * @param identity see the record component
   * @param leaseDuration see the record component
   * @param renewDeadline see the record component
   * @param retryPeriod see the record component
   * @throws IllegalArgumentException when the timings do not fit together
   */
  public LeaderElection {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(identity, "identity");
    if (leaseDuration.getSeconds() < 1 || leaseDuration.getNano() != 0) {
      throw new IllegalArgumentException("leaseDuration must be whole seconds, at least 1, got " + leaseDuration);
    }
    if (renewDeadline.compareTo(leaseDuration) >= 0) {
      throw new IllegalArgumentException("renewDeadline (" + renewDeadline + ") must be less than leaseDuration ("
          + leaseDuration + ")");
    }
    if (retryPeriod.isNegative() || retryPeriod.isZero()
        || renewDeadline.toMillis() <= retryPeriod.toMillis() * 22 / 10) {
      throw new IllegalArgumentException("renewDeadline (" + renewDeadline + ") must exceed 2.2 times retryPeriod ("
          + retryPeriod + ")");
    }
  }

  /**
   * Returns the settings with client-go's timings: lease 15 s, renew deadline 10 s, retry 2 s.
   *
   * @param namespace the Lease's namespace
   * @param name the Lease's name
   * @param identity this replica's name
   * @return the settings
   */
  public static LeaderElection of(String namespace, String name, String identity) {
    return new LeaderElection(namespace, name, identity, Duration.ofSeconds(15), Duration.ofSeconds(10),
        Duration.ofSeconds(2));
  }
}
