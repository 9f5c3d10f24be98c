package io.github.dra4j.core;

import io.github.dra4j.api.DeviceConstraint;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
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
 *   - Constraints of the claim being searched: see unsatisfiable.
 * A request contributes its remaining devices times its least use; a request with subrequests the
 * least over them. Requests for admin access, for all devices, or with a candidate that allows
 * multiple allocations contribute nothing: they may take no unit.
 *
 * The bounds only apply when cutting a subtree cannot hide anything but failure: every selector
 * is evaluated for every request and device up front, and any error turns the bounds off (the
 * plain search might meet it); no claim can exceed the result size limit. A request for all
 * devices that a constraint covers is a horizon: its constraint check throws instead of failing,
 * so the plain search ends with an error wherever it reaches that request with a device the
 * constraint rejects. A subtree that holds such a point must not be cut, so the bounds count only
 * what the search must take before it reaches the next horizon (the requests up to it cannot all
 * be allocated: it is never reached, and nothing after it either); from a horizon on, until the
 * search has passed it, nothing is counted. Amounts are longs in units of the largest scale; when
 * an amount or a sum does not fit, the counter families are left out.
 */
final class SearchBounds {
  static final int MAX_FAMILIES = 256;
  static final long LIMIT = Long.MAX_VALUE / 4;
  /**
   * With AllocationOptions.AUTOMATIC_PRUNING, a run makes its bounds at its first backtrack from
   * this many steps on: a search that first fit decides never pays for them (every selector on
   * every device), and a search too short to matter neither.
   */
  static final long AUTOMATIC_AFTER = 64;
  /** Counter families are looked up by pool index shifted by this, or'ed with the counter number. */
  static final int POOL_SHIFT = 20;

  private final ClaimPlan plan;
  private final List<Pool> pools;
  /** Global device number of pool pi's device 0 (usable pools only; -1 for the others). */
  private final int[] poolBase;
  /** Per slot in claim/request order: the index of its first RequestData. */
  private final int[][] slotBase;
  private final int[][] slotFlat;
  /** Per flat slot: a horizon (see the class comment). */
  private final BitSet horizons;
  /** Per family: units in total, units taken so far. */
  private final long[] supply;
  private final long[] used;
  /** Per RequestData: least units of each family that one of its devices takes. */
  private final long[][] minUse;
  /** Per flat slot t: the least units the slots from t up to the next horizon take, per family. */
  private final long[][] suffix;
  private final int deviceFamilies;
  /** Per global device: the device families that hold it. */
  private final int[][] familiesOf;
  private final int[] dedicatedCount;
  /** Per global device, computed on first charge: counter family units it takes (index - deviceFamilies). */
  private final long @Nullable [][] counterUse;
  private final List<String> names;
  /** Per RequestData: its candidates by global device number, and whether it takes no unit. */
  private final BitSet[] candidates;
  private final boolean[] free;
  /** Per global device: its class of twins (BoundsBuilder.twins), -1 for none. */
  private final int[] twin;
  private final @Nullable Map<Integer, Integer> counterFamilyOf;
  private final int scale;
  private final DerivedValues derived;
  /** Set when a charged device gives counter units back: the counter families stop bounding. */
  private boolean countersOff;
  /** Why no allocation exists at all, or null while none of the bounds rules it out. */
  final @Nullable String proof;

  SearchBounds(ClaimPlan plan, List<Pool> pools, int[] poolBase, int[][] slotBase, int[][] slotFlat,
      BitSet horizons, long[] supply, long[][] minUse, long[][] suffix, int deviceFamilies, int[][] familiesOf, int devices,
      @Nullable Map<Integer, Integer> counterFamilyOf, int scale, List<String> names, BitSet[] candidates,
      boolean[] free, int[] twin, DerivedValues derived) {
    this.plan = plan;
    this.pools = pools;
    this.poolBase = poolBase;
    this.slotBase = slotBase;
    this.slotFlat = slotFlat;
    this.horizons = horizons;
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
    this.candidates = candidates;
    this.free = free;
    this.twin = twin;
    this.derived = derived;
    this.proof = rootProof();
  }

  /**
   * The bounds of a run in the middle of its search, with the devices chosen so far counted as
   * taken (shares of devices that allow multiple allocations are not, which only leaves the
   * bounds weaker); null when they do not apply (see the class comment).
   */
  static @Nullable SearchBounds make(ClaimPlan plan, List<Pool> pools, Features features, SelectorMatcher matcher,
      List<List<DeviceResult>> chosen, DerivedValues derived) {
    SearchBounds b = new BoundsBuilder(plan, pools, features, matcher, derived).build();
    if (b == null) {
      return null;
    }
    for (List<DeviceResult> claimResults : chosen) {
      for (DeviceResult r : claimResults) {
        int pi = -1;
        for (int p = 0; p < pools.size() && pi < 0; p++) {
          pi = b.poolBase[p] >= 0 && pools.get(p).layout() == r.layout() ? p : -1;
        }
        if (pi < 0 || (features.consumableCapacity() && r.layout().allowsMultiple(r.local()))) {
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

  static int scaleOf(BigDecimal v) {
    return v.signum() == 0 ? 0 : Math.max(0, v.stripTrailingZeros().scale());
  }

  static String setsText(SortedSet<String> sets) {
    return sets.size() == 1 ? "of counter set " + sets.first()
        : "over " + sets.size() + " counter sets (" + sets.first() + " ... " + sets.last() + ")";
  }

  /** What device g consumes per counter family, exact; null when an amount is negative. */
  static BigDecimal @Nullable [] exactUse(List<Pool> pools, int[] poolBase, int g,
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
      // every counter set of the pools has a family
      int f = Objects.requireNonNull(counterFamilyOf.get(pi << POOL_SHIFT | c.counters()[j]));
      use[f] = use[f].add(amount);
    }
    return use;
  }

  static int poolOf(int[] poolBase, int g) {
    int pi = -1;
    for (int p = 0; p < poolBase.length; p++) {
      if (poolBase[p] >= 0 && poolBase[p] <= g) {
        pi = p;
      }
    }
    return pi;
  }

  /** {@return units · count, or LIMIT when that is more: still more than any supply} */
  static long times(long units, int count) {
    return count <= 0 ? 0 : units > LIMIT / count ? LIMIT : Math.min(LIMIT, units * count);
  }

  /** {@return value · 10^scale as a long below LIMIT, or -1} */
  static long units(BigDecimal value, int scale) {
    BigDecimal u = value.movePointRight(scale);
    if (u.signum() < 0 || u.compareTo(BigDecimal.valueOf(LIMIT)) >= 0 || u.stripTrailingZeros().scale() > 0) {
      return -1;
    }
    return u.longValueExact();
  }

  /* ---------------- during the search ---------------- */

  /**
   * {@return whether the rest of the search may still succeed: at slot r of claim c, with
   * {@code data} (null: before a subrequest is chosen) chosen up to its device {@code device},
   * and cs the claim's constraints}
   */
  boolean feasible(int c, int r, @Nullable RequestData data, int sub, int device, Constraint[] cs) {
    return feasible(c, r, data, sub, device) && (cs.length == 0 || unsatisfiable(c, r, data, sub, device, cs) < 0);
  }

  private boolean feasible(int c, int r, @Nullable RequestData data, int sub, int device) {
    if (horizons.get(slotFlat[c][r])) {
      return true; // at a horizon: nothing is counted until the search has passed it
    }
    long[] rest = suffix[slotFlat[c][r] + 1];
    long[] first = data == null ? suffix[slotFlat[c][r]] : null;
    long[] mine = data == null ? null : minUse[slotBase[c][r] + sub];
    int remaining = data == null ? 0 : Math.max(0, data.numDevices - device);
    for (int f = 0; f < supply.length; f++) {
      if (f == deviceFamilies && countersOff) {
        break;
      }
      long need = mine == null ? Objects.requireNonNull(first)[f] : rest[f] + times(mine[f], remaining);
      if (need > supply[f] - used[f]) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@return the first constraint of claim c that rules out the rest of its requests from slot r
   * on, up to the next horizon, or -1} Every covered request needs as many free candidates as it
   * has devices left that the constraint would take now (it takes no more later: each device
   * added narrows it), and a distinctAttribute as many values (TypedValue) among them as the
   * covered requests need devices.
   */
  private int unsatisfiable(int c, int r, @Nullable RequestData data, int sub, int device, Constraint[] cs) {
    RequestSlot[] slots = plan.slots(c);
    for (int i = 0; i < cs.length; i++) {
      Constraint k = cs[i];
      Set<TypedValue> values = k instanceof Constraint.DistinctAttribute ? new HashSet<>() : null;
      long needed = 0;
      for (int t = r; t < slots.length && !horizons.get(slotFlat[c][t]); t++) {
        boolean fixed = t == r && data != null;
        boolean admitted = false;
        long least = Long.MAX_VALUE;
        for (int s = fixed ? sub : 0; s < (fixed ? sub + 1 : slots[t].data.length); s++) {
          RequestData d = slots[t].data[s];
          int j = slotBase[c][t] + s;
          int need = fixed ? d.numDevices - device : d.numDevices;
          if (free[j] || !d.constrainedBy(i) || need <= 0) {
            admitted = true;
            least = 0;
            continue;
          }
          admitted |= accepted(j, d, k, values) >= need;
          least = Math.min(least, need);
        }
        if (!admitted) {
          return i;
        }
        needed += least;
      }
      if (values != null && values.size() < needed) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A value a distinctAttribute device takes: devices that distinctAttribute accepts together
   * take disjoint sets of them (a scalar is a set of one; values of other types never clash), so
   * m devices need m values.
   */
  private record TypedValue(char type, Object value) {}

  /** Free candidates of request j that the constraint would take now; their values go to {@code values}. */
  private int accepted(int j, RequestData d, Constraint k, @Nullable Set<TypedValue> values) {
    AttributeSource source = derived.source(d);
    int count = 0;
    BitSet set = candidates[j];
    for (int g = set.nextSetBit(0); g >= 0; g = set.nextSetBit(g + 1)) {
      if (dedicatedCount[g] > 0) {
        continue;
      }
      int pi = poolOf(poolBase, g);
      DeviceEntry entry = pools.get(pi).layout().devices[g - poolBase[pi]];
      if (k.add(entry, source)) {
        k.remove();
        count++;
        if (values != null) {
          Constraint.TypedSet taken = Constraint.asSet(Objects.requireNonNull(k.lookup(entry, source)));
          char type = taken == null ? 0 : taken.type();
          for (Object v : taken == null ? Set.of() : taken.values()) {
            values.add(new TypedValue(type, v));
          }
        }
      }
    }
    return count;
  }

  /**
   * {@return the twin class of the device with that number in pool pi, or -1} A device that
   * fails at a position of the search, neither dedicated, makes its twins fail there too: a
   * solution after a twin becomes one after the device by swapping the two, so the search may
   * pass over the twins.
   */
  int twinClass(int pi, int local) {
    return poolBase[pi] < 0 ? -1 : twin[poolBase[pi] + local];
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
      int f = Objects.requireNonNull(familyOf.get(pi << POOL_SHIFT | c.counters()[j])); // every counter set has a family
      // An amount finer than the scale counts as nothing: what is left is overestimated, which
      // keeps every bound sound.
      use[f] += Math.max(0, u);
    }
    return use;
  }

  /**
   * Why the claims cannot be allocated, by the first bound that rules out the whole search: of
   * the claims before the first horizon, or the requests before it in its claim.
   */
  private @Nullable String rootProof() {
    Constraint[][] fresh = plan.newConstraints();
    int firstHorizon = horizons.nextSetBit(0);
    for (int c = 0; c < plan.claimCount(); c++) {
      if (firstHorizon >= 0 && plan.slots(c).length > 0 && slotFlat[c][0] > firstHorizon) {
        break;
      }
      int i = plan.slots(c).length == 0 ? -1 : unsatisfiable(c, 0, null, 0, 0, fresh[c]);
      if (i >= 0) {
        DeviceConstraint k = plan.claim(c).spec().devices().constraints().get(i);
        return "claim " + ClaimPlan.claimRef(plan.claim(c)) + ": the devices its requests can take cannot satisfy "
            + (k.matchAttribute() != null ? "matchAttribute " + k.matchAttribute()
                : "distinctAttribute " + k.distinctAttribute())
            + (k.distinctAttribute() != null ? " (too few distinct values)" : "");
      }
    }
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
