package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Quantity;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/*
 * Counters of a counter set or of one consumption entry. Sources are in precedence order: own
 * counters, then the included mixins from last to first. Nothing is merged: with includes, an
 * EffectiveIndex built at resolution says which source wins each counter name (issue #8: the
 * per-lookup searches through every include were most of the counter checks' cost), so a
 * lookup is one binary search and iteration an index loop in name order, as for an object
 * without mixins. Without an index (over EffectiveIndex.MAX_ENTRIES) lookups search the sources
 * in order and iteration skips shadowed counters.
 */
class LazyCounters implements ResolvedCounters {
  private final String counterSet;
  private final CounterEntries[] sources;
  private final @Nullable EffectiveIndex index;

  /**
   * @param sources the sources in precedence order: own counters, then the includes from last
   *     to first
   * @param index the effective index; null without includes or when over the index limit
   */
  LazyCounters(String counterSet, CounterEntries[] sources, @Nullable EffectiveIndex index) {
    this.counterSet = counterSet;
    this.sources = sources;
    this.index = index;
  }

  @Override
  public final String counterSet() {
    return counterSet;
  }

  @Override
  public final @Nullable Quantity counter(String name) {
    EffectiveIndex idx = index;
    if (idx != null) {
      int k = idx.indexOf(name);
      return k < 0 ? null : sources[idx.source(k)].value(idx.position(k));
    }
    for (CounterEntries source : sources) {
      Quantity q = source.get(name);
      if (q != null) {
        return q;
      }
    }
    return null;
  }

  @Override
  public final void forEachCounter(BiConsumer<String, Quantity> action) {
    EffectiveIndex idx = index;
    if (idx != null) {
      for (int k = 0; k < idx.size(); k++) {
        action.accept(idx.id(k), sources[idx.source(k)].value(idx.position(k)));
      }
      return;
    }
    for (int i = 0; i < sources.length; i++) {
      CounterEntries layer = sources[i];
      for (int k = 0; k < layer.size(); k++) {
        if (i == 0 || !shadowed(layer.name(k), i)) {
          action.accept(layer.name(k), layer.value(k));
        }
      }
    }
  }

  /*
   * With both sides in name order (indexed or without includes), one merge walk; otherwise a
   * lookup per counter.
   */
  @Override
  public final @Nullable String firstMissingIn(ResolvedCounters set) {
    if (set instanceof LazyCounters other && sorted() && other.sorted()) {
      int n = sortedSize();
      int m = other.sortedSize();
      int j = 0;
      for (int k = 0; k < n; k++) {
        String name = sortedName(k);
        int c = -1;
        while (j < m && (c = other.sortedName(j).compareTo(name)) < 0) {
          j++;
        }
        if (j == m || c != 0) {
          return name;
        }
      }
      return null;
    }
    return ResolvedCounters.super.firstMissingIn(set);
  }

  /** {@return whether the effective counters can be read in name order by position} */
  private boolean sorted() {
    return index != null || sources.length == 1;
  }

  private int sortedSize() {
    return index != null ? index.size() : sources[0].size();
  }

  private String sortedName(int k) {
    return index != null ? index.id(k) : sources[0].name(k);
  }

  /** {@return whether a source with higher precedence than source {@code i} sets {@code name}} */
  private boolean shadowed(String name, int i) {
    for (int j = 0; j < i; j++) {
      if (sources[j].contains(name)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "ResolvedCounters[" + counterSet + "]";
  }
}
