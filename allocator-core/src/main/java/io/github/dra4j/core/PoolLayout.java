package io.github.dra4j.core;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/*
 * A valid pool numbered for the search, built once per pool (Pool.layout()) and shared by every
 * call: the targeting devices are numbered in pool/slice/device order, so that per-call state
 * lives in arrays instead of maps keyed by device, and what the search asks of every device
 * (in use? selected?) is read from small arrays instead of the scattered device objects; counter
 * sets and their counters are numbered in the pool's order, so that the counter ledger is an
 * array.
 *
 * Amounts are longs in units of 10^-scale when every counter of the pool and every amount a
 * device consumes is a whole number of units that fits; otherwise the ledger stays exact with
 * BigDecimal (CounterLedger). What a device consumes and whether its capacity fits an unrequested
 * claim are computed on first use and remembered per device: writes race benignly, as every
 * writer stores an equal, immutable value (as in CachedSelector).
 */
final class PoolLayout {
  private static final char IN_USE = 1;
  private static final char CHECK_FULLY = 2;
  /** Allocated in any way (DeviceEntry.allocatedAny): its counters are charged in availableUnits. */
  private static final char ALLOCATED = 4;
  /** Consumes counters (a non-empty consumesCounters). */
  private static final char COUNTERS = 8;
  /** Allows multiple allocations. */
  private static final char MULTIPLE = 16;
  /** Has taints, its own or from DeviceTaintRules. */
  private static final char TAINTED = 32;
  /** Has capacity consumed by allocated shares (DeviceEntry.aggregatedCapacity). */
  private static final char SHARED = 64;
  /** Its allocation names the node: a node name (of the slice, or per device) or bindsToNode. */
  private static final char NODE_BOUND = 128;
  /** Remembered: whether its capacity takes a request that asks for none (UNREQUESTED_FITS). */
  private static final char UNREQUESTED_KNOWN = 256;
  private static final char UNREQUESTED_FITS = 512;
  /**
   * Remembered: whether its counters fit (ALONE_FITS) or not (ALONE_DOES_NOT_FIT) while a call
   * has charged nothing else in the pool; then the check depends on this layout's counters left
   * and the device only. Recorded for devices that do not allow multiple allocations; carried
   * over only by a rebase, for the devices whose counter sets kept their counters left.
   */
  private static final char ALONE_DOES_NOT_FIT = 1024;
  private static final char ALONE_FITS = 2048;
  /**
   * The bits that depend on the device and its slice only, not on the in-use state or the
   * counters left: a layout over the same devices takes them over.
   */
  private static final char STATIC =
      CHECK_FULLY | COUNTERS | MULTIPLE | TAINTED | NODE_BOUND | UNREQUESTED_KNOWN | UNREQUESTED_FITS;

  /** Where each targeting slice's devices start in the numbering. */
  final int[] sliceStart;
  final int deviceCount;
  /** Each device's uid, so that remembered selector results are read without touching the device. */
  final int[] uids;
  /** The targeting devices by number. */
  final DeviceEntry[] devices;
  /**
   * Per set of compiled selectors (SelectorsKey): the devices they may select, as far as their
   * remembered results are known. Shared with the layouts of successor snapshots: they have the
   * same devices (views) at the same numbers, and a result depends only on selector and view.
   */
  private final ConcurrentHashMap<Object, Candidates> candidates;
  /** The candidates asked for last: most searches of a pool ask for the same selectors again. */
  private volatile @Nullable Candidates recent;
  /**
   * Each device's bits, so that the search answers most checks from one array without reading
   * the device. The remembered bits are set by concurrent searches: a lost update only loses a
   * memo, as every search would record the same answer and no search changes another bit.
   */
  private final char[] flags;
  /** Counter set s owns counters setStart[s] until setStart[s + 1]. */
  final int[] setStart;
  /** The counters left, exact; derived from availableUnits on first use in a rebased layout. */
  private volatile BigDecimal @Nullable [] available;
  /** The counters left in units, or null when some counter is not a whole number of units that fits. */
  final long @Nullable [] availableUnits;
  final int scale;
  /** Counter sets by name: their numbers; per set, its counters by name: their numbers. */
  final Map<String, Integer> setIndex;
  final List<Map<String, Integer>> counterIndex;
  private final @Nullable Consumption[] consumptions;
  /**
   * Per device, the counter sets it consumes as bits (set % 31), with KNOWN_SETS once its
   * consumption was computed, else 0: what forgetFitAlone reads instead of the consumption. Shared
   * by every layout of the pool (the same devices and sets at the same numbers); ints, so that a
   * racing write is never torn.
   */
  private final int[] setBits;
  private static final int KNOWN_SETS = 1 << 31;
  /** The counters' names and amounts by number, for usage; shared as setBits. */
  final PoolCounters.CounterTable counterTable;

  /** What a device consumes: amount j of counter counters[j]; the sets it consumes from. */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  record Consumption(int[] counters, BigDecimal[] amounts, long @Nullable [] units, int[] sets) {}

  PoolLayout(Pool pool) {
    this(pool, null);
  }

  /**
   * With a previous layout of the same pool structure over other in-use state (Pool.withEntries:
   * same devices at the same numbers, same counter sets), the numbering and the per-device memos
   * carry over: what a device consumes, while amounts are in the same units, and its
   * unrequested-capacity check. Only the counters left and the devices' uids and in-use state are
   * read again.
   */
  PoolLayout(Pool pool, @Nullable PoolLayout previous) {
    if (previous != null) {
      sliceStart = previous.sliceStart;
      deviceCount = previous.deviceCount;
      setIndex = previous.setIndex;
      counterIndex = previous.counterIndex;
      setStart = previous.setStart;
    } else {
      sliceStart = new int[pool.targeting.size()];
      int devices = 0;
      for (int i = 0; i < sliceStart.length; i++) {
        sliceStart[i] = devices;
        devices += pool.targeting.get(i).devices().size();
      }
      deviceCount = devices;
      setIndex = new HashMap<>();
      Map<String, Map<String, BigDecimal>> left = pool.available();
      counterIndex = new ArrayList<>(left.size());
      setStart = new int[left.size() + 1];
      int k = 0;
      int s = 0;
      for (Map.Entry<String, Map<String, BigDecimal>> set : left.entrySet()) {
        setIndex.put(set.getKey(), s);
        Map<String, Integer> names = new HashMap<>();
        setStart[s] = k;
        for (String counter : set.getValue().keySet()) {
          names.put(counter, k++);
        }
        counterIndex.add(names);
        s++;
      }
      setStart[s] = k;
    }
    uids = new int[deviceCount];
    flags = new char[deviceCount];
    devices = new DeviceEntry[deviceCount];
    readDevices(pool, uids, flags, devices, previous == null ? null : previous.flags);
    candidates = previous != null ? previous.candidates : new ConcurrentHashMap<>();

    int maxScale = 0;
    for (Map<String, BigDecimal> set : pool.available().values()) {
      for (BigDecimal v : set.values()) {
        if (v.scale() > 0) { // stripping never raises a scale, and the maximum starts at 0
          maxScale = Math.max(maxScale, v.stripTrailingZeros().scale());
        }
      }
    }
    scale = maxScale;
    int counters = setStart[setStart.length - 1];
    BigDecimal[] exact = new BigDecimal[counters];
    long[] units = new long[counters];
    boolean fits = true;
    int k = 0;
    for (Map<String, BigDecimal> set : pool.available().values()) {
      for (BigDecimal v : set.values()) {
        exact[k] = v;
        units[k] = PoolCounters.toUnits(v, scale);
        fits &= units[k] != PoolCounters.NO_UNITS;
        k++;
      }
    }
    available = exact;
    availableUnits = fits ? units : null;
    consumptions = previous != null && previous.scale == scale && (previous.availableUnits == null) == !fits
        ? previous.consumptions : new Consumption[deviceCount];
    setBits = previous != null ? previous.setBits : new int[deviceCount];
    counterTable = previous != null ? previous.counterTable : new PoolCounters.CounterTable();
  }

  /* A rebased layout: numbering, units and per-device memos of the previous one. */
  private PoolLayout(PoolLayout previous, int[] uids, char[] flags, DeviceEntry[] devices, long[] unitsLeft) {
    sliceStart = previous.sliceStart;
    deviceCount = previous.deviceCount;
    setIndex = previous.setIndex;
    counterIndex = previous.counterIndex;
    setStart = previous.setStart;
    scale = previous.scale;
    this.uids = uids;
    this.flags = flags;
    this.devices = devices;
    candidates = previous.candidates;
    availableUnits = unitsLeft;
    consumptions = previous.consumptions;
    setBits = previous.setBits;
    counterTable = previous.counterTable;
  }

  private static void readDevices(Pool pool, int[] uids, char[] flags, DeviceEntry[] devices,
      char @Nullable [] previous) {
    int local = 0;
    for (Pool.PoolSlice slice : pool.targeting) {
      // The slice's bits once per slice: a pool of 208 devices is read when first searched.
      char sliceBits = CHECK_FULLY;
      if (!slice.slice().perDeviceNodeSelection()) {
        String node = slice.slice().slice.spec().nodeName();
        sliceBits = node != null && !node.isEmpty() ? NODE_BOUND : 0;
      }
      for (DeviceEntry d : slice.devices()) {
        uids[local] = d.uid;
        devices[local] = d;
        flags[local] = flags(d, previous == null ? staticFlags(d, sliceBits) : previous[local]);
        local++;
      }
    }
  }

  /** The device's bits: the in-use state's from the entry, the STATIC ones from {@code known}. */
  private static char flags(DeviceEntry d, char known) {
    return (char) ((known & STATIC) | (d.inUseDedicated ? IN_USE : 0) | (d.allocatedAny ? ALLOCATED : 0)
        | (d.aggregatedCapacity != null ? SHARED : 0));
  }

  /**
   * @param sliceBits CHECK_FULLY for per-device node selection (the device's node name binds it),
   *     else NODE_BOUND when the slice names a node
   */
  private static char staticFlags(DeviceEntry d, char sliceBits) {
    boolean special = d.unsupportedAttribute != null || !d.device.bindingConditions().isEmpty();
    String node = (sliceBits & CHECK_FULLY) != 0 ? d.device.nodeName() : null;
    boolean bound = (node != null && !node.isEmpty()) || d.device.bindsToNode();
    return (char) (sliceBits | (special ? CHECK_FULLY : 0) | (d.view.consumesCounters().isEmpty() ? 0 : COUNTERS)
        | (d.device.allowMultipleAllocations() ? MULTIPLE : 0) | (d.tainted() ? TAINTED : 0)
        | (bound ? NODE_BOUND : 0));
  }

  /**
   * This layout over a successor's entries of the same pool (Pool.withEntries: the same devices
   * at the same positions) in which devices the node sees were newly allocated or released:
   * numbering and per-device memos carry over, and the counters left are this layout's minus what
   * the newly allocated devices consume, plus what the released ones gave back, in units. Units
   * are exact, so the counters left equal those summed afresh; the scale may be larger than a
   * fresh layout's, which changes no comparison. Only the device entries the successor replaced
   * are read (a commit or a release shares the others, SliceEntry): at the positions {@code
   * replaced} names when it names them, else found by comparing entries by identity. Whether a
   * device's counters fit alone stays remembered for the devices whose counter sets kept their
   * counters left. Null when that does not apply (counters not in units, an amount not in units,
   * an overflow): then the pool's counters are summed again.
   *
   * @param before this layout's targeting slices (its pool's)
   * @param targeting the successor's targeting slices, position by position as {@code before}
   * @param replaced per slice entry of {@code before}, the positions of the device entries the
   *     successor replaced; null when not known
   */
  @Nullable PoolLayout rebase(List<Pool.PoolSlice> before, List<Pool.PoolSlice> targeting,
      @Nullable Map<SliceEntry, int[]> replaced) {
    long[] left = availableUnits;
    if (left == null) {
      return null;
    }
    Rebase r = new Rebase(left);
    for (int s = 0; s < targeting.size(); s++) {
      Pool.PoolSlice was = before.get(s);
      Pool.PoolSlice now = targeting.get(s);
      if (now.slice() == was.slice()) {
        continue; // a kept slice entry: the same device entries
      }
      List<DeviceEntry> list = now.devices();
      int[] positions = replaced != null && was.devices() == was.slice().devices ? replaced.get(was.slice()) : null;
      // with positions, every device of the slice is targeting: they are the slice's positions
      int n = positions != null ? positions.length : list.size();
      for (int k = 0; k < n; k++) {
        int at = positions != null ? positions[k] : k;
        if (!r.device(local(s, at), list.get(at))) {
          return null;
        }
      }
    }
    if (r.units != left) { // some allocation changed
      forgetFitAlone(r.flags, r.changedSets, PoolCounters.negative(r.units) == PoolCounters.negative(left));
    }
    return new PoolLayout(this, r.uids, r.flags, r.devices, r.units);
  }

  /* The arrays of a rebased layout: flags and devices copied, uids and units copied on first write. */
  private final class Rebase {
    private int[] uids = PoolLayout.this.uids;
    private final char[] flags = PoolLayout.this.flags.clone();
    private final DeviceEntry[] devices = PoolLayout.this.devices.clone();
    private long[] units;
    /** The counter sets whose counters left changed: bit (set % 31), as setBits. */
    private int changedSets;

    Rebase(long[] left) {
      units = left;
    }

    /** Takes the successor's entry at that number: false when its counters are not in units. */
    boolean device(int local, DeviceEntry d) {
      DeviceEntry was = PoolLayout.this.devices[local];
      if (d == was) {
        return true; // a device entry the successor shares has the same state
      }
      char before = PoolLayout.this.flags[local];
      char f = flags(d, before);
      if (d.uid != was.uid) {
        uids = uids == PoolLayout.this.uids ? uids.clone() : uids;
        uids[local] = d.uid;
      }
      devices[local] = d;
      flags[local] = f;
      int change = (f & ALLOCATED) - (before & ALLOCATED);
      if (change == 0) {
        return true;
      }
      Consumption c = consumption(local, d);
      long[] amounts = c.units();
      if (amounts == null) {
        return false;
      }
      if (units == availableUnits) {
        units = units.clone();
      }
      int[] counters = c.counters();
      for (int j = 0; j < counters.length; j++) {
        long v = units[counters[j]];
        long a = change > 0 ? -amounts[j] : amounts[j];
        long r = v + a;
        if (((v ^ r) & (a ^ r)) < 0) {
          return false;
        }
        units[counters[j]] = r;
      }
      // from c, not setBits: another thread's search may have published c before setBits[local]
      changedSets |= setBitsOf(c.sets());
      return true;
    }
  }

  /*
   * Whether a device's counters fit alone depends on the counters left of the sets it consumes
   * (CounterLedger checks each such set whole) and on whether the pool is overcommitted (then
   * every set): the memo is kept for a device whose sets kept their counters left. The sets are
   * read from setBits, so that the pass reads two arrays and no device's consumption.
   */
  private void forgetFitAlone(char[] next, int changedSets, boolean sameOvercommit) {
    int changed = changedSets & ~KNOWN_SETS;
    for (int local = 0; local < deviceCount; local++) {
      if ((next[local] & (ALONE_FITS | ALONE_DOES_NOT_FIT)) == 0) {
        continue;
      }
      int sets = setBits[local];
      if (!sameOvercommit || sets == 0 || (sets & changed) != 0) {
        next[local] = (char) (next[local] & ~(ALONE_FITS | ALONE_DOES_NOT_FIT));
      }
    }
  }

  /** {@return the sets as setBits holds them: bit (set % 31) per set, and KNOWN_SETS} */
  private static int setBitsOf(int[] sets) {
    int bits = KNOWN_SETS;
    for (int set : sets) {
      bits |= 1 << (set % 31);
    }
    return bits;
  }

  private static final int[] NO_LOCALS = {};
  /** Selector sets remembered per layout; more are answered without candidates. */
  private static final int MAX_CANDIDATE_SETS = 64;

  /**
   * The candidates of these selectors (key: SelectorsKey of the same selectors) as last
   * extended, or, the first time, as far as results are remembered from the first device on;
   * null when nothing is known from there. A search that uses up the candidates below the
   * frontier asks to {@link #extend} them. Reads only remembered results: evaluating is left to
   * the search, so that selectors run, and fail, on exactly the devices the reference evaluates.
   */
  @Nullable Candidates candidates(@Nullable Object key, @Nullable CachedSelector[] classSelectors,
      @Nullable CachedSelector[] requestSelectors) {
    if (key == null) {
      return null;
    }
    Candidates last = recent;
    if (last != null && (last.key == key || last.key.equals(key))) {
      return last;
    }
    Candidates known = candidates.get(key);
    if (known != null) {
      recent = known;
      return known;
    }
    return extend(key, null, classSelectors, requestSelectors);
  }

  /**
   * {@return the candidates extended past {@code known}'s frontier as far as results are now
   * remembered, or {@code known} when nothing more is known}
   */
  @Nullable Candidates extend(Object key, @Nullable Candidates known, @Nullable CachedSelector[] classSelectors,
      @Nullable CachedSelector[] requestSelectors) {
    int from = known == null ? 0 : known.frontier;
    int local = from;
    int[] found = null;
    long[] unknown = known == null ? null : known.unknown;
    boolean unknownCopied = false;
    int n = known == null ? 0 : known.locals.length;
    for (; local < deviceCount; local++) {
      byte result = checkFully(local) ? CachedSelector.TRUE : SelectorMatcher.known(classSelectors, uids[local]);
      if (result == CachedSelector.TRUE) {
        result = checkFully(local) ? CachedSelector.TRUE : SelectorMatcher.known(requestSelectors, uids[local]);
      }
      if (result == 0) {
        if (!inUse(local)) {
          break;
        }
        if (!unknownCopied || unknown == null) {
          unknown = unknown == null ? new long[(deviceCount + 63) >>> 6] : unknown.clone();
          unknownCopied = true;
        }
        unknown[local >>> 6] |= 1L << local;
      }
      if (result != CachedSelector.FALSE) {
        if (found == null) {
          found = new int[deviceCount];
          if (known != null) {
            System.arraycopy(known.locals, 0, found, 0, n);
          }
        }
        found[n++] = local;
      }
    }
    if (local == from) {
      return known;
    }
    int[] locals = found != null ? Arrays.copyOf(found, n) : known != null ? known.locals : NO_LOCALS;
    Candidates extended = new Candidates(key, locals, local, unknown);
    if (known != null || candidates.size() < MAX_CANDIDATE_SETS) {
      candidates.put(key, extended);
    }
    recent = extended;
    return extended;
  }

  /** {@return the index of the first element of sorted that is at least value, or its length} */
  static int firstAtOrAfter(int[] sorted, int value) {
    int i = Arrays.binarySearch(sorted, value);
    return i >= 0 ? i : -i - 1;
  }

  /** {@return whether some counter is below zero: allocated claims overcommitted the pool} */
  boolean overcommitted() {
    long[] units = availableUnits;
    if (units != null) {
      for (long u : units) {
        if (u < 0) {
          return true;
        }
      }
      return false;
    }
    for (BigDecimal v : available()) {
      if (v.signum() < 0) {
        return true;
      }
    }
    return false;
  }

  /** {@return the number of counters of all sets} */
  int counterCount() {
    return setStart[setStart.length - 1];
  }

  /** {@return the counters left, exact, by counter number} */
  BigDecimal[] available() {
    BigDecimal[] a = available;
    if (a == null) {
      long[] units = Objects.requireNonNull(availableUnits); // a rebased layout has units
      a = new BigDecimal[units.length];
      for (int k = 0; k < units.length; k++) {
        a[k] = BigDecimal.valueOf(units[k], scale);
      }
      available = a;
    }
    return a;
  }

  int setCount() {
    return setStart.length - 1;
  }

  /** {@return the number of the device at index d of targeting slice s} */
  int local(int s, int d) {
    return sliceStart[s] + d;
  }

  /** {@return whether the device is allocated in any way: its counters are charged in availableUnits} */
  boolean allocated(int local) {
    return (flags[local] & ALLOCATED) != 0;
  }

  /** {@return whether the device is dedicated to an allocated claim (inUseDedicated)} */
  boolean inUse(int local) {
    return (flags[local] & IN_USE) != 0;
  }

  /**
   * {@return whether the device's selectability depends on more than its selector results:
   * binding conditions, per-device node selection, or an attribute no selector can read}
   */
  boolean checkFully(int local) {
    return (flags[local] & CHECK_FULLY) != 0;
  }

  /** {@return whether the device consumes counters} */
  boolean consumesCounters(int local) {
    return (flags[local] & COUNTERS) != 0;
  }

  /** {@return whether the device allows multiple allocations} */
  boolean allowsMultiple(int local) {
    return (flags[local] & MULTIPLE) != 0;
  }

  /** {@return whether the device has taints} */
  boolean tainted(int local) {
    return (flags[local] & TAINTED) != 0;
  }

  /** {@return whether the device's allocation names the node (NodeSelectors: no selector to build)} */
  boolean nodeBound(int local) {
    return (flags[local] & NODE_BOUND) != 0;
  }

  /** {@return whether allocated shares consume some of the device's capacity} */
  boolean shared(int local) {
    return (flags[local] & SHARED) != 0;
  }

  /** {@return what the device with that number consumes, computed on first use} */
  Consumption consumption(int local, DeviceEntry device) {
    Consumption c = consumptions[local];
    if (c == null) {
      c = PoolCounters.consumptionOf(this, device);
      setBits[local] = setBitsOf(c.sets());
      consumptions[local] = c;
    }
    return c;
  }

  /**
   * Whether the device's capacity takes a request that asks for none while nothing else
   * consumes it, remembered per device: then the check depends on the device alone.
   */
  boolean unrequestedCapacityFits(int local, boolean fractional) {
    char f = flags[local];
    if ((f & UNREQUESTED_KNOWN) == 0) {
      boolean fits = ConsumableCapacity.unrequestedFits(devices[local], fractional);
      flags[local] = (char) (flags[local] | UNREQUESTED_KNOWN | (fits ? UNREQUESTED_FITS : 0));
      return fits;
    }
    return (f & UNREQUESTED_FITS) != 0;
  }

  /**
   * {@return whether charging the device's counters is known to fail in a call that has charged
   * nothing else in this pool} A search can then pass over a device of a busy node without
   * reading its consumption or the counters left.
   */
  boolean countersNeverFitAlone(int local) {
    return (flags[local] & ALONE_DOES_NOT_FIT) != 0;
  }

  /**
   * {@return whether charging the device's counters is known to succeed in a call that has
   * charged nothing else in this pool} The charge can then be recorded without reading the
   * device's consumption (CounterLedger.chargeKnownToFit).
   */
  boolean countersFitAlone(int local) {
    return (flags[local] & ALONE_FITS) != 0;
  }

  /** Records whether the device's counters fit in a call that had charged nothing else in the pool. */
  void rememberCountersAlone(int local, boolean fits) {
    flags[local] = (char) (flags[local] | (fits ? ALONE_FITS : ALONE_DOES_NOT_FIT));
  }
}
