package io.github.dra4j.core.internal.mixin;

import java.util.HashMap;
import java.util.Map;

/* Hash maps sized up front for tables whose entry count is known before they are filled. */
final class SizedMaps {
  private SizedMaps() {}

  /** {@return a map that takes n entries without rehashing (Java 19's HashMap.newHashMap): filling it never resizes} */
  static <K, V> Map<K, V> newHashMap(int n) {
    return new HashMap<>((int) (n / 0.75f) + 1);
  }
}
