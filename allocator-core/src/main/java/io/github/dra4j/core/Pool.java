package io.github.dra4j.core;

import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * One pool as seen from one node. Mirrors Pool in pools_experimental.go. Invalid and incomplete
 * pools are data, not errors: they are skipped by the search and only turn into an error when
 * nothing else satisfies the claims (or a request asks for all devices).
 *
 * available() holds the counters left after devices of allocated claims took theirs; it never
 * changes (the per-call ledger lives in AllocationRun). A pool rebased onto a successor's entries
 * whose only change is devices newly allocated or released takes its counters left from the
 * previous layout in units, and builds the map only when an explanation asks for it. A pool depends only on its
 * slices' entries, not on the node, so the snapshot's PoolEntry caches it for every node that
 * sees the same slices.
 */
final class Pool {
  final PoolId id;
  final boolean incomplete;
  final boolean invalid;
  final String invalidReason;
  final List<PoolSlice> targeting;
  final List<PoolSlice> notTargeting;
  final Map<String, ResolvedCounterSet> counterSets;
  /** The counters left; null until first asked for when the pool was rebased in units. */
  private volatile @Nullable Map<String, Map<String, BigDecimal>> available;
  final boolean hasBindingConditions;
  /** Some counter is already below zero through allocated claims: every device consuming any counter fails. */
  final boolean overcommitted;
  /** Devices or counter sets dropped by the mixins gate, for explanations. */
  final List<String> dropped;
  /** A device of the pool declares compatibility groups: else every device may join any other. */
  final boolean usesCompatibilityGroups;
  /** Built on first use by a search; a race builds equal layouts, and either one serves. */
  private volatile @Nullable PoolLayout layout;
  /** The compatibility groups of allocated devices per counter set; built on first use, as layout. */
  private volatile @Nullable Map<String, CompatibilityGroups.Intersection> compatibilityBaseline;

  private Pool(
      PoolId id,
      boolean incomplete,
      boolean invalid,
      String invalidReason,
      List<PoolSlice> targeting,
      List<PoolSlice> notTargeting,
      Map<String, ResolvedCounterSet> counterSets,
      @Nullable Map<String, Map<String, BigDecimal>> available,
      List<String> dropped,
      boolean hasBindingConditions,
      boolean overcommitted) {
    this.id = id;
    this.incomplete = incomplete;
    this.invalid = invalid;
    this.invalidReason = invalidReason;
    this.targeting = List.copyOf(targeting);
    this.notTargeting = List.copyOf(notTargeting);
    this.counterSets = counterSets;
    this.available = available;
    this.dropped = List.copyOf(dropped);
    this.hasBindingConditions = hasBindingConditions;
    this.overcommitted = overcommitted;
    boolean groups = false;
    for (List<PoolSlice> slices : List.of(this.targeting, this.notTargeting)) {
      for (PoolSlice s : slices) {
        groups |= s.slice().usesCompatibilityGroups;
      }
    }
    this.usesCompatibilityGroups = groups;
  }

  private static boolean bindingConditions(List<PoolSlice> targeting) {
    for (PoolSlice s : targeting) {
      for (DeviceEntry d : s.devices()) {
        if (!d.device.bindingConditions().isEmpty()) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean negative(Map<String, Map<String, BigDecimal>> available) {
    for (Map<String, BigDecimal> set : available.values()) {
      for (BigDecimal v : set.values()) {
        if (v.signum() < 0) {
          return true;
        }
      }
    }
    return false;
  }

  static Pool incomplete(PoolId id) {
    return new Pool(id, true, false, "", List.of(), List.of(), Map.of(), Map.of(), List.of(), false, false);
  }

  static Pool invalid(PoolId id, String reason, List<String> dropped) {
    return new Pool(id, false, true, reason, List.of(), List.of(), Map.of(), Map.of(), dropped, false, false);
  }

  static Pool valid(
      PoolId id,
      List<PoolSlice> targeting,
      List<PoolSlice> notTargeting,
      Map<String, ResolvedCounterSet> counterSets,
      List<String> dropped) {
    Map<String, Map<String, BigDecimal>> available = available(counterSets, targeting, notTargeting);
    return new Pool(id, false, false, "", targeting, notTargeting, counterSets, available, dropped,
        bindingConditions(targeting), negative(available));
  }

  /**
   * A valid pool over slices of the same content as {@code like}'s (LikePools), whose validation,
   * counter sets and binding conditions it takes over, and its counters left too while none of
   * these devices is allocated.
   */
  static Pool validLike(PoolId id, List<PoolSlice> targeting, List<PoolSlice> notTargeting, Pool like) {
    if (anyAllocated(targeting) || anyAllocated(notTargeting)) {
      return valid(id, targeting, notTargeting, like.counterSets, List.of());
    }
    return new Pool(id, false, false, "", targeting, notTargeting, like.counterSets, like.available(), List.of(),
        like.hasBindingConditions, like.overcommitted);
  }

  /** {@return whether a device of the pool is allocated in any way} */
  boolean anyAllocated() {
    return anyAllocated(targeting) || anyAllocated(notTargeting);
  }

  private static boolean anyAllocated(List<PoolSlice> slices) {
    for (PoolSlice s : slices) {
      for (DeviceEntry d : s.devices()) {
        if (d.allocatedAny) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The successor's entry for each slice entry of a pool (PoolEntry), and, when the successor
   * replaced only some device entries of a slice (a commit or a release), their positions per
   * previous slice entry (a kept slice entry has none); null when any device entry may differ.
   */
  record Change(Map<SliceEntry, SliceEntry> successor, @Nullable Map<SliceEntry, int[]> replaced) {}

  /**
   * This pool over the entries of a successor snapshot whose slices are the same objects but
   * whose in-use state differs. Validation depends only on the slices, so it is not repeated:
   * the structure is mapped onto the new entries and only the counters left are recomputed.
   */
  Pool withEntries(Change change) {
    if (incomplete || invalid) {
      return this; // holds no entries
    }
    List<PoolSlice> t = remap(targeting, change.successor());
    List<PoolSlice> o = remap(notTargeting, change.successor());
    PoolLayout l = layout;
    PoolLayout rebased = l == null || allocationChanged(notTargeting, o) ? null : l.rebase(targeting, t, change.replaced());
    if (rebased != null) {
      Pool next = new Pool(id, false, false, "", t, o, counterSets, null, dropped, hasBindingConditions,
          rebased.overcommitted());
      next.layout = rebased;
      return next;
    }
    Map<String, Map<String, BigDecimal>> charged = chargeNewlyAllocated(List.of(targeting, notTargeting), List.of(t, o));
    Map<String, Map<String, BigDecimal>> left = charged == null ? available(counterSets, t, o) : charged;
    Pool next = new Pool(id, false, false, "", t, o, counterSets, left, dropped, hasBindingConditions, negative(left));
    if (l != null) {
      next.layout = new PoolLayout(next, l); // keeps the per-device memos of the search
    }
    return next;
  }

  /* Whether a device changed whether it is allocated: among the devices the node does not see, rare. */
  private static boolean allocationChanged(List<PoolSlice> before, List<PoolSlice> after) {
    for (int s = 0; s < before.size(); s++) {
      List<DeviceEntry> was = before.get(s).devices();
      List<DeviceEntry> now = after.get(s).devices();
      if (was == now) {
        continue; // a slice whose entry was kept
      }
      for (int d = 0; d < was.size(); d++) {
        if (was.get(d).allocatedAny != now.get(d).allocatedAny) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@return the counters left after the devices of allocated claims took theirs, by counter set
   * and counter, in the pool's order}
   */
  Map<String, Map<String, BigDecimal>> available() {
    Map<String, Map<String, BigDecimal>> a = available;
    if (a == null) {
      PoolLayout l = layout;
      // a rebased pool: from the layout's units, unless devices the node does not see are in use
      a = l == null || !notTargeting.isEmpty() ? null : PoolCounters.availableByName(l, counterSets);
      if (a == null) {
        a = available(counterSets, targeting, notTargeting);
      }
      available = a;
    }
    return a;
  }

  /**
   * The counters left when the successor's entries only add allocated devices: this pool's
   * counters left minus what those take. Subtraction is exact, so the values and scales equal
   * those of a pool built from scratch. Null when a device was released: then the counters
   * are summed again, so that a released device's quantities leave no trace in the scales.
   */
  private @Nullable Map<String, Map<String, BigDecimal>> chargeNewlyAllocated(List<List<PoolSlice>> before,
      List<List<PoolSlice>> after) {
    Map<String, Map<String, BigDecimal>> previous = available();
    if (previous.isEmpty()) {
      return previous;
    }
    Map<String, Map<String, BigDecimal>> left = new LinkedHashMap<>(previous);
    Set<String> copied = new HashSet<>(); // sets copied on first write; the others stay shared
    for (int g = 0; g < before.size(); g++) {
      for (int i = 0; i < before.get(g).size(); i++) {
        List<DeviceEntry> was = before.get(g).get(i).devices();
        List<DeviceEntry> now = after.get(g).get(i).devices();
        if (was == now) {
          continue; // a slice whose entry was kept
        }
        for (int k = 0; k < was.size(); k++) {
          if (was.get(k).allocatedAny == now.get(k).allocatedAny) {
            continue;
          }
          if (was.get(k).allocatedAny) {
            return null;
          }
          for (ResolvedCounters c : now.get(k).view.consumesCounters()) {
            if (left.containsKey(c.counterSet()) && copied.add(c.counterSet())) {
              left.put(c.counterSet(), new LinkedHashMap<>(left.get(c.counterSet())));
            }
          }
          charge(left, now.get(k));
        }
      }
    }
    if (copied.isEmpty()) {
      return previous;
    }
    for (String set : copied) {
      left.put(set, Collections.unmodifiableMap(left.get(set)));
    }
    return Collections.unmodifiableMap(left);
  }

  private static List<PoolSlice> remap(List<PoolSlice> slices, Map<SliceEntry, SliceEntry> successor) {
    List<PoolSlice> out = new ArrayList<>(slices.size());
    for (PoolSlice s : slices) {
      SliceEntry next = Objects.requireNonNull(successor.get(s.slice())); // maps every entry of this pool
      List<DeviceEntry> all = s.slice().devices;
      if (s.devices() == all) {
        out.add(new PoolSlice(next, next.devices));
        continue;
      }
      // Some devices were dropped: keep the same positions, the kept ones are in slice order.
      List<DeviceEntry> kept = new ArrayList<>(s.devices().size());
      int k = 0;
      for (int i = 0; i < all.size() && k < s.devices().size(); i++) {
        if (all.get(i) == s.devices().get(k)) {
          kept.add(next.devices.get(i));
          k++;
        }
      }
      out.add(new PoolSlice(next, List.copyOf(kept)));
    }
    return out;
  }

  /** The pool's counters minus what devices of allocated claims consume (checkAvailableCounters). */
  private static Map<String, Map<String, BigDecimal>> available(
      Map<String, ResolvedCounterSet> counterSets, List<PoolSlice> targeting, List<PoolSlice> others) {
    Map<String, Map<String, BigDecimal>> available = new LinkedHashMap<>();
    for (ResolvedCounterSet cs : counterSets.values()) {
      Map<String, BigDecimal> counters = new LinkedHashMap<>();
      cs.forEachCounter((name, q) -> counters.put(name, q.value()));
      available.put(cs.counterSet(), counters);
    }
    for (List<PoolSlice> group : List.of(targeting, others)) {
      for (PoolSlice s : group) {
        for (DeviceEntry d : s.devices()) {
          if (d.allocatedAny) {
            charge(available, d);
          }
        }
      }
    }
    return frozen(available);
  }

  /** Subtracts what an allocated device consumes from the counters left. */
  private static void charge(Map<String, Map<String, BigDecimal>> available, DeviceEntry d) {
    for (ResolvedCounters c : d.view.consumesCounters()) {
      Map<String, BigDecimal> counters = available.get(c.counterSet());
      if (counters != null) {
        c.forEachCounter((name, q) -> counters.computeIfPresent(name, (k, v) -> v.subtract(q.value())));
      }
    }
  }

  private static Map<String, Map<String, BigDecimal>> frozen(Map<String, Map<String, BigDecimal>> available) {
    Map<String, Map<String, BigDecimal>> frozen = new LinkedHashMap<>();
    available.forEach((k, v) -> frozen.put(k, Collections.unmodifiableMap(v)));
    return Collections.unmodifiableMap(frozen);
  }

  /** {@return the numbering of this valid pool's devices and counters for the search} */
  PoolLayout layout() {
    PoolLayout l = layout;
    if (l == null) {
      l = new PoolLayout(this);
      layout = l;
    }
    return l;
  }

  /** {@return the layout when a search or a rebase built it, else null} */
  @Nullable PoolLayout builtLayout() {
    return layout;
  }

  /** {@return the compatibility groups the pool's allocated devices hold, per counter set} */
  Map<String, CompatibilityGroups.Intersection> compatibilityBaseline() {
    Map<String, CompatibilityGroups.Intersection> b = compatibilityBaseline;
    if (b == null) {
      b = CompatibilityGroups.baseline(targeting, notTargeting);
      compatibilityBaseline = b;
    }
    return b;
  }

  /** A slice of the pool with the devices the allocator may use, in slice order. */
  record PoolSlice(SliceEntry slice, List<DeviceEntry> devices) {}
}
