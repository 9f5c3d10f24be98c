package io.github.dra4j.core;

import io.github.dra4j.api.Device;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Makes a run's {@link SearchBounds}: numbers requests and devices, evaluates every selector on
 * every device of the usable pools, then makes the families and what each request takes of them.
 */
final class BoundsBuilder {
  private final ClaimPlan plan;
  private final List<Pool> pools;
  private final Features features;
  private final SelectorMatcher matcher;
  private final List<RequestData> datas = new ArrayList<>();
  private int[][] slotBase = new int[0][];
  private int[][] slotFlat = new int[0][];
  private int flat;
  /** Per flat slot: a request for all devices that a constraint covers (SearchBounds.horizon). */
  private final BitSet horizons = new BitSet();
  /** Global device number of pool pi's device 0 (usable pools only; -1 for the others). */
  private int[] poolBase = new int[0];
  private int devices;
  private BitSet[] candidates = new BitSet[0];
  /** Per request: takes no unit (admin access, all devices, a device that allows multiple allocations). */
  private boolean[] free = new boolean[0];
  private List<BitSet> families = List.of();
  /** Per device family: the first request whose candidates it is. */
  private final List<Integer> familyFirst = new ArrayList<>();
  private final Map<String, Integer> counterFamilies = new LinkedHashMap<>();
  private final Map<Integer, Integer> counterFamilyOf = new HashMap<>();
  private final List<BigDecimal> counterSupply = new ArrayList<>();
  private final List<TreeSet<String>> counterSets = new ArrayList<>();
  private @Nullable BigDecimal[][] leastCounter = new BigDecimal[0][];
  private int scale;
  private final boolean nodeOperationsOptional;
  private final DerivedValues derived;

  BoundsBuilder(ClaimPlan plan, List<Pool> pools, Features features, SelectorMatcher matcher,
      DerivedValues derived) {
    this.plan = plan;
    this.pools = pools;
    this.features = features;
    this.matcher = matcher;
    this.derived = derived;
    this.nodeOperationsOptional = SliceEntry.nodeOperationsOptional(features, matcher.node());
  }

  /** {@return the bounds, or null when they do not apply (SearchBounds)} */
  @Nullable SearchBounds build() {
    if (!numberRequests() || !candidates()) {
      return null;
    }
    deviceFamilies();
    int counterFamilyCount = counterFamilies();
    int deviceFamilies = families.size();
    int familyCount = deviceFamilies + counterFamilyCount;
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
      supply[deviceFamilies + f] = SearchBounds.units(counterSupply.get(f), scale);
      names.add("counter " + counterNames.get(f) + " " + SearchBounds.setsText(counterSets.get(f)));
    }
    long[][] minUse = minUse(familyCount, counterFamilyCount);
    return new SearchBounds(plan, pools, poolBase, slotBase, slotFlat, horizons, supply, minUse,
        suffix(minUse, familyCount), deviceFamilies, familiesOfDevices(), devices,
        counterFamilyCount == 0 ? null : counterFamilyOf, scale, names, candidates, free, twins(),
        derived);
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
              horizons.set(slotFlat[c][r]); // its constraint check throws instead of failing
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

  /**
   * Every request's candidates; false when a selector fails on some device, or a derived
   * attribute on a candidate (a constraint's check would throw there).
   */
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
          if (!request.adminAccess && layout.inUse(local)) {
            continue; // rejected before any selector runs, in the plain search too
          }
          boolean selectable;
          try {
            selectable = matcher.selectable(data, layout, local);
          } catch (RuntimeException e) {
            return false; // the plain search might meet this error: cut nothing
          }
          if (!selectable || (!features.partitionableDevices() && layout.consumesCounters(local))
              || (layout.devices[local].slice.skipsNodeOperations && !nodeOperationsOptional)
              || (features.deviceTaints() && layout.tainted(local)
                  && Tolerations.untoleratedTaint(layout.devices[local], request) != null)) {
            continue;
          }
          takesNone |= features.consumableCapacity() && layout.allowsMultiple(local);
          set.set(poolBase[pi] + local);
        }
      }
      candidates[j] = set;
      free[j] = takesNone;
      if (!derived.evaluateAll(data, devicesOf(set))) {
        return false;
      }
    }
    return true;
  }

  /** The distinct candidate sets of requests that take units. */
  private void deviceFamilies() {
    Map<BitSet, Integer> index = new LinkedHashMap<>();
    for (int j = 0; j < datas.size() && index.size() < SearchBounds.MAX_FAMILIES; j++) {
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
          counterFamilyOf.put(pi << SearchBounds.POOL_SHIFT | k, f);
          counterSupply.set(f, counterSupply.get(f).add(available[k].max(BigDecimal.ZERO)));
          counterSets.get(f).add(set.getKey());
          scale = Math.max(scale, SearchBounds.scaleOf(available[k]));
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
          use = SearchBounds.exactUse(pools, poolBase, g, counterFamilyOf, count);
          if (use == null) {
            return false;
          }
          byDevice.put(g, use);
        }
        for (int f = 0; f < count; f++) {
          least[f] = least[f] == null ? use[f] : least[f].min(use[f]);
          scale = Math.max(scale, SearchBounds.scaleOf(use[f]));
        }
      }
    }
    for (int f = 0; f < count; f++) {
      if (SearchBounds.units(counterSupply.get(f), scale) < 0) {
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
        minUse[j][deviceFamilies + f] = least == null ? 0 : Math.max(0, SearchBounds.units(least, scale));
      }
    }
    return minUse;
  }

  private List<DeviceEntry> devicesOf(BitSet set) {
    List<DeviceEntry> entries = new ArrayList<>();
    for (int g = set.nextSetBit(0); g >= 0; g = set.nextSetBit(g + 1)) {
      int pi = SearchBounds.poolOf(poolBase, g);
      entries.add(pools.get(pi).layout().devices[g - poolBase[pi]]);
    }
    return entries;
  }

  /**
   * Per global device, its class of twins (-1: none): devices of one slice that nothing but
   * their name tells apart. Same definition (attributes, capacity, counters consumed, node
   * selection, taints, binding conditions, includes), same taints from DeviceTaintRules, same
   * in-use and allocated state, and the same answer for every request (candidates). A device
   * that allows multiple allocations has none: its shares are state of its own. Nor has a device
   * that a horizon takes: which of two twins an earlier request holds decides where that request
   * for all devices stops, in use, and so whether it reaches a device its constraint rejects.
   */
  private int[] twins() {
    int[] twin = new int[devices];
    Arrays.fill(twin, -1);
    BitSet takenByHorizons = takenByHorizons();
    Map<List<Object>, Integer> classes = new HashMap<>();
    for (int pi = 0; pi < pools.size(); pi++) {
      if (poolBase[pi] < 0) {
        continue;
      }
      PoolLayout layout = pools.get(pi).layout();
      for (int local = 0; local < layout.deviceCount; local++) {
        DeviceEntry e = layout.devices[local];
        Device d = e.device;
        int g = poolBase[pi] + local;
        if (d.allowMultipleAllocations() || takenByHorizons.get(g)) {
          continue;
        }
        BitSet answers = new BitSet(datas.size());
        for (int j = 0; j < datas.size(); j++) {
          answers.set(j, candidates[j].get(g));
        }
        Device unnamed = new Device("", d.attributes(), d.capacity(), d.consumesCounters(), d.includes(),
            d.nodeName(), d.nodeSelector(), d.allNodes(), d.taints(), d.bindingConditions(),
            d.bindingFailureConditions(), d.bindsToNode(), false, d.nodeAllocatableResources());
        List<Object> key = Arrays.asList(e.slice.family, unnamed, e.ruleTaints, e.unsupportedAttribute, e.inUseDedicated,
            e.allocatedAny, e.aggregatedCapacity, answers);
        twin[g] = classes.computeIfAbsent(key, k -> classes.size());
      }
    }
    return twin;
  }

  /** The devices of the requests for all devices that the horizons hold. */
  private BitSet takenByHorizons() {
    BitSet taken = new BitSet(devices);
    for (int c = 0; c < plan.claimCount(); c++) {
      RequestSlot[] slots = plan.slots(c);
      for (int r = 0; r < slots.length; r++) {
        if (!horizons.get(slotFlat[c][r])) {
          continue;
        }
        for (RequestData d : slots[r].data) {
          for (DeviceLocation at : d.allDevices == null ? List.<DeviceLocation>of() : d.allDevices) {
            if (poolBase[at.pool()] >= 0) {
              taken.set(poolBase[at.pool()] + at.local());
            }
          }
        }
      }
    }
    return taken;
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

  /**
   * Per flat slot t: the least the slots from t up to the next horizon take, a slot taking the
   * least of its subrequests; a horizon and what follows it take nothing (SearchBounds.horizon).
   */
  private long[][] suffix(long[][] minUse, int familyCount) {
    long[][] suffix = new long[flat + 1][familyCount];
    int t = flat;
    for (int c = plan.claimCount() - 1; c >= 0; c--) {
      RequestSlot[] slots = plan.slots(c);
      for (int r = slots.length - 1; r >= 0; r--) {
        t--;
        if (horizons.get(t)) {
          continue;
        }
        for (int f = 0; f < familyCount; f++) {
          long least = SearchBounds.LIMIT;
          for (int s = 0; s < slots[r].data.length; s++) {
            int j = slotBase[c][r] + s;
            least = Math.min(least, SearchBounds.times(minUse[j][f], datas.get(j).numDevices));
          }
          suffix[t][f] = Math.min(SearchBounds.LIMIT, suffix[t + 1][f] + least);
        }
      }
    }
    return suffix;
  }
}
