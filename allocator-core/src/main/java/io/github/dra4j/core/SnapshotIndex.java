package io.github.dra4j.core;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.core.TaintRules.RuleTaint;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot's slices indexed by node name (node-local) and the rest (both in input order), and
 * every pool, built from scratch or derived from the index of a previous snapshot.
 *
 * <p>From scratch every slice is resolved and indexed. From a previous index with the same
 * features, a pool whose slices are the same objects keeps its PoolEntry when none of its devices
 * changed its in-use state, and otherwise gets new entries for the same resolutions and uids plus
 * its validated pools (PoolEntry(previous, ...)); a pool with other slices is rebuilt, reusing the
 * resolution and entries of each slice that is the same object. A pool whose DeviceTaintRule
 * taints changed gets new entries for the same resolutions (and uids): taints change no
 * validation and no selector result. When churn has grown the uid space to more than twice the
 * live devices plus UID_SLACK, the devices are numbered again (and selector results start over).
 *
 * After a commit (withAllocated) or a release (withState) only the claims' pools change: the maps are persistent
 * (PersistentMap), sharing all but the replaced entries with the previous index's, so that
 * deriving costs what changed, not what the cluster holds.
 */
final class SnapshotIndex {
  /** Churn may grow the uid space to twice the live devices plus this; then it is renumbered. */
  private static final int UID_SLACK = 1024;

  private final PersistentMap<String, List<SliceEntry>> slicesOnNode;
  private final List<SliceEntry> slicesShared;
  private final PersistentMap<PoolId, PoolEntry> pools;
  private final Features features;
  /** The number of live devices; their uids are below {@link #uidLimit}. */
  private final int deviceCount;
  private final int uidLimit;
  private final boolean keptUids;
  /**
   * The names of the nodes whose slices got new entries since the index this one was derived from
   * by {@link #withAllocated}; null when derived otherwise, or when a changed pool has a slice that
   * is not node-local (then any node may see the change).
   */
  private final @Nullable Set<String> changedNodes;
  /** Valid pools by slice content: built with the index, shared by the indexes derived by commits and releases. */
  private final LikePools likePools;

  private SnapshotIndex(SliceEntry[] entries, Map<PoolId, PoolEntry> pools, Features features,
      int uidLimit, boolean keptUids) {
    HashMap<String, List<SliceEntry>> onNode = new HashMap<>();
    List<SliceEntry> shared = new ArrayList<>();
    int devices = 0;
    for (SliceEntry entry : entries) {
      String nodeName = entry.slice.spec().nodeName();
      if (nodeName == null || nodeName.isEmpty()) {
        shared.add(entry);
      } else {
        onNode.computeIfAbsent(nodeName, k -> new ArrayList<>()).add(entry);
      }
      devices += entry.devices.size();
    }
    onNode.replaceAll((k, v) -> List.copyOf(v));
    this.slicesOnNode = PersistentMap.of(onNode);
    this.slicesShared = List.copyOf(shared);
    this.pools = PersistentMap.of(pools);
    this.features = features;
    this.deviceCount = devices;
    this.uidLimit = uidLimit;
    this.keptUids = keptUids;
    this.changedNodes = null;
    this.likePools = new LikePools();
  }

  private SnapshotIndex(SnapshotIndex previous, PersistentMap<String, List<SliceEntry>> slicesOnNode,
      List<SliceEntry> slicesShared, PersistentMap<PoolId, PoolEntry> pools, @Nullable Set<String> changedNodes) {
    this.slicesOnNode = slicesOnNode;
    this.slicesShared = slicesShared;
    this.pools = pools;
    this.features = previous.features;
    this.deviceCount = previous.deviceCount;
    this.uidLimit = previous.uidLimit;
    this.keptUids = true;
    this.changedNodes = changedNodes;
    this.likePools = previous.likePools;
  }

  /**
   * Indexes the slices, deriving what it can from a previous index.
   *
   * @param slices the slices, in input order
   * @param state the devices in use
   * @param taintRules the DeviceTaintRules in effect
   * @param previous the index of a previous snapshot, or null to build from scratch
   * @param previousState the devices in use in the previous snapshot, or null without one
   */
  static SnapshotIndex build(Features features, List<ResourceSlice> slices, AllocatedState state,
      TaintRules taintRules, @Nullable SnapshotIndex previous, @Nullable AllocatedState previousState) {
    return new Derivation(features, slices, state, taintRules, previous, previousState).build();
  }

  /**
   * This index with the devices of {@code added} in use too, as after a commit: only the pools
   * they name get new entries (same resolutions and uids, validation kept), and only the slice
   * lists holding those pools' slices are replaced; every other entry and list is shared.
   */
  SnapshotIndex withAllocated(AllocatedState added) {
    return withEntries(added, pool -> (slice, d) -> new DeviceEntry(slice, d, added));
  }

  /**
   * This index with the in-use state of these pools taken from {@code state} instead, as after a
   * release: derived as {@link #withAllocated} derives, so a release costs what it changes.
   *
   * @param released the devices the released claims used: only their slices get new entries
   * @param state the in-use state of the devices {@code released} names (others may be missing)
   */
  SnapshotIndex withState(AllocatedState released, AllocatedState state) {
    return withEntries(released, pool -> (slice, d) -> new DeviceEntry(slice, d, d.uid, state, pool.ruleTaints));
  }

  /*
   * The index with new entries for the slices of the pools that have a device the change names:
   * only the named devices get new entries (successorOf, per pool), the others are shared.
   */
  private SnapshotIndex withEntries(AllocatedState change,
      Function<PoolEntry, BiFunction<SliceEntry, DeviceEntry, DeviceEntry>> successorOf) {
    Map<PoolId, Set<String>> byPool = change.devicesByPool();
    Map<PoolId, PoolEntry> newPools = new HashMap<>();
    IdentityHashMap<SliceEntry, SliceEntry> successor = new IdentityHashMap<>(4 * byPool.size());
    Set<String> nodes = new HashSet<>();
    boolean local = true;
    for (Map.Entry<PoolId, Set<String>> named : byPool.entrySet()) {
      PoolEntry prev = pools.get(named.getKey());
      if (prev == null) {
        continue; // a device of no pool of this snapshot: nothing here uses it
      }
      int[] @Nullable [] uses = prev.devicesNamed(named.getValue());
      BiFunction<SliceEntry, DeviceEntry, DeviceEntry> next = successorOf.apply(prev);
      List<SliceEntry> entries = new ArrayList<>(prev.slices.size());
      for (int i = 0; i < prev.slices.size(); i++) {
        // A slice none of whose devices the change names keeps its entry: its devices' states are
        // unchanged, and a DGX node's pool has its full GPUs and its MIG devices in other slices.
        SliceEntry s = prev.slices.get(i);
        int[] positions = uses[i];
        SliceEntry n = s;
        if (positions != null) {
          n = new SliceEntry(s, positions, next);
          successor.put(s, n);
        }
        entries.add(n);
      }
      newPools.put(prev.id, new PoolEntry(prev, entries, uses));
      local &= addNodes(prev, nodes);
    }
    Map<String, List<SliceEntry>> newOnNode = new HashMap<>();
    for (String node : nodes) {
      // the nodes of the changed pools' slices: each has a list
      newOnNode.put(node, replaced(Objects.requireNonNull(slicesOnNode.get(node)), successor));
    }
    return new SnapshotIndex(this, slicesOnNode.with(newOnNode),
        local ? slicesShared : replaced(slicesShared, successor), pools.with(newPools),
        local ? Set.copyOf(nodes) : null);
  }

  /**
   * {@return the names of the nodes that see these pools, or null when one of them has a slice
   * that is not local to a node (any node may see it)}
   */
  @Nullable Set<String> nodesOf(Set<PoolId> ids) {
    Set<String> nodes = new HashSet<>();
    boolean local = true;
    for (PoolId id : ids) {
      PoolEntry entry = pools.get(id);
      if (entry != null) {
        local &= addNodes(entry, nodes);
      }
    }
    return local ? Set.copyOf(nodes) : null;
  }

  /* Adds the nodes named by the pool's node-local slices; false when it has a slice that is not node-local. */
  private static boolean addNodes(PoolEntry pool, Set<String> nodes) {
    boolean local = true;
    for (SliceEntry s : pool.slices) {
      if (nodeLocal(s)) {
        nodes.add(s.slice.spec().nodeName());
      } else {
        local = false;
      }
    }
    return local;
  }

  private static boolean nodeLocal(SliceEntry s) {
    String nodeName = s.slice.spec().nodeName();
    return nodeName != null && !nodeName.isEmpty();
  }

  private static List<SliceEntry> replaced(List<SliceEntry> entries, IdentityHashMap<SliceEntry, SliceEntry> successor) {
    SliceEntry[] out = new SliceEntry[entries.size()];
    for (int i = 0; i < out.length; i++) {
      SliceEntry e = entries.get(i);
      out[i] = successor.getOrDefault(e, e);
    }
    return List.of(out);
  }

  /** {@return the nodes whose slices changed since the index this one was derived from; null: maybe any} */
  @Nullable Set<String> changedNodes() {
    return changedNodes;
  }

  Map<String, List<SliceEntry>> slicesOnNode() {
    return slicesOnNode;
  }

  List<SliceEntry> slicesShared() {
    return slicesShared;
  }

  Map<PoolId, PoolEntry> pools() {
    return pools;
  }

  LikePools likePools() {
    return likePools;
  }

  int uidLimit() {
    return uidLimit;
  }

  /** {@return whether every device kept its uid of the previous index: selector results carry over} */
  boolean keptUids() {
    return keptUids;
  }

  /**
   * {@return whether pools gathered for the node from the previous index are valid here} A node's
   * pool list depends on its own slices, the cluster-wide slices and the pool entries it was
   * gathered from (a new pool can only come through the first two).
   */
  boolean sameNodePools(SnapshotIndex previous, String node, List<PoolEntry> consulted) {
    if (!sameEntries(previous.slicesShared, slicesShared)
        || !sameEntries(previous.slicesOnNode.get(node), slicesOnNode.get(node))) {
      return false;
    }
    for (PoolEntry p : consulted) {
      if (pools.get(p.id) != p) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameEntries(@Nullable List<SliceEntry> a, @Nullable List<SliceEntry> b) {
    List<SliceEntry> x = a == null ? List.of() : a;
    List<SliceEntry> y = b == null ? List.of() : b;
    if (x.size() != y.size()) {
      return false;
    }
    for (int i = 0; i < x.size(); i++) {
      if (x.get(i) != y.get(i)) {
        return false;
      }
    }
    return true;
  }

  /** The building of one index: what it takes from the previous one, and the uids it hands out. */
  private static final class Derivation {
    private final Features features;
    private final List<ResourceSlice> slices;
    private final AllocatedState state;
    private final TaintRules taintRules;
    // Entries and pools depend on every gate; a resolution only on the mixins gate.
    private final boolean sameFeatures;
    private final boolean compact;
    private final boolean keepUids;
    private final Set<PoolId> changed;
    private final Map<PoolId, PoolEntry> previousPools;
    private final UidCounter uids;
    private final Map<Content, ResolvedSlice> byContent = new HashMap<>();

    Derivation(Features features, List<ResourceSlice> slices, AllocatedState state, TaintRules taintRules,
        @Nullable SnapshotIndex previous, @Nullable AllocatedState previousState) {
      this.features = features;
      this.slices = slices;
      this.state = state;
      this.taintRules = taintRules;
      this.sameFeatures = previous != null && previous.features.equals(features);
      this.compact = previous != null && sameFeatures && previous.uidLimit > 2L * previous.deviceCount + UID_SLACK;
      this.keepUids = sameFeatures && !compact;
      this.changed = keepUids && previousState != null ? previousState.changedPools(state) : Set.of();
      this.previousPools = previous != null
          && previous.features.resourceSliceMixins() == features.resourceSliceMixins()
          ? previous.pools : Map.of();
      this.uids = new UidCounter(previous != null && keepUids ? previous.uidLimit : 0);
    }

    /* Copies of one template (the same device, counter set and mixin objects) share one resolution. */
    private ResolvedSlice resolve(ResourceSlice slice) {
      Content key = new Content(slice.spec());
      ResolvedSlice like = byContent.get(key);
      if (like != null && MixinResolver.sameContent(like.slice(), slice)) {
        return MixinResolver.resolveLike(like, slice, features.resourceSliceMixins());
      }
      ResolvedSlice resolved = MixinResolver.resolve(slice, features.resourceSliceMixins());
      byContent.putIfAbsent(key, resolved);
      return resolved;
    }

    SnapshotIndex build() {
      SliceEntry[] entries = new SliceEntry[slices.size()];
      Map<PoolId, PoolEntry> pools = poolEntries(entries);
      return new SnapshotIndex(entries, pools, features, uids.limit(), keepUids);
    }

    /**
     * The pool entries, taken over from the previous index or built, and each slice's entry at
     * the slice's input position in {@code entries}.
     */
    private Map<PoolId, PoolEntry> poolEntries(SliceEntry[] entries) {
      Map<PoolId, List<Integer>> positions = new LinkedHashMap<>();
      for (int i = 0; i < slices.size(); i++) {
        ResourceSliceSpec spec = slices.get(i).spec();
        positions.computeIfAbsent(new PoolId(spec.driver(), spec.pool().name()), k -> new ArrayList<>()).add(i);
      }
      HashMap<PoolId, PoolEntry> pools = new HashMap<>();
      for (Map.Entry<PoolId, List<Integer>> e : positions.entrySet()) {
        PoolId id = e.getKey();
        List<Integer> at = e.getValue();
        PoolEntry prev = previousPools.get(id);
        List<RuleTaint> ruleTaints = taintRules.forPool(id);
        boolean sameTaints = prev != null && prev.ruleTaints.equals(ruleTaints);
        PoolEntry entry;
        if (sameFeatures && sameTaints && prev != null && sameSlices(prev, at)) {
          entry = keepUids && !changed.contains(id) ? prev : withState(prev, compact ? uids : null);
        } else {
          entry = new PoolEntry(id, sliceEntries(at, prev, sameTaints && keepUids && !changed.contains(id),
              ruleTaints), ruleTaints);
        }
        for (int k = 0; k < at.size(); k++) {
          entries[at.get(k)] = entry.slices.get(k);
        }
        pools.put(id, entry);
      }
      return pools;
    }

    /* The same slices as a previous pool entry under this index's in-use state. */
    private PoolEntry withState(PoolEntry prev, @Nullable UidCounter renumber) {
      List<SliceEntry> next = new ArrayList<>(prev.slices.size());
      for (SliceEntry s : prev.slices) {
        next.add(new SliceEntry(s, state, renumber, prev.ruleTaints));
      }
      return new PoolEntry(prev, next);
    }

    @SuppressWarnings("ReferenceEquality") // the same slice object is unchanged: no need to compare it
    private boolean sameSlices(PoolEntry prev, List<Integer> at) {
      if (prev.slices.size() != at.size()) {
        return false;
      }
      for (int k = 0; k < at.size(); k++) {
        if (prev.slices.get(k).slice != slices.get(at.get(k))) {
          return false;
        }
      }
      return true;
    }

    /**
     * The entries of a pool whose slices changed. A slice that is the same object as in the
     * previous pool keeps its resolution, and its entry too when the in-use state is unchanged
     * ({@code keepEntries}); while uids are kept its devices keep theirs.
     */
    private List<SliceEntry> sliceEntries(List<Integer> at, @Nullable PoolEntry prev, boolean keepEntries,
        List<RuleTaint> ruleTaints) {
      IdentityHashMap<ResourceSlice, SliceEntry> old = new IdentityHashMap<>();
      if (prev != null) {
        for (SliceEntry s : prev.slices) {
          old.putIfAbsent(s.slice, s);
        }
      }
      List<SliceEntry> out = new ArrayList<>(at.size());
      for (int i : at) {
        ResourceSlice slice = slices.get(i);
        SliceEntry o = old.remove(slice); // an entry serves one position only, so uids stay unique
        if (o == null) {
          out.add(new SliceEntry(slice, resolve(slice), uids, state, ruleTaints));
        } else if (keepEntries) {
          out.add(o);
        } else if (keepUids) {
          out.add(new SliceEntry(o, state, null, ruleTaints));
        } else {
          out.add(new SliceEntry(slice, o.resolved, uids, state, ruleTaints));
        }
      }
      return out;
    }
  }

  /* What a slice's resolution depends on besides names, by identity (MixinResolver.sameContent). */
  private static final class Content {
    private final ResourceSliceSpec spec;

    Content(ResourceSliceSpec spec) {
      this.spec = spec;
    }

    @Override
    @SuppressWarnings("ReferenceEquality") // copies of a template share these very lists: identity is the point
    public boolean equals(@Nullable Object o) {
      return o instanceof Content c && c.spec.devices() == spec.devices()
          && c.spec.sharedCounters() == spec.sharedCounters() && c.spec.mixins() == spec.mixins();
    }

    @Override
    public int hashCode() {
      return 31 * (31 * System.identityHashCode(spec.devices()) + System.identityHashCode(spec.sharedCounters()))
          + System.identityHashCode(spec.mixins());
    }
  }
}
