package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * Devices already allocated by other claims, as the kube-scheduler derives them from allocated
 * claims (foreachAllocatedDevice in the dynamicresources plugin): results with adminAccess are
 * not "in use"; with DRAConsumableCapacity a result with a shareID is a share of its device (its consumed
 * capacity aggregated per device), every other result dedicates its device. Mirrors
 * AllocatedState in the Go scheduler API. Capacity names are kept as the results spell them,
 * as the reference compares them with the device's own names.
 */
record AllocatedState(
    Set<DeviceId> allocatedDevices,
    Set<DeviceId> sharedDevices,
    Map<DeviceId, Map<String, Quantity>> aggregatedCapacity) {

  static AllocatedState from(Collection<ResourceClaim> claims, Features features) {
    return from(claims, features, null);
  }

  /**
   * The state these claims give the devices {@code within} names, and no other (all of them
   * when null): what a release needs of the claims still using the released claims' pools (only
   * the released devices get new entries), without hashing every other device those claims hold.
   */
  static AllocatedState from(Collection<ResourceClaim> claims, Features features, @Nullable AllocatedState within) {
    Set<DeviceId> dedicated = new HashSet<>();
    Set<DeviceId> shared = new HashSet<>();
    Map<DeviceId, Map<String, Quantity>> capacity = new HashMap<>();
    for (ResourceClaim claim : claims) {
      AllocationResult allocation = claim.allocation();
      if (allocation == null) {
        continue;
      }
      for (DeviceRequestAllocationResult r : allocation.devices().results()) {
        if (Boolean.TRUE.equals(r.adminAccess())) {
          continue;
        }
        DeviceId id = new DeviceId(r.driver(), r.pool(), r.device());
        if (within != null && !within.names(id)) {
          continue;
        }
        if (features.consumableCapacity() && r.shareID() != null) {
          shared.add(id);
          if (!r.consumedCapacity().isEmpty()) {
            Map<String, Quantity> sum = capacity.computeIfAbsent(id, k -> new HashMap<>());
            r.consumedCapacity().forEach((name, q) ->
                sum.merge(name, q, Quantity::add));
          }
          continue;
        }
        dedicated.add(id);
      }
    }
    // Hashed sets rather than Set.copyOf: ids of one pool hash to neighbouring values, which the
    // linear probing of the immutable sets turns into long probe runs on every device entry.
    return new AllocatedState(Collections.unmodifiableSet(dedicated), Collections.unmodifiableSet(shared),
        Collections.unmodifiableMap(capacity));
  }

  /** {@return whether this state names the device (allocated or shared; a device with consumed capacity is shared)} */
  boolean names(DeviceId id) {
    return allocatedDevices.contains(id) || sharedDevices.contains(id);
  }

  /**
   * The pools with a device whose in-use state differs between this state and another: only
   * their device entries and counters depend on the change. Linear in the allocated devices,
   * not in the cluster's devices.
   */
  Set<PoolId> changedPools(AllocatedState other) {
    Set<PoolId> out = new HashSet<>();
    addDifference(allocatedDevices, other.allocatedDevices, out);
    addDifference(sharedDevices, other.sharedDevices, out);
    addDifference(aggregatedCapacity.keySet(), other.aggregatedCapacity.keySet(), out);
    aggregatedCapacity.forEach((id, capacity) -> {
      if (!capacity.equals(other.aggregatedCapacity.get(id))) {
        out.add(new PoolId(id.driver(), id.pool()));
      }
    });
    return out;
  }

  /** {@return the names of the devices this state names (allocated, shared or with consumed capacity), by pool} */
  Map<PoolId, Set<String>> devicesByPool() {
    Map<PoolId, Set<String>> out = new HashMap<>();
    for (Set<DeviceId> ids : List.of(allocatedDevices, sharedDevices, aggregatedCapacity.keySet())) {
      for (DeviceId id : ids) {
        out.computeIfAbsent(new PoolId(id.driver(), id.pool()), k -> new HashSet<>()).add(id.device());
      }
    }
    return out;
  }

  private static void addDifference(Set<DeviceId> a, Set<DeviceId> b, Set<PoolId> out) {
    for (DeviceId id : a) {
      if (!b.contains(id)) {
        out.add(new PoolId(id.driver(), id.pool()));
      }
    }
    for (DeviceId id : b) {
      if (!a.contains(id)) {
        out.add(new PoolId(id.driver(), id.pool()));
      }
    }
  }
}
