package io.github.dra4j.fabric8;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.MixinFlattener;
import io.github.dra4j.core.StructuredAllocator;
import java.math.BigDecimal;
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
 * The mutable heart of the informer-backed snapshot; every method is called under the monitor
 * of this object (informer threads and schedulers interleave).
 *
 * Design notes:
 * - Slices are kept per pool; an event converts only the one object and marks only its pool
 *   dirty. The per-pool "effective" slice lists (see below) are recomputed for dirty pools only.
 *   When something changed since the last snapshot(), the allocator derives the new ClusterSnapshot
 *   from the previous one, which re-indexes only pools with new slice objects or a changed in-use
 *   state; otherwise the snapshot is reused, so a scheduling cycle without events is free.
 *   The snapshot is built from a Cluster of the current objects (effective slices, classes,
 *   claims with in-flight allocations, nodes), which cluster() hands to schedulers; node events
 *   renew only that Cluster, since nodes do not change the snapshot.
 * - In-flight allocations (the scheduler's assume cache): a claim allocated by us but whose
 *   allocation the informer has not shown yet counts as allocated. It is released when the
 *   informer shows the claim allocated (by anyone) or deleted, or when the write fails.
 * - Pinned devices (kubernetes#140802): for every device an allocated or in-flight claim holds,
 *   the definition seen when the allocation was first seen is kept (mixins flattened). While the
 *   claim holds it, that definition is charged: if the driver republishes the pool without the
 *   device, the pinned device is put back into a slice of the newest generation with the same
 *   node scope; if it republishes it with other counter consumption, the pinned one replaces it.
 *   A pinned device is in use, so it is never handed out again; it only makes the allocator
 *   subtract its counters. Consumption of counter sets or counters that no longer exist is
 *   dropped, since nothing can be over-committed there and an unknown reference would make the
 *   whole pool invalid.
 */
final class ClusterState {
  record PoolKey(String driver, String pool) {}

  record DeviceKey(String driver, String pool, String device) {}

  /** Node scope of a slice: a pinned device goes back only into a slice with the same scope. */
  record Scope(@Nullable String nodeName, @Nullable NodeSelector nodeSelector, boolean allNodes,
      boolean perDeviceNodeSelection) {
    static Scope of(ResourceSliceSpec s) {
      return new Scope(s.nodeName(), s.nodeSelector(), s.allNodes(), s.perDeviceNodeSelection());
    }
  }

  record Pinned(Device device, Scope scope) {}

  private final StructuredAllocator allocator;

  private final Map<PoolKey, Map<String, ResourceSlice>> slicesByPool = new HashMap<>();
  private final Map<String, PoolKey> poolOfSlice = new HashMap<>();
  private final Map<String, DeviceClass> classes = new TreeMap<>();
  private final Map<String, ResourceClaim> claims = new TreeMap<>();
  private final Map<String, ResourceClaim> inFlight = new TreeMap<>();
  private final Map<String, Node> nodes = new TreeMap<>();
  private final Map<DeviceKey, Pinned> pinned = new HashMap<>();
  private Set<DeviceKey> held = Set.of();
  private final Map<String, String> problems = new TreeMap<>();

  private final Map<PoolKey, List<ResourceSlice>> effective = new HashMap<>();
  private final Set<PoolKey> dirty = new HashSet<>();
  private long version;
  private long snapshotVersion = -1;
  private @Nullable ClusterSnapshot snapshot;
  /** The objects the snapshot was built from, with the nodes as of nodesVersion. */
  private @Nullable Cluster cluster;
  private long nodesVersion;
  private long clusterNodesVersion = -1;

  ClusterState(StructuredAllocator allocator) {
    this.allocator = Objects.requireNonNull(allocator, "allocator");
  }

  /* --- informer events --- */

  synchronized void putSlice(ResourceSlice slice) {
    String name = Objects.requireNonNull(slice.name(), "slice metadata.name"); // the API server names objects
    removeSlice(name);
    PoolKey key = new PoolKey(slice.spec().driver(), slice.spec().pool().name());
    slicesByPool.computeIfAbsent(key, k -> new TreeMap<>()).put(name, slice);
    poolOfSlice.put(name, key);
    dirty.add(key);
    version++;
    // A claim seen before its device's slice gets the device pinned as soon as the slice arrives.
    for (DeviceKey k : held) {
      if (k.driver().equals(key.driver()) && k.pool().equals(key.pool()) && !pinned.containsKey(k)) {
        Pinned p = currentDefinition(k);
        if (p != null) {
          pinned.put(k, p);
        }
      }
    }
  }

  synchronized void removeSlice(String name) {
    PoolKey key = poolOfSlice.remove(name);
    if (key != null) {
      Map<String, ResourceSlice> pool = Objects.requireNonNull(slicesByPool.get(key)); // a known slice's pool
      pool.remove(name);
      if (pool.isEmpty()) {
        slicesByPool.remove(key);
      }
      dirty.add(key);
      version++;
    }
  }

  synchronized void putClass(DeviceClass c) {
    classes.put(c.name(), c);
    version++;
  }

  synchronized void removeClass(String name) {
    if (classes.remove(name) != null) {
      version++;
    }
  }

  /** Records the informer's view of a claim; an allocation there ends our in-flight one. */
  synchronized void putClaim(ResourceClaim claim) {
    String key = key(claim);
    claims.put(key, claim);
    if (claim.allocation() != null) {
      inFlight.remove(key);
    }
    claimsChanged();
  }

  synchronized void removeClaim(String key) {
    claims.remove(key);
    inFlight.remove(key);
    claimsChanged();
  }

  synchronized void putNode(Node node) {
    nodes.put(node.name(), node);
    nodesVersion++;
  }

  synchronized void removeNode(String name) {
    if (nodes.remove(name) != null) {
      nodesVersion++;
    }
  }

  synchronized void problem(String objectRef, @Nullable String error) {
    if (error == null) {
      problems.remove(objectRef);
    } else {
      problems.put(objectRef, error);
    }
  }

  /* --- in-flight allocations --- */

  /** Counts {@code allocated} (a claim with status.allocation) as allocated until observed or released. */
  synchronized void assume(ResourceClaim allocated) {
    if (allocated.allocation() == null) {
      throw new IllegalArgumentException("ResourceClaim " + key(allocated) + ": nothing to assume, no allocation");
    }
    inFlight.put(key(allocated), allocated);
    claimsChanged();
  }

  /** Drops an in-flight allocation whose write failed; no-op when already observed. */
  synchronized void release(String claimKey) {
    if (inFlight.remove(claimKey) != null) {
      claimsChanged();
    }
  }

  synchronized boolean isInFlight(String claimKey) {
    return inFlight.containsKey(claimKey);
  }

  /* --- reads --- */

  synchronized @Nullable Node node(String name) {
    return nodes.get(name);
  }

  synchronized List<Node> nodes() {
    return List.copyOf(nodes.values());
  }

  synchronized @Nullable ResourceClaim claim(String key) {
    return claims.get(key);
  }

  synchronized List<ResourceClaim> claims() {
    return List.copyOf(claims.values());
  }

  synchronized @Nullable ResourceSlice slice(String name) {
    PoolKey key = poolOfSlice.get(name);
    return key == null ? null : Objects.requireNonNull(slicesByPool.get(key)).get(name); // a known slice's pool
  }

  synchronized Map<String, String> problems() {
    return Map.copyOf(problems);
  }

  synchronized Set<DeviceKey> pinnedDevices() {
    return Set.copyOf(pinned.keySet());
  }

  /** Returns the objects of the current snapshot, with the current nodes. */
  synchronized Cluster cluster() {
    ClusterSnapshot unused = snapshot();
    Cluster c = Objects.requireNonNull(cluster); // set by snapshot()
    if (clusterNodesVersion != nodesVersion) {
      c = c.toBuilder().nodes(List.copyOf(nodes.values())).build();
      cluster = c;
      clusterNodesVersion = nodesVersion;
    }
    return c;
  }

  /** Returns the allocator's snapshot of the current state, rebuilt only when something changed. */
  synchronized ClusterSnapshot snapshot() {
    if (snapshot != null && snapshotVersion == version) {
      return snapshot;
    }
    for (PoolKey key : dirty) {
      Map<String, ResourceSlice> pool = slicesByPool.get(key);
      if (pool == null) {
        effective.remove(key);
      } else {
        effective.put(key, effectiveSlices(key, pool));
      }
    }
    dirty.clear();
    List<ResourceSlice> slices = new ArrayList<>();
    effective.values().forEach(slices::addAll);
    Map<String, ResourceClaim> withInFlight = new TreeMap<>(claims);
    withInFlight.putAll(inFlight);
    cluster = Cluster.builder().nodes(List.copyOf(nodes.values())).slices(slices)
        .classes(List.copyOf(classes.values())).claims(List.copyOf(withInFlight.values())).build();
    clusterNodesVersion = nodesVersion;
    // Slices of untouched pools are the same objects as last time: only changed pools are indexed again.
    snapshot = snapshot == null ? allocator.snapshot(cluster) : allocator.snapshot(snapshot, cluster);
    snapshotVersion = version;
    return snapshot;
  }

  private List<ResourceClaim> allocatedClaims() {
    Map<String, ResourceClaim> all = new LinkedHashMap<>();
    claims.forEach((k, c) -> {
      if (c.allocation() != null) {
        all.put(k, c);
      }
    });
    all.putAll(inFlight);
    return List.copyOf(all.values());
  }

  /* --- pinned devices --- */

  private void claimsChanged() {
    version++;
    Set<DeviceKey> held = new HashSet<>();
    for (ResourceClaim c : allocatedClaims()) {
      AllocationResult a = Objects.requireNonNull(c.allocation());
      for (DeviceRequestAllocationResult r : a.devices().results()) {
        if (!Boolean.TRUE.equals(r.adminAccess())) {
          held.add(new DeviceKey(r.driver(), r.pool(), r.device()));
        }
      }
    }
    this.held = held;
    pinned.keySet().removeIf(k -> {
      if (!held.contains(k)) {
        dirty.add(new PoolKey(k.driver(), k.pool()));
        return true;
      }
      return false;
    });
    for (DeviceKey k : held) {
      if (!pinned.containsKey(k)) {
        Pinned p = currentDefinition(k);
        if (p != null) {
          pinned.put(k, p);
          dirty.add(new PoolKey(k.driver(), k.pool()));
        }
      }
    }
  }

  /** The device as the newest generation of its pool publishes it now, mixins applied. */
  private @Nullable Pinned currentDefinition(DeviceKey k) {
    Map<String, ResourceSlice> pool = slicesByPool.get(new PoolKey(k.driver(), k.pool()));
    if (pool == null) {
      return null;
    }
    long newest = newestGeneration(pool.values());
    for (ResourceSlice s : pool.values()) {
      if (s.spec().pool().generation() != newest) {
        continue;
      }
      for (Device d : flat(s).spec().devices()) {
        if (d.name().equals(k.device())) {
          return new Pinned(d, Scope.of(s.spec()));
        }
      }
    }
    return null;
  }

  private List<ResourceSlice> effectiveSlices(PoolKey key, Map<String, ResourceSlice> pool) {
    List<Pinned> pins = new ArrayList<>();
    pinned.forEach((k, p) -> {
      if (k.driver().equals(key.driver()) && k.pool().equals(key.pool())) {
        pins.add(p);
      }
    });
    List<ResourceSlice> slices = new ArrayList<>(pool.values());
    if (pins.isEmpty()) {
      return slices;
    }
    pins.sort(Comparator.comparing(p -> p.device().name()));
    long newest = newestGeneration(slices);
    Map<String, Map<String, BigDecimal>> counterSets = counterSets(slices, newest);
    for (Pinned pin : pins) {
      Device charged = withKnownCounters(pin.device(), counterSets);
      boolean placed = false;
      for (int i = 0; i < slices.size() && !placed; i++) {
        ResourceSlice s = slices.get(i);
        if (s.spec().pool().generation() != newest) {
          continue;
        }
        List<Device> devices = s.spec().devices();
        for (int d = 0; d < devices.size(); d++) {
          if (devices.get(d).name().equals(charged.name())) {
            Device now = flat(s).spec().devices().get(d);
            if (!now.consumesCounters().equals(charged.consumesCounters())) {
              List<Device> replaced = new ArrayList<>(devices);
              replaced.set(d, charged);
              slices.set(i, withDevices(s, replaced));
            }
            placed = true;
            break;
          }
        }
      }
      for (int i = 0; i < slices.size() && !placed; i++) {
        ResourceSlice s = slices.get(i);
        if (s.spec().pool().generation() == newest && s.spec().sharedCounters().isEmpty()
            && Scope.of(s.spec()).equals(pin.scope())) {
          List<Device> added = new ArrayList<>(s.spec().devices());
          added.add(charged);
          slices.set(i, withDevices(s, added));
          placed = true;
        }
      }
    }
    return slices;
  }

  private Map<String, Map<String, BigDecimal>> counterSets(List<ResourceSlice> slices,
      long generation) {
    Map<String, Map<String, BigDecimal>> sets = new HashMap<>();
    for (ResourceSlice s : slices) {
      if (s.spec().pool().generation() == generation) {
        flat(s).spec().sharedCounters().forEach(cs -> {
          Map<String, BigDecimal> counters = new HashMap<>();
          cs.counters().forEach((n, c) -> counters.put(n, c.value().value()));
          sets.put(cs.name(), counters);
        });
      }
    }
    return sets;
  }

  private static Device withKnownCounters(Device d, Map<String, Map<String, BigDecimal>> sets) {
    List<DeviceCounterConsumption> kept = new ArrayList<>();
    for (DeviceCounterConsumption c : d.consumesCounters()) {
      Map<String, BigDecimal> set = sets.get(c.counterSet());
      if (set != null) {
        Map<String, Counter> counters = new TreeMap<>(c.counters());
        counters.keySet().retainAll(set.keySet());
        kept.add(new DeviceCounterConsumption(c.counterSet(), counters, List.of()));
      }
    }
    return new Device(d.name(), d.attributes(), d.capacity(), kept, List.of(), d.nodeName(), d.nodeSelector(),
        d.allNodes(), d.taints(), d.bindingConditions(), d.bindingFailureConditions(), d.bindsToNode(),
        d.allowMultipleAllocations());
  }

  private static ResourceSlice withDevices(ResourceSlice s, List<Device> devices) {
    ResourceSliceSpec p = s.spec();
    return new ResourceSlice(s.metadata(), new ResourceSliceSpec(p.driver(), p.pool(), p.nodeName(), p.nodeSelector(),
        p.allNodes(), p.perDeviceNodeSelection(), devices, p.sharedCounters(), p.mixins()));
  }

  /**
   * The slice with mixins applied, as the allocator sees it; with the mixins gate off, or when
   * its mixins do not resolve, the slice as written.
   */
  private ResourceSlice flat(ResourceSlice s) {
    if (s.spec().mixins() == null || !allocator.features().resourceSliceMixins()) {
      return s;
    }
    try {
      return MixinFlattener.flatten(s);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }

  private static long newestGeneration(Iterable<ResourceSlice> slices) {
    long newest = Long.MIN_VALUE;
    for (ResourceSlice s : slices) {
      newest = Math.max(newest, s.spec().pool().generation());
    }
    return newest;
  }

  static String key(ResourceClaim c) {
    return key(c.metadata().namespace(), c.name());
  }

  static String key(@Nullable String namespace, @Nullable String name) {
    return ObjectRef.key(namespace, name == null ? "" : name);
  }
}
