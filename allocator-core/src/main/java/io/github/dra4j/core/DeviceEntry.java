package io.github.dra4j.core;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.core.internal.mixin.ResolvedDevice;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * One visible device of a slice, converted once per snapshot: its id, its lazy mixin view and
 * what the snapshot's in-use state says about it, so that the search never hashes the
 * allocated-claims sets.
 */
final class DeviceEntry {
  final SliceEntry slice;
  final ResolvedDevice view;
  final Device device;
  final DeviceId id;
  /** Unique per snapshot: indexes the per-call selector memo. */
  final int uid;
  /** In {@code AllocatedDevices}: dedicated to an allocated claim. */
  final boolean inUseDedicated;
  /** Allocated in any way ({@code IsDeviceAllocated}): its counters are consumed. */
  final boolean allocatedAny;
  /** Capacity consumed by allocated shares, or null ({@code AggregatedCapacity}). */
  final @Nullable Map<String, Quantity> aggregatedCapacity;
  /**
   * The first attribute without a supported value, or null. The reference converts every
   * attribute before evaluating a selector, so such a device fails every selector with a CEL
   * runtime error ("unsupported attribute value") while devices without selectors are fine.
   */
  final @Nullable String unsupportedAttribute;

  DeviceEntry(SliceEntry slice, ResolvedDevice view, int uid, AllocatedState state) {
    this.slice = slice;
    this.view = view;
    this.device = view.device();
    this.id = new DeviceId(slice.poolId.driver(), slice.poolId.pool(), device.name());
    this.uid = uid;
    this.inUseDedicated = state.allocatedDevices().contains(id);
    this.allocatedAny = state.isDeviceAllocated(id);
    this.aggregatedCapacity = state.aggregatedCapacity().get(id);
    this.unsupportedAttribute = view.unsupportedAttribute();
  }

  @Override
  public String toString() {
    return id.toString();
  }
}
