package io.github.dra4j.api;

import io.github.dra4j.api.internal.SortedMaps;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Defensive copies for record components: null becomes empty, maps are sorted for stable output (and shared when already frozen). */
final class Copies {
  private Copies() {}

  static <T> List<T> list(@Nullable List<T> list) {
    return list == null ? List.of() : List.copyOf(list);
  }

  static <V> Map<String, V> map(@Nullable Map<String, V> map) {
    return SortedMaps.copyOf(map);
  }
}
