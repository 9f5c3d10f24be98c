package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * The mixins of one slice by name, built once per slice so that every include is an O(1)
 * lookup. A duplicate name is a problem (the pool becomes invalid); the first definition is
 * indexed so that resolution stays deterministic anyway.
 */
final class MixinIndex {
  static final MixinIndex EMPTY = new MixinIndex(Map.of(), Map.of(), Map.of());

  private static final FieldPath MIXINS = FieldPath.of("spec", "mixins");

  private final Map<String, DeviceMixinEntries> devices;
  private final Map<String, CounterEntries> consumptions;
  private final Map<String, CounterEntries> counterSets;

  private MixinIndex(
      Map<String, DeviceMixinEntries> devices,
      Map<String, CounterEntries> consumptions,
      Map<String, CounterEntries> counterSets) {
    this.devices = devices;
    this.consumptions = consumptions;
    this.counterSets = counterSets;
  }

  /** Indexes the mixins and numbers the device mixins' names in the slice's table. */
  static MixinIndex build(
      @Nullable ResourceSliceMixins mixins, String driver, List<FieldError> problems, NameTable deviceNames) {
    if (mixins == null) {
      return EMPTY;
    }
    // Each map is sized for its mixins, so that a slice at the limits (up to 128 device and 128
    // consumption mixins) does not rehash them.
    List<DeviceMixin> deviceMixins = mixins.device();
    Map<String, DeviceMixinEntries> devices = SizedMaps.newHashMap(deviceMixins.size());
    for (int i = 0; i < deviceMixins.size(); i++) {
      DeviceMixin m = deviceMixins.get(i);
      if (devices.containsKey(m.name())) {
        problems.add(FieldError.duplicate(MIXINS.child("device").index(i).child("name"), m.name()));
        continue;
      }
      DeviceMixinEntries entries = new DeviceMixinEntries(
          Entries.of(m.attributes(), driver), Entries.of(m.capacity(), driver));
      entries.attributes().number(deviceNames);
      entries.capacity().number(deviceNames);
      devices.put(m.name(), entries);
    }
    List<DeviceCounterConsumptionMixin> consumptionMixins = mixins.deviceCounterConsumption();
    Map<String, CounterEntries> consumptions = SizedMaps.newHashMap(consumptionMixins.size());
    for (int i = 0; i < consumptionMixins.size(); i++) {
      DeviceCounterConsumptionMixin m = consumptionMixins.get(i);
      CounterEntries entries = CounterEntries.of(m.counters());
      if (consumptions.putIfAbsent(m.name(), entries) != null) {
        problems.add(FieldError.duplicate(
            MIXINS.child("deviceCounterConsumption").index(i).child("name"), m.name()));
      }
    }
    List<CounterSetMixin> counterSetMixins = mixins.counterSet();
    Map<String, CounterEntries> counterSets = SizedMaps.newHashMap(counterSetMixins.size());
    for (int i = 0; i < counterSetMixins.size(); i++) {
      CounterSetMixin m = counterSetMixins.get(i);
      CounterEntries entries = CounterEntries.of(m.counters());
      if (counterSets.putIfAbsent(m.name(), entries) != null) {
        problems.add(FieldError.duplicate(MIXINS.child("counterSet").index(i).child("name"), m.name()));
      }
    }
    return new MixinIndex(devices, consumptions, counterSets);
  }

  @Nullable DeviceMixinEntries device(String name) {
    return devices.get(name);
  }

  @Nullable CounterEntries consumption(String name) {
    return consumptions.get(name);
  }

  @Nullable CounterEntries counterSet(String name) {
    return counterSets.get(name);
  }
}
