package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Quantity;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/*
 * Counters of a counter set or of one consumption entry. Sources are in precedence order: own
 * counters, then the included mixins from last to first. Nothing is merged per object: with
 * includes, the EffectiveIndex of the include list (CounterIncludes, shared by every object
 * with the same list) says which include wins each counter name, and the own counters, sorted
 * by name, shadow it. A lookup is two binary searches; iteration, in name order as for an
 * object without mixins, is one merge walk of the two. The allocator only iterates counters
 * (into its per-pool ledger, and to validate consumptions once), so no object pays for an index
 * of its own (resolution cost per object). Without a shared index (includes over
 * EffectiveIndex.MAX_ENTRIES) lookups search the sources in order and iteration skips shadowed
 * counters.
 */
class LazyCounters implements ResolvedCounters {
  private final String counterSet;
  private final CounterEntries own;
  private final CounterIncludes includes;
  /* includes.sources(): source 0 stands for the own counters (it is not read). */
  private final CounterEntries[] sources;
  /* The effective names in order, kept for counter sets only; null otherwise. */
  private final String @Nullable [] names;

  /**
   * @param own the object's own counters
   * @param includes the resolved include list, shared by every object with the same list
   */
  LazyCounters(String counterSet, CounterEntries own, CounterIncludes includes) {
    this(counterSet, own, includes, false);
  }

  /**
   * @param keepNames whether to keep the effective names in order, for an object that others
   *     are checked against ({@link #firstMissingIn}): a counter set
   */
  LazyCounters(String counterSet, CounterEntries own, CounterIncludes includes, boolean keepNames) {
    this.counterSet = counterSet;
    this.own = own;
    this.includes = includes;
    this.sources = includes.sources();
    this.names = keepNames && sorted() ? mergedNames() : null;
  }

  private String[] mergedNames() {
    EffectiveIndex idx = includes.index();
    String[] result = new String[own.size() + (idx == null ? 0 : idx.size())];
    int[] n = new int[1];
    forEachCounter((name, q) -> result[n[0]++] = name);
    return n[0] == result.length ? result : Arrays.copyOf(result, n[0]);
  }

  @Override
  public final String counterSet() {
    return counterSet;
  }

  @Override
  public final @Nullable Quantity counter(String name) {
    Quantity q = own.get(name);
    if (q != null || sources.length == 1) {
      return q;
    }
    EffectiveIndex idx = includes.index();
    if (idx != null) {
      int k = idx.indexOf(name);
      return k < 0 ? null : value(idx, k);
    }
    for (int i = 1; i < sources.length; i++) {
      q = sources[i].get(name);
      if (q != null) {
        return q;
      }
    }
    return null;
  }

  @Override
  public final void forEachCounter(BiConsumer<String, Quantity> action) {
    EffectiveIndex idx = includes.index();
    if (idx != null || sources.length == 1) {
      int m = own.size();
      int n = idx == null ? 0 : idx.size();
      int i = 0;
      int j = 0;
      while (i < m || j < n) { // j < n only when idx is set
        int c = i == m ? 1 : j == n ? -1 : own.name(i).compareTo(Objects.requireNonNull(idx).id(j));
        if (c <= 0) {
          action.accept(own.name(i), own.value(i));
          i++;
          j += c == 0 ? 1 : 0;
        } else {
          action.accept(Objects.requireNonNull(idx).id(j), value(idx, j));
          j++;
        }
      }
      return;
    }
    for (int i = 0; i < sources.length; i++) {
      CounterEntries layer = i == 0 ? own : sources[i];
      for (int k = 0; k < layer.size(); k++) {
        if (i == 0 || !shadowed(layer.name(k), i)) {
          action.accept(layer.name(k), layer.value(k));
        }
      }
    }
  }

  /*
   * Against a counter set, whose names are kept in order, a walk per source: a name is missing
   * from the set whichever source sets it, so the smallest first miss of the sources is the
   * first miss of the merged names, and no index is needed. Otherwise, with both sides in name
   * order (a shared index or no includes), one merge walk over the names of both; else a lookup
   * per counter.
   */
  @Override
  public final @Nullable String firstMissingIn(ResolvedCounters set) {
    if (!(set instanceof LazyCounters other)) {
      return ResolvedCounters.super.firstMissingIn(set);
    }
    String[] theirs = other.names;
    if (theirs != null && includes.atMost(EffectiveIndex.MAX_ENTRIES)) {
      String missing = firstMissing(own.names(), theirs);
      for (int s = 1; s < sources.length; s++) {
        String m = firstMissing(sources[s].names(), theirs);
        if (m != null && (missing == null || m.compareTo(missing) < 0)) {
          missing = m;
        }
      }
      return missing;
    }
    if (!sorted() || !other.sorted()) {
      return ResolvedCounters.super.firstMissingIn(set);
    }
    CounterEntries a = own;
    EffectiveIndex ai = includes.index();
    int am = a.size();
    int an = ai == null ? 0 : ai.size();
    CounterEntries b = other.own;
    EffectiveIndex bi = other.includes.index();
    int bm = b.size();
    int bn = bi == null ? 0 : bi.size();
    int i = 0;
    int j = 0;
    int p = 0;
    int q = 0;
    while (i < am || j < an) { // j < an only when ai is set, q < bn only when bi is
      // The next name of this object: the smaller head, both heads when equal.
      String name;
      int c = i == am ? 1 : j == an ? -1 : a.name(i).compareTo(Objects.requireNonNull(ai).id(j));
      if (c <= 0) {
        name = a.name(i++);
        j += c == 0 ? 1 : 0;
      } else {
        name = Objects.requireNonNull(ai).id(j++);
      }
      // Skip the other object's names below it; it must have this one.
      boolean found = false;
      while (!found && (p < bm || q < bn)) {
        int d = p == bm ? 1 : q == bn ? -1 : b.name(p).compareTo(Objects.requireNonNull(bi).id(q));
        String head = d <= 0 ? b.name(p) : Objects.requireNonNull(bi).id(q);
        int e = head.compareTo(name);
        if (e > 0) {
          break;
        }
        found = e == 0;
        if (d <= 0) {
          p++;
          q += d == 0 ? 1 : 0;
        } else {
          q++;
        }
      }
      if (!found) {
        return name;
      }
    }
    return null;
  }

  /** The first of the sorted names of {@code mine} absent from the sorted {@code theirs}. */
  private static @Nullable String firstMissing(String[] mine, String[] theirs) {
    int j = 0;
    for (String name : mine) {
      int c = -1;
      while (j < theirs.length && (c = theirs[j].compareTo(name)) < 0) {
        j++;
      }
      if (c != 0) {
        return name;
      }
    }
    return null;
  }

  /** {@return the own counters, which shadow every include} */
  final CounterEntries own() {
    return own;
  }

  /** {@return whether the counters include any mixin} */
  final boolean hasIncludes() {
    return sources.length > 1;
  }

  /** {@return the resolved include list, shared by every view with the same list} */
  final CounterIncludes includes() {
    return includes;
  }

  /** {@return the effective names in order, kept for a counter set in name order; null otherwise} */
  final String @Nullable [] names() {
    return names;
  }

  /*
   * Whether another view has the same effective counters, in the same order, because it has the
   * same own counters object and the same resolved include list (CounterIncludes): views that
   * repeat an include list without own counters, or a counter set's definition. Identity only,
   * so it costs nothing and never compares counters.
   */
  final boolean sameShape(LazyCounters other) {
    return own == other.own && includes == other.includes;
  }

  /** {@return a hash consistent with {@link #sameShape}} */
  final int shapeHash() {
    return 31 * System.identityHashCode(own) + System.identityHashCode(includes);
  }

  /** {@return whether the effective counters can be walked in name order} */
  private boolean sorted() {
    return sources.length == 1 || includes.index() != null;
  }

  private Quantity value(EffectiveIndex idx, int k) {
    return sources[idx.source(k)].value(idx.position(k));
  }

  /** {@return whether a source with higher precedence than source {@code i} sets {@code name}} */
  private boolean shadowed(String name, int i) {
    for (int j = 0; j < i; j++) {
      if ((j == 0 ? own : sources[j]).contains(name)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "ResolvedCounters[" + counterSet + "]";
  }
}
