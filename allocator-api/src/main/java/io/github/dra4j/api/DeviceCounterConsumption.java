package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The counters a device consumes from one counter set of its pool.
 *
 * @param counterSet the counter set consumed from
 * @param counters the consumed amount of each counter
 * @param includes names of consumption mixins (KEP-5234) applied in order; own counters win
 * @param compatibilityGroups opaque group names (KEP-5963, gate {@code DRADeviceCompatibilityGroups}):
 *     devices drawing from the same counter set are allocated together only when their groups
 *     intersect; a device without groups only with others without groups
 */
public record DeviceCounterConsumption(
    String counterSet, Map<String, Counter> counters, List<String> includes, List<String> compatibilityGroups) {
  public DeviceCounterConsumption {
    Objects.requireNonNull(counterSet, "counterSet");
    counters = Copies.map(counters);
    includes = Copies.list(includes);
    compatibilityGroups = Copies.list(compatibilityGroups);
  }

  /** The consumption without {@code compatibilityGroups}, as before Kubernetes 1.37. */
  public DeviceCounterConsumption(String counterSet, Map<String, Counter> counters, List<String> includes) {
    this(counterSet, counters, includes, List.of());
  }

  /** {@return the same consumption with these compatibility groups} */
  public DeviceCounterConsumption withCompatibilityGroups(List<String> groups) {
    return new DeviceCounterConsumption(counterSet, counters, includes, groups);
  }
}
