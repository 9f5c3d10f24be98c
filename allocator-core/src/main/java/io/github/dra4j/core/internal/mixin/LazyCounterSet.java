package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import java.util.List;
import java.util.Map;

/** A counter set: its own counters, then its counter set mixins from last to first. */
final class LazyCounterSet extends LazyCounters implements ResolvedCounterSet {
  private final CounterSet definition;

  LazyCounterSet(CounterSet definition, List<Map<String, Counter>> includes) {
    super(definition.name(), definition.counters(), includes);
    this.definition = definition;
  }

  @Override
  public CounterSet counterSetDefinition() {
    return definition;
  }
}
