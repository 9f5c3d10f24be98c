package io.github.dra4j.core.internal.mixin;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Function;
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
 * the pool's counter names are numbered once, each counter set is a bit set of its names, each
 * included mixin is numbered once however many include lists have it, and each include list
 * joins its mixins' numbers once however many consumptions share it (own counters belong to one
 * consumption and are looked up as they are read). A consumption then costs one lookup for its
 * include list and one bit test per name of each source, and a mixin's names are read once per
 * pool, not once per include list or consumption that includes it (so that a slice with many
 * distinct include lists validates fast). Only a pair that lacks a counter is walked in name
 * order, for the first missing one. Names crafted to share a hash cannot make the numbering
 * quadratic: a probe run longer than {@link Numbers#MAX_PROBES} turns the numbering off for the
 * rest of the pool, and every pair is walked, as without it.
 *
 * <p>One instance per pool validation; not thread-safe.
 */
public final class ConsumptionCheck {
  /* Remembered for a pair that lacks nothing; counter names are compared, never this object. */
  private static final Object NOTHING_MISSING = new Object();

  /**
   * The most consumptions a check is sized for up front: one slice's at the limits, 64 devices
   * with counters of 2 consumptions each (SliceValidation), as in T1 cold's pool. A pool of many
   * slices mostly repeats their profiles, so its distinct pairs and include lists seldom outgrow
   * one slice's, and tables sized for every consumption of a large pool would stay mostly empty;
   * past this the maps grow as they fill.
   */
  public static final int MAX_SIZED_CONSUMPTIONS = 128;

  private final Map<Pair, Object> results;
  private final Numbers numbers = new Numbers();
  /*
   * By include list: the numbers of every name of its mixins, joined from mixinNumbers.
   * Consumptions that share a list share its resolution (CounterIncludes), so one lookup answers
   * all of a consumption's includes, however many it has.
   */
  private final IdentityHashMap<CounterIncludes, int[]> includeNumbers;
  /* By included mixin: the numbers of its names, hashed once however many lists include it. */
  private final IdentityHashMap<CounterEntries, int[]> mixinNumbers = new IdentityHashMap<>();
  private final IdentityHashMap<String[], long[]> setBits = new IdentityHashMap<>();
  /* Bound once, so that looking up a list, a mixin or a set per consumption creates no function object. */
  private final Function<CounterIncludes, int[]> numberIncludes = this::numbersOf;
  private final Function<CounterEntries, int[]> numberMixin = this::numbersOf;
  private final Function<String[], long[]> numberSet = this::bitsOf;
  private int answeredByBits;

  /**
   * A check sized for a pool of {@code consumptions} consumptions, up to {@code
   * MAX_SIZED_CONSUMPTIONS}: a pool has at most as many distinct pairs and include lists as
   * consumptions, so remembering them does not rehash.
   */
  public ConsumptionCheck(int consumptions) {
    int sized = Math.min(consumptions, MAX_SIZED_CONSUMPTIONS);
    results = SizedMaps.newHashMap(sized);
    includeNumbers = new IdentityHashMap<>(sized);
  }

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
      String missing = null;
      if (lacksNothing(c, s)) {
        answeredByBits++;
      } else {
        missing = c.firstMissingIn(s);
      }
      results.put(key, missing == null ? NOTHING_MISSING : missing);
      return missing;
    }
    return known == NOTHING_MISSING ? null : (String) known;
  }

  /** {@return how many distinct pairs were checked} */
  int distinctPairs() {
    return results.size();
  }

  /** {@return how many distinct pairs the bit test answered, without a walk} */
  int answeredByBits() {
    return answeredByBits;
  }

  /*
   * Whether the set has every name of every source of the consumption: the effective names are
   * the union of the sources' names, whichever source wins each. False also when the set keeps
   * no names in order (includes over the index limit): the walk then decides.
   */
  private boolean lacksNothing(LazyCounters consumption, LazyCounters set) {
    String[] names = set.names();
    if (names == null || numbers.saturated) {
      return false;
    }
    long[] bits = setBits.computeIfAbsent(names, numberSet);
    // The set's names are numbered by now, so an own name without a number is not in the set.
    CounterEntries own = consumption.own();
    for (int k = 0; k < own.size(); k++) {
      if (!has(bits, numbers.find(own.name(k)))) {
        return false;
      }
    }
    if (consumption.hasIncludes()) {
      for (int n : includeNumbers.computeIfAbsent(consumption.includes(), numberIncludes)) {
        if (!has(bits, n)) {
          return false;
        }
      }
    }
    // A bit is set only for a name of this set, so this holds even if the numbering just stopped.
    return true;
  }

  /** Whether number {@code n} is set; -1 (no number) never is. */
  private static boolean has(long[] bits, int n) {
    return n >= 0 && n >>> 6 < bits.length && (bits[n >>> 6] & 1L << n) != 0;
  }

  /** {@return whether a probe run over the limit turned the numbering off} */
  boolean saturated() {
    return numbers.saturated;
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
      if (n >= 0) {
        bits[n >>> 6] |= 1L << n;
      }
    }
    return bits;
  }

  /*
   * The numbers of the names of every mixin of the list, mixin by mixin: each mixin's numbers
   * are looked up by identity, so a mixin in many distinct lists is numbered once.
   */
  private int[] numbersOf(CounterIncludes includes) {
    CounterEntries[] sources = includes.sources();
    int[] ns = new int[includes.counterCount()];
    int k = 0;
    for (int i = 1; i < sources.length; i++) { // source 0 stands for the own counters: empty
      if (sources[i].size() > 0) {
        int[] mixin = mixinNumbers.computeIfAbsent(sources[i], numberMixin);
        System.arraycopy(mixin, 0, ns, k, mixin.length);
        k += mixin.length;
      }
    }
    return ns;
  }

  private int[] numbersOf(CounterEntries mixin) {
    int[] ns = new int[mixin.size()];
    for (int i = 0; i < ns.length; i++) {
      ns[i] = numbers.number(mixin.name(i));
    }
    return ns;
  }

  /*
   * The pool's counter names, numbered in the order first seen: open addressing, no boxing. The
   * slot is the top bits of the hash times the golden ratio (Fibonacci hashing), which spreads
   * the consecutive hashes of names such as "c0" to "c9"; taking the low bits would put them in
   * neighbouring slots and let linear probing build long runs. At most half full, honest names
   * probe a few slots; a longer run means names that share a hash, and saturates the table
   * instead of growing quadratic.
   */
  static final class Numbers {
    /** The longest probe run before the numbering is turned off. */
    static final int MAX_PROBES = 32;

    private String[] keys = new String[64];
    private int[] values = new int[64];
    /* 32 - log2(keys.length): the hash bits a slot takes. */
    private int shift = 26;
    private int size;
    boolean saturated;

    /** {@return the number of {@code name}, numbering it if new; -1 once saturated} */
    int number(String name) {
      return probe(name, true);
    }

    /** {@return the number of {@code name}, or -1 when it has none} */
    int find(String name) {
      return probe(name, false);
    }

    @SuppressWarnings("ReferenceEquality") // the same String first: names are mostly shared objects
    private int probe(String name, boolean add) {
      if (saturated) {
        return -1;
      }
      int mask = keys.length - 1;
      int i = slot(name);
      for (int probes = 0; probes < MAX_PROBES; probes++, i = (i + 1) & mask) {
        String known = keys[i];
        if (known == null) {
          if (!add) {
            return -1;
          }
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
      saturated = true;
      return -1;
    }

    private void grow() {
      String[] oldKeys = keys;
      int[] oldValues = values;
      keys = new String[oldKeys.length * 2];
      values = new int[oldKeys.length * 2];
      shift--;
      int mask = keys.length - 1;
      for (int j = 0; j < oldKeys.length; j++) {
        if (oldKeys[j] != null) {
          int i = slot(oldKeys[j]);
          while (keys[i] != null) {
            i = (i + 1) & mask;
          }
          keys[i] = oldKeys[j];
          values[i] = oldValues[j];
        }
      }
    }

    private int slot(String name) {
      return (name.hashCode() * 0x9E3779B9) >>> shift;
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
