package io.github.dra4j.bench;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.core.MixinFlattener;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The worst-case KEP-5234 slice set: one pool on one node whose slices sit at every
 * ResourceSlice limit of the KEP, generated from a fixed seed.
 *
 * <p>Shape (per device slice, {@code deviceSlices} of them, plus one counter slice):
 * <ul>
 *   <li>64 devices (the slice limit when devices consume counters; 128 without), each with 2
 *       own attributes ({@code index},
 *       {@code uuid}) and 8 includes (the limit), one device mixin from each of 8 layers.
 *       Layer {@code L} has 16 mixins that all define the same keys: a shared {@code tier}
 *       (every layer redefines it, so the last include wins) plus 3 or 4 layer keys of mixed
 *       types (string, int, bool, version, capacity). Flattened, every device has exactly 32
 *       attributes and capacities (the per-device limit). The keys selectors use
 *       ({@code model}, {@code memory}, {@code driverVersion}) live in layer 0, the first
 *       include, so a lazy lookup walks the device's own entries and all 8 includes.</li>
 *   <li>128 device mixins and 128 counter consumption mixins (both limits).</li>
 *   <li>Every device consumes from 2 counter sets (the v1 limit; KEP-5234 said 4); each
 *       consumption has 8 own counters and 4 includes (the limit), one of 32 consumption mixins
 *       in each of 4 layers of 8 counters: 32 counters once flattened. Consumed counters total
 *       2,048 per slice (the limit).</li>
 *   <li>The counter slice has 8 counter sets (the v1 limit) and 32 counter set mixins (the
 *       limit); each set has 16 own counters and 8 includes, one mixin of 4 counters per layer:
 *       256 counters in the slice (the limit), 32 per set once flattened (the limit).</li>
 * </ul>
 * Where KEP-5234 and the newer v1 API reference disagree, the fixtures follow the limits that
 * {@code Validator} enforces, and a test checks that every slice validates.
 * Values (uuids, versions, amounts) come from {@link SplittableRandom} seeded with the given seed.
 */
public final class WorstCaseSlices {
  /** The driver of the pool. */
  public static final String DRIVER = "worst-case.bench.dra4j.io";
  /** The pool name. */
  public static final String POOL = "worst-case";
  /** The node the pool is local to. */
  public static final String NODE = "worst-case-node";
  /** The device class that selects every device of the pool. */
  public static final String DEVICE_CLASS = "worst-case";
  /** The seed the benchmarks use. */
  public static final long SEED = 0x5234L;

  /** Devices per device slice: the limit for devices that consume counters. */
  public static final int DEVICES_PER_SLICE = 64;
  static final int DEVICE_INCLUDES = 8;
  static final int MIXINS_PER_LAYER = 16;
  static final int ATTRIBUTES_PER_DEVICE = 32;
  static final int CONSUMPTIONS_PER_DEVICE = 2;
  static final int CONSUMPTION_INCLUDES = 4;
  static final int CONSUMPTION_MIXINS_PER_LAYER = 32;
  static final int COUNTERS_PER_CONSUMPTION_MIXIN = 8;
  static final int OWN_CONSUMED_COUNTERS = 8;
  static final int COUNTER_SETS = 8;
  static final int OWN_SET_COUNTERS = 16;
  static final int COUNTER_SET_INCLUDES = 8;
  static final int COUNTER_SET_MIXINS_PER_LAYER = 4;
  static final int COUNTERS_PER_SET_MIXIN = 4;

  /** Layer keys beside {@code tier}: layers 0-4 have 4, layers 5-7 have 3, so 2 + 1 + 29 = 32. */
  private static final int[] LAYER_KEYS = {4, 4, 4, 4, 4, 3, 3, 3};

  /** Selector over layer 0 keys, true on every device of the set. */
  public static final String EQUALITY = "device.attributes[\"" + DRIVER + "\"].model == \"bench-gpu\"";
  /** Selector over a layer 0 capacity, true on every device of the set. */
  public static final String QUANTITY =
      "device.capacity[\"" + DRIVER + "\"].memory.compareTo(quantity(\"40Gi\")) >= 0";
  /** Selector over a layer 0 version, true on every device of the set. */
  public static final String SEMVER =
      "device.attributes[\"" + DRIVER + "\"].driverVersion.isGreaterThan(semver(\"0.9.0\"))";

  private WorstCaseSlices() {}

  /** {@return the node the pool's slices are local to} */
  public static Node node() {
    return Node.of(NODE, Map.of("kubernetes.io/hostname", NODE));
  }

  /**
   * Generates the mixin form.
   *
   * @param seed the random seed for values
   * @param deviceSlices how many device slices the pool has (each at the limits)
   * @return the slices (device slices first, the counter slice last) and the device class
   */
  public static BenchCluster generate(long seed, int deviceSlices) {
    SplittableRandom random = new SplittableRandom(seed);
    ResourcePool pool = ResourcePool.of(POOL, 1, deviceSlices + 1L);
    List<ResourceSlice> slices = new ArrayList<>();
    for (int s = 0; s < deviceSlices; s++) {
      slices.add(deviceSlice(s, pool, random));
    }
    slices.add(counterSlice(pool, random));
    return new BenchCluster(slices, List.of(Model.deviceClass(DEVICE_CLASS,
        "device.driver == \"" + DRIVER + "\"")), List.of());
  }

  /** {@return the same slices with every mixin applied and every include removed} */
  public static BenchCluster flattened(BenchCluster mixinForm) {
    List<ResourceSlice> flat = new ArrayList<>();
    for (ResourceSlice slice : mixinForm.slices()) {
      flat.add(MixinFlattener.flatten(slice));
    }
    return new BenchCluster(flat, mixinForm.classes(), mixinForm.allocatedClaims());
  }

  /** {@return the global index of the last device of the set} */
  static int lastIndex(int deviceSlices) {
    return deviceSlices * DEVICES_PER_SLICE - 1;
  }

  /**
   * Returns a claim whose selector walks the deepest mixin keys of every device and matches
   * only the last device of the set (by its own {@code index}).
   *
   * @param deviceSlices the device slices of the set, as given to {@link #generate}
   * @return the claim, with one request of {@link #DEVICE_CLASS}
   */
  public static ResourceClaim lastDeviceClaim(int deviceSlices) {
    String selector = EQUALITY + " && " + QUANTITY + " && device.attributes[\"" + DRIVER
        + "\"].index == " + lastIndex(deviceSlices);
    return Model.claim("last-device", "req-0", DEVICE_CLASS, selector);
  }

  /** {@return the name of device {@code d} of device slice {@code s}} */
  static String deviceName(int s, int d) {
    return "dev-" + s + "-" + d;
  }

  private static ResourceSlice deviceSlice(int s, ResourcePool pool, SplittableRandom random) {
    List<DeviceMixin> deviceMixins = new ArrayList<>();
    for (int layer = 0; layer < DEVICE_INCLUDES; layer++) {
      for (int v = 0; v < MIXINS_PER_LAYER; v++) {
        deviceMixins.add(deviceMixin(layer, v, random));
      }
    }
    List<DeviceCounterConsumptionMixin> consumptionMixins = new ArrayList<>();
    for (int layer = 0; layer < CONSUMPTION_INCLUDES; layer++) {
      for (int v = 0; v < CONSUMPTION_MIXINS_PER_LAYER; v++) {
        Map<String, Counter> counters = new LinkedHashMap<>();
        for (int c = 0; c < COUNTERS_PER_CONSUMPTION_MIXIN; c++) {
          counters.put(counterName(layer * COUNTERS_PER_CONSUMPTION_MIXIN + c), Counter.of("1"));
        }
        consumptionMixins.add(new DeviceCounterConsumptionMixin("consume-" + layer + "-" + v, counters));
      }
    }
    List<Device> devices = new ArrayList<>();
    for (int d = 0; d < DEVICES_PER_SLICE; d++) {
      devices.add(device(s, d, random));
    }
    return Model.deviceSlice(POOL + "-devices-" + s, DRIVER, NODE, pool, devices,
        new ResourceSliceMixins(deviceMixins, consumptionMixins, List.of()));
  }

  private static DeviceMixin deviceMixin(int layer, int v, SplittableRandom random) {
    Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    attributes.put("tier", DeviceAttribute.ofString("layer-" + layer + "-" + v));
    if (layer == 0) {
      attributes.put("model", DeviceAttribute.ofString("bench-gpu"));
      capacity.put("memory", DeviceCapacity.of(Quantity.parse((40 + 8 * (v % 6)) + "Gi")));
      attributes.put("driverVersion", DeviceAttribute.ofVersion("1." + v + "." + random.nextInt(10)));
      attributes.put("ecc", DeviceAttribute.ofBool(random.nextBoolean()));
    } else {
      for (int k = 0; k < LAYER_KEYS[layer]; k++) {
        String key = "l" + layer + "k" + k;
        switch (k % 4) {
          case 0 -> attributes.put(key, DeviceAttribute.ofString("value-" + random.nextInt(1_000_000)));
          case 1 -> attributes.put(key, DeviceAttribute.ofInt(random.nextInt(1_000_000)));
          case 2 -> attributes.put(key, DeviceAttribute.ofBool(random.nextBoolean()));
          default -> capacity.put(key, DeviceCapacity.of(Quantity.of(1 + random.nextInt(1024))));
        }
      }
    }
    return new DeviceMixin("mixin-" + layer + "-" + v, attributes, capacity);
  }

  private static Device device(int s, int d, SplittableRandom random) {
    Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    attributes.put("index", DeviceAttribute.ofInt((long) s * DEVICES_PER_SLICE + d));
    attributes.put("uuid", DeviceAttribute.ofString(
        "GPU-" + Long.toHexString(random.nextLong()) + "-" + Long.toHexString(random.nextLong())));
    List<String> includes = new ArrayList<>();
    for (int layer = 0; layer < DEVICE_INCLUDES; layer++) {
      includes.add("mixin-" + layer + "-" + (d + 3 * layer) % MIXINS_PER_LAYER);
    }
    List<DeviceCounterConsumption> consumes = new ArrayList<>();
    for (int k = 0; k < CONSUMPTIONS_PER_DEVICE; k++) {
      Map<String, Counter> own = new LinkedHashMap<>();
      for (int c = 0; c < OWN_CONSUMED_COUNTERS; c++) {
        own.put(counterName(8 * k + c), Counter.of("2"));
      }
      List<String> consumptionIncludes = new ArrayList<>();
      for (int layer = 0; layer < CONSUMPTION_INCLUDES; layer++) {
        consumptionIncludes.add("consume-" + layer + "-" + (d + k + layer) % CONSUMPTION_MIXINS_PER_LAYER);
      }
      consumes.add(new DeviceCounterConsumption(
          counterSetName((d + k * COUNTER_SETS / CONSUMPTIONS_PER_DEVICE) % COUNTER_SETS), own, consumptionIncludes));
    }
    return Model.device(deviceName(s, d), attributes, Map.of(), consumes, includes);
  }

  private static ResourceSlice counterSlice(ResourcePool pool, SplittableRandom random) {
    List<CounterSetMixin> mixins = new ArrayList<>();
    for (int layer = 0; layer < COUNTER_SET_INCLUDES; layer++) {
      for (int v = 0; v < COUNTER_SET_MIXINS_PER_LAYER; v++) {
        Map<String, Counter> counters = new LinkedHashMap<>();
        for (int c = 0; c < COUNTERS_PER_SET_MIXIN; c++) {
          counters.put(counterName(layer * COUNTERS_PER_SET_MIXIN + c), available(random));
        }
        mixins.add(new CounterSetMixin("counters-" + layer + "-" + v, counters));
      }
    }
    List<CounterSet> sets = new ArrayList<>();
    for (int i = 0; i < COUNTER_SETS; i++) {
      Map<String, Counter> own = new LinkedHashMap<>();
      for (int c = 0; c < OWN_SET_COUNTERS; c++) {
        own.put(counterName(c), available(random));
      }
      List<String> includes = new ArrayList<>();
      for (int layer = 0; layer < COUNTER_SET_INCLUDES; layer++) {
        includes.add("counters-" + layer + "-" + (i + layer) % COUNTER_SET_MIXINS_PER_LAYER);
      }
      sets.add(new CounterSet(counterSetName(i), own, includes));
    }
    return Model.counterSlice(POOL + "-counters", DRIVER, NODE, pool, sets,
        new ResourceSliceMixins(List.of(), List.of(), mixins));
  }

  /** Enough for every device that consumes from a set (at most 2 per device, 16 devices per slice). */
  private static Counter available(SplittableRandom random) {
    return Counter.of(Integer.toString(1024 + random.nextInt(1024)));
  }

  private static String counterName(int i) {
    return "c" + i;
  }

  private static String counterSetName(int i) {
    return "cs-" + i;
  }
}
