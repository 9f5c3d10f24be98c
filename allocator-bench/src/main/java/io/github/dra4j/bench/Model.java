package io.github.dra4j.bench;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Short factories for the model records the fixtures build, so the generators read as data. */
final class Model {
  private Model() {}

  /** Returns a device without node selection, taints or binding conditions. */
  static Device device(
      String name,
      Map<String, DeviceAttribute> attributes,
      Map<String, DeviceCapacity> capacity,
      List<DeviceCounterConsumption> consumesCounters,
      List<String> includes) {
    return new Device(name, attributes, capacity, consumesCounters, includes,
        null, null, false, List.of(), List.of(), List.of(), false, false);
  }

  /** Returns a node-local slice of devices (and possibly mixins). */
  static ResourceSlice deviceSlice(String name, String driver, String node, ResourcePool pool,
      List<Device> devices, @Nullable ResourceSliceMixins mixins) {
    return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(
        driver, pool, node, null, false, false, devices, List.of(), mixins));
  }

  /** Returns a node-local slice of counter sets (and possibly counter set mixins). */
  static ResourceSlice counterSlice(String name, String driver, String node, ResourcePool pool,
      List<CounterSet> counterSets, @Nullable ResourceSliceMixins mixins) {
    return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(
        driver, pool, node, null, false, false, List.of(), counterSets, mixins));
  }

  /** Returns a device class with CEL selectors. */
  static DeviceClass deviceClass(String name, String... selectors) {
    List<DeviceSelector> list = new ArrayList<>();
    for (String s : selectors) {
      list.add(DeviceSelector.cel(s));
    }
    return new DeviceClass(ObjectMeta.named(name), new DeviceClassSpec(list, List.of(), null));
  }

  /** Returns an unallocated claim with one ExactCount request for one device. */
  static ResourceClaim claim(String name, String request, String deviceClass, String selector) {
    ExactDeviceRequest exactly = new ExactDeviceRequest(deviceClass,
        List.of(DeviceSelector.cel(selector)), DeviceAllocationMode.EXACT_COUNT, 1L, null, List.of(), null);
    return new ResourceClaim(ObjectMeta.named("default", name), new ResourceClaimSpec(
        new DeviceClaim(List.of(new DeviceRequest(request, exactly, List.of())), List.of(), List.of())),
        null);
  }

  /** Returns {@code claim} allocated to the given devices of one pool, pinned to one node. */
  static ResourceClaim allocated(ResourceClaim claim, String driver, String pool, String node,
      List<String> devices) {
    String request = claim.spec().devices().requests().get(0).name();
    List<DeviceRequestAllocationResult> results = new ArrayList<>();
    for (String device : devices) {
      results.add(new DeviceRequestAllocationResult(request, driver, pool, device,
          null, List.of(), List.of(), List.of(), null, Map.of()));
    }
    return claim.withAllocation(new AllocationResult(
        new DeviceAllocationResult(results, List.of()), NodeSelector.forNodeName(node), null));
  }
}
