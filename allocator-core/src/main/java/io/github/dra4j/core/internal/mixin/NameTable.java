package io.github.dra4j.core.internal.mixin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * Numbers the distinct names of one slice, (domain, id) for attributes and capacities or
 * ("", name) for counters, in the order Entries and CounterEntries sort them. With every name
 * a small int, the effective entries of a device or counter object are found by one pass over
 * its sources with a stamp per name, and sorted as ints (EffectiveIndex.Builder), instead of a
 * binary search per mixin entry. Used during resolution only.
 */
final class NameTable {
  private final Map<String, Map<String, Integer>> numbers = new HashMap<>();
  private final List<String> domains = new ArrayList<>();
  private final List<String> ids = new ArrayList<>();
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
    @Nullable String lastDomain = null;
    @Nullable Map<String, Integer> byId = null;
    for (int k = 0; k < result.length; k++) {
      String domain = entryDomains == null ? "" : entryDomains[k];
      String id = entryIds[k];
      // Entries are sorted by domain, so the domain rarely changes within one call.
      if (byId == null || !domain.equals(lastDomain)) {
        byId = numbers.computeIfAbsent(domain, d -> new HashMap<>());
        lastDomain = domain;
      }
      Integer n = byId.get(id);
      if (n == null) {
        n = ids.size();
        byId.put(id, n);
        domains.add(domain);
        ids.add(id);
      }
      result[k] = n;
    }
    pending.add(result);
    return result;
  }

  /** {@return how many distinct names were numbered} */
  int size() {
    return ids.size();
  }

  /** Replaces every number handed out by the rank of its name in (domain, id) order. */
  void finish() {
    finished = true;
    int n = ids.size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> {
      int c = domains.get(a).compareTo(domains.get(b));
      return c != 0 ? c : ids.get(a).compareTo(ids.get(b));
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
