package io.github.dra4j.core;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * An immutable map over a fixed set of keys whose derived copies share everything but what
 * changed: a snapshot derived after one commit replaces the pools and slice lists of one node
 * among thousands, and copying (or even overlaying) the whole map per commit would make a
 * placement's cost grow with the cluster. Keys get a slot once, in a key index shared by every
 * derived map; values sit in a tree of 32-slot arrays, of which a replacement copies the path to
 * its slot (three arrays for up to 32,768 keys). A read is one hashed lookup plus that path.
 * Keys are never added: every replaced key is a key of the map.
 *
 * The key index is a HashMap, not Map.copyOf: ids of one pool or node name hash to neighbouring
 * values, which the linear probing of the immutable maps turns into long probe runs.
 */
final class PersistentMap<K, V> extends AbstractMap<K, V> {
  private static final int BITS = 5;
  private static final int WIDTH = 1 << BITS;
  private static final int MASK = WIDTH - 1;

  private final Map<K, Integer> slots;
  private final List<K> keys;
  private final Object[] root;
  /** The shift of the root's index: 0 when the root holds the values. */
  private final int shift;

  private PersistentMap(Map<K, Integer> slots, List<K> keys, Object[] root, int shift) {
    this.slots = slots;
    this.keys = keys;
    this.root = root;
    this.shift = shift;
  }

  /** {@return a map of these entries, in the map's iteration order} */
  static <K, V> PersistentMap<K, V> of(Map<K, V> map) {
    HashMap<K, Integer> slots = new HashMap<>();
    Object[] level = new Object[map.size()];
    int i = 0;
    for (Map.Entry<K, V> e : map.entrySet()) {
      slots.put(e.getKey(), i);
      level[i++] = e.getValue();
    }
    List<K> keys = List.copyOf(map.keySet());
    int shift = 0;
    Object[] nodes = chunks(level);
    while (nodes.length > 1) {
      nodes = chunks(nodes);
      shift += BITS;
    }
    return new PersistentMap<>(slots, keys, nodes.length == 0 ? new Object[WIDTH] : (Object[]) nodes[0], shift);
  }

  /* The items in arrays of 32, the last one padded. */
  private static Object[] chunks(Object[] items) {
    Object[] out = new Object[(items.length + MASK) / WIDTH];
    for (int c = 0; c < out.length; c++) {
      Object[] chunk = new Object[WIDTH];
      System.arraycopy(items, c * WIDTH, chunk, 0, Math.min(WIDTH, items.length - c * WIDTH));
      out[c] = chunk;
    }
    return out;
  }

  /** {@return this map with these values replaced; every key must be a key of this map} */
  PersistentMap<K, V> with(Map<K, V> replacements) {
    if (replacements.isEmpty()) {
      return this;
    }
    Object[] r = root;
    for (Map.Entry<K, V> e : replacements.entrySet()) {
      Integer slot = slots.get(e.getKey());
      if (slot == null) {
        throw new IllegalArgumentException("not a key of the map: " + e.getKey());
      }
      r = set(r, shift, slot, e.getValue());
    }
    return new PersistentMap<>(slots, keys, r, shift);
  }

  private static Object[] set(Object[] node, int shift, int slot, Object value) {
    Object[] copy = node.clone();
    int i = (slot >>> shift) & MASK;
    copy[i] = shift == 0 ? value : set((Object[]) node[i], shift - BITS, slot, value);
    return copy;
  }

  @SuppressWarnings("unchecked")
  private V at(int slot) {
    Object[] node = root;
    for (int s = shift; s > 0; s -= BITS) {
      node = (Object[]) node[(slot >>> s) & MASK];
    }
    return (V) node[slot & MASK];
  }

  @Override
  public @Nullable V get(@Nullable Object key) {
    Integer slot = slots.get(key);
    return slot == null ? null : at(slot);
  }

  @Override
  public boolean containsKey(@Nullable Object key) {
    return slots.containsKey(key);
  }

  @Override
  public int size() {
    return keys.size();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<K, V>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < keys.size();
          }

          @Override
          public Entry<K, V> next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(keys.get(i), at(i));
          }
        };
      }

      @Override
      public int size() {
        return keys.size();
      }
    };
  }
}
