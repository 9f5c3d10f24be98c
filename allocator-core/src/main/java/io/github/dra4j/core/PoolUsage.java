package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How much of one pool a node can use is in use: what a scheduler's scorer ranks nodes by, and
 * what a capacity planner sums over nodes ({@link ClusterSnapshot#usage}). Only complete, valid
 * pools are reported.
 *
 * @param driver the pool's driver
 * @param pool the pool's name
 * @param nodeLocal whether every slice of the pool names the node in {@code spec.nodeName}:
 *     the node's own devices, which summing over nodes counts once; false for a pool shared
 *     through a node selector or {@code allNodes}
 * @param devices the pool's devices that the node can use
 * @param allocatedDevices how many of them are allocated (a device shared through consumable
 *     capacity counts once it has any share)
 * @param counters each shared counter of the pool, in counter set order
 */
public record PoolUsage(String driver, String pool, boolean nodeLocal, int devices, int allocatedDevices,
    List<Counter> counters) {
  /**
   * Checks the counts and copies the list.
   *
   * @throws IllegalArgumentException when a count is negative or more devices are allocated than exist
   */
  public PoolUsage {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    counters = List.copyOf(counters);
    if (devices < 0 || allocatedDevices < 0 || allocatedDevices > devices) {
      throw new IllegalArgumentException("pool " + driver + "/" + pool + ": " + allocatedDevices + " of "
          + devices + " devices allocated");
    }
  }

  /**
   * One shared counter of a counter set, in its own unit (bytes for memory quantities).
   *
   * @param counterSet the counter set's name
   * @param name the counter's name
   * @param total the counter set's amount
   * @param available what allocated devices leave of it; below zero when allocated claims
   *     over-commit it
   */
  public record Counter(String counterSet, String name, BigDecimal total, BigDecimal available) {
    /** Checks the components. */
    public Counter {
      Objects.requireNonNull(counterSet, "counterSet");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(total, "total");
      Objects.requireNonNull(available, "available");
    }
  }

  /*
   * One walk over the node's gathered pools. A device of the placement that is not in use yet
   * counts as allocated and takes its counter consumption, as its allocation would; admin access
   * takes nothing, and a device chosen twice is charged once.
   */
  static List<PoolUsage> of(List<Pool> pools, Node node, List<AllocationResult> placement) {
    Set<DeviceId> placed = new HashSet<>();
    for (AllocationResult result : placement) {
      for (DeviceRequestAllocationResult r : result.devices().results()) {
        if (!Boolean.TRUE.equals(r.adminAccess())) {
          placed.add(new DeviceId(r.driver(), r.pool(), r.device()));
        }
      }
    }
    List<PoolUsage> out = new ArrayList<>();
    for (Pool pool : pools) {
      if (!pool.incomplete && !pool.invalid) {
        out.add(of(pool, node, placed));
      }
    }
    return out;
  }

  private static PoolUsage of(Pool pool, Node node, Set<DeviceId> placed) {
    int devices = 0;
    int allocated = 0;
    Map<String, BigDecimal[]> counters = new LinkedHashMap<>(); // total and left, in counter set order
    Map<String, Map<String, BigDecimal>> available = pool.available();
    for (ResolvedCounterSet set : pool.counterSets.values()) {
      Map<String, BigDecimal> setLeft = available.getOrDefault(set.counterSet(), Map.of());
      set.forEachCounter((name, q) -> counters.put(key(set.counterSet(), name),
          new BigDecimal[] {q.value(), setLeft.getOrDefault(name, q.value())}));
    }
    boolean local = !pool.targeting.isEmpty();
    for (Pool.PoolSlice slice : pool.targeting) {
      local &= Objects.equals(node.name(), slice.slice().slice.spec().nodeName());
      for (DeviceEntry d : slice.devices()) {
        devices++;
        if (d.allocatedAny) {
          allocated++;
        } else if (!placed.isEmpty() && placed.contains(d.id)) {
          allocated++;
          for (ResolvedCounters c : d.view.consumesCounters()) {
            c.forEachCounter((name, q) -> {
              BigDecimal[] v = counters.get(key(c.counterSet(), name));
              if (v != null) {
                v[1] = v[1].subtract(q.value());
              }
            });
          }
        }
      }
    }
    List<Counter> out = new ArrayList<>(counters.size());
    counters.forEach((k, v) -> {
      int sep = k.indexOf('\u0000');
      out.add(new Counter(k.substring(0, sep), k.substring(sep + 1), v[0], v[1]));
    });
    return new PoolUsage(pool.id.driver(), pool.id.pool(), local, devices, allocated, out);
  }

  private static String key(String counterSet, String counter) {
    return counterSet + "\u0000" + counter;
  }
}
