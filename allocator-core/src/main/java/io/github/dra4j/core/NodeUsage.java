package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How much of the DRA resources a node can use are in use, as a {@link NodeScorer} sees it: with
 * the pod being scheduled placed on the node. Only pools the node can use count (its own slices,
 * and those whose node selector or {@code allNodes} covers it), and only when they are complete
 * and valid.
 *
 * @param node the node
 * @param devices the devices the node can use
 * @param allocatedDevices how many of them are allocated, to other claims or to the pod (a device
 *     shared through consumable capacity counts once it has any share)
 * @param counters the shared counters of those pools with a non-zero total
 * @param counterUtilization the mean, over those counters, of the consumed part of the total
 *     (each clamped to 0..1); 0 without counters
 */
public record NodeUsage(Node node, int devices, int allocatedDevices, int counters, double counterUtilization) {
  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException when a count is negative, more devices are allocated than
   *     exist, or counterUtilization is outside 0..1
   */
  public NodeUsage {
    Objects.requireNonNull(node, "node");
    if (devices < 0 || allocatedDevices < 0 || allocatedDevices > devices || counters < 0
        || !(counterUtilization >= 0 && counterUtilization <= 1)) {
      throw new IllegalArgumentException("inconsistent usage: " + devices + " devices, " + allocatedDevices
          + " allocated, " + counters + " counters at " + counterUtilization);
    }
  }

  /**
   * The share of the node's DRA resources in use, from 0 (idle) to 1 (full): with {@code d =
   * allocatedDevices / devices}, it is {@code d} for a node without counters and {@code (d +
   * counterUtilization) / 2} for one with counters, so a partitionable GPU whose memory is taken
   * counts as used even while few of its partitions are allocated. A node without devices is 0.
   *
   * @return the utilization
   */
  public double utilization() {
    if (devices == 0) {
      return 0;
    }
    double d = (double) allocatedDevices / devices;
    return counters == 0 ? d : (d + counterUtilization) / 2;
  }

  /*
   * The usage of a node of this snapshot once these allocation results (for claims not yet in the
   * snapshot) are added: a device newly allocated counts and charges its counter consumption.
   */
  static NodeUsage of(ClusterSnapshot snapshot, Node node, List<AllocationResult> placement) {
    int devices = 0;
    int allocated = 0;
    Map<DeviceId, DeviceEntry> byId = new HashMap<>();
    Map<String, BigDecimal> totals = new LinkedHashMap<>(); // summed in a fixed order: ties must not depend on hashing
    Map<String, BigDecimal> left = new HashMap<>();
    for (Pool pool : snapshot.pools(node)) {
      if (pool.incomplete || pool.invalid) {
        continue;
      }
      for (Pool.PoolSlice slice : pool.targeting) {
        for (DeviceEntry d : slice.devices()) {
          devices++;
          if (d.allocatedAny) {
            allocated++;
          }
          byId.put(d.id, d);
        }
      }
      Map<String, Map<String, BigDecimal>> available = pool.available();
      for (ResolvedCounterSet set : pool.counterSets.values()) {
        Map<String, BigDecimal> setLeft = available.getOrDefault(set.counterSet(), Map.of());
        set.forEachCounter((name, q) -> {
          String key = counterKey(pool.id, set.counterSet(), name);
          totals.put(key, q.value());
          left.put(key, setLeft.getOrDefault(name, q.value()));
        });
      }
    }
    Set<DeviceId> charged = new HashSet<>();
    for (AllocationResult result : placement) {
      for (DeviceRequestAllocationResult r : result.devices().results()) {
        DeviceEntry d = byId.get(new DeviceId(r.driver(), r.pool(), r.device()));
        if (d == null || d.allocatedAny || Boolean.TRUE.equals(r.adminAccess()) || !charged.add(d.id)) {
          continue;
        }
        allocated++;
        PoolId pool = new PoolId(r.driver(), r.pool());
        for (ResolvedCounters c : d.view.consumesCounters()) {
          c.forEachCounter((name, q) ->
              left.computeIfPresent(counterKey(pool, c.counterSet(), name), (k, v) -> v.subtract(q.value())));
        }
      }
    }
    int counters = 0;
    double sum = 0;
    for (Map.Entry<String, BigDecimal> e : totals.entrySet()) {
      BigDecimal total = e.getValue();
      if (total.signum() <= 0) {
        continue;
      }
      counters++;
      double used = total.subtract(left.get(e.getKey())).divide(total, MathContext.DECIMAL64).doubleValue();
      sum += Math.min(1, Math.max(0, used));
    }
    return new NodeUsage(node, devices, allocated, counters, counters == 0 ? 0 : sum / counters);
  }

  private static String counterKey(PoolId pool, String counterSet, String counter) {
    return pool + "\u0000" + counterSet + "\u0000" + counter;
  }
}
