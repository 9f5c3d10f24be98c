package io.github.dra4j.api.io;

import java.util.concurrent.ConcurrentHashMap;

/*
 * Equal immutable values decoded from one input, kept once: a slice's names and includes repeat
 * on every device, and every node of a cluster repeats the same attributes, capacities and
 * mixins, so an informer-like cache of decoded objects would otherwise hold a copy per use (the
 * Footprint measure of allocator-bench). Thread-safe, as documents may be decoded in parallel.
 */
final class Shared {
  private final ConcurrentHashMap<Object, Object> values = new ConcurrentHashMap<>();

  @SuppressWarnings("unchecked")
  <T> T share(T value) {
    Object known = values.get(value);
    if (known == null) {
      known = values.putIfAbsent(value, value);
    }
    return known == null ? value : (T) known;
  }
}
