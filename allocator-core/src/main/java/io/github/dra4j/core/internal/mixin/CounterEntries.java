package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.Quantity;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
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
    // Record maps iterate in name order already; sort only what is not.
    String[] names = new String[map.size()];
    Quantity[] values = new Quantity[names.length];
    int i = 0;
    boolean sorted = true;
    for (Map.Entry<String, Counter> e : map.entrySet()) {
      names[i] = e.getKey();
      values[i] = e.getValue().value();
      sorted &= i == 0 || names[i - 1].compareTo(names[i]) < 0;
      i++;
    }
    if (!sorted) {
      String[] sortedNames = names.clone();
      Arrays.sort(sortedNames);
      for (int k = 0; k < sortedNames.length; k++) {
        values[k] = Objects.requireNonNull(map.get(sortedNames[k])).value(); // the map's own keys
      }
      names = sortedNames;
    }
    return new CounterEntries(names, values);
  }

  int size() {
    return names.length;
  }

  /** {@return the names in order; not to be modified} */
  String[] names() {
    return names;
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
