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
 */
public record DeviceCounterConsumption(
    String counterSet, Map<String, Counter> counters, List<String> includes) {
  public DeviceCounterConsumption {
    Objects.requireNonNull(counterSet, "counterSet");
    counters = Copies.map(counters);
    includes = Copies.list(includes);
  }
}
