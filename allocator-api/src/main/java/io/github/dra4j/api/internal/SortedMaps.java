package io.github.dra4j.api.internal;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The immutable, key-sorted maps records hold: two arrays instead of a tree, so a record's map of
 * ten attributes costs about a hundred bytes rather than five hundred, lookups are a binary
 * search, iteration is in key order (stable output), and copying one is free. Because copying
 * returns the same instance, equal maps decoded from many objects can be shared (the codec does,
 * across the nodes of a cluster). Not API.
 */
public final class SortedMaps {
  private SortedMaps() {}

  /**
   * {@return an immutable map with the entries of {@code map} sorted by key; the map itself when
   * it is already one}
   *
   * @throws NullPointerException for a null key or value
   */
  @SuppressWarnings("unchecked")
  public static <V> Map<String, V> copyOf(@Nullable Map<String, ? extends V> map) {
    if (map instanceof Frozen) {
      return (Map<String, V>) map;
    }
    if (map == null || map.isEmpty()) {
      return Map.of();
    }
    String[] keys = new String[map.size()];
    Object[] values = new Object[map.size()];
    int n = 0;
    for (Map.Entry<String, ? extends V> e : map.entrySet()) {
      keys[n] = Objects.requireNonNull(e.getKey(), "map key");
      values[n] = Objects.requireNonNull(e.getValue(), () -> "value of " + e.getKey());
      n++;
    }
    if (!sorted(keys)) {
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> keys[a].compareTo(keys[b]));
      String[] k = new String[n];
      Object[] v = new Object[n];
      for (int i = 0; i < n; i++) {
        k[i] = keys[order[i]];
        v[i] = values[order[i]];
      }
      return new Frozen<>(k, v);
    }
    return new Frozen<>(keys, values);
  }

  private static boolean sorted(String[] keys) {
    for (int i = 1; i < keys.length; i++) {
      if (keys[i - 1].compareTo(keys[i]) >= 0) {
        return false;
      }
    }
    return true;
  }

  /** Sorted keys and their values; an AbstractMap, so equals, hashCode and toString are Map's. */
  private static final class Frozen<V> extends AbstractMap<String, V> {
    private final String[] keys;
    private final Object[] values;
    /** The hash, computed once: frozen maps are compared and hashed often when shared. */
    private int hash;

    Frozen(String[] keys, Object[] values) {
      this.keys = keys;
      this.values = values;
    }

    @Override
    public int hashCode() {
      int h = hash;
      if (h == 0) {
        for (int i = 0; i < keys.length; i++) {
          h += keys[i].hashCode() ^ values[i].hashCode();
        }
        hash = h;
      }
      return h;
    }

    private int indexOf(@Nullable Object key) {
      return key instanceof String ? Arrays.binarySearch(keys, key) : -1;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      if (o instanceof Frozen) {
        Frozen<?> other = (Frozen<?>) o;
        return other == this || (other.hashCode() == hashCode() && Arrays.equals(keys, other.keys)
            && Arrays.equals(values, other.values));
      }
      return super.equals(o);
    }

    @Override
    public int size() {
      return keys.length;
    }

    @Override
    public boolean containsKey(@Nullable Object key) {
      return indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public @Nullable V get(@Nullable Object key) {
      int i = indexOf(key);
      return i < 0 ? null : (V) values[i];
    }

    @Override
    public Set<Map.Entry<String, V>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<String, V>> iterator() {
          return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
              return next < keys.length;
            }

            @Override
            @SuppressWarnings("unchecked")
            public Map.Entry<String, V> next() {
              if (next >= keys.length) {
                throw new NoSuchElementException();
              }
              int i = next++;
              return new SimpleImmutableEntry<>(keys[i], (V) values[i]);
            }
          };
        }

        @Override
        public int size() {
          return keys.length;
        }
      };
    }
  }
}
