package io.github.dra4j.core.internal.mixin;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Checks the counter consumptions of one pool against its counter sets ({@link
 * ResolvedCounters#firstMissingIn}), each distinct pair of shapes once. Consumptions that repeat
 * an include list share its resolution (CounterIncludes), and so do counter sets, so a pool of
 * many devices with few distinct profiles (a GPU's partitions on every GPU of a node) has far
 * fewer distinct pairs than consumptions. Two views have the same shape when they have the same
 * own counters object and the same resolved include list; their effective counters, and so the
 * answer, are then the same. Views of other implementations are checked one by one.
 *
 * <p>A valid pool lacks nothing, so a pair is first asked whether anything is missing at all:
 * the pool's counter names are numbered once, each counter set is a bit set of its names, and
 * each included mixin is numbered once however many consumptions include it (own counters belong
 * to one consumption and are numbered as they are read). A consumption then costs one bit test
 * per name of each source,
 * and a mixin's names are read once per pool, not once per consumption that includes it (issue
 * #8: validation of a slice with many distinct include lists). Only a pair that lacks a counter
 * is walked in name order, for the first missing one.
 *
 * <p>One instance per pool validation; not thread-safe.
 */
public final class ConsumptionCheck {
  /* Remembered for a pair that lacks nothing; counter names are compared, never this object. */
  private static final Object NOTHING_MISSING = new Object();

  private final Map<Pair, Object> results = new HashMap<>();
  private final Numbers numbers = new Numbers();
  private final Map<CounterEntries, int[]> sourceNumbers = new IdentityHashMap<>();
  private final Map<String[], long[]> setBits = new IdentityHashMap<>();

  /**
   * {@return the first counter of {@code consumption}, in its iteration order, that {@code set}
   * lacks, or null when the set has all of them}
   */
  public @Nullable String firstMissing(ResolvedCounters consumption, ResolvedCounters set) {
    if (!(consumption instanceof LazyCounters c) || !(set instanceof LazyCounters s)) {
      return consumption.firstMissingIn(set);
    }
    Pair key = new Pair(c, s);
    Object known = results.get(key);
    if (known == null) {
      String missing = lacksNothing(c, s) ? null : c.firstMissingIn(s);
      results.put(key, missing == null ? NOTHING_MISSING : missing);
      return missing;
    }
    return known == NOTHING_MISSING ? null : (String) known;
  }

  /** {@return how many distinct pairs were checked} */
  int distinctPairs() {
    return results.size();
  }

  /*
   * Whether the set has every name of every source of the consumption: the effective names are
   * the union of the sources' names, whichever source wins each. False also when the set keeps
   * no names in order (includes over the index limit): the walk then decides.
   */
  private boolean lacksNothing(LazyCounters consumption, LazyCounters set) {
    String[] names = set.names();
    if (names == null) {
      return false;
    }
    long[] bits = setBits.computeIfAbsent(names, this::bitsOf);
    CounterEntries own = consumption.source(0);
    for (int k = 0; k < own.size(); k++) {
      if (!has(bits, numbers.number(own.name(k)))) {
        return false;
      }
    }
    for (int i = 1; i < consumption.sourceCount(); i++) {
      CounterEntries source = consumption.source(i);
      if (source.size() == 0) {
        continue;
      }
      for (int n : sourceNumbers.computeIfAbsent(source, this::numbersOf)) {
        if (!has(bits, n)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean has(long[] bits, int n) {
    return n >>> 6 < bits.length && (bits[n >>> 6] & 1L << n) != 0;
  }

  private long[] bitsOf(String[] names) {
    int[] ns = new int[names.length];
    int max = -1;
    for (int i = 0; i < names.length; i++) {
      ns[i] = numbers.number(names[i]);
      max = Math.max(max, ns[i]);
    }
    long[] bits = new long[max < 0 ? 0 : (max >>> 6) + 1];
    for (int n : ns) {
      bits[n >>> 6] |= 1L << n;
    }
    return bits;
  }

  private int[] numbersOf(CounterEntries source) {
    int[] ns = new int[source.size()];
    for (int i = 0; i < ns.length; i++) {
      ns[i] = numbers.number(source.name(i));
    }
    return ns;
  }

  /* The pool's counter names, numbered in the order first seen: open addressing, no boxing. */
  private static final class Numbers {
    private String[] keys = new String[64];
    private int[] values = new int[64];
    private int size;

    int number(String name) {
      int mask = keys.length - 1;
      int h = name.hashCode();
      for (int i = (h ^ (h >>> 16)) & mask; ; i = (i + 1) & mask) {
        String known = keys[i];
        if (known == null) {
          keys[i] = name;
          values[i] = size;
          if (2 * ++size > keys.length) {
            grow();
          }
          return size - 1;
        }
        if (known == name || known.equals(name)) {
          return values[i];
        }
      }
    }

    private void grow() {
      String[] oldKeys = keys;
      int[] oldValues = values;
      keys = new String[oldKeys.length * 2];
      values = new int[oldKeys.length * 2];
      int mask = keys.length - 1;
      for (int j = 0; j < oldKeys.length; j++) {
        if (oldKeys[j] != null) {
          int h = oldKeys[j].hashCode();
          int i = (h ^ (h >>> 16)) & mask;
          while (keys[i] != null) {
            i = (i + 1) & mask;
          }
          keys[i] = oldKeys[j];
          values[i] = oldValues[j];
        }
      }
    }
  }

  /* A consumption and a counter set, equal to another pair of the same shapes. */
  private static final class Pair {
    private final LazyCounters consumption;
    private final LazyCounters set;
    private final int hash;

    Pair(LazyCounters consumption, LazyCounters set) {
      this.consumption = consumption;
      this.set = set;
      this.hash = 31 * consumption.shapeHash() + set.shapeHash();
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Pair p && p.consumption.sameShape(consumption) && p.set.sameShape(set);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
