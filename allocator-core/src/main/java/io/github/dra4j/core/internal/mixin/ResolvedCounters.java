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
}
