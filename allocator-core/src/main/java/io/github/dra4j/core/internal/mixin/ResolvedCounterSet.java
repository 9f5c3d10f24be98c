package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.CounterSet;

/** A counter set of a resolved slice, its counters resolved lazily. */
public interface ResolvedCounterSet extends ResolvedCounters {

  /** {@return the counter set as published, includes unresolved} */
  CounterSet counterSetDefinition();
}
