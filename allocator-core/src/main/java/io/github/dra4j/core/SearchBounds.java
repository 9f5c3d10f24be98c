package io.github.dra4j.core;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/*
 * Lower bounds on what the rest of a search must still take, against what is left: when a bound
 * exceeds what is left, no completion of the current partial allocation exists, so the subtree
 * holds no solution and the search may return FAILED without looking at it. Which solution is
 * found first cannot change: first-fit backtracking returns the first solution in its order,
 * and only subtrees without one are cut.
 *
 * A bound is over a "resource": a set of units that devices take and never give back during
 * the rest of the search.
 *   - Device families: the devices a request could take (its candidates: selectable, not in use,
 *     gate, taint), deduplicated by set. Each chosen device of a request takes one unit of every
 *     family that holds all its candidates; a dedicated device is gone for every request.
 *   - Counter families: one per counter name over every counter set of the usable pools. A
 *     device of a request takes at least the least that any candidate consumes of counters with
 *     that name; what is left is the sum over counters of what each has left (never below zero).
 * A request contributes its remaining devices times its least use; a request with subrequests the
 * least over them. Requests for admin access, for all devices, or with a candidate that allows
 * multiple allocations contribute nothing: they may take no unit.
 *
 * The bounds only apply when cutting a subtree cannot hide anything but failure: every selector
 * is evaluated for every request and device up front, and any error turns the bounds off (the
 * plain search might meet it); no claim can exceed the result size limit; no request for all
 * devices is covered by a constraint (its check throws). Amounts are longs in units of the
 * largest scale; when an amount or a sum does not fit, the counter families are left out.
 */
final class SearchBounds {
  private static final int MAX_FAMILIES = 256;
  private static final long LIMIT = Long.MAX_VALUE / 4;
  private static final long MIN_PRUNE_AFTER = 1024;
  /** Counter families are looked up by pool index shifted by this, or'ed with the counter number. */
  private static final int POOL_SHIFT = 20;

  private final ClaimPlan plan;
  private final List<Pool> pools;
  /** Global device number of pool pi's device 0 (usable pools only; -1 for the others). */
  private final int[] poolBase;
  /** Per slot in claim/request order: the index of its first RequestData. */
  private final int[][] slotBase;
  private final int[][] slotFlat;
  /** Per family: units in total, units taken so far. */
  private long[] supply;
  private final long[] used;
  /** Per RequestData: least units of each family that one of its devices takes. */
  private final long[][] minUse;
  /** Per flat slot t: the least units the slots from t on take, per family. */
  private final long[][] suffix;
  private final int deviceFamilies;
  /** Per global device: the device families that hold it. */
  private final int[][] familiesOf;
  private final int[] dedicatedCount;
  /** Per global device, computed on first charge: counter family units it takes (index - deviceFamilies). */
  private final long @Nullable [][] counterUse;
  private final List<String> names;
  private final @Nullable Map<Integer, Integer> counterFamilyOf;
  private final int scale;
  /** Set when a charged device gives counter units back: the counter families stop bounding. */
  private boolean countersOff;
  /** Why no allocation exists at all, or null while none of the bounds rules it out. */
  final @Nullable String proof;

  private SearchBounds(ClaimPlan plan, List<Pool> pools, int[] poolBase, int[][] slotBase, int[][] slotFlat,
      long[] supply, long[][] minUse, long[][] suffix, int deviceFamilies, int[][] familiesOf, int devices,
      @Nullable Map<Integer, Integer> counterFamilyOf, int scale, List<String> names) {
    this.plan = plan;
    this.pools = pools;
    this.poolBase = poolBase;
    this.slotBase = slotBase;
    this.slotFlat = slotFlat;
    this.supply = supply;
    this.used = new long[supply.length];
    this.minUse = minUse;
    this.suffix = suffix;
    this.deviceFamilies = deviceFamilies;
    this.familiesOf = familiesOf;
    this.dedicatedCount = new int[devices];
    this.counterUse = counterFamilyOf == null ? null : new long[devices][];
    this.counterFamilyOf = counterFamilyOf;
    this.scale = scale;
    this.names = names;
    this.proof = rootProof();
  }

  /**
   * Steps after which a run makes its bounds, unless told otherwise: more than making them
   * costs (every selector on every device), so that a search that ends sooner never pays for
   * them.
   */
  static long defaultPruneAfter(ClaimPlan plan, List<Pool> pools) {
    long datas = 0;
    for (int c = 0; c < plan.claimCount(); c++) {
      for (RequestSlot slot : plan.slots(c)) {
        datas += slot.data.length;
      }
    }
    long devices = 0;
    for (Pool pool : pools) {
      devices += pool.incomplete || pool.invalid ? 0 : pool.layout().deviceCount;
    }
    return MIN_PRUNE_AFTER + datas * devices;
  }

  /**
   * The bounds of a run in the middle of its search, with the devices chosen so far counted as
   * taken (shares of devices that allow multiple allocations are not, which only leaves the
   * bounds weaker); null when they do not apply (see the class comment) or bound nothing.
   */
  static @Nullable SearchBounds make(ClaimPlan plan, List<Pool> pools, Features features, SelectorMatcher matcher,
      List<List<DeviceResult>> chosen) {
    SearchBounds b = new Builder(plan, pools, features, matcher).build();
    if (b == null) {
      return null;
    }
    for (List<DeviceResult> claimResults : chosen) {
      for (DeviceResult r : claimResults) {
        int pi = -1;
        for (int p = 0; p < pools.size() && pi < 0; p++) {
          pi = b.poolBase[p] >= 0 && pools.get(p).layout() == r.layout() ? p : -1;
        }
        if (pi < 0 || features.consumableCapacity() && r.layout().allowsMultiple(r.local())) {
          continue;
        }
        b.dedicated(pi, r.local());
        if (r.layout().consumesCounters(r.local())) {
          b.charged(pi, r.local(), 1);
        }
      }
    }
    return b;
  }

  /** Makes the bounds: numbers requests and devices, then the families and what each request takes. */
  private static final class Builder {
    final ClaimPlan plan;
    final List<Pool> pools;
    final Features features;
    final SelectorMatcher matcher;
    final List<RequestData> datas = new ArrayList<>();
    int[][] slotBase;
    int[][] slotFlat;
    int flat;
    int[] poolBase;
    int devices;
    BitSet[] candidates;
    /** Per request: takes no unit (admin access, all devices, a device that allows multiple allocations). */
    boolean[] free;
    List<BitSet> families;
    /** Per device family: the first request whose candidates it is. */
    final List<Integer> familyFirst = new ArrayList<>();
    final Map<String, Integer> counterFamilies = new LinkedHashMap<>();
    final Map<Integer, Integer> counterFamilyOf = new HashMap<>();
    final List<BigDecimal> counterSupply = new ArrayList<>();
    final List<TreeSet<String>> counterSets = new ArrayList<>();
    BigDecimal[][] leastCounter;
    int scale;

    Builder(ClaimPlan plan, List<Pool> pools, Features features, SelectorMatcher matcher) {
      this.plan = plan;
      this.pools = pools;
      this.features = features;
      this.matcher = matcher;
    }

    @Nullable SearchBounds build() {
      if (!numberRequests() || !candidates()) {
        return null;
      }
      deviceFamilies();
      int counterFamilyCount = counterFamilies();
      int deviceFamilies = families.size();
      int familyCount = deviceFamilies + counterFamilyCount;
      if (familyCount == 0) {
        return null;
      }
      long[] supply = new long[familyCount];
      List<String> names = new ArrayList<>();
      for (int f = 0; f < deviceFamilies; f++) {
        supply[f] = families.get(f).cardinality();
        RequestData first = datas.get(familyFirst.get(f));
        names.add("devices that claim " + ClaimPlan.claimRef(plan.claim(first.claimIndex)) + ", request "
            + first.requestName() + " can take");
      }
      List<String> counterNames = new ArrayList<>(counterFamilies.keySet());
      for (int f = 0; f < counterFamilyCount; f++) {
        supply[deviceFamilies + f] = units(counterSupply.get(f), scale);
        names.add("counter " + counterNames.get(f) + " " + setsText(counterSets.get(f)));
      }
      long[][] minUse = minUse(familyCount, counterFamilyCount);
      return new SearchBounds(plan, pools, poolBase, slotBase, slotFlat, supply, minUse, suffix(minUse, familyCount),
          deviceFamilies, familiesOfDevices(), devices, counterFamilyCount == 0 ? null : counterFamilyOf, scale, names);
    }

    /** Numbers requests and pool devices; false when a claim rules pruning out. */
    private boolean numberRequests() {
      int claims = plan.claimCount();
      slotBase = new int[claims][];
      slotFlat = new int[claims][];
      for (int c = 0; c < claims; c++) {
        RequestSlot[] slots = plan.slots(c);
        slotBase[c] = new int[slots.length];
        slotFlat[c] = new int[slots.length];
        int maxSize = 0;
        for (int r = 0; r < slots.length; r++) {
          slotBase[c][r] = datas.size();
          slotFlat[c][r] = flat++;
          int most = 0;
          for (RequestData d : slots[r].data) {
            datas.add(d);
            most = Math.max(most, d.numDevices);
            for (boolean constrained : d.allDevices != null ? d.constrainedBy : new boolean[0]) {
              if (constrained) {
                return false; // its constraint check throws instead of failing
              }
            }
          }
          maxSize += most;
        }
        if (maxSize > AllocationRun.ALLOCATION_RESULTS_MAX_SIZE) {
          return false; // MAX_SIZE_EXCEEDED steers the search differently from FAILED
        }
      }
      poolBase = new int[pools.size()];
      for (int pi = 0; pi < pools.size(); pi++) {
        Pool pool = pools.get(pi);
        poolBase[pi] = pool.incomplete || pool.invalid ? -1 : devices;
        devices += poolBase[pi] < 0 ? 0 : pool.layout().deviceCount;
      }
      return true;
    }

    /** Every request's candidates; false when a selector fails on some device. */
    private boolean candidates() {
      int n = datas.size();
      candidates = new BitSet[n];
      free = new boolean[n];
      for (int j = 0; j < n; j++) {
        RequestData data = datas.get(j);
        RequestView request = data.request;
        BitSet set = new BitSet(devices);
        boolean takesNone = request.adminAccess || data.allDevices != null;
        for (int pi = 0; pi < pools.size(); pi++) {
          if (poolBase[pi] < 0) {
            continue;
          }
          PoolLayout layout = pools.get(pi).layout();
          for (int local = 0; local < layout.deviceCount; local++) {
            boolean selectable;
            try {
              selectable = matcher.selectable(data, layout, local);
            } catch (RuntimeException e) {
              return false; // the plain search might meet this error: cut nothing
            }
            if (!selectable || !request.adminAccess && layout.inUse(local)
                || !features.partitionableDevices() && layout.consumesCounters(local)
                || features.deviceTaints() && layout.tainted(local)
                    && Tolerations.untoleratedTaint(layout.devices[local], request) != null) {
              continue;
            }
            takesNone |= features.consumableCapacity() && layout.allowsMultiple(local);
            set.set(poolBase[pi] + local);
          }
        }
        candidates[j] = set;
        free[j] = takesNone;
      }
      return true;
    }

    /** The distinct candidate sets of requests that take units. */
    private void deviceFamilies() {
      Map<BitSet, Integer> index = new LinkedHashMap<>();
      for (int j = 0; j < datas.size() && index.size() < MAX_FAMILIES; j++) {
        if (!free[j] && index.putIfAbsent(candidates[j], index.size()) == null) {
          familyFirst.add(j);
        }
      }
      families = new ArrayList<>(index.keySet());
    }

    /** Counter families by counter name, in units of the largest scale: how many, 0 when none fits. */
    private int counterFamilies() {
      if (!features.partitionableDevices()) {
        return 0;
      }
      for (int pi = 0; pi < pools.size(); pi++) {
        if (poolBase[pi] < 0) {
          continue;
        }
        PoolLayout layout = pools.get(pi).layout();
        BigDecimal[] available = layout.available();
        for (Map.Entry<String, Integer> set : layout.setIndex.entrySet()) {
          for (Map.Entry<String, Integer> counter : layout.counterIndex.get(set.getValue()).entrySet()) {
            Integer f = counterFamilies.putIfAbsent(counter.getKey(), counterFamilies.size());
            if (f == null) {
              f = counterFamilies.size() - 1;
              counterSupply.add(BigDecimal.ZERO);
              counterSets.add(new TreeSet<>());
            }
            int k = counter.getValue();
            counterFamilyOf.put(pi << POOL_SHIFT | k, f);
            counterSupply.set(f, counterSupply.get(f).add(available[k].max(BigDecimal.ZERO)));
            counterSets.get(f).add(set.getKey());
            scale = Math.max(scale, scaleOf(available[k]));
          }
        }
      }
      int count = counterFamilies.size();
      return count > 0 && leastCounters(count) ? count : 0;
    }

    /** Per request and counter family: the least any candidate consumes; false when an amount is negative or too large. */
    private boolean leastCounters(int count) {
      leastCounter = new BigDecimal[datas.size()][count];
      Map<Integer, BigDecimal[]> byDevice = new HashMap<>();
      for (int j = 0; j < datas.size(); j++) {
        if (free[j]) {
          continue;
        }
        BigDecimal[] least = leastCounter[j];
        for (int g = candidates[j].nextSetBit(0); g >= 0; g = candidates[j].nextSetBit(g + 1)) {
          BigDecimal[] use = byDevice.get(g);
          if (use == null) {
            use = exactUse(pools, poolBase, g, counterFamilyOf, count);
            if (use == null) {
              return false;
            }
            byDevice.put(g, use);
          }
          for (int f = 0; f < count; f++) {
            least[f] = least[f] == null ? use[f] : least[f].min(use[f]);
            scale = Math.max(scale, scaleOf(use[f]));
          }
        }
      }
      for (int f = 0; f < count; f++) {
        if (units(counterSupply.get(f), scale) < 0) {
          return false;
        }
      }
      return true;
    }

    private long[][] minUse(int familyCount, int counterFamilyCount) {
      int deviceFamilies = families.size();
      long[][] minUse = new long[datas.size()][familyCount];
      for (int j = 0; j < datas.size(); j++) {
        if (free[j]) {
          continue;
        }
        for (int f = 0; f < deviceFamilies; f++) {
          BitSet outside = (BitSet) candidates[j].clone();
          outside.andNot(families.get(f));
          minUse[j][f] = outside.isEmpty() ? 1 : 0;
        }
        for (int f = 0; f < counterFamilyCount; f++) {
          BigDecimal least = leastCounter[j][f];
          minUse[j][deviceFamilies + f] = least == null ? 0 : Math.max(0, units(least, scale));
        }
      }
      return minUse;
    }

    private int[][] familiesOfDevices() {
      int[][] familiesOf = new int[devices][];
      int[] count = new int[devices];
      for (BitSet family : families) {
        family.stream().forEach(g -> count[g]++);
      }
      for (int g = 0; g < devices; g++) {
        familiesOf[g] = new int[count[g]];
        count[g] = 0;
      }
      for (int f = 0; f < families.size(); f++) {
        int family = f;
        families.get(f).stream().forEach(g -> familiesOf[g][count[g]++] = family);
      }
      return familiesOf;
    }

    /** Per flat slot t: the least the slots from t on take, a slot taking the least of its subrequests. */
    private long[][] suffix(long[][] minUse, int familyCount) {
      long[][] suffix = new long[flat + 1][familyCount];
      int t = flat;
      for (int c = plan.claimCount() - 1; c >= 0; c--) {
        RequestSlot[] slots = plan.slots(c);
        for (int r = slots.length - 1; r >= 0; r--) {
          t--;
          for (int f = 0; f < familyCount; f++) {
            long least = LIMIT;
            for (int s = 0; s < slots[r].data.length; s++) {
              int j = slotBase[c][r] + s;
              least = Math.min(least, times(minUse[j][f], datas.get(j).numDevices));
            }
            suffix[t][f] = Math.min(LIMIT, suffix[t + 1][f] + least);
          }
        }
      }
      return suffix;
    }
  }

  private static int scaleOf(BigDecimal v) {
    return v.signum() == 0 ? 0 : Math.max(0, v.stripTrailingZeros().scale());
  }

  private static String setsText(TreeSet<String> sets) {
    return sets.size() == 1 ? "of counter set " + sets.first()
        : "over " + sets.size() + " counter sets (" + sets.first() + " ... " + sets.last() + ")";
  }

  /** What device g consumes per counter family, exact; null when an amount is negative. */
  private static BigDecimal @Nullable [] exactUse(List<Pool> pools, int[] poolBase, int g,
      Map<Integer, Integer> counterFamilyOf, int familyCount) {
    BigDecimal[] use = new BigDecimal[familyCount];
    Arrays.fill(use, BigDecimal.ZERO);
    int pi = poolOf(poolBase, g);
    PoolLayout layout = pools.get(pi).layout();
    int local = g - poolBase[pi];
    if (!layout.consumesCounters(local)) {
      return use;
    }
    PoolLayout.Consumption c = layout.consumption(local, layout.devices[local]);
    for (int j = 0; j < c.counters().length; j++) {
      BigDecimal amount = c.amounts()[j];
      if (amount.signum() < 0) {
        return null;
      }
      int f = counterFamilyOf.get(pi << POOL_SHIFT | c.counters()[j]);
      use[f] = use[f].add(amount);
    }
    return use;
  }

  private static int poolOf(int[] poolBase, int g) {
    int pi = -1;
    for (int p = 0; p < poolBase.length; p++) {
      if (poolBase[p] >= 0 && poolBase[p] <= g) {
        pi = p;
      }
    }
    return pi;
  }

  /** {@return units · count, or LIMIT when that is more: still more than any supply} */
  private static long times(long units, int count) {
    return count <= 0 ? 0 : units > LIMIT / count ? LIMIT : Math.min(LIMIT, units * count);
  }

  /** {@return value · 10^scale as a long below LIMIT, or -1} */
  private static long units(BigDecimal value, int scale) {
    BigDecimal u = value.movePointRight(scale);
    if (u.signum() < 0 || u.compareTo(BigDecimal.valueOf(LIMIT)) >= 0 || u.stripTrailingZeros().scale() > 0) {
      return -1;
    }
    return u.longValueExact();
  }

  /* ---------------- during the search ---------------- */

  /**
   * {@return whether the rest of the search may still succeed: at slot r of claim c, with
   * {@code data} (null: before a subrequest is chosen) chosen up to its device {@code device}}
   */
  boolean feasible(int c, int r, @Nullable RequestData data, int sub, int device) {
    long[] rest = suffix[slotFlat[c][r] + 1];
    long[] first = data == null ? suffix[slotFlat[c][r]] : null;
    long[] mine = data == null ? null : minUse[slotBase[c][r] + sub];
    int remaining = data == null ? 0 : Math.max(0, data.numDevices - device);
    for (int f = 0; f < supply.length; f++) {
      if (f == deviceFamilies && countersOff) {
        break;
      }
      long need = first != null ? first[f] : rest[f] + times(mine[f], remaining);
      if (need > supply[f] - used[f]) {
        return false;
      }
    }
    return true;
  }

  /** The device with that number in pool pi was dedicated to a claim. */
  void dedicated(int pi, int local) {
    int g = poolBase[pi] + local;
    if (poolBase[pi] >= 0 && dedicatedCount[g]++ == 0) {
      for (int f : familiesOf[g]) {
        used[f]++;
      }
    }
  }

  /** Undoes {@link #dedicated}. */
  void undedicated(int pi, int local) {
    int g = poolBase[pi] + local;
    if (poolBase[pi] >= 0 && --dedicatedCount[g] == 0) {
      for (int f : familiesOf[g]) {
        used[f]--;
      }
    }
  }

  /** The device's counters were charged ({@code sign} 1) or refunded (-1). */
  void charged(int pi, int local, int sign) {
    long[][] cu = counterUse;
    if (cu == null || poolBase[pi] < 0) {
      return;
    }
    int g = poolBase[pi] + local;
    long[] use = cu[g];
    if (use == null) {
      use = counterUnitsOf(pi, local);
      cu[g] = use;
    }
    for (int f = 0; f < use.length; f++) {
      used[deviceFamilies + f] += sign * use[f];
    }
  }

  private long[] counterUnitsOf(int pi, int local) {
    Map<Integer, Integer> familyOf = Objects.requireNonNull(counterFamilyOf);
    long[] use = new long[supply.length - deviceFamilies];
    PoolLayout layout = pools.get(pi).layout();
    PoolLayout.Consumption c = layout.consumption(local, layout.devices[local]);
    for (int j = 0; j < c.counters().length; j++) {
      BigDecimal amount = c.amounts()[j];
      if (amount.signum() < 0) {
        countersOff = true; // a charge that gives units back: what is left is no longer bounded
      }
      long u = units(amount, scale);
      int f = familyOf.get(pi << POOL_SHIFT | c.counters()[j]);
      // An amount finer than the scale counts as nothing: what is left is overestimated, which
      // keeps every bound sound.
      use[f] += Math.max(0, u);
    }
    return use;
  }

  /** Why the claims cannot be allocated, by the first bound that rules out the whole search. */
  private @Nullable String rootProof() {
    long[] need = suffix[0];
    for (int f = 0; f < supply.length; f++) {
      if (need[f] > supply[f]) {
        if (f < deviceFamilies) {
          return "the claims need at least " + need[f] + " " + names.get(f) + ", only " + supply[f] + " exist";
        }
        String name = names.get(f);
        return "the claims need at least " + BigDecimal.valueOf(need[f], scale).stripTrailingZeros().toPlainString()
            + " units of " + name + ", only " + BigDecimal.valueOf(supply[f], scale).stripTrailingZeros().toPlainString()
            + " are left";
      }
    }
    return null;
  }
}
