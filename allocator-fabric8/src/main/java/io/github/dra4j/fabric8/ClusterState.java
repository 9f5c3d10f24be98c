package io.github.dra4j.fabric8;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.MixinFlattener;
import io.github.dra4j.core.StructuredAllocator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
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
 *   claims with in-flight allocations, nodes), which view() hands to schedulers with it; node events
 *   renew only that Cluster, since nodes do not change the snapshot.
 * - In-flight allocations (the scheduler's assume cache): a claim allocated by us but whose
 *   allocation the informer has not shown yet counts as allocated. It is released when the
 *   informer shows the claim allocated (by anyone), deleted, or in a version newer than the one
 *   the entry was made from (so a claim deallocated again before the informer saw our write
 *   does not stay charged), or when the write fails. Versions compare as numbers, as the
 *   reference's assume cache compares them; one that is not a number only ends an entry by
 *   showing an allocation.
 * - DeviceTaintRules are kept by name and passed to every snapshot, which applies them as the
 *   offline reader does (StructuredAllocator.snapshot with taint rules).
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

  /**
   * An in-flight allocation: the claim as allocated, whether it was written, and the call that
   * made it (null when it was read from the API server rather than made here). While that call
   * runs, only the call itself or an allocation shown by the informer ends the entry. Otherwise
   * a written entry ends when the informer shows its version or a newer one, an unwritten one
   * (a write of unknown outcome) when it shows a newer one.
   */
  private record InFlight(ResourceClaim claim, boolean written, @Nullable Object owner) {}

  private final StructuredAllocator allocator;

  private final Map<PoolKey, Map<String, ResourceSlice>> slicesByPool = new HashMap<>();
  private final Map<String, PoolKey> poolOfSlice = new HashMap<>();
  private final Map<String, DeviceClass> classes = new TreeMap<>();
  private final Map<String, ResourceClaim> claims = new TreeMap<>();
  private final Map<String, InFlight> inFlight = new TreeMap<>();
  private final Set<Object> activeOwners = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<String, DeviceTaintRule> taintRules = new TreeMap<>();
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

  Features features() {
    return allocator.features();
  }

  /* --- informer events --- */

  synchronized void putSlice(ResourceSlice slice) {
    String name = Objects.requireNonNull(slice.name(), "slice metadata.name"); // the API server names objects
    PoolKey known = poolOfSlice.get(name);
    if (known != null && slice.equals(Objects.requireNonNull(slicesByPool.get(known)).get(name))) {
      // An informer's resync or relist delivers the slice again: keeping the instance keeps the
      // snapshot, whose pools are compared by identity, and its selector results.
      return;
    }
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

  /** Records the informer's view of a claim; an allocation there, or a newer version, ends our in-flight one. */
  synchronized void putClaim(ResourceClaim claim) {
    String key = key(claim);
    claims.put(key, claim);
    InFlight f = inFlight.get(key);
    if (f != null && (claim.allocation() != null || (!activeOwners.contains(f.owner()) && supersedes(claim, f)))) {
      inFlight.remove(key);
    }
    claimsChanged();
  }

  private static boolean supersedes(ResourceClaim observed, InFlight f) {
    long seen = version(observed);
    long made = version(f.claim());
    return seen >= 0 && made >= 0 && (f.written() ? seen >= made : seen > made);
  }

  /** The resourceVersion as a number, or -1 when absent or not a number. */
  private static long version(ResourceClaim c) {
    String v = c.metadata().resourceVersion();
    if (v == null) {
      return -1;
    }
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  synchronized void removeClaim(String key) {
    claims.remove(key);
    inFlight.remove(key);
    claimsChanged();
  }

  synchronized void putTaintRule(DeviceTaintRule rule) {
    taintRules.put(Objects.requireNonNull(rule.name(), "rule metadata.name"), rule); // the API server names objects
    version++;
  }

  synchronized void removeTaintRule(String name) {
    if (taintRules.remove(name) != null) {
      version++;
    }
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

  /** Marks a call that makes in-flight allocations as running; see {@link #releaseStale}. */
  synchronized void begin(Object owner) {
    activeOwners.add(owner);
  }

  /**
   * Marks the call as finished: entries it left (writes of unknown outcome) end like written
   * ones from now on, and at once when the informer already shows a newer version.
   */
  synchronized void end(Object owner) {
    activeOwners.remove(owner);
    boolean changed = inFlight.entrySet().removeIf(e -> {
      ResourceClaim seen = claims.get(e.getKey());
      return e.getValue().owner() == owner && seen != null && supersedes(seen, e.getValue());
    });
    if (changed) {
      claimsChanged();
    }
  }

  /**
   * Counts {@code allocated} (a claim with status.allocation, in the version it was read at) as
   * allocated until observed or released; {@code owner} is the call about to write it.
   */
  synchronized void assume(ResourceClaim allocated, Object owner) {
    assume(allocated, false, owner);
  }

  /**
   * Counts {@code written} (a claim as the API server returned it, allocated, after our write or
   * on a direct read) as allocated until the informer shows that version or a newer one.
   */
  synchronized void assumeWritten(ResourceClaim written) {
    assume(written, true, null);
  }

  private void assume(ResourceClaim allocated, boolean written, @Nullable Object owner) {
    if (allocated.allocation() == null) {
      throw new IllegalArgumentException("ResourceClaim " + key(allocated) + ": nothing to assume, no allocation");
    }
    String key = key(allocated);
    InFlight f = new InFlight(allocated, written, owner);
    ResourceClaim seen = claims.get(key);
    if (written && seen != null && supersedes(seen, f)) {
      // The informer was faster than the caller: what it shows is at least as new.
      if (inFlight.remove(key) != null) {
        claimsChanged();
      }
      return;
    }
    inFlight.put(key, f);
    claimsChanged();
  }

  /**
   * Drops the in-flight entry of a claim that a direct read just showed unallocated, unless a
   * running call other than {@code owner} made it (that call is about to write it, and its
   * devices must stay taken until it knows the outcome).
   */
  synchronized void releaseStale(String claimKey, Object owner) {
    InFlight f = inFlight.get(claimKey);
    if (f != null && (f.owner() == null || f.owner() == owner || !activeOwners.contains(f.owner()))) {
      inFlight.remove(claimKey);
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

  /** Returns the current snapshot with the objects it is built from, under one lock. */
  synchronized Fabric8Cluster.View view() {
    Cluster c = cluster(); // takes the snapshot first
    return new Fabric8Cluster.View(Objects.requireNonNull(snapshot), c);
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
    inFlight.forEach((k, f) -> withInFlight.put(k, f.claim()));
    Cluster current = Cluster.builder().nodes(List.copyOf(nodes.values())).slices(slices)
        .classes(List.copyOf(classes.values())).claims(List.copyOf(withInFlight.values()))
        .taintRules(List.copyOf(taintRules.values())).build();
    cluster = current;
    clusterNodesVersion = nodesVersion;
    // Slices of untouched pools are the same objects as last time: only changed pools are indexed again.
    snapshot = snapshot == null ? allocator.snapshot(current) : allocator.snapshot(snapshot, current);
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
    inFlight.forEach((k, f) -> all.put(k, f.claim()));
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
        kept.add(new DeviceCounterConsumption(c.counterSet(), counters, List.of(), c.compatibilityGroups()));
      }
    }
    return new Device(d.name(), d.attributes(), d.capacity(), kept, List.of(), d.nodeName(), d.nodeSelector(),
        d.allNodes(), d.taints(), d.bindingConditions(), d.bindingFailureConditions(), d.bindsToNode(),
        d.allowMultipleAllocations(), d.nodeAllocatableResources());
  }

  private static ResourceSlice withDevices(ResourceSlice s, List<Device> devices) {
    ResourceSliceSpec p = s.spec();
    return new ResourceSlice(s.metadata(), new ResourceSliceSpec(p.driver(), p.pool(), p.nodeName(), p.nodeSelector(),
        p.allNodes(), p.perDeviceNodeSelection(), devices, p.sharedCounters(), p.mixins(), p.partitionTypeAttribute(),
        p.skipNodeOperations()));
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
