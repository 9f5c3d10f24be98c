package io.github.dra4j.core;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * An immutable map derived from another by replacing the values of some of its keys, in time
 * proportional to the replacements rather than to the map: a snapshot derived after one commit
 * replaces the pools and slice lists of one node among thousands. The replacements sit over a
 * shared base; when they outgrow about twice the square root of the base (at least 32), they are
 * merged into a new base, so that a long line of derivations costs O(sqrt n) per step and a read
 * is at most two lookups. Keys are never added: every replaced key is a key of the base.
 *
 * The base is a HashMap, not Map.copyOf: ids of one pool or node name hash to neighbouring values,
 * which the linear probing of the immutable maps turns into long probe runs.
 */
final class OverlayMap<K, V> extends AbstractMap<K, V> {
  private static final int MIN_OVERLAY = 32;

  private final HashMap<K, V> base;
  private final HashMap<K, V> over;
  private final int maxOverlay;

  private OverlayMap(HashMap<K, V> base, HashMap<K, V> over) {
    this.base = base;
    this.over = over;
    this.maxOverlay = Math.max(MIN_OVERLAY, 2 * (int) Math.sqrt(base.size()));
  }

  /** {@return the map, owned from now on by the overlay map: the caller no longer changes it} */
  static <K, V> OverlayMap<K, V> of(HashMap<K, V> map) {
    return new OverlayMap<>(map, new HashMap<>());
  }

  /** {@return this map with these values replaced; every key must be a key of this map} */
  OverlayMap<K, V> with(Map<K, V> replacements) {
    if (replacements.isEmpty()) {
      return this;
    }
    HashMap<K, V> merged = new HashMap<>(over);
    merged.putAll(replacements);
    if (merged.size() <= maxOverlay) {
      return new OverlayMap<>(base, merged);
    }
    HashMap<K, V> flat = new HashMap<>(base);
    flat.putAll(merged);
    return new OverlayMap<>(flat, new HashMap<>());
  }

  @Override
  public @Nullable V get(@Nullable Object key) {
    V v = over.get(key);
    return v != null ? v : base.get(key);
  }

  @Override
  public boolean containsKey(@Nullable Object key) {
    return base.containsKey(key);
  }

  @Override
  public int size() {
    return base.size();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<K, V>> iterator() {
        Iterator<Entry<K, V>> it = base.entrySet().iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return it.hasNext();
          }

          @Override
          public Entry<K, V> next() {
            Entry<K, V> e = it.next();
            V v = over.get(e.getKey());
            return new SimpleImmutableEntry<>(e.getKey(), v != null ? v : e.getValue());
          }
        };
      }

      @Override
      public int size() {
        return base.size();
      }
    };
  }
}
