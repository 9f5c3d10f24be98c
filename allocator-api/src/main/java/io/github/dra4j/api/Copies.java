package io.github.dra4j.api;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** Defensive copies for record components: null becomes empty, maps are sorted for stable output. */
final class Copies {
  private Copies() {}

  static <T> List<T> list(@Nullable List<T> list) {
    return list == null ? List.of() : List.copyOf(list);
  }

  static <V> Map<String, V> map(@Nullable Map<String, V> map) {
    if (map == null || map.isEmpty()) {
      return Map.of();
    }
    TreeMap<String, V> copy = new TreeMap<>();
    map.forEach((k, v) -> copy.put(java.util.Objects.requireNonNull(k, "map key"),
        java.util.Objects.requireNonNull(v, () -> "value of " + k)));
    return Collections.unmodifiableMap(copy);
  }
}
