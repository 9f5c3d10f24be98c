package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.CounterSet;

/** A counter set: its own counters, then its counter set mixins from last to first. */
final class LazyCounterSet extends LazyCounters implements ResolvedCounterSet {
  private final CounterSet definition;

  LazyCounterSet(CounterSet definition, CounterEntries own, CounterIncludes includes) {
    super(definition.name(), own, includes, true);
    this.definition = definition;
  }

  @Override
  public CounterSet counterSetDefinition() {
    return definition;
  }
}
