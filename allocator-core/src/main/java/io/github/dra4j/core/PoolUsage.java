package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

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
 * @param capacities each capacity of the devices that consume no shared counter (whole GPUs
 *     published as devices, static partitions), summed over them, in first-seen order. Devices
 *     that consume counters are left out: their capacities restate the counters (a MIG profile's
 *     memory is carved from its GPU's), so summing them would count the same memory twice.
 */
public record PoolUsage(String driver, String pool, boolean nodeLocal, int devices, int allocatedDevices,
    List<Counter> counters, List<Capacity> capacities) {
  /**
   * Checks the counts and copies the list.
   *
   * @throws IllegalArgumentException when a count is negative or more devices are allocated than exist
   */
  public PoolUsage {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    counters = List.copyOf(counters);
    capacities = List.copyOf(capacities);
    if (devices < 0 || allocatedDevices < 0 || allocatedDevices > devices) {
      throw new IllegalArgumentException("pool " + driver + "/" + pool + ": " + allocatedDevices + " of "
          + devices + " devices allocated");
    }
  }

  /**
   * One capacity of a pool's devices, summed over the devices that have it, in its own unit
   * (bytes for memory quantities).
   *
   * @param name the capacity's name, unqualified in the driver's domain ({@code memory}),
   *     {@code domain/id} otherwise
   * @param total the sum over the devices
   * @param allocated the sum over the allocated devices; for a device shared through consumable
   *     capacity, what its allocated shares consume
   */
  public record Capacity(String name, BigDecimal total, BigDecimal allocated) {
    /** Checks the components. */
    public Capacity {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(total, "total");
      Objects.requireNonNull(allocated, "allocated");
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
    Map<DeviceId, List<Map<String, Quantity>>> shares = new HashMap<>();
    for (AllocationResult result : placement) {
      for (DeviceRequestAllocationResult r : result.devices().results()) {
        if (!Boolean.TRUE.equals(r.adminAccess())) {
          DeviceId id = new DeviceId(r.driver(), r.pool(), r.device());
          placed.add(id);
          if (!r.consumedCapacity().isEmpty()) {
            shares.computeIfAbsent(id, x -> new ArrayList<>()).add(r.consumedCapacity());
          }
        }
      }
    }
    List<PoolUsage> out = new ArrayList<>();
    for (Pool pool : pools) {
      if (!pool.incomplete && !pool.invalid) {
        out.add(of(pool, node, placed, shares));
      }
    }
    return out;
  }

  private static PoolUsage of(Pool pool, Node node, Set<DeviceId> placed,
      Map<DeviceId, List<Map<String, Quantity>>> shares) {
    int devices = 0;
    int allocated = 0;
    // A searched pool's layout says from its flags whether a device consumes counters, so that
    // the views of the devices that do (a DGX node's MIG devices) are not read; with nothing
    // placed and every device targeting, its units give the counters left by number.
    PoolLayout layout = pool.builtLayout();
    Counter[] byNumber = layout != null && placed.isEmpty() && pool.notTargeting.isEmpty()
        ? PoolCounters.usage(layout, pool.counterSets) : null;
    // otherwise per counter set (in the pool's order), each counter's total and left
    Map<String, Map<String, BigDecimal[]>> counters = byNumber != null ? Map.of() : counters(pool);
    Map<String, BigDecimal[]> capacities = new LinkedHashMap<>(); // total and allocated
    boolean local = !pool.targeting.isEmpty();
    for (Pool.PoolSlice slice : pool.targeting) {
      local &= Objects.equals(node.name(), slice.slice().slice.spec().nodeName());
      for (DeviceEntry d : slice.devices()) {
        boolean inUse = d.allocatedAny;
        boolean consumesCounters = layout != null ? layout.consumesCounters(devices) : !d.view.consumesCounters().isEmpty();
        devices++;
        boolean placedNow = !inUse && !placed.isEmpty() && placed.contains(d.id);
        if (!consumesCounters) {
          addCapacities(capacities, d, inUse || placedNow, shares.get(d.id));
        }
        if (inUse) {
          allocated++;
        } else if (placedNow) {
          allocated++;
          for (ResolvedCounters c : d.view.consumesCounters()) {
            Map<String, BigDecimal[]> values = counters.getOrDefault(c.counterSet(), Map.of());
            c.forEachCounter((name, q) -> {
              BigDecimal[] v = values.get(name);
              if (v != null) {
                v[1] = v[1].subtract(q.value());
              }
            });
          }
        }
      }
    }
    List<Counter> out = byNumber != null ? Arrays.asList(byNumber) : new ArrayList<>();
    counters.forEach((set, values) -> values.forEach((name, v) -> out.add(new Counter(set, name, v[0], v[1]))));
    List<Capacity> capacityList = new ArrayList<>(capacities.size());
    capacities.forEach((k, v) -> capacityList.add(new Capacity(k, v[0], v[1])));
    return new PoolUsage(pool.id.driver(), pool.id.pool(), local, devices, allocated, out, capacityList);
  }

  /* Each counter's total and what is left, by counter set (in the pool's order) and name. */
  private static Map<String, Map<String, BigDecimal[]>> counters(Pool pool) {
    Map<String, Map<String, BigDecimal[]>> counters = new LinkedHashMap<>();
    Map<String, Map<String, BigDecimal>> available = pool.available();
    for (ResolvedCounterSet set : pool.counterSets.values()) {
      Map<String, BigDecimal> setLeft = available.getOrDefault(set.counterSet(), Map.of());
      Map<String, BigDecimal[]> values = new LinkedHashMap<>();
      set.forEachCounter((name, q) -> values.put(name, new BigDecimal[] {q.value(), setLeft.getOrDefault(name, q.value())}));
      counters.put(set.counterSet(), values);
    }
    return counters;
  }

  /*
   * A dedicated device in use takes all its capacity; a device shared through consumable
   * capacity takes what its allocated shares and the placement's shares consume.
   */
  private static void addCapacities(Map<String, BigDecimal[]> sums, DeviceEntry d, boolean inUse,
      @Nullable List<Map<String, Quantity>> placedShares) {
    List<Map.Entry<String, BigDecimal>> own = d.capacities();
    if (own.isEmpty()) {
      return;
    }
    boolean shared = d.view.allowMultipleAllocations();
    for (Map.Entry<String, BigDecimal> c : own) {
      BigDecimal[] v = sums.computeIfAbsent(c.getKey(), x -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO});
      v[0] = v[0].add(c.getValue());
      if (inUse && !shared) {
        v[1] = v[1].add(c.getValue());
      }
    }
    if (shared) {
      consumed(sums, d, d.aggregatedCapacity);
      if (placedShares != null) {
        placedShares.forEach(share -> consumed(sums, d, share));
      }
    }
  }

  private static void consumed(Map<String, BigDecimal[]> sums, DeviceEntry d, @Nullable Map<String, Quantity> share) {
    if (share == null) {
      return;
    }
    share.forEach((spelled, q) -> {
      int slash = spelled.indexOf('/');
      String name = slash < 0 ? spelled : d.capacityName(spelled.substring(0, slash), spelled.substring(slash + 1));
      BigDecimal[] v = sums.get(name);
      if (v != null) {
        v[1] = v[1].add(q.value());
      }
    });
  }
}
