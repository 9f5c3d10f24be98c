package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Tiny builders for slices with mixins, in the style of the Go test helpers. */
final class TestSlices {
  static final String DRIVER = "driver-a";

  private TestSlices() {}

  static ResourceSlice slice(List<Device> devices, List<CounterSet> counterSets, @Nullable ResourceSliceMixins mixins) {
    return new ResourceSlice(ObjectMeta.named("slice-1"), new ResourceSliceSpec(DRIVER,
        ResourcePool.of("pool-1", 1, 1), "node-1", null, false, false, devices, counterSets, mixins));
  }

  static ResourceSliceMixins mixins(
      List<DeviceMixin> device, List<DeviceCounterConsumptionMixin> consumption, List<CounterSetMixin> counterSet) {
    return new ResourceSliceMixins(device, consumption, counterSet);
  }

  static Device device(String name, Map<String, DeviceAttribute> attributes, Map<String, DeviceCapacity> capacity,
      List<String> includes, List<DeviceCounterConsumption> consumes) {
    return new Device(name, attributes, capacity, consumes, includes, null, null, false, List.of(), List.of(),
        List.of(), false, false);
  }

  static Device device(String name, List<String> includes) {
    return device(name, Map.of(), Map.of(), includes, List.of());
  }

  static Device consumer(String name, DeviceCounterConsumption... consumes) {
    return device(name, Map.of(), Map.of(), List.of(), List.of(consumes));
  }

  static DeviceMixin deviceMixin(String name, Map<String, DeviceAttribute> attributes,
      Map<String, DeviceCapacity> capacity) {
    return new DeviceMixin(name, attributes, capacity);
  }

  static DeviceCounterConsumption consumes(String counterSet, Map<String, Counter> counters, String... includes) {
    return new DeviceCounterConsumption(counterSet, counters, List.of(includes));
  }

  static CounterSet counterSet(String name, Map<String, Counter> counters, String... includes) {
    return new CounterSet(name, counters, List.of(includes));
  }

  static Map<String, DeviceAttribute> attrs(String... nameValue) {
    Map<String, DeviceAttribute> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], DeviceAttribute.ofString(nameValue[i + 1]));
    }
    return m;
  }

  static Map<String, DeviceCapacity> caps(String... nameValue) {
    Map<String, DeviceCapacity> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], DeviceCapacity.of(nameValue[i + 1]));
    }
    return m;
  }

  static Map<String, Counter> counters(String... nameValue) {
    Map<String, Counter> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], Counter.of(nameValue[i + 1]));
    }
    return m;
  }
}
