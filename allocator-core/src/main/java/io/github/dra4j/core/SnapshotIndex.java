package io.github.dra4j.core;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.core.TaintRules.RuleTaint;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 */
final class SnapshotIndex {
  /** Churn may grow the uid space to twice the live devices plus this; then it is renumbered. */
  private static final int UID_SLACK = 1024;

  private final Map<String, List<SliceEntry>> slicesOnNode;
  private final List<SliceEntry> slicesShared;
  private final Map<PoolId, PoolEntry> pools;
  private final Features features;
  private final AllocatedState state;
  /** The number of live devices; their uids are below {@link #uidLimit}. */
  private final int deviceCount;
  private final int uidLimit;
  private final boolean keptUids;

  private SnapshotIndex(SliceEntry[] entries, Map<PoolId, PoolEntry> pools, Features features,
      AllocatedState state, int uidLimit, boolean keptUids) {
    Map<String, List<SliceEntry>> onNode = new HashMap<>();
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
    Map<String, List<SliceEntry>> frozenOnNode = new HashMap<>();
    onNode.forEach((k, v) -> frozenOnNode.put(k, List.copyOf(v)));
    this.slicesOnNode = Map.copyOf(frozenOnNode);
    this.slicesShared = List.copyOf(shared);
    // A hashed map, not Map.copyOf: pool ids of similar names hash to neighbouring values, and the
    // linear probing of the immutable maps makes every miss (a new pool) walk the whole run.
    this.pools = Collections.unmodifiableMap(pools);
    this.features = features;
    this.state = state;
    this.deviceCount = devices;
    this.uidLimit = uidLimit;
    this.keptUids = keptUids;
  }

  /**
   * Indexes the slices, deriving what it can from a previous index.
   *
   * @param slices the slices, in input order
   * @param state the devices in use
   * @param taintRules the DeviceTaintRules in effect
   * @param previous the index of a previous snapshot, or null to build from scratch
   */
  static SnapshotIndex build(Features features, List<ResourceSlice> slices, AllocatedState state,
      TaintRules taintRules, @Nullable SnapshotIndex previous) {
    return new Derivation(features, slices, state, taintRules, previous).build();
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

    Derivation(Features features, List<ResourceSlice> slices, AllocatedState state, TaintRules taintRules,
        @Nullable SnapshotIndex previous) {
      this.features = features;
      this.slices = slices;
      this.state = state;
      this.taintRules = taintRules;
      this.sameFeatures = previous != null && previous.features.equals(features);
      this.compact = previous != null && sameFeatures && previous.uidLimit > 2L * previous.deviceCount + UID_SLACK;
      this.keepUids = sameFeatures && !compact;
      this.changed = previous != null && keepUids ? previous.state.changedPools(state) : Set.of();
      this.previousPools = previous != null
          && previous.features.resourceSliceMixins() == features.resourceSliceMixins()
          ? previous.pools : Map.of();
      this.uids = new UidCounter(previous != null && keepUids ? previous.uidLimit : 0);
    }

    SnapshotIndex build() {
      SliceEntry[] entries = new SliceEntry[slices.size()];
      Map<PoolId, PoolEntry> pools = poolEntries(entries);
      return new SnapshotIndex(entries, pools, features, state, uids.limit(), keepUids);
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
      Map<PoolId, PoolEntry> pools = new HashMap<>();
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
          out.add(new SliceEntry(slice, MixinResolver.resolve(slice, features.resourceSliceMixins()), uids, state,
              ruleTaints));
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
}
