package io.github.dra4j.core.internal.mixin;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/*
 * Where each effective entry of one device (attributes or capacities) or counter object
 * lives, computed once at resolution: the winning entries' names in (domain, id) order, each
 * with the source that wins it and its position there (source << 16 | position). Names are
 * the sources' own String objects and values stay in the sources, so nothing is copied or
 * flattened; a lookup is one binary search, as on a device without mixins, and iteration an
 * index loop without shadowing checks.
 *
 * Sources are in precedence order: the object's own entries first, then its includes from
 * last to first.
 */
final class EffectiveIndex {
  /** Objects with more effective entries than this get no index (their pool is invalid anyway). */
  static final int MAX_ENTRIES = 64;

  private final String[] domains;
  private final String[] ids;
  private final int[] locations;

  private EffectiveIndex(String[] domains, String[] ids, int[] locations) {
    this.domains = domains;
    this.ids = ids;
    this.locations = locations;
  }

  int size() {
    return ids.length;
  }

  String domain(int k) {
    return domains[k];
  }

  String id(int k) {
    return ids[k];
  }

  int source(int k) {
    return locations[k] >>> 16;
  }

  int position(int k) {
    return locations[k] & 0xFFFF;
  }

  /** {@return the index of (domain, id), or -1} */
  int indexOf(String domain, String id) {
    int lo = 0;
    int hi = ids.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = domains[mid].compareTo(domain);
      if (c == 0) {
        c = ids[mid].compareTo(id);
      }
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /** {@return the index of a counter name, or -1} */
  int indexOf(String name) {
    return Math.max(-1, Arrays.binarySearch(ids, name));
  }

  /**
   * Builds indexes for the objects of one slice. Reuses a stamp per name and a scratch array,
   * so an object costs one pass over its sources' entries plus a sort of its effective entries.
   */
  static final class Builder {
    private final int[] stamps;
    private int mark;
    private long[] scratch = new long[64];
    /** How many effective entries the last {@code build} found (also when it built no index). */
    private int lastCount;

    Builder(NameTable names) {
      this.stamps = new int[names.size()];
    }

    int lastCount() {
      return lastCount;
    }

    /**
     * Returns the index of attribute or capacity sources, or null when there are more than
     * {@link #MAX_ENTRIES} effective entries or sources; {@link #lastCount} is exact either way.
     */
    @Nullable EffectiveIndex build(Entries<?>[] sources) {
      int candidates = 0;
      for (Entries<?> s : sources) {
        candidates += s.size();
      }
      begin(candidates);
      int n = 0;
      for (int src = 0; src < sources.length; src++) {
        int[] ranks = sources[src].ranks();
        n = collect(ranks, src, n);
      }
      lastCount = n;
      if (n > MAX_ENTRIES || sources.length > 0x7FFF) {
        return null;
      }
      Arrays.sort(scratch, 0, n);
      String[] d = new String[n];
      String[] i = new String[n];
      int[] loc = new int[n];
      for (int k = 0; k < n; k++) {
        int l = (int) scratch[k];
        Entries<?> s = sources[l >>> 16];
        d[k] = s.domain(l & 0xFFFF);
        i[k] = s.id(l & 0xFFFF);
        loc[k] = l;
      }
      return new EffectiveIndex(d, i, loc);
    }

    /** As {@link #build(Entries[])}, for counters. */
    @Nullable EffectiveIndex build(CounterEntries[] sources) {
      int candidates = 0;
      for (CounterEntries s : sources) {
        candidates += s.size();
      }
      begin(candidates);
      int n = 0;
      for (int src = 0; src < sources.length; src++) {
        n = collect(sources[src].ranks(), src, n);
      }
      lastCount = n;
      if (n > MAX_ENTRIES || sources.length > 0x7FFF) {
        return null;
      }
      Arrays.sort(scratch, 0, n);
      String[] names = new String[n];
      int[] loc = new int[n];
      for (int k = 0; k < n; k++) {
        int l = (int) scratch[k];
        names[k] = sources[l >>> 16].name(l & 0xFFFF);
        loc[k] = l;
      }
      return new EffectiveIndex(names, names, loc);
    }

    private void begin(int candidates) {
      if (scratch.length < candidates) {
        scratch = new long[Math.max(candidates, scratch.length * 2)];
      }
      mark++;
    }

    /* The first source (in precedence order) that sets a name wins it. */
    private int collect(int[] ranks, int src, int n) {
      for (int pos = 0; pos < ranks.length; pos++) {
        int r = ranks[pos];
        if (stamps[r] != mark) {
          stamps[r] = mark;
          scratch[n++] = ((long) r << 32) | ((long) src << 16) | pos;
        }
      }
      return n;
    }
  }
}
