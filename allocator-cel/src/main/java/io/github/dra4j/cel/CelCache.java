package io.github.dra4j.cel;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Objects;
import java.util.function.Function;

/*
 * A bounded cache of compiled selectors. Mirrors Cache in cache.go: compiling is expensive, so
 * concurrent requests for one expression wait for a single compilation (Caffeine computes a key
 * once, as keymutex.NewHashed does there), and only successful compilations are kept, so a
 * compile error is reported afresh each time.
 *
 * Caffeine's eviction (W-TinyLFU) keeps the selectors a scheduler keeps asking for, where a plain
 * LRU lets one pass over many one-off expressions flush them. Its maintenance runs on the calling
 * thread: a one-shot command line then starts no pool thread for it, and the size is exact after
 * each call.
 */
final class CelCache<K> {

  private final Cache<K, CelSelector> entries;

  CelCache(int maxEntries) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, got " + maxEntries);
    }
    this.entries = Caffeine.newBuilder().maximumSize(maxEntries).executor(Runnable::run).build();
  }

  /** {@return the cached selector for the key, compiling it on a miss} */
  CelSelector getOrCompile(K key, Function<K, CelSelector> compiler) {
    // A mapping function that returns null stores nothing: the failed selector leaves by this array.
    CelSelector[] failed = new CelSelector[1];
    CelSelector cached = entries.get(key, k -> {
      CelSelector compiled = compiler.apply(k);
      if (compiled.compileError() != null) {
        failed[0] = compiled;
        return null;
      }
      return compiled;
    });
    // Null only when this call's own mapping function ran and failed: a thread that waited for
    // another's failed compilation runs its own.
    return cached != null ? cached : Objects.requireNonNull(failed[0]);
  }

  /** {@return the number of cached selectors} */
  int size() {
    entries.cleanUp();
    return (int) entries.estimatedSize();
  }
}
