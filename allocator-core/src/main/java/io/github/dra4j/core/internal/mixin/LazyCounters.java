package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Quantity;
import java.util.List;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/*
 * Counters of a counter set or of one consumption entry: own counters, then the included
 * mixins from last to first. Nothing is merged; a lookup searches at most 1 + includes sorted
 * arrays, and iteration skips a mixin counter when the object or a later include sets it.
 */
class LazyCounters implements ResolvedCounters {
  private final String counterSet;
  private final CounterEntries own;
  private final List<CounterEntries> includes;

  /*
   * Which counters of each include are shadowed, computed on the first iteration: the counter
   * check iterates a device's consumption on every attempt, and the shadowing lookups were most
   * of its cost (issue #8, T4). The masks hold no values, so nothing is flattened. A racing
   * thread may compute them again; the volatile field publishes only fully built masks.
   */
  private volatile boolean @Nullable [][] shadowMasks;

  LazyCounters(String counterSet, CounterEntries own, List<CounterEntries> includes) {
    this.counterSet = counterSet;
    this.own = own;
    this.includes = includes;
  }

  @Override
  public final String counterSet() {
    return counterSet;
  }

  @Override
  public final @Nullable Quantity counter(String name) {
    Quantity q = own.get(name);
    for (int i = includes.size() - 1; q == null && i >= 0; i--) {
      q = includes.get(i).get(name);
    }
    return q;
  }

  @Override
  public final void forEachCounter(BiConsumer<String, Quantity> action) {
    for (int k = 0; k < own.size(); k++) {
      action.accept(own.name(k), own.value(k));
    }
    boolean[][] masks = shadowMasks();
    for (int i = includes.size() - 1; i >= 0; i--) {
      CounterEntries layer = includes.get(i);
      boolean[] shadowedInLayer = masks[i];
      for (int k = 0; k < layer.size(); k++) {
        if (!shadowedInLayer[k]) {
          action.accept(layer.name(k), layer.value(k));
        }
      }
    }
  }

  private boolean[][] shadowMasks() {
    boolean[][] masks = shadowMasks;
    if (masks == null) {
      masks = new boolean[includes.size()][];
      for (int i = 0; i < masks.length; i++) {
        CounterEntries layer = includes.get(i);
        masks[i] = new boolean[layer.size()];
        for (int k = 0; k < layer.size(); k++) {
          masks[i][k] = shadowed(layer.name(k), i);
        }
      }
      shadowMasks = masks;
    }
    return masks;
  }

  /** {@return whether a source with higher precedence than include {@code i} sets {@code name}} */
  private boolean shadowed(String name, int i) {
    if (own.contains(name)) {
      return true;
    }
    for (int j = i + 1; j < includes.size(); j++) {
      if (includes.get(j).contains(name)) {
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
