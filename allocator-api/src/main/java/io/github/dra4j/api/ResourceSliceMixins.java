package io.github.dra4j.api;

import java.util.List;

/**
 * KEP-5234 mixins of a ResourceSlice: named fragments that devices, counter sets and counter
 * consumptions of the same slice include by name.
 *
 * @param device device mixins (attributes and capacity)
 * @param deviceCounterConsumption counter consumption mixins
 * @param counterSet counter set mixins
 */
public record ResourceSliceMixins(
    List<DeviceMixin> device,
    List<DeviceCounterConsumptionMixin> deviceCounterConsumption,
    List<CounterSetMixin> counterSet) {
  public ResourceSliceMixins {
    device = Copies.list(device);
    deviceCounterConsumption = Copies.list(deviceCounterConsumption);
    counterSet = Copies.list(counterSet);
  }
}
