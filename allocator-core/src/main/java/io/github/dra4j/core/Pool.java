package io.github.dra4j.core;

import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * One pool as seen from one node. Mirrors Pool in pools_experimental.go. Invalid and incomplete
 * pools are data, not errors: they are skipped by the search and only turn into an error when
 * nothing else satisfies the claims (or a request asks for all devices).
 *
 * available holds the counters left after devices of allocated claims took theirs; it is
 * computed once, when the pool is built, and never changed (the per-call ledger lives in
 * AllocationRun).
 */
final class Pool {
  final PoolId id;
  final boolean incomplete;
  final boolean invalid;
  final String invalidReason;
  final List<PoolSlice> targeting;
  final List<PoolSlice> notTargeting;
  final Map<String, ResolvedCounterSet> counterSets;
  final Map<String, Map<String, BigDecimal>> available;
  final boolean hasBindingConditions;
  /** Some counter is already below zero through allocated claims: every device consuming any counter fails. */
  final boolean overcommitted;
  /** Devices or counter sets dropped by the mixins gate, for explanations. */
  final List<String> dropped;
  /** Built on first use by a search; a race builds equal layouts, and either one serves. */
  private volatile @Nullable PoolLayout layout;

  private Pool(
      PoolId id,
      boolean incomplete,
      boolean invalid,
      String invalidReason,
      List<PoolSlice> targeting,
      List<PoolSlice> notTargeting,
      Map<String, ResolvedCounterSet> counterSets,
      Map<String, Map<String, BigDecimal>> available,
      List<String> dropped) {
    this.id = id;
    this.incomplete = incomplete;
    this.invalid = invalid;
    this.invalidReason = invalidReason;
    this.targeting = List.copyOf(targeting);
    this.notTargeting = List.copyOf(notTargeting);
    this.counterSets = counterSets;
    this.available = available;
    this.dropped = List.copyOf(dropped);
    boolean binding = false;
    for (PoolSlice s : this.targeting) {
      for (DeviceEntry d : s.devices()) {
        binding |= !d.device.bindingConditions().isEmpty();
      }
    }
    this.hasBindingConditions = binding;
    boolean negative = false;
    for (Map<String, BigDecimal> set : available.values()) {
      for (BigDecimal v : set.values()) {
        negative |= v.signum() < 0;
      }
    }
    this.overcommitted = negative;
  }

  static Pool incomplete(PoolId id) {
    return new Pool(id, true, false, "", List.of(), List.of(), Map.of(), Map.of(), List.of());
  }

  static Pool invalid(PoolId id, String reason, List<String> dropped) {
    return new Pool(id, false, true, reason, List.of(), List.of(), Map.of(), Map.of(), dropped);
  }

  static Pool valid(
      PoolId id,
      List<PoolSlice> targeting,
      List<PoolSlice> notTargeting,
      Map<String, ResolvedCounterSet> counterSets,
      Map<String, Map<String, BigDecimal>> available,
      List<String> dropped) {
    return new Pool(id, false, false, "", targeting, notTargeting, counterSets, available, dropped);
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

  /** A slice of the pool with the devices the allocator may use, in slice order. */
  record PoolSlice(SliceEntry slice, List<DeviceEntry> devices) {}
}
