package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.CounterSet;
import java.util.List;

/** A counter set: its own counters, then its counter set mixins from last to first. */
final class LazyCounterSet extends LazyCounters implements ResolvedCounterSet {
  private final CounterSet definition;

  LazyCounterSet(CounterSet definition, List<CounterEntries> includes) {
    super(definition.name(), CounterEntries.of(definition.counters()), includes);
    this.definition = definition;
  }

  @Override
  public CounterSet counterSetDefinition() {
    return definition;
  }
}
