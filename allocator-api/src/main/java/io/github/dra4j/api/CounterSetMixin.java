package io.github.dra4j.api;

import java.util.Map;
import java.util.Objects;

/**
 * Counters that counter sets include by name.
 *
 * @param name unique among the counter set mixins of the slice
 * @param counters counters by name
 */
public record CounterSetMixin(String name, Map<String, Counter> counters) {
  public CounterSetMixin {
    Objects.requireNonNull(name, "name");
    counters = Copies.map(counters);
  }
}
