package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.Quantity;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/*
 * Counters of a counter set or of one consumption entry: own counters, then the included
 * mixins from last to first. Nothing is merged; a lookup walks at most 1 + includes maps.
 */
class LazyCounters implements ResolvedCounters {
  private final String counterSet;
  private final Map<String, Counter> own;
  private final List<Map<String, Counter>> includes;

  LazyCounters(String counterSet, Map<String, Counter> own, List<Map<String, Counter>> includes) {
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
    Counter c = own.get(name);
    for (int i = includes.size() - 1; c == null && i >= 0; i--) {
      c = includes.get(i).get(name);
    }
    return c == null ? null : c.value();
  }

  @Override
  public final void forEachCounter(BiConsumer<String, Quantity> action) {
    own.forEach((name, c) -> action.accept(name, c.value()));
    for (int i = includes.size() - 1; i >= 0; i--) {
      for (Map.Entry<String, Counter> e : includes.get(i).entrySet()) {
        if (!shadowed(e.getKey(), i)) {
          action.accept(e.getKey(), e.getValue().value());
        }
      }
    }
  }

  /** {@return whether a source with higher precedence than include {@code i} sets {@code name}} */
  private boolean shadowed(String name, int i) {
    if (own.containsKey(name)) {
      return true;
    }
    for (int j = i + 1; j < includes.size(); j++) {
      if (includes.get(j).containsKey(name)) {
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
