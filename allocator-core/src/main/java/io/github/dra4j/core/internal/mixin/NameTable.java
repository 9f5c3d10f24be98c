package io.github.dra4j.core.internal.mixin;

import java.util.ArrayList;
import java.util.List;

/*
 * Numbers the distinct (domain, id) names of one slice's attributes and capacities, in the order
 * Entries sorts them. With every name a small int, the effective entries of a device are found
 * by one pass over its sources (EffectiveIndex.Builder) instead of a binary search per mixin
 * entry. Counters need no numbers: their include lists are short and merged by name
 * (EffectiveIndex.ofCounters). Used during resolution only. An open-addressing table of strings and ints: resolution numbers every
 * entry of a slice with includes, so boxing and map nodes would be most of its cost.
 */
final class NameTable {
  private String[] domains = new String[64];
  private String[] ids = new String[64];
  private int[] numbers = new int[64];
  private final List<String> domainsByNumber = new ArrayList<>();
  private final List<String> idsByNumber = new ArrayList<>();
  private final List<int[]> pending = new ArrayList<>();
  private final List<Entries<?>> numbered = new ArrayList<>();
  private boolean finished;

  /**
   * Numbers the given names; {@link #finish} rewrites the returned array in place to ranks in
   * (domain, id) order.
   */
  int[] number(Entries<?> owner, String[] entryDomains, String[] entryIds) {
    if (finished) {
      throw new IllegalStateException("name table already finished");
    }
    int[] result = new int[entryIds.length];
    for (int k = 0; k < result.length; k++) {
      result[k] = number(entryDomains[k], entryIds[k]);
    }
    pending.add(result);
    numbered.add(owner);
    return result;
  }

  @SuppressWarnings("ReferenceEquality") // the same String first: names are mostly shared objects
  private int number(String domain, String id) {
    int mask = ids.length - 1;
    int h = domain.hashCode() * 31 + id.hashCode();
    for (int i = (h ^ (h >>> 16)) & mask; ; i = (i + 1) & mask) {
      String known = ids[i];
      if (known == null) {
        int n = idsByNumber.size();
        domains[i] = domain;
        ids[i] = id;
        numbers[i] = n;
        domainsByNumber.add(domain);
        idsByNumber.add(id);
        if (2 * (n + 1) > ids.length) {
          grow();
        }
        return n;
      }
      if ((known == id || known.equals(id)) && (domains[i] == domain || domains[i].equals(domain))) {
        return numbers[i];
      }
    }
  }

  private void grow() {
    String[] oldDomains = domains;
    String[] oldIds = ids;
    int[] oldNumbers = numbers;
    domains = new String[oldIds.length * 2];
    ids = new String[oldIds.length * 2];
    numbers = new int[oldIds.length * 2];
    int mask = ids.length - 1;
    for (int j = 0; j < oldIds.length; j++) {
      if (oldIds[j] != null) {
        int h = oldDomains[j].hashCode() * 31 + oldIds[j].hashCode();
        int i = (h ^ (h >>> 16)) & mask;
        while (ids[i] != null) {
          i = (i + 1) & mask;
        }
        domains[i] = oldDomains[j];
        ids[i] = oldIds[j];
        numbers[i] = oldNumbers[j];
      }
    }
  }

  /** Drops the ranks from every numbered entries object once the indexes are built. */
  void release() {
    for (Entries<?> e : numbered) {
      e.releaseRanks();
    }
    numbered.clear();
  }

  /** {@return how many distinct names were numbered} */
  int size() {
    return idsByNumber.size();
  }

  /** Replaces every number handed out by the rank of its name in (domain, id) order. */
  void finish() {
    finished = true;
    int n = idsByNumber.size();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    sort(order, new int[n], 0, n);
    int[] rank = new int[n];
    for (int r = 0; r < n; r++) {
      rank[order[r]] = r;
    }
    for (int[] numbered : pending) {
      for (int k = 0; k < numbered.length; k++) {
        numbered[k] = rank[numbered[k]];
      }
    }
    pending.clear();
  }

  /* Merge sort of numbers by name, on ints: no boxing, no comparator object. */
  private void sort(int[] a, int[] scratch, int from, int to) {
    if (to - from < 2) {
      return;
    }
    int mid = (from + to) >>> 1;
    sort(a, scratch, from, mid);
    sort(a, scratch, mid, to);
    if (compare(a[mid - 1], a[mid]) <= 0) {
      return;
    }
    System.arraycopy(a, from, scratch, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      a[k] = j == to || (i < mid && compare(scratch[i], scratch[j]) <= 0) ? scratch[i++] : scratch[j++];
    }
  }

  @SuppressWarnings("ReferenceEquality") // the same String first: domains are mostly shared objects
  private int compare(int a, int b) {
    String da = domainsByNumber.get(a);
    String db = domainsByNumber.get(b);
    int c = da == db ? 0 : da.compareTo(db);
    return c != 0 ? c : idsByNumber.get(a).compareTo(idsByNumber.get(b));
  }
}
