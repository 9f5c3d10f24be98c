package io.github.dra4j.api;

import java.util.Objects;

/**
 * A topology constraint of a pod group: every pod of the group runs on nodes that have the same
 * value of the node label {@code key} (one domain, such as one rack).
 *
 * @param key the node label naming the domain, such as {@code topology.kubernetes.io/rack}
 */
public record TopologyConstraint(String key) {
  public TopologyConstraint {
    Objects.requireNonNull(key, "key");
  }

  /** {@return the constraint on this label key} */
  public static TopologyConstraint of(String key) {
    return new TopologyConstraint(key);
  }
}
