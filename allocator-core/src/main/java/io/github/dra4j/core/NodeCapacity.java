package io.github.dra4j.core;

import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The DRA capacity of one node's own pools (slices published for the node by name) in a
 * snapshot: devices, how many are allocated, and each shared counter's total and amount left,
 * summed by counter name over the counter sets of those pools (the memory of all of a node's
 * GPUs is one figure). Pools shared with other nodes are left out, so that summing nodes counts
 * each device once.
 */
record NodeCapacity(int devices, int allocatedDevices, Map<String, BigDecimal> counterTotals,
    Map<String, BigDecimal> counterLeft) {

  static NodeCapacity of(ClusterSnapshot snapshot, io.github.dra4j.api.Node node) {
    int devices = 0;
    int allocated = 0;
    Map<String, BigDecimal> totals = new LinkedHashMap<>();
    Map<String, BigDecimal> left = new LinkedHashMap<>();
    for (Pool pool : snapshot.pools(node)) {
      if (pool.incomplete || pool.invalid || !ownedBy(pool, Objects.requireNonNull(node.name()))) { // a simulated node
        continue;
      }
      for (Pool.PoolSlice slice : pool.targeting) {
        for (DeviceEntry d : slice.devices()) {
          devices++;
          if (d.allocatedAny) {
            allocated++;
          }
        }
      }
      Map<String, Map<String, BigDecimal>> available = pool.available();
      for (ResolvedCounterSet set : pool.counterSets.values()) {
        Map<String, BigDecimal> setLeft = available.getOrDefault(set.counterSet(), Map.of());
        set.forEachCounter((name, q) -> {
          totals.merge(name, q.value(), BigDecimal::add);
          left.merge(name, setLeft.getOrDefault(name, q.value()).max(BigDecimal.ZERO), BigDecimal::add);
        });
      }
    }
    return new NodeCapacity(devices, allocated, totals, left);
  }

  /** {@return whether every slice of the pool names this node} */
  private static boolean ownedBy(Pool pool, String node) {
    for (Pool.PoolSlice s : pool.targeting) {
      if (!node.equals(s.slice().slice.spec().nodeName())) {
        return false;
      }
    }
    return !pool.targeting.isEmpty();
  }

  /** {@return whether anything is free: a device or a counter amount} */
  boolean hasFree() {
    if (allocatedDevices < devices) {
      return true;
    }
    for (BigDecimal v : counterLeft.values()) {
      if (v.signum() > 0) {
        return true;
      }
    }
    return false;
  }
}
