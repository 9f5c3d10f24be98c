package io.github.dra4j.core.internal.mixin;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * The resolved mixins of one counter include list, shared by every counter set or consumption
 * entry with that list: the sources in precedence order behind an empty source 0 that stands
 * for each owner's own counters, and the index of the includes alone.
 *
 * The index of a consumption's includes is merged on first use, not at resolution: a slice
 * can have a distinct include list per consumption, pool validation checks consumptions source
 * by source (LazyCounters.firstMissingIn), and the allocator only reads the consumption of a
 * device that its selectors chose. Merging is deterministic and the index immutable, so threads
 * that race on the first use publish equal indexes and any one of them may win.
 */
final class CounterIncludes {
  static final CounterIncludes NONE = of(List.of());

  /* Stands for "merged, but over the index limit", so that such a list is merged once. */
  private static final EffectiveIndex NO_INDEX =
      Objects.requireNonNull(EffectiveIndex.ofCounters(new CounterEntries[0])); // no entries: within the limit

  private final CounterEntries[] sources;
  private @Nullable EffectiveIndex index;

  private CounterIncludes(CounterEntries[] sources) {
    this.sources = sources;
  }

  /** {@return the includes of a list, given in the order they are listed} */
  static CounterIncludes of(List<CounterEntries> includes) {
    int n = includes.size();
    CounterEntries[] sources = new CounterEntries[n + 1];
    sources[0] = CounterEntries.EMPTY;
    for (int i = 0; i < n; i++) {
      sources[i + 1] = includes.get(n - 1 - i);
    }
    return new CounterIncludes(sources);
  }

  /** {@return the sources in precedence order; source 0 is empty; not to be modified} */
  CounterEntries[] sources() {
    return sources;
  }

  /** {@return the index of the includes alone, or null without includes or over the index limit} */
  @Nullable EffectiveIndex index() {
    EffectiveIndex i = index;
    if (i == null) {
      EffectiveIndex merged = sources.length == 1 ? null : EffectiveIndex.ofCounters(sources);
      i = merged == null ? NO_INDEX : merged;
      index = i;
    }
    return i == NO_INDEX ? null : i;
  }

  /** {@return whether {@link #index} has been asked for} */
  boolean merged() {
    return index != null;
  }

  /** {@return whether the includes together have at most {@code max} counters, shadowed ones counted} */
  boolean atMost(int max) {
    return counterCount() <= max;
  }

  /** {@return how many counters the includes have together, shadowed ones counted} */
  int counterCount() {
    int total = 0;
    for (CounterEntries s : sources) {
      total += s.size();
    }
    return total;
  }
}
