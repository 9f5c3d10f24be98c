package io.github.dra4j.core;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.TaintRules.RuleTaint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/*
 * One pool of a snapshot: its slices in input order, and the pools built from them. A built
 * pool does not depend on the node, only on which of the slices a node sees, so it is built
 * (validated, counters summed) once per such set and shared by every node and call.
 *
 * A successor snapshot takes the whole entry over when the pool's slices are the same objects
 * and none of its devices changed its in-use state. When only the in-use state changed, the new
 * entry takes over the built pools through Pool.withEntries: validation depends only on the
 * slices, so it is not repeated. Entries shared between snapshots only gain pools that are
 * valid for both, so an old snapshot never sees a change.
 */
final class PoolEntry {
  final PoolId id;
  final List<SliceEntry> slices;
  final long maxGeneration;
  /** The DeviceTaintRule taints of this pool its entries were built with. */
  final List<RuleTaint> ruleTaints;
  /** Built pools by the slices a node sees (by identity, in gathering order). */
  private final ConcurrentHashMap<SliceSet, Pool> built;
  /**
   * For an entry derived from a previous one (another in-use state): each pool the previous entry
   * had built, mapped to its successor here, so that a node's gathered pools are patched rather
   * than gathered again (PoolGatherer.successor). Only one step back: no chain of entries is kept.
   */
  private final Map<Pool, Pool> successors;
  /**
   * Per device name, where the devices of that name are: pairs of slice position and device
   * position (see {@link #devicesNamed}); built on first use (a race builds equal maps) and shared
   * with every entry derived from this one and from its predecessors (their slices hold the same
   * devices at the same positions), so that a line of commits that starts again from an earlier
   * snapshot does not build it again.
   */
  private final NameIndex devicesByName;

  /* Holds the name index of a line of entries over the same slices. */
  private static final class NameIndex {
    private volatile @Nullable Map<String, int[]> byName;
  }

  PoolEntry(PoolId id, List<SliceEntry> slices, List<RuleTaint> ruleTaints) {
    this.id = id;
    this.slices = List.copyOf(slices);
    this.ruleTaints = ruleTaints;
    long max = Long.MIN_VALUE;
    for (SliceEntry s : slices) {
      max = Math.max(max, s.generation);
    }
    this.maxGeneration = max;
    this.built = new ConcurrentHashMap<>();
    this.successors = Map.of();
    this.devicesByName = new NameIndex();
  }

  /**
   * The same slices and rule taints as {@code previous} with other entries (another in-use
   * state), position by position.
   */
  PoolEntry(PoolEntry previous, List<SliceEntry> slices) {
    this(previous, slices, null);
  }

  /**
   * The same slices as {@code previous} with some device entries replaced (a commit or a release):
   * the built pools' layouts are rebased by visiting only those devices.
   *
   * @param replaced per slice position, the positions of the devices whose entries were replaced
   *     (null for a slice whose entry was kept); null when any device entry may differ
   */
  PoolEntry(PoolEntry previous, List<SliceEntry> slices, int @Nullable [] @Nullable [] replaced) {
    this.id = previous.id;
    this.slices = List.copyOf(slices);
    this.ruleTaints = previous.ruleTaints;
    this.maxGeneration = previous.maxGeneration;
    this.built = new ConcurrentHashMap<>();
    this.devicesByName = previous.devicesByName;
    if (previous.built.isEmpty()) { // nothing to rebase: a pool no search has built yet
      this.successors = Map.of();
      return;
    }
    IdentityHashMap<SliceEntry, SliceEntry> successor = new IdentityHashMap<>(slices.size());
    IdentityHashMap<SliceEntry, int[]> positions = replaced == null ? null : new IdentityHashMap<>();
    for (int i = 0; i < slices.size(); i++) {
      successor.put(previous.slices.get(i), slices.get(i));
      int[] at = replaced == null ? null : replaced[i];
      if (positions != null && at != null) {
        positions.put(previous.slices.get(i), at);
      }
    }
    Pool.Change change = new Pool.Change(successor, positions);
    IdentityHashMap<Pool, Pool> next = new IdentityHashMap<>(previous.built.size());
    previous.built.forEach((key, pool) -> {
      Pool rebased = pool.withEntries(change);
      built.put(key, rebased);
      next.put(pool, rebased);
    });
    this.successors = Collections.unmodifiableMap(next);
  }

  /**
   * {@return the pool of this entry that succeeds a pool the previous entry built, or null when
   * the previous entry did not build it (or this entry was not derived from another)}
   */
  @Nullable Pool successor(Pool previous) {
    return successors.get(previous);
  }

  /**
   * {@return per slice position, the positions of its devices with one of these names, or null
   * for a slice without such a device} A change that names devices replaces only those.
   */
  int[] @Nullable [] devicesNamed(Collection<String> deviceNames) {
    Map<String, int[]> index = devicesByName.byName;
    if (index == null) {
      Map<String, int[]> byName = new HashMap<>();
      for (int i = 0; i < slices.size(); i++) {
        List<DeviceEntry> devices = slices.get(i).devices;
        for (int d = 0; d < devices.size(); d++) {
          byName.merge(devices.get(d).id.device(), new int[] {i, d}, PoolEntry::concat);
        }
      }
      index = byName;
      devicesByName.byName = index;
    }
    int[] @Nullable [] out = new int[slices.size()][];
    for (String name : deviceNames) {
      int[] at = index.get(name);
      for (int k = 0; at != null && k < at.length; k += 2) {
        int[] positions = out[at[k]];
        int[] more = positions == null ? new int[1] : Arrays.copyOf(positions, positions.length + 1);
        more[more.length - 1] = at[k + 1];
        out[at[k]] = more;
      }
    }
    return out;
  }

  private static int[] concat(int[] a, int[] b) {
    int[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** {@return the pool's slices of one generation, in input order} */
  List<SliceEntry> generation(long generation) {
    List<SliceEntry> out = new ArrayList<>();
    for (SliceEntry s : slices) {
      if (s.generation == generation) {
        out.add(s);
      }
    }
    return out;
  }

  /** {@return the pool's slices of one generation that the gates let be seen, in input order} */
  List<SliceEntry> generation(long generation, Features features) {
    List<SliceEntry> out = new ArrayList<>();
    for (SliceEntry s : slices) {
      if (s.generation == generation && s.visible(features)) {
        out.add(s);
      }
    }
    return out;
  }

  /** {@return the newest generation among the slices the gates let be seen} */
  long maxGeneration(Features features) {
    if (features.deviceCompatibilityGroups()) {
      return maxGeneration;
    }
    long max = Long.MIN_VALUE;
    for (SliceEntry s : slices) {
      if (s.visible(features)) {
        max = Math.max(max, s.generation);
      }
    }
    return max;
  }

  /**
   * The pool as seen through these slices, built on first use.
   *
   * @param forNode the slices of the newest generation a node sees
   * @param allSlices every slice of that generation when the node sees fewer than the pool has,
   *     else empty; determined by {@code forNode}, so not part of the key
   * @param likePools the valid pools of the snapshot's slices by content, which this one may take
   *     its validation from
   */
  Pool pool(List<SliceEntry> forNode, Features features, List<SliceEntry> allSlices, LikePools likePools) {
    SliceSet key = new SliceSet(forNode);
    Pool pool = built.get(key);
    if (pool == null) {
      pool = PoolGatherer.buildPool(id, forNode, features, allSlices, likePools);
      Pool raced = built.putIfAbsent(key, pool);
      if (raced != null) {
        pool = raced;
      }
    }
    return pool;
  }

  /* Slices by identity: equal ResourceSlice records that are different objects are different keys. */
  private static final class SliceSet {
    private final ResourceSlice[] slices;
    private final int hash;

    SliceSet(List<SliceEntry> entries) {
      slices = new ResourceSlice[entries.size()];
      int h = 1;
      for (int i = 0; i < slices.length; i++) {
        slices[i] = entries.get(i).slice;
        h = 31 * h + System.identityHashCode(slices[i]);
      }
      hash = h;
    }

    @Override
    @SuppressWarnings("ReferenceEquality") // slices by identity, as the hash
    public boolean equals(@Nullable Object o) {
      if (!(o instanceof SliceSet other) || other.slices.length != slices.length) {
        return false;
      }
      for (int i = 0; i < slices.length; i++) {
        if (slices[i] != other.slices[i]) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
