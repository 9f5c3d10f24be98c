package io.github.dra4j.cel;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/*
 * A bounded LRU of compiled selectors. Mirrors Cache in cache.go: compiling is expensive, so
 * concurrent requests for one expression wait for a single compilation (striped locks stand in
 * for keymutex.NewHashed), and only successful compilations are kept, so a compile error is
 * reported afresh each time.
 */
final class CelCache<K> {

  private static final int STRIPES = 64;

  private final int maxEntries;
  private final LinkedHashMap<K, CelSelector> entries;
  private final Object[] compileLocks = new Object[STRIPES];

  CelCache(int maxEntries) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, got " + maxEntries);
    }
    this.maxEntries = maxEntries;
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<K, CelSelector> eldest) {
        return size() > CelCache.this.maxEntries;
      }
    };
    for (int i = 0; i < STRIPES; i++) {
      compileLocks[i] = new Object();
    }
  }

  /** {@return the cached selector for the key, compiling it on a miss} */
  CelSelector getOrCompile(K key, Function<K, CelSelector> compiler) {
    CelSelector hit = get(key);
    if (hit != null) {
      return hit;
    }
    synchronized (compileLocks[Math.floorMod(key.hashCode(), STRIPES)]) {
      hit = get(key);
      if (hit != null) {
        return hit;
      }
      CelSelector compiled = compiler.apply(key);
      if (compiled.compileError() == null) {
        synchronized (entries) {
          entries.put(key, compiled);
        }
      }
      return compiled;
    }
  }

  private @Nullable CelSelector get(K key) {
    synchronized (entries) {
      return entries.get(key);
    }
  }

  /** {@return the number of cached selectors} */
  int size() {
    synchronized (entries) {
      return entries.size();
    }
  }
}
