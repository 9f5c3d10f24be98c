package io.github.dra4j.simulation;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceTaintSelector;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePoolStatusRequestSpec;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.MixinFlattener;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/*
 * The resourcepoolstatusrequest controller's calculatePoolStatus over a cluster's objects:
 * slices of the driver (and pool) at each pool's latest generation, allocated devices from the
 * claims, unavailable devices from taints, then per complete pool the partition and shareable
 * views (PoolViews). Slices are flattened first, so that attributes, capacities and counter
 * consumption that come from mixins count as the allocator sees them.
 */
final class PoolStatusCalculation {
  /* The +k8s:maxBytes=256 of validationError. */
  private static final int MAX_ERROR_BYTES = 256;

  private final Cluster cluster;
  private final ResourcePoolStatusRequestSpec spec;

  /* One pool's slices at its latest generation, summed. */
  static final class Pool {
    final String driver;
    final String name;
    final long generation;
    final long expectedSlices;
    @Nullable String nodeName;
    boolean nodeNameMixed;
    int slices;
    int devices;
    int unavailable;
    final List<PoolViews.DeviceRecord> records = new ArrayList<>();
    final List<CounterSet> sharedCounters = new ArrayList<>();

    Pool(ResourceSlice first, long generation) {
      this.driver = first.spec().driver();
      this.name = first.spec().pool().name();
      this.generation = generation;
      this.expectedSlices = first.spec().pool().resourceSliceCount();
      this.nodeName = first.spec().nodeName();
    }
  }

  PoolStatusCalculation(Cluster cluster, ResourcePoolStatusRequestSpec spec) {
    this.cluster = cluster;
    this.spec = spec;
  }

  ResourcePoolStatus.Status status() {
    Map<String, Pool> pools = pools();
    Map<String, Set<String>> inUse = new HashMap<>();
    Map<String, Map<String, Quantity>> consumed = new HashMap<>();
    allocated(inUse, consumed);
    List<ResourcePoolStatus.PoolStatus> out = new ArrayList<>();
    for (Map.Entry<String, Pool> e : pools.entrySet()) {
      out.add(status(e.getValue(), inUse.getOrDefault(e.getKey(), Set.of()),
          consumed.getOrDefault(e.getKey(), Map.of())));
    }
    out.sort(Comparator.comparing(ResourcePoolStatus.PoolStatus::driver).thenComparing(ResourcePoolStatus.PoolStatus::poolName));
    int count = out.size();
    List<ResourcePoolStatus.PoolStatus> shown = out.subList(0, Math.min(count, spec.effectiveLimit()));
    long incomplete = shown.stream().filter(p -> p.validationError() != null).count();
    String message = "Calculated status for " + shown.size() + " pools"
        + (incomplete > 0 ? " (" + incomplete + " incomplete)" : "");
    return new ResourcePoolStatus.Status(count, shown, message);
  }

  private static String key(String driver, String pool) {
    return driver + "/" + pool;
  }

  /* Two passes, as upstream: each pool's latest generation, then its slices of that generation. */
  private Map<String, Pool> pools() {
    Map<String, Long> latest = new HashMap<>();
    for (ResourceSlice s : cluster.slices()) {
      if (matches(s)) {
        latest.merge(key(s.spec().driver(), s.spec().pool().name()), s.spec().pool().generation(), Math::max);
      }
    }
    Map<String, Pool> pools = new LinkedHashMap<>();
    for (ResourceSlice s : cluster.slices()) {
      String key = key(s.spec().driver(), s.spec().pool().name());
      if (!matches(s) || s.spec().pool().generation() < Objects.requireNonNull(latest.get(key))) {
        continue;
      }
      Pool p = pools.get(key);
      if (p == null) {
        p = new Pool(s, s.spec().pool().generation());
        pools.put(key, p);
      } else if (!Objects.equals(p.nodeName, s.spec().nodeName())) {
        p.nodeNameMixed = true;
      }
      p.slices++;
      ResourceSlice flat = flatten(s);
      for (Device d : flat.spec().devices()) {
        p.devices++;
        if (unavailable(s.spec().driver(), s.spec().pool().name(), d)) {
          p.unavailable++;
        }
        p.records.add(new PoolViews.DeviceRecord(d, s.spec().partitionTypeAttribute()));
      }
      p.sharedCounters.addAll(flat.spec().sharedCounters());
    }
    return pools;
  }

  /* A slice whose mixins cannot be resolved counts as published: the allocator refuses its pool anyway. */
  private static ResourceSlice flatten(ResourceSlice s) {
    if (s.spec().mixins() == null) {
      return s;
    }
    try {
      return MixinFlattener.flatten(s);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }

  private boolean matches(ResourceSlice s) {
    return s.spec().driver().equals(spec.driver())
        && (spec.poolName() == null || s.spec().pool().name().equals(spec.poolName()));
  }

  /* A NoSchedule or NoExecute taint of the device's own, or of a DeviceTaintRule that selects it (a rule without a selector selects nothing). */
  private boolean unavailable(String driver, String pool, Device d) {
    for (DeviceTaint t : d.taints()) {
      if (blocks(t.effect())) {
        return true;
      }
    }
    for (DeviceTaintRule r : cluster.taintRules()) {
      DeviceTaintSelector sel = r.spec().deviceSelector();
      if (blocks(r.spec().taint().effect()) && sel != null && (sel.driver() == null || sel.driver().equals(driver))
          && (sel.pool() == null || sel.pool().equals(pool)) && (sel.device() == null || sel.device().equals(d.name()))) {
        return true;
      }
    }
    return false;
  }

  private static boolean blocks(String effect) {
    return effect.equals(DeviceTaint.EFFECT_NO_SCHEDULE) || effect.equals(DeviceTaint.EFFECT_NO_EXECUTE);
  }

  /* Per pool, the devices allocated claims hold and the capacity they consume; admin access observes, it does not consume. */
  private void allocated(Map<String, Set<String>> inUse, Map<String, Map<String, Quantity>> consumed) {
    for (ResourceClaim c : cluster.claims()) {
      AllocationResult allocation = c.allocation();
      if (allocation == null) {
        continue;
      }
      for (DeviceRequestAllocationResult r : allocation.devices().results()) {
        if (Boolean.TRUE.equals(r.adminAccess())) {
          continue;
        }
        String key = key(r.driver(), r.pool());
        inUse.computeIfAbsent(key, k -> new HashSet<>()).add(r.device());
        Map<String, Quantity> sums = consumed.computeIfAbsent(key, k -> new TreeMap<>());
        r.consumedCapacity().forEach((name, q) -> sums.merge(name, q, Quantity::add));
      }
    }
  }

  private ResourcePoolStatus.PoolStatus status(Pool p, Set<String> inUse, Map<String, Quantity> consumed) {
    String node = p.nodeName != null && !p.nodeName.isEmpty() && !p.nodeNameMixed ? p.nodeName : null;
    if (p.slices < p.expectedSlices) {
      String error = String.format(java.util.Locale.ROOT,
          "PoolIncomplete: pool %s/%s is incomplete: observed %d/%d slices at generation %d",
          p.driver, p.name, p.slices, p.expectedSlices, p.generation);
      return new ResourcePoolStatus.PoolStatus(p.driver, p.name, node, p.generation, null, null, null, null, null,
          List.of(), null, truncate(error));
    }
    int allocated = inUse.size();
    int available = Math.max(0, p.devices - allocated - p.unavailable);
    PoolViews.Views views = PoolViews.compute(p.driver, p.name, p.records, p.sharedCounters, inUse, consumed,
        spec.defaultPartitionTypeAttribute());
    return new ResourcePoolStatus.PoolStatus(p.driver, p.name, node, p.generation, p.slices, p.devices, allocated,
        available, p.unavailable, views.partitionSummary(), views.shareable(),
        views.error() == null ? null : truncate(views.error()));
  }

  /* At most 256 bytes of UTF-8, cut at a character boundary. */
  private static String truncate(String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= MAX_ERROR_BYTES) {
      return s;
    }
    int end = MAX_ERROR_BYTES;
    while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
      end--;
    }
    return new String(bytes, 0, end, StandardCharsets.UTF_8);
  }
}
