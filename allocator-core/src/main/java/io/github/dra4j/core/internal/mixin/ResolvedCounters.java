package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Quantity;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Counters with mixins applied lazily: the counters of a counter set, or the counters a device
 * consumes from one counter set.
 */
public interface ResolvedCounters {

  /** {@return the counter set name: its own name, or the one consumed from} */
  String counterSet();

  /** {@return the effective amount of a counter, or null when it is set nowhere} */
  @Nullable Quantity counter(String name);

  /** Visits each effective counter once, with its winning amount. */
  void forEachCounter(BiConsumer<String, Quantity> action);

  /**
   * Returns the first counter of this object, in iteration order, that {@code set} lacks. Pool
   * validation asks this for every consumption of every device when a snapshot is built, so
   * resolved views answer it without a lookup per counter where they can.
   *
   * @param set the counter set consumed from
   * @return the missing counter name, or null when {@code set} has every counter of this
   */
  default @Nullable String firstMissingIn(ResolvedCounters set) {
    String[] missing = new String[1];
    forEachCounter((name, q) -> {
      if (missing[0] == null && set.counter(name) == null) {
        missing[0] = name;
      }
    });
    return missing[0];
  }
}
