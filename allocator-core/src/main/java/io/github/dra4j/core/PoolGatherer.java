package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.core.internal.mixin.ConsumptionCheck;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * Gathers the pools that can serve one node. Mirrors GatherPools and buildPool in
 * pools_experimental.go:
 * - only slices relevant for the node count (nodeName, allNodes, nodeSelector, or any device
 *   under perDeviceNodeSelection), and only the newest generation of each pool;
 * - a pool is complete when resourceSliceCount slices of that generation exist; when the node
 *   sees fewer, the whole cluster is consulted (multi-host pools), and a newer generation
 *   anywhere makes the node's view obsolete;
 * - counter sets live in their own slices of the pool, which need not target the node;
 * - invalid pools (duplicate devices or counter sets, unknown counter references, mixin
 *   problems) are kept, marked, so that they become an error only when nothing else fits;
 * - pools are sorted by driver and pool name, pools with binding conditions last.
 *
 * The snapshot indexes slices by node name and by pool once, so this touches only the slices
 * of the node, the cluster-wide ones, and the pools they name; each pool is built (buildPool)
 * once per set of slices a node sees and cached in its PoolEntry.
 */
final class PoolGatherer {
  private PoolGatherer() {}

  /**
   * The pools one node sees, in allocation order, and the pool entries they were gathered from
   * (including obsolete ones): while those entries, the node's slices and the cluster-wide
   * slices are unchanged, a successor snapshot takes the list over.
   */
  /** The pools a node sees, with the pool entries they were gathered from. */
  record NodePools(Node node, List<Pool> pools, List<PoolEntry> consulted) {}

  static NodePools gatherPools(SnapshotIndex index, Node node, Features features) {
    Map<PoolId, List<SliceEntry>> pools = new LinkedHashMap<>();
    List<SliceEntry> onNode = index.slicesOnNode().getOrDefault(node.name(), List.of());
    addRelevant(pools, onNode, node, features);
    addRelevant(pools, index.slicesShared(), node, features);
    return pools(index, node, features, pools);
  }

  /**
   * The pools a node sees in an index derived from the one {@code previous} was gathered from by
   * a commit or a release (SnapshotIndex.withEntries: the same slices, some pools under another
   * in-use state), patched instead of gathered again: a pool whose entry is the same stays, a
   * pool whose entry was derived takes the derived entry's successor. Which slices, pools and
   * generations a node sees depends only on the slices, which did not change. Null when a pool
   * has no known successor (its entry derived twice, or built after the derivation): then the
   * node's pools are gathered.
   */
  static @Nullable NodePools successor(SnapshotIndex index, NodePools previous) {
    Map<PoolId, PoolEntry> entries = index.pools();
    List<PoolEntry> consulted = new ArrayList<>(previous.consulted().size());
    Map<PoolId, PoolEntry> was = new LinkedHashMap<>();
    for (PoolEntry old : previous.consulted()) {
      PoolEntry now = entries.get(old.id);
      if (now == null) {
        return null;
      }
      consulted.add(now);
      was.put(old.id, old);
    }
    List<Pool> pools = new ArrayList<>(previous.pools().size());
    for (Pool p : previous.pools()) {
      PoolEntry now = Objects.requireNonNull(entries.get(p.id)); // a pool gathered is consulted
      Pool next = now == was.get(p.id) || p.incomplete ? p : now.successor(p);
      if (next == null) {
        return null;
      }
      pools.add(next);
    }
    return new NodePools(previous.node(), List.copyOf(pools), List.copyOf(consulted));
  }

  /* Adds the slices relevant for the node, the newest generation of each pool. */
  private static void addRelevant(Map<PoolId, List<SliceEntry>> pools, List<SliceEntry> slices, Node node,
      Features features) {
    for (SliceEntry slice : slices) {
      if ((!features.partitionableDevices()
          && (slice.perDeviceNodeSelection() || slice.hasSharedCounters)) || !slice.visible(features)) {
        continue;
      }
      if (relevant(slice, node)) {
        addSlice(pools, slice);
      }
    }
  }

  /* The pools built from the gathered slices (complete, incomplete or obsolete), in allocation order. */
  private static NodePools pools(SnapshotIndex index, Node node, Features features,
      Map<PoolId, List<SliceEntry>> pools) {
    List<Pool> result = new ArrayList<>(pools.size());
    List<Pool> withBindingConditions = new ArrayList<>();
    List<PoolEntry> consulted = new ArrayList<>(pools.size());
    for (Map.Entry<PoolId, List<SliceEntry>> e : pools.entrySet()) {
      PoolId id = e.getKey();
      List<SliceEntry> slices = e.getValue();
      PoolEntry entry = Objects.requireNonNull(index.pools().get(id)); // the slices are the index's
      consulted.add(entry);
      SliceEntry first = slices.get(0);
      Pool pool;
      if (slices.size() == first.resourceSliceCount) {
        pool = entry.pool(slices, features, List.of(), index.likePools());
      } else {
        if (entry.maxGeneration(features) > first.generation) {
          continue; // obsolete: a newer generation is being published
        }
        List<SliceEntry> all = entry.generation(first.generation, features);
        if (all.size() != first.resourceSliceCount) {
          result.add(Pool.incomplete(id));
          continue;
        }
        pool = entry.pool(slices, features, all, index.likePools());
      }
      (pool.hasBindingConditions ? withBindingConditions : result).add(pool);
    }
    Comparator<Pool> byId = Comparator.comparing(p -> p.id);
    result.sort(byId);
    withBindingConditions.sort(byId);
    result.addAll(withBindingConditions);
    return new NodePools(node, List.copyOf(result), List.copyOf(consulted));
  }

  private static boolean relevant(SliceEntry slice, Node node) {
    var spec = slice.slice.spec();
    boolean hasNodeName = spec.nodeName() != null && !spec.nodeName().isEmpty();
    if (hasNodeName || spec.allNodes() || spec.nodeSelector() != null) {
      return NodeSelectors.nodeMatches(node, spec.nodeName(), spec.allNodes(), spec.nodeSelector());
    }
    if (spec.perDeviceNodeSelection()) {
      for (DeviceEntry d : slice.devices) {
        if (NodeSelectors.nodeMatches(
            node, d.device.nodeName(), d.device.allNodes(), d.device.nodeSelector())) {
          return true;
        }
      }
    }
    return false;
  }

  private static void addSlice(Map<PoolId, List<SliceEntry>> pools, SliceEntry slice) {
    List<SliceEntry> list = pools.get(slice.poolId);
    if (list == null) {
      list = new ArrayList<>();
      list.add(slice);
      pools.put(slice.poolId, list);
      return;
    }
    long have = list.get(0).generation;
    if (slice.generation < have) {
      return;
    }
    if (slice.generation > have) {
      list.clear();
    }
    list.add(slice);
  }

  static Pool buildPool(PoolId id, List<SliceEntry> slicesForNode, Features features, List<SliceEntry> allSlices,
      LikePools likePools) {
    List<SliceEntry> slices = new ArrayList<>(slicesForNode);
    slices.sort(Comparator.comparing(s -> s.name));
    List<SliceEntry> deviceSlices = new ArrayList<>();
    List<SliceEntry> counterSetSlices = new ArrayList<>();
    List<SliceEntry> notTargeting = new ArrayList<>();
    for (SliceEntry s : slices) {
      (features.partitionableDevices() && s.hasSharedCounters ? counterSetSlices : deviceSlices).add(s);
    }
    if (slices.size() < allSlices.size()) {
      Set<String> names = new HashSet<>();
      for (SliceEntry s : slices) {
        names.add(s.name);
      }
      for (SliceEntry s : allSlices) {
        if (names.contains(s.name)) {
          continue;
        }
        (features.partitionableDevices() && s.hasSharedCounters ? counterSetSlices : notTargeting).add(s);
      }
    }

    List<String> dropped = new ArrayList<>();
    Set<String> droppedCounterSets = new HashSet<>();
    for (List<SliceEntry> group : List.of(deviceSlices, counterSetSlices, notTargeting)) {
      addDropped(group, dropped, droppedCounterSets);
    }
    LikePools.Shape shape = dropped.isEmpty() ? new LikePools.Shape(features, deviceSlices, counterSetSlices, notTargeting)
        : null;
    Pool like = shape == null ? null : likePools.like(shape);
    if (like != null) {
      return Pool.validLike(id, poolSlices(deviceSlices, Set.of(), dropped),
          features.partitionableDevices() ? poolSlices(notTargeting, Set.of(), dropped) : List.of(), like);
    }
    Pool pool = validated(id, features, deviceSlices, counterSetSlices, notTargeting, droppedCounterSets, dropped);
    if (shape != null && !pool.invalid && !pool.anyAllocated()) {
      likePools.remember(shape, pool);
    }
    return pool;
  }

  /* The rest of buildPool for slices of a shape not validated before: validation, counter sets and counters left. */
  private static Pool validated(PoolId id, Features features, List<SliceEntry> deviceSlices,
      List<SliceEntry> counterSetSlices, List<SliceEntry> notTargeting, Set<String> droppedCounterSets,
      List<String> dropped) {
    String mixinProblem = mixinProblems(deviceSlices, counterSetSlices, notTargeting);
    if (mixinProblem != null) {
      return Pool.invalid(id, mixinProblem, dropped);
    }
    String duplicate = duplicateDeviceName(deviceSlices);
    if (duplicate != null) {
      return Pool.invalid(id, "duplicate device name " + duplicate, dropped);
    }
    if (!features.partitionableDevices()) {
      return Pool.valid(id, poolSlices(deviceSlices, Set.of(), dropped), List.of(), Map.of(), dropped);
    }
    return withCounters(id, deviceSlices, counterSetSlices, notTargeting, droppedCounterSets, dropped);
  }

  /* What the mixins gate dropped from these slices, for explanations; the counter sets among them. */
  private static void addDropped(List<SliceEntry> slices, List<String> dropped, Set<String> droppedCounterSets) {
    for (SliceEntry s : slices) {
      for (ResolvedSlice.Dropped d : s.resolved.dropped()) {
        dropped.add("slice " + s.name + ": " + d.kind() + " " + d.name() + ": " + d.reason());
        if (d.kind().equals(ResolvedSlice.Dropped.COUNTER_SET) && s.hasSharedCounters) {
          droppedCounterSets.add(d.name());
        }
      }
    }
  }

  /*
   * The rest of buildPool with partitionable devices: the pool's counter sets, and every
   * consumption checked against them.
   */
  private static Pool withCounters(PoolId id, List<SliceEntry> deviceSlices, List<SliceEntry> counterSetSlices,
      List<SliceEntry> notTargeting, Set<String> droppedCounterSets, List<String> dropped) {
    Map<String, ResolvedCounterSet> counterSets = new LinkedHashMap<>();
    for (SliceEntry s : counterSetSlices) {
      for (ResolvedCounterSet cs : s.resolved.counterSets()) {
        if (counterSets.putIfAbsent(cs.counterSet(), cs) != null) {
          return Pool.invalid(id, "duplicate counter set name " + cs.counterSet(), dropped);
        }
      }
    }
    // With the mixins gate off, devices consuming a dropped counter set are dropped too
    // (KEP-5234), instead of making the pool invalid for an unknown counter set.
    List<Pool.PoolSlice> targeting = poolSlices(deviceSlices, droppedCounterSets, dropped);
    List<Pool.PoolSlice> others = poolSlices(notTargeting, droppedCounterSets, dropped);
    ConsumptionCheck check = new ConsumptionCheck(consumptionCount(others, consumptionCount(targeting, 0)));
    for (List<Pool.PoolSlice> group : List.of(targeting, others)) {
      String problem = validateCounterConsumption(counterSets, group, check);
      if (problem != null) {
        return Pool.invalid(id, problem, dropped);
      }
    }
    return Pool.valid(id, targeting, others, counterSets, dropped);
  }

  private static @Nullable String mixinProblems(
      List<SliceEntry> a, List<SliceEntry> b, List<SliceEntry> c) {
    for (List<SliceEntry> group : List.of(a, b, c)) {
      for (SliceEntry s : group) {
        List<FieldError> problems = s.resolved.problems();
        if (!problems.isEmpty()) {
          return "slice " + s.name + ": " + problems.get(0);
        }
      }
    }
    return null;
  }

  private static @Nullable String duplicateDeviceName(List<SliceEntry> slices) {
    Set<String> names = new HashSet<>();
    for (SliceEntry s : slices) {
      for (DeviceEntry d : s.devices) {
        if (!names.add(d.device.name())) {
          return d.device.name();
        }
      }
    }
    return null;
  }

  private static List<Pool.PoolSlice> poolSlices(
      List<SliceEntry> slices, Set<String> droppedCounterSets, List<String> dropped) {
    List<Pool.PoolSlice> out = new ArrayList<>(slices.size());
    for (SliceEntry s : slices) {
      if (droppedCounterSets.isEmpty()) {
        out.add(new Pool.PoolSlice(s, s.devices));
        continue;
      }
      List<DeviceEntry> kept = new ArrayList<>(s.devices.size());
      for (DeviceEntry d : s.devices) {
        String cs = consumedDroppedSet(d, droppedCounterSets);
        if (cs == null) {
          kept.add(d);
        } else {
          dropped.add("slice " + s.name + ": device " + d.device.name() + ": consumes counter set "
              + cs + ", which uses includes while DRAResourceSliceMixins is disabled");
        }
      }
      out.add(new Pool.PoolSlice(s, List.copyOf(kept)));
    }
    return out;
  }

  private static @Nullable String consumedDroppedSet(DeviceEntry d, Set<String> droppedSets) {
    for (ResolvedCounters c : d.view.consumesCounters()) {
      if (droppedSets.contains(c.counterSet())) {
        return c.counterSet();
      }
    }
    return null;
  }

  /* The consumptions of the slices added to n, counted no further than the check is sized for. */
  private static int consumptionCount(List<Pool.PoolSlice> slices, int n) {
    for (Pool.PoolSlice s : slices) {
      for (DeviceEntry d : s.devices()) {
        if (n >= ConsumptionCheck.MAX_SIZED_CONSUMPTIONS) {
          return n;
        }
        n += d.view.consumesCounters().size();
      }
    }
    return n;
  }

  private static @Nullable String validateCounterConsumption(
      Map<String, ResolvedCounterSet> counterSets, List<Pool.PoolSlice> slices, ConsumptionCheck check) {
    for (Pool.PoolSlice s : slices) {
      for (DeviceEntry d : s.devices()) {
        for (ResolvedCounters c : d.view.consumesCounters()) {
          ResolvedCounterSet set = counterSets.get(c.counterSet());
          if (set == null) {
            return "counter set " + c.counterSet() + " not found";
          }
          String missing = check.firstMissing(c, set);
          if (missing != null) {
            return "counter " + missing + " not found in counter set " + c.counterSet();
          }
        }
      }
    }
    return null;
  }
}
