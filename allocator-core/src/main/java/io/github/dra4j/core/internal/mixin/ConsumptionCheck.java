package io.github.dra4j.core.internal.mixin;

import java.util.HashMap;
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
 * <p>One instance per pool validation; not thread-safe.
 */
public final class ConsumptionCheck {
  /* Remembered for a pair that lacks nothing; counter names are compared, never this object. */
  private static final Object NOTHING_MISSING = new Object();

  private final Map<Pair, Object> results = new HashMap<>();

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
      String missing = c.firstMissingIn(s);
      results.put(key, missing == null ? NOTHING_MISSING : missing);
      return missing;
    }
    return known == NOTHING_MISSING ? null : (String) known;
  }

  /** {@return how many distinct pairs were checked} */
  int distinctPairs() {
    return results.size();
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
