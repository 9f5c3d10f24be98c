package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A named set of counters that devices of the pool consume from (KEP-4815).
 *
 * @param name unique in the pool
 * @param counters the available amount of each counter
 * @param includes names of counter set mixins (KEP-5234) applied in order; own counters win
 */
public record CounterSet(String name, Map<String, Counter> counters, List<String> includes) {
  public CounterSet {
    Objects.requireNonNull(name, "name");
    counters = Copies.map(counters);
    includes = Copies.list(includes);
  }
}
