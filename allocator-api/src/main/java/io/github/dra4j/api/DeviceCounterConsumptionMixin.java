package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;

/**
 * Consumed counters that counter consumptions include by name; the counter set itself comes
 * from the including consumption entry.
 *
 * @param name unique among the consumption mixins of the slice
 * @param counters counters by name
 */
public record DeviceCounterConsumptionMixin(String name, Map<String, Counter> counters) {
  public DeviceCounterConsumptionMixin {
    Objects.requireNonNull(name, "name");
    counters = Copies.map(counters);
  }
}
