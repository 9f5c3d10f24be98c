package io.github.dra4j.core.internal.mixin;

import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * Where each effective entry of one device (attributes or capacities) or of one include list
 * of counters lives, computed once at resolution: the winning entries' names in (domain, id)
 * order, each with the source that wins it and its position there (source << 16 | position).
 * Names are the sources' own String objects and values stay in the sources, so nothing is
 * copied or flattened; a lookup is one binary search, as on a device without mixins, and
 * iteration an index loop without shadowing checks.
 *
 * Sources are in precedence order: the object's own entries first, then its includes from
 * last to first. The index of an include list alone (Shared) is built once per slice and used
 * by every object with that list: devices merge their own entries into it, counter views keep
 * theirs apart (LazyCounters).
 */
final class EffectiveIndex {
  /** Objects with more effective entries than this get no index (their pool is invalid anyway). */
  static final int MAX_ENTRIES = 64;

  /* The domain of every entry when they share one (the usual case, and counters), else null. */
  private final @Nullable String commonDomain;
  private final String @Nullable [] domains;
  private final String[] ids;
  private final int[] locations;

  private EffectiveIndex(@Nullable String commonDomain, String @Nullable [] domains, String[] ids, int[] locations) {
    this.commonDomain = commonDomain;
    this.domains = domains;
    this.ids = ids;
    this.locations = locations;
  }

  private static EffectiveIndex of(String[] domains, String[] ids, int[] locations) {
    String common = ids.length == 0 ? "" : domains[0];
    for (String d : domains) {
      if (!d.equals(common)) {
        return new EffectiveIndex(null, domains, ids, locations);
      }
    }
    return new EffectiveIndex(common, null, ids, locations);
  }

  int size() {
    return ids.length;
  }

  String domain(int k) {
    String[] d = domains;
    return d == null ? Objects.requireNonNull(commonDomain) : d[k]; // of() sets one of the two
  }

  /** {@return the ids in (domain, id) order; not to be modified} */
  String[] ids() {
    return ids;
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
    String[] d = domains;
    if (d == null) {
      return domain.equals(commonDomain) ? indexOf(id) : -1;
    }
    return Entries.indexOf(d, ids, domain, id);
  }

  /** {@return the index of a counter name, or -1} */
  int indexOf(String name) {
    return Math.max(-1, Arrays.binarySearch(ids, name));
  }

  /**
   * Returns the index of counter sources, or null when they have more than {@link #MAX_ENTRIES}
   * effective counters or too many sources. Every source is sorted by name (CounterEntries), so
   * one merge walk over their heads yields the effective counters in name order, the first
   * source in precedence order that has a name winning it. Counter include lists are short (at
   * most 8 mixins, usually 2 or 3), so this takes a few comparisons per counter and needs no
   * slice-wide numbering of counter names, which cost more than the merge for the few lists a
   * slice has.
   */
  static @Nullable EffectiveIndex ofCounters(CounterEntries[] sources) {
    int k = sources.length;
    if (k > 0x7FFF) {
      return null;
    }
    int total = 0;
    for (CounterEntries s : sources) {
      total += s.size();
    }
    int[] heads = new int[k];
    String[] names = new String[Math.min(total, MAX_ENTRIES)];
    int[] locations = new int[names.length];
    int count = 0;
    while (true) {
      String min = null;
      int winner = -1;
      for (int s = 0; s < k; s++) {
        if (heads[s] < sources[s].size()) {
          String name = sources[s].name(heads[s]);
          if (min == null || name.compareTo(min) < 0) {
            min = name;
            winner = s;
          }
        }
      }
      if (winner < 0) {
        break;
      }
      if (count == names.length || heads[winner] > 0xFFFF) {
        return null;
      }
      names[count] = min;
      locations[count++] = (winner << 16) | heads[winner];
      // Sources before the winner have no such name; later ones that have it are shadowed.
      for (int s = winner; s < k; s++) {
        if (heads[s] < sources[s].size() && sources[s].name(heads[s]).equals(min)) {
          heads[s]++;
        }
      }
    }
    return count == names.length
        ? new EffectiveIndex("", null, names, locations)
        : new EffectiveIndex("", null, Arrays.copyOf(names, count), Arrays.copyOf(locations, count));
  }

  /**
   * The index of one include list alone, shared at resolution by every object with that list
   * (devices and consumptions usually come in groups that include the same mixins). Its
   * locations count the owner's own entries as source 0, which it leaves empty, so the index
   * fits every owner whose sources are its own entries followed by these includes; each owner
   * then only merges its own entries in ({@link Builder#merge}). The ranks stay with the
   * resolution, never with the views.
   *
   * @param index the index, or null when the includes alone are over {@link #MAX_ENTRIES}
   * @param ranks the name ranks of the index's entries, ascending
   * @param count how many effective entries the includes have
   */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  record Shared(@Nullable EffectiveIndex index, int[] ranks, int count) {}

  /**
   * Builds indexes for the objects of one slice. A bit per name marks the names already won
   * while the sources are read in precedence order, and reading the bits back in rank order
   * yields the effective entries sorted, so an include list costs one pass over its sources'
   * entries plus a scan of the bit words its names span; nothing is compared or sorted. An
   * object's own entries are merged into the shared index of its include list by rank.
   */
  static final class Builder {
    private final long[] seen;
    private final int[] locations;
    private int[] sorted = new int[64];
    private int[] sortedRanks = new int[64];
    private int count;
    private int minRank;
    private int maxRank;

    Builder(NameTable names) {
      this.seen = new long[(names.size() + 63) >>> 6];
      this.locations = new int[names.size()];
    }

    /** {@return how many effective entries the last {@code build} or {@code merge} found, also when it built no index} */
    int lastCount() {
      return count;
    }

    /**
     * Returns the index of attribute or capacity sources, or null when there are more than
     * {@link #MAX_ENTRIES} effective entries or too many sources; {@link #lastCount} is exact
     * either way.
     */
    @Nullable EffectiveIndex build(Entries<?>[] sources) {
      begin();
      for (int src = 0; src < sources.length; src++) {
        collect(sources[src].ranks(), src);
      }
      return finish(sources.length) ? entriesIndex(sources) : null;
    }

    /** {@return the shared index of {@code sources} without source 0, which must be empty} */
    Shared share(Entries<?>[] sources) {
      EffectiveIndex index = build(sources);
      return new Shared(index, index == null ? new int[0] : Arrays.copyOf(sortedRanks, count), count);
    }

    /**
     * Returns the index of {@code sources}: its own entries (source 0) merged into the shared
     * index of its includes (the other sources), the own entry winning a name both have. An
     * object without own entries gets the shared index itself. Same contract as {@link
     * #build(Entries[])}.
     */
    @Nullable EffectiveIndex merge(Entries<?>[] sources, Shared shared) {
      EffectiveIndex index = shared.index();
      if (index == null) {
        return build(sources);
      }
      Entries<?> own = sources[0];
      if (own.size() == 0) {
        count = shared.count();
        return index;
      }
      // Both rank lists ascend; count first, so that the arrays are allocated at their size.
      int[] mine = own.ranks();
      int[] theirs = shared.ranks();
      int m = mine.length;
      int n = theirs.length;
      int i = 0;
      int j = 0;
      int k = 0;
      while (i < m && j < n) {
        int c = Integer.compare(mine[i], theirs[j]);
        i += c <= 0 ? 1 : 0;
        j += c >= 0 ? 1 : 0;
        k++;
      }
      count = k + (m - i) + (n - j);
      if (count > MAX_ENTRIES) {
        return null;
      }
      String common = n > 0 ? index.commonDomain : own.domain(0);
      for (int o = 0; o < m && common != null; o++) {
        common = own.domain(o).equals(common) ? common : null;
      }
      String[] d = common == null ? new String[count] : null;
      String[] ids = new String[count];
      int[] loc = new int[count];
      i = 0;
      j = 0;
      for (int o = 0; o < count; o++) {
        if (j == n || (i < m && mine[i] <= theirs[j])) {
          j += j < n && mine[i] == theirs[j] ? 1 : 0;
          if (d != null) {
            d[o] = own.domain(i);
          }
          ids[o] = own.id(i);
          loc[o] = i++;
        } else {
          if (d != null) {
            d[o] = index.domain(j);
          }
          ids[o] = index.ids[j];
          loc[o] = index.locations[j++];
        }
      }
      return new EffectiveIndex(common, d, ids, loc);
    }

    private EffectiveIndex entriesIndex(Entries<?>[] sources) {
      String[] d = new String[count];
      String[] i = new String[count];
      int[] loc = new int[count];
      for (int k = 0; k < count; k++) {
        int l = sorted[k];
        Entries<?> s = sources[l >>> 16];
        d[k] = s.domain(l & 0xFFFF);
        i[k] = s.id(l & 0xFFFF);
        loc[k] = l;
      }
      return of(d, i, loc);
    }

    private void begin() {
      count = 0;
      minRank = Integer.MAX_VALUE;
      maxRank = -1;
    }

    /* The first source (in precedence order) that sets a name wins it. */
    private void collect(int[] ranks, int src) {
      for (int pos = 0; pos < ranks.length; pos++) {
        int r = ranks[pos];
        long bit = 1L << r;
        if ((seen[r >>> 6] & bit) == 0) {
          seen[r >>> 6] |= bit;
          locations[r] = (src << 16) | pos;
          minRank = Math.min(minRank, r);
          maxRank = Math.max(maxRank, r);
          count++;
        }
      }
    }

    /* Reads the won names back in rank order and clears the bits; false: no index. */
    private boolean finish(int sources) {
      if (count == 0) {
        return true;
      }
      boolean indexed = count <= MAX_ENTRIES && sources <= 0x7FFF;
      if (indexed && sorted.length < count) {
        sorted = new int[count];
      }
      if (indexed && sortedRanks.length < count) {
        sortedRanks = new int[count];
      }
      int k = 0;
      for (int w = minRank >>> 6; w <= maxRank >>> 6; w++) {
        long word = seen[w];
        seen[w] = 0;
        while (indexed && word != 0) {
          int r = (w << 6) + Long.numberOfTrailingZeros(word);
          sortedRanks[k] = r;
          sorted[k++] = locations[r];
          word &= word - 1;
        }
      }
      return indexed;
    }
  }
}
