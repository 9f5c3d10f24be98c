package io.github.dra4j.cel;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A read-only map computed from a device view on each access. CEL-Java asks {@code containsKey}
 * before {@code get} when it selects or indexes; both go to {@link #lookup}. The {@code in}
 * operator asks {@link #hasKey}. Equality is by entries, as for any map.
 */
abstract class ReadOnlyMap extends AbstractMap<String, Object> {

  /** {@return the keys, each once, in the view's order} */
  abstract List<String> keys();

  /** {@return the value of a key, or null when absent} */
  abstract @Nullable Object lookup(String key);

  /** {@return whether CEL's {@code in} finds the key} */
  boolean hasKey(String key) {
    return lookup(key) != null;
  }

  @Override
  public @Nullable Object get(Object key) {
    return key instanceof String ? lookup((String) key) : null;
  }

  @Override
  public boolean containsKey(Object key) {
    return key instanceof String && lookup((String) key) != null;
  }

  @Override
  public int size() {
    return keys().size();
  }

  @Override
  public Set<Map.Entry<String, Object>> entrySet() {
    List<String> keys = keys();
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, Object>> iterator() {
        Iterator<String> it = keys.iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return it.hasNext();
          }

          @Override
          public Map.Entry<String, Object> next() {
            String k = it.next();
            return new AbstractMap.SimpleImmutableEntry<>(k, lookup(k));
          }
        };
      }

      @Override
      public int size() {
        return keys.size();
      }
    };
  }

  @Override
  public Set<String> keySet() {
    return new LinkedHashSet<>(keys());
  }
}
