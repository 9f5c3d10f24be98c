package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.CounterSet;
import org.jspecify.annotations.Nullable;

/** A counter set: its own counters, then its counter set mixins from last to first. */
final class LazyCounterSet extends LazyCounters implements ResolvedCounterSet {
  private final CounterSet definition;

  LazyCounterSet(CounterSet definition, CounterEntries own, CounterEntries[] sources, @Nullable EffectiveIndex index) {
    super(definition.name(), own, sources, index, true);
    this.definition = definition;
  }

  @Override
  public CounterSet counterSetDefinition() {
    return definition;
  }
}
