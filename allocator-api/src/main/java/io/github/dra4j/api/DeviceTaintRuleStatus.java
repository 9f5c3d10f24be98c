package io.github.dra4j.api;

import java.util.List;

/**
 * The status of a {@link DeviceTaintRule}: conditions such as {@code EvictionInProgress},
 * written by the eviction controller. Kept so that a dump reads and writes back unchanged.
 *
 * @param conditions the conditions, at most 8 in a valid object
 */
public record DeviceTaintRuleStatus(List<Condition> conditions) {
  /** No conditions. */
  public static final DeviceTaintRuleStatus EMPTY = new DeviceTaintRuleStatus(List.of());

  public DeviceTaintRuleStatus {
    conditions = Copies.list(conditions);
  }
}
