package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.CounterSet;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A counter set: its own counters, then its counter set mixins from last to first. */
final class LazyCounterSet extends LazyCounters implements ResolvedCounterSet {
  private final CounterSet definition;

  LazyCounterSet(CounterSet definition, CounterEntries own, List<CounterEntries> includes,
      EffectiveIndex.@Nullable Builder indexes) {
    super(definition.name(), own, includes, indexes);
    this.definition = definition;
  }

  @Override
  public CounterSet counterSetDefinition() {
    return definition;
  }
}
