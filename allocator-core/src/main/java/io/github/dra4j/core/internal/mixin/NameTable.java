package io.github.dra4j.core.internal.mixin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * Numbers the distinct names of one slice, (domain, id) for attributes and capacities or
 * ("", name) for counters, in the order Entries and CounterEntries sort them. With every name
 * a small int, the effective entries of a device or counter object are found by one pass over
 * its sources (EffectiveIndex.Builder) instead of a binary search per mixin entry. Used during
 * resolution only. An open-addressing table of strings and ints: resolution numbers every
 * entry of a slice with includes, so boxing and map nodes would be most of its cost.
 */
final class NameTable {
  private String[] domains = new String[64];
  private String[] ids = new String[64];
  private int[] numbers = new int[64];
  private final List<String> domainsByNumber = new ArrayList<>();
  private final List<String> idsByNumber = new ArrayList<>();
  private final List<int[]> pending = new ArrayList<>();
  private boolean finished;

  /**
   * Numbers the given names; {@link #finish} rewrites the returned array in place to ranks in
   * (domain, id) order. Counter names have no domains (null).
   */
  int[] number(String @Nullable [] entryDomains, String[] entryIds) {
    if (finished) {
      throw new IllegalStateException("name table already finished");
    }
    int[] result = new int[entryIds.length];
    for (int k = 0; k < result.length; k++) {
      result[k] = number(entryDomains == null ? "" : entryDomains[k], entryIds[k]);
    }
    pending.add(result);
    return result;
  }

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

  /** {@return how many distinct names were numbered} */
  int size() {
    return idsByNumber.size();
  }

  /** Replaces every number handed out by the rank of its name in (domain, id) order. */
  void finish() {
    finished = true;
    int n = idsByNumber.size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> {
      int c = domainsByNumber.get(a).compareTo(domainsByNumber.get(b));
      return c != 0 ? c : idsByNumber.get(a).compareTo(idsByNumber.get(b));
    });
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
}
