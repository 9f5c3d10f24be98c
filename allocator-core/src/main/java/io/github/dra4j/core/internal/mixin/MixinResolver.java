package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Resolves the KEP-5234 mixins of one ResourceSlice into lazy views, once per slice.
 *
 * <p>Precedence is the same for the three kinds: the object's own entries win; among its
 * includes the later one wins; an entry set nowhere is absent. Mixins resolve only within the
 * same slice. The counter set of a consumption always comes from the consumption entry.
 *
 * <p>With the gate off ({@code DRAResourceSliceMixins=false}), {@code spec.mixins} is ignored,
 * and what references mixins is dropped: devices with includes, counter sets with includes,
 * devices with a consumption entry that has includes, and devices that consume from a dropped
 * counter set. Counter sets live in their own slices of the pool (KEP-4815), so the last rule is
 * applied per pool by the allocator's pool gathering; {@link #resolve} applies it
 * only within the slice.
 */
public final class MixinResolver {
  /** At most this many includes per device and per counter set. */
  public static final int MAX_INCLUDES = 8;
  /** At most this many includes per counter consumption entry. */
  public static final int MAX_CONSUMPTION_INCLUDES = 4;
  /** At most this many attributes and capacities per device, mixins applied. */
  public static final int MAX_ATTRIBUTES_AND_CAPACITIES = 32;

  static final String GATE = "DRAResourceSliceMixins";

  private static final FieldPath DEVICES = FieldPath.of("spec", "devices");
  private static final FieldPath SHARED_COUNTERS = FieldPath.of("spec", "sharedCounters");

  private MixinResolver() {}

  /**
   * Resolves a slice.
   *
   * @param slice the slice as published; never modified
   * @param mixinsEnabled whether the DRAResourceSliceMixins gate is on
   * @return the lazy views, what the gate dropped, and the problems that make the pool invalid
   */
  public static ResolvedSlice resolve(ResourceSlice slice, boolean mixinsEnabled) {
    return new Resolution(Objects.requireNonNull(slice, "slice"), mixinsEnabled).resolve();
  }

  /**
   * Resolves a slice that differs from an already resolved one only in its names: the same
   * driver and the same device, counter set and mixin objects ({@link #sameContent}), as the
   * copies of a node template are. The views, indexes and problems are shared; only each device
   * learns its pool's name. Resolving every copy again would cost a cluster of 10,000 DGX nodes
   * most of its building time and heap.
   *
   * @param resolved the resolution of a slice with the same content
   * @param slice the slice to resolve; {@code sameContent(resolved.slice(), slice)} must hold
   * @param mixinsEnabled whether the DRAResourceSliceMixins gate is on, as for {@code resolved}
   * @return the resolution of {@code slice}, equal to {@link #resolve} of it
   */
  public static ResolvedSlice resolveLike(ResolvedSlice resolved, ResourceSlice slice, boolean mixinsEnabled) {
    if (!(resolved instanceof LazySlice) || !sameContent(resolved.slice(), slice)) {
      return resolve(slice, mixinsEnabled);
    }
    String pool = slice.spec().pool().name();
    List<LazyDevice> devices = new ArrayList<>(resolved.devices().size());
    for (ResolvedDevice d : resolved.devices()) {
      devices.add(((LazyDevice) d).inPool(pool));
    }
    return new LazySlice(slice, devices, resolved.counterSets(), resolved.dropped(), resolved.problems());
  }

  /**
   * {@return whether two slices resolve alike but for the pool name: the same driver, and the
   * same (identical) device, counter set and mixin objects}
   */
  @SuppressWarnings("ReferenceEquality") // the same objects, not equal ones: then one resolution serves both
  public static boolean sameContent(ResourceSlice a, ResourceSlice b) {
    ResourceSliceSpec x = a.spec();
    ResourceSliceSpec y = b.spec();
    return x.devices() == y.devices() && x.sharedCounters() == y.sharedCounters() && x.mixins() == y.mixins()
        && x.driver().equals(y.driver());
  }

  /*
   * The state of resolving one slice. Split by kind of object (counter sets, a device, its
   * consumptions), so that each step is a method of its own: a slice with mixins runs every
   * step, and small methods reach compiled code sooner than one large one.
   */
  private static final class Resolution {
    private final ResourceSlice slice;
    private final boolean mixinsEnabled;
    private final String driver;
    private final String pool;
    private final List<FieldError> problems = new ArrayList<>();
    private final List<ResolvedSlice.Dropped> dropped = new ArrayList<>();
    private final NameTable deviceNames = new NameTable();
    private final MixinIndex index;
    /* Devices, consumptions and counter sets that repeat an include list share its resolution. */
    private final Map<List<String>, CounterIncludes> setIncludes = new HashMap<>();
    private final Map<List<String>, CounterIncludes> consumptionIncludes = new HashMap<>();
    private final Map<List<String>, DeviceIncludes> sharedDeviceIncludes = new HashMap<>();
    private EffectiveIndex.@Nullable Builder deviceIndexes;

    Resolution(ResourceSlice slice, boolean mixinsEnabled) {
      this.slice = slice;
      this.mixinsEnabled = mixinsEnabled;
      ResourceSliceSpec spec = slice.spec();
      this.driver = spec.driver();
      this.pool = spec.pool().name();
      this.index = mixinsEnabled
          ? MixinIndex.build(spec.mixins(), driver, problems, deviceNames)
          : MixinIndex.EMPTY;
    }

    ResolvedSlice resolve() {
      // Own entries first; device entries are numbered where they meet includes, so that every
      // device view is indexed once. Counter views keep their own counters apart (LazyCounters).
      List<CounterSet> sharedCounters = slice.spec().sharedCounters();
      CounterEntries[] ownSetCounters = new CounterEntries[sharedCounters.size()];
      for (int i = 0; i < ownSetCounters.length; i++) {
        ownSetCounters[i] = CounterEntries.of(sharedCounters.get(i).counters());
      }
      List<Device> specDevices = slice.spec().devices();
      OwnEntries[] own = new OwnEntries[specDevices.size()];
      for (int i = 0; i < own.length; i++) {
        own[i] = OwnEntries.of(specDevices.get(i), driver, mixinsEnabled, deviceNames);
      }
      deviceNames.finish();
      deviceIndexes = deviceNames.size() == 0 ? null : new EffectiveIndex.Builder(deviceNames);

      Set<String> droppedCounterSets = new HashSet<>();
      List<LazyCounterSet> counterSets = counterSets(sharedCounters, ownSetCounters, droppedCounterSets);
      List<LazyDevice> devices = new ArrayList<>(specDevices.size());
      for (int i = 0; i < specDevices.size(); i++) {
        Device device = specDevices.get(i);
        if (!mixinsEnabled) {
          String reason = gateOffReason(device, droppedCounterSets);
          if (reason != null) {
            dropped.add(new ResolvedSlice.Dropped(ResolvedSlice.Dropped.DEVICE, device.name(), reason));
            continue;
          }
        }
        devices.add(device(i, device, own[i]));
      }
      deviceNames.release();
      return new LazySlice(slice, devices, counterSets, dropped, problems);
    }

    private List<LazyCounterSet> counterSets(List<CounterSet> sharedCounters, CounterEntries[] own,
        Set<String> droppedCounterSets) {
      List<LazyCounterSet> counterSets = new ArrayList<>(sharedCounters.size());
      for (int i = 0; i < sharedCounters.size(); i++) {
        CounterSet cs = sharedCounters.get(i);
        if (!mixinsEnabled && !cs.includes().isEmpty()) {
          dropped.add(new ResolvedSlice.Dropped(ResolvedSlice.Dropped.COUNTER_SET, cs.name(),
              "counter set uses includes while " + GATE + " is disabled"));
          droppedCounterSets.add(cs.name());
          continue;
        }
        CounterIncludes includes = cs.includes().isEmpty() ? CounterIncludes.NONE : setIncludes.get(cs.includes());
        if (includes == null) {
          includes = counterIncludes(setIncludes, cs.includes(), MAX_INCLUDES, Site.counterSet(i, cs.name()));
        }
        counterSets.add(new LazyCounterSet(cs, own[i], includes));
      }
      return counterSets;
    }

    private LazyDevice device(int i, Device device, OwnEntries own) {
      List<LazyCounters> consumptions = consumptions(i, device, own);
      DeviceIncludes includes = device.includes().isEmpty() ? DeviceIncludes.NONE
          : sharedDeviceIncludes.get(device.includes());
      if (includes == null) {
        includes = deviceIncludes(device.includes(), Site.device(i, device.name()));
      }
      Entries<DeviceAttribute>[] attributes = includes.attributesWith(own.attributes);
      Entries<DeviceCapacity>[] capacity = includes.capacityWith(own.capacity);
      if (attributes.length == 1 || deviceIndexes == null) {
        // Devices without includes are left to API validation, as the reference allocator does.
        int n = own.attributes.size() + own.capacity.size();
        if (attributes.length > 1) {
          checkLimit(i, device, n);
        }
        return new LazyDevice(device, i, driver, pool, attributes, capacity, null, null, n, consumptions);
      }
      EffectiveIndex.Builder b = deviceIndexes;
      // includes and a builder: DeviceIncludes.of indexed the includes
      EffectiveIndex attributeIndex = b.merge(attributes, Objects.requireNonNull(includes.attributeIndex()));
      int n = b.lastCount();
      EffectiveIndex capacityIndex = b.merge(capacity, Objects.requireNonNull(includes.capacityIndex()));
      n += b.lastCount();
      checkLimit(i, device, n);
      boolean indexed = attributeIndex != null && capacityIndex != null;
      return new LazyDevice(device, i, driver, pool, attributes, capacity, indexed ? attributeIndex : null,
          indexed ? capacityIndex : null, n, consumptions);
    }

    private void checkLimit(int i, Device device, int n) {
      if (n > MAX_ATTRIBUTES_AND_CAPACITIES) {
        Site site = Site.device(i, device.name());
        problems.add(new FieldError(FieldError.Type.TOO_MANY, site.path(), n,
            site.owner() + ": must have at most " + MAX_ATTRIBUTES_AND_CAPACITIES
                + " attributes and capacities with the included mixins applied"));
      }
    }

    private List<LazyCounters> consumptions(int i, Device device, OwnEntries own) {
      List<DeviceCounterConsumption> consumptions = device.consumesCounters();
      if (consumptions.isEmpty()) {
        return List.of();
      }
      LazyCounters[] resolved = new LazyCounters[consumptions.size()];
      for (int j = 0; j < consumptions.size(); j++) {
        DeviceCounterConsumption c = consumptions.get(j);
        CounterIncludes includes = c.includes().isEmpty() ? CounterIncludes.NONE
            : consumptionIncludes.get(c.includes());
        if (includes == null) {
          includes = counterIncludes(consumptionIncludes, c.includes(), MAX_CONSUMPTION_INCLUDES,
              Site.consumption(i, device.name(), j, c.counterSet()));
        }
        resolved[j] = new LazyCounters(c.counterSet(), own.consumptions[j], includes);
      }
      return List.of(resolved);
    }

    /* Resolves an include list not seen yet, and shares it when it resolved without a problem. */
    private DeviceIncludes deviceIncludes(List<String> names, Site site) {
      int before = problems.size();
      DeviceIncludes resolved = DeviceIncludes.of(
          includes(names, MAX_INCLUDES, index::device, new DeviceMixinEntries[names.size()], site, problems,
              ": no device mixin with this name in spec.mixins.device of the same ResourceSlice"),
          deviceIndexes);
      if (problems.size() == before) {
        sharedDeviceIncludes.put(names, resolved);
      }
      return resolved;
    }

    private CounterIncludes counterIncludes(Map<List<String>, CounterIncludes> shared, List<String> names, int max,
        Site site) {
      int before = problems.size();
      boolean consumption = site.consumption() >= 0;
      List<CounterEntries> found = includes(names, max, consumption ? index::consumption : index::counterSet,
          new CounterEntries[names.size()], site, problems, consumption
              ? ": no counter consumption mixin with this name in spec.mixins.deviceCounterConsumption"
                  + " of the same ResourceSlice"
              : ": no counter set mixin with this name in spec.mixins.counterSet of the same ResourceSlice");
      CounterIncludes resolved = CounterIncludes.of(found);
      if (problems.size() == before) {
        shared.put(names, resolved);
      }
      return resolved;
    }
  }

  /** A device's own entries, normalised once; attributes and capacities numbered where they meet includes. */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  private record OwnEntries(
      Entries<DeviceAttribute> attributes, Entries<DeviceCapacity> capacity, CounterEntries[] consumptions) {

    static OwnEntries of(Device device, String driver, boolean mixinsEnabled, NameTable deviceNames) {
      Entries<DeviceAttribute> attributes = Entries.of(device.attributes(), driver);
      Entries<DeviceCapacity> capacity = Entries.of(device.capacity(), driver);
      if (mixinsEnabled && !device.includes().isEmpty()) {
        attributes.number(deviceNames);
        capacity.number(deviceNames);
      }
      List<DeviceCounterConsumption> consumptions = device.consumesCounters();
      CounterEntries[] counters = new CounterEntries[consumptions.size()];
      for (int j = 0; j < counters.length; j++) {
        counters[j] = CounterEntries.of(consumptions.get(j).counters());
      }
      return new OwnEntries(attributes, capacity, counters);
    }
  }

  private static @Nullable String gateOffReason(Device device, Set<String> droppedCounterSets) {
    if (!device.includes().isEmpty()) {
      return "device uses includes while " + GATE + " is disabled";
    }
    List<DeviceCounterConsumption> consumptions = device.consumesCounters();
    for (int j = 0; j < consumptions.size(); j++) {
      if (!consumptions.get(j).includes().isEmpty()) {
        return "consumesCounters[" + j + "] (counter set " + consumptions.get(j).counterSet()
            + ") uses includes while " + GATE + " is disabled";
      }
    }
    String consumed = consumedDropped(device, droppedCounterSets);
    return consumed == null ? null : consumesDroppedReason(consumed);
  }

  private static @Nullable String consumedDropped(Device device, Collection<String> droppedCounterSets) {
    for (DeviceCounterConsumption c : device.consumesCounters()) {
      if (droppedCounterSets.contains(c.counterSet())) {
        return c.counterSet();
      }
    }
    return null;
  }

  private static String consumesDroppedReason(String counterSet) {
    return "device consumes counters from counter set " + counterSet
        + ", which uses includes while " + GATE + " is disabled";
  }

  /*
   * Where includes are resolved. Problem paths and details are built from it only when a
   * problem is found: resolving a valid slice builds no FieldPath and no message.
   */
  private record Site(boolean device, int index, String name, int consumption, String counterSet) {
    static Site device(int index, String name) {
      return new Site(true, index, name, -1, "");
    }

    static Site consumption(int index, String name, int consumption, String counterSet) {
      return new Site(true, index, name, consumption, counterSet);
    }

    static Site counterSet(int index, String name) {
      return new Site(false, index, name, -1, "");
    }

    FieldPath path() {
      return device ? DEVICES.index(index) : SHARED_COUNTERS.index(index);
    }

    FieldPath includesPath() {
      FieldPath p = path();
      return (consumption < 0 ? p : p.child("consumesCounters").index(consumption)).child("includes");
    }

    String owner() {
      if (!device) {
        return "counter set \"" + name + "\"";
      }
      String owner = "device \"" + name + "\"";
      return consumption < 0 ? owner : owner + ", counter set \"" + counterSet + "\"";
    }
  }

  /*
   * The resolved includes of one include list, in precedence order behind an empty source 0
   * that each object replaces by its own entries, with their shared index (null when nothing
   * is numbered).
   */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  private record DeviceIncludes(
      Entries<DeviceAttribute>[] attributes,
      Entries<DeviceCapacity>[] capacity,
      EffectiveIndex.@Nullable Shared attributeIndex,
      EffectiveIndex.@Nullable Shared capacityIndex) {
    static final DeviceIncludes NONE = of(List.of(), null);

    static DeviceIncludes of(List<DeviceMixinEntries> includes, EffectiveIndex.@Nullable Builder indexes) {
      int n = includes.size();
      Entries<DeviceAttribute>[] attributes = LazyDevice.newSources(n + 1);
      Entries<DeviceCapacity>[] capacity = LazyDevice.newSources(n + 1);
      attributes[0] = Entries.empty();
      capacity[0] = Entries.empty();
      for (int i = 0; i < n; i++) {
        DeviceMixinEntries m = includes.get(n - 1 - i);
        attributes[i + 1] = m.attributes();
        capacity[i + 1] = m.capacity();
      }
      if (n == 0 || indexes == null) {
        return new DeviceIncludes(attributes, capacity, null, null);
      }
      return new DeviceIncludes(attributes, capacity, indexes.share(attributes), indexes.share(capacity));
    }

    Entries<DeviceAttribute>[] attributesWith(Entries<DeviceAttribute> own) {
      Entries<DeviceAttribute>[] sources = attributes.clone();
      sources[0] = own;
      return sources;
    }

    Entries<DeviceCapacity>[] capacityWith(Entries<DeviceCapacity> own) {
      Entries<DeviceCapacity>[] sources = capacity.clone();
      sources[0] = own;
      return sources;
    }
  }

  /*
   * Looks up an include list's mixins by name into found (one slot per name), reporting a list
   * over max and every name that finds nothing; returns the mixins at their last occurrence.
   */
  private static <T> List<T> includes(List<String> names, int max, Function<String, @Nullable T> find,
      @Nullable T[] found, Site site, List<FieldError> problems, String notFound) {
    if (names.isEmpty()) {
      return List.of();
    }
    boolean clean = names.size() <= max;
    for (int k = 0; k < found.length; k++) {
      found[k] = find.apply(names.get(k));
      clean &= found[k] != null;
    }
    if (!clean) {
      FieldPath path = site.includesPath();
      if (names.size() > max) {
        problems.add(tooMany(path, names.size(), max, site.owner()));
      }
      for (int k = 0; k < found.length; k++) {
        if (found[k] == null) {
          problems.add(FieldError.notFound(path.index(k), names.get(k), site.owner() + notFound));
        }
      }
    }
    return lastOccurrences(found);
  }

  private static FieldError tooMany(FieldPath path, int actual, int max, String owner) {
    return new FieldError(
        FieldError.Type.TOO_MANY, path, actual, owner + ": must have at most " + max + " items");
  }

  /*
   * A mixin included twice only matters at its last position, so earlier repetitions are left
   * out of the view. This keeps lookups and iteration bounded by the number of distinct mixins
   * even for malformed input with very long include lists. A name always finds the same mixin,
   * so repetitions are found by identity; names that found nothing are left out too.
   */
  private static <T> List<T> lastOccurrences(@Nullable T[] found) {
    boolean small = found.length <= MAX_INCLUDES;
    int out = small ? firstNotKept(found, 0) : 0;
    if (small && out == found.length) {
      return Arrays.asList(found); // the usual list: kept whole, without copying it
    }
    boolean[] last = new boolean[found.length];
    if (small) {
      Arrays.fill(last, true);
      for (; out < found.length; out = firstNotKept(found, out + 1)) {
        last[out] = false;
      }
    } else {
      Set<T> later = Collections.newSetFromMap(new IdentityHashMap<>());
      for (int k = found.length - 1; k >= 0; k--) {
        last[k] = found[k] != null && later.add(found[k]);
      }
    }
    @Nullable T[] kept = found.clone();
    int n = 0;
    for (int k = 0; k < found.length; k++) {
      if (last[k]) {
        kept[n++] = found[k];
      }
    }
    return Arrays.asList(n == kept.length ? kept : Arrays.copyOf(kept, n));
  }

  /*
   * The first position from "from" on that is left out (it found nothing, or its mixin is
   * found again later), or found.length when every one is kept: a short list's only scan.
   */
  private static int firstNotKept(@Nullable Object[] found, int from) {
    for (int k = from; k < found.length; k++) {
      if (found[k] == null || foundAfter(found, k)) {
        return k;
      }
    }
    return found.length;
  }

  private static boolean foundAfter(@Nullable Object[] found, int k) {
    for (int j = k + 1; j < found.length; j++) {
      if (found[j] == found[k]) {
        return true;
      }
    }
    return false;
  }
}
