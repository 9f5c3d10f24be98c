package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.Quantity;
import java.util.Arrays;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * The counters of one counter set, consumption entry or counter mixin as two arrays sorted by
 * name, built once per slice. The allocator checks counters on every device it tries, so a
 * lookup is a binary search and iteration an index loop: neither allocates (a TreeMap's
 * entry iterator and a capturing lambda would, on each call).
 */
final class CounterEntries {
  static final CounterEntries EMPTY = new CounterEntries(new String[0], new Quantity[0]);

  private final String[] names;
  private final Quantity[] values;

  private CounterEntries(String[] names, Quantity[] values) {
    this.names = names;
    this.values = values;
  }

  /** {@return the counters of {@code map}, sorted by name} */
  static CounterEntries of(Map<String, Counter> map) {
    if (map.isEmpty()) {
      return EMPTY;
    }
    String[] names = map.keySet().toArray(String[]::new);
    Arrays.sort(names);
    Quantity[] values = new Quantity[names.length];
    for (int i = 0; i < names.length; i++) {
      values[i] = map.get(names[i]).value();
    }
    return new CounterEntries(names, values);
  }

  int size() {
    return names.length;
  }

  String name(int i) {
    return names[i];
  }

  Quantity value(int i) {
    return values[i];
  }

  @Nullable Quantity get(String name) {
    int i = Arrays.binarySearch(names, name);
    return i < 0 ? null : values[i];
  }

  boolean contains(String name) {
    return Arrays.binarySearch(names, name) >= 0;
  }
}
