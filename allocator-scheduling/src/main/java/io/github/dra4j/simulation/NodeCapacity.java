package io.github.dra4j.simulation;

import io.github.dra4j.core.PoolUsage;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/*
 * The DRA capacity of one node's own pools (slices published for the node by name), from the same
 * walk a scorer's NodeUsage comes from (ClusterSnapshot.usage): devices, how many are allocated,
 * and each shared counter's total and amount left, summed by counter name over the counter sets
 * of those pools (the memory of all of a node's GPUs is one figure). Pools shared with other
 * nodes are left out, so that summing nodes counts each device once. Device capacities (the
 * memory of whole GPUs that consume no counter) are summed by name the same way.
 */
record NodeCapacity(int devices, int allocatedDevices, Map<String, BigDecimal> counterTotals,
    Map<String, BigDecimal> counterLeft, int counterSets, int counterSetsInUse,
    Map<String, BigDecimal> capacityTotals, Map<String, BigDecimal> capacityLeft) {

  static NodeCapacity of(List<PoolUsage> pools) {
    int devices = 0;
    int allocated = 0;
    Map<String, BigDecimal> totals = new LinkedHashMap<>();
    Map<String, BigDecimal> left = new LinkedHashMap<>();
    // A counter set is one physical GPU for partitionable devices: in use when any counter is consumed.
    int setCount = 0;
    int inUse = 0;
    Map<String, BigDecimal> capacityTotals = new LinkedHashMap<>();
    Map<String, BigDecimal> capacityLeft = new LinkedHashMap<>();
    for (PoolUsage pool : pools) {
      if (!pool.nodeLocal()) {
        continue;
      }
      devices += pool.devices();
      allocated += pool.allocatedDevices();
      // Usage lists a pool once, and its counters set by set: a set's counters are consecutive.
      String set = null;
      boolean setInUse = false;
      for (PoolUsage.Counter c : pool.counters()) {
        totals.merge(c.name(), c.total(), BigDecimal::add);
        left.merge(c.name(), c.available().max(BigDecimal.ZERO), BigDecimal::add);
        if (!c.counterSet().equals(set)) {
          setCount++;
          inUse += setInUse ? 1 : 0;
          set = c.counterSet();
          setInUse = false;
        }
        setInUse |= c.available().compareTo(c.total()) < 0;
      }
      inUse += setInUse ? 1 : 0;
      for (PoolUsage.Capacity c : pool.capacities()) {
        capacityTotals.merge(c.name(), c.total(), BigDecimal::add);
        capacityLeft.merge(c.name(), c.total().subtract(c.allocated()).max(BigDecimal.ZERO), BigDecimal::add);
      }
    }
    return new NodeCapacity(devices, allocated, totals, left, setCount, inUse, capacityTotals, capacityLeft);
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
