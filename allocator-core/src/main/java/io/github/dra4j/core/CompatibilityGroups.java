package io.github.dra4j.core;

import io.github.dra4j.api.DeviceCounterConsumption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/*
 * Device compatibility groups (KEP-5963, DRADeviceCompatibilityGroups). Mirrors
 * compatibility_groups.go and checkAndConsumeCompatibilityGroups in allocator_experimental.go:
 * devices drawing from one counter set are allocated together only when the groups they declare
 * on it intersect; a device without groups only together with others without groups. Per counter
 * set of a pool the state is the intersection over the devices placed on it: the allocated ones
 * (their groups read from their slices, as their counters are) and those of this call. Counter
 * sets are compared separately. The check runs where the counter check runs, and is skipped
 * where that is (a further share of a device whose capacity is in use; admin access, see
 * AllocationRun.allocateDevice).
 */
final class CompatibilityGroups {
  /**
   * The groups of the devices on one counter set: none yet, all without groups, or the
   * intersection of their groups. Immutable, so that undo restores a saved value.
   */
  record Intersection(boolean members, boolean allEmpty, Set<String> groups) {
    static final Intersection NONE = new Intersection(false, false, Set.of());

    /** {@return whether a device declaring these groups may join} */
    boolean admits(List<String> declared) {
      if (!members) {
        return true;
      }
      if (declared.isEmpty()) {
        return allEmpty;
      }
      if (allEmpty) {
        return false;
      }
      for (String g : declared) {
        if (groups.contains(g)) {
          return true;
        }
      }
      return false;
    }

    /** {@return the state with a device declaring these groups joined} */
    Intersection add(List<String> declared) {
      if (!members) {
        return declared.isEmpty() ? new Intersection(true, true, Set.of())
            : new Intersection(true, false, Set.copyOf(declared));
      }
      if (allEmpty || declared.isEmpty()) {
        return this;
      }
      Set<String> narrowed = new HashSet<>(groups);
      narrowed.retainAll(declared);
      return new Intersection(true, false, Set.copyOf(narrowed));
    }
  }

  /** What a device was admitted with: the states it changed, to restore on undo. */
  record Admission(int pool, List<String> sets, List<@Nullable Intersection> previous) {}

  /** Per pool index of the call: the running state per counter set, created on first use. */
  private final List<@Nullable Map<String, Intersection>> running;

  CompatibilityGroups(int pools) {
    running = new ArrayList<>(pools);
    for (int i = 0; i < pools; i++) {
      running.add(null);
    }
  }

  /**
   * Admits the device, pool pi's, on every counter set it consumes, or rejects it and changes
   * nothing.
   *
   * @return what changed, for {@link #undo}, or null when the device is rejected
   */
  @Nullable Admission admit(int pi, Pool pool, DeviceEntry device) {
    Map<String, Intersection> state = running.get(pi);
    if (state == null) {
      state = new HashMap<>();
      running.set(pi, state);
    }
    Map<String, Intersection> baseline = pool.compatibilityBaseline();
    List<String> sets = new ArrayList<>(2);
    List<@Nullable Intersection> previous = new ArrayList<>(2);
    for (DeviceCounterConsumption c : device.device.consumesCounters()) {
      Intersection cur = state.get(c.counterSet());
      Intersection from = cur != null ? cur : baseline.getOrDefault(c.counterSet(), Intersection.NONE);
      if (!from.admits(c.compatibilityGroups())) {
        restore(state, sets, previous);
        return null;
      }
      sets.add(c.counterSet());
      previous.add(cur);
      state.put(c.counterSet(), from.add(c.compatibilityGroups()));
    }
    return new Admission(pi, sets, previous);
  }

  /** Takes back what {@link #admit} changed. */
  void undo(Admission admission) {
    Map<String, Intersection> state = running.get(admission.pool());
    if (state != null) {
      restore(state, admission.sets(), admission.previous());
    }
  }

  private static void restore(Map<String, Intersection> state, List<String> sets,
      List<@Nullable Intersection> previous) {
    for (int i = sets.size() - 1; i >= 0; i--) {
      Intersection p = previous.get(i);
      if (p == null) {
        state.remove(sets.get(i));
      } else {
        state.put(sets.get(i), p);
      }
    }
  }

  /** {@return why the pool's allocated devices keep the device out, or null when they admit it} */
  static @Nullable String conflict(Pool pool, DeviceEntry device) {
    Map<String, Intersection> baseline = pool.compatibilityBaseline();
    for (DeviceCounterConsumption c : device.device.consumesCounters()) {
      Intersection held = baseline.getOrDefault(c.counterSet(), Intersection.NONE);
      if (!held.admits(c.compatibilityGroups())) {
        return "counter set " + c.counterSet() + ": compatibility groups "
            + (c.compatibilityGroups().isEmpty() ? "none" : c.compatibilityGroups())
            + ", allocated devices drawing from it hold "
            + (held.allEmpty() ? "none" : new TreeSet<>(held.groups()));
      }
    }
    return null;
  }

  /**
   * The state per counter set that the pool's allocated devices make (compatibilityGroupsBaselineForPool),
   * over the devices that target the node and those that do not, read from their slices.
   */
  static Map<String, Intersection> baseline(List<Pool.PoolSlice> targeting, List<Pool.PoolSlice> others) {
    Map<String, Intersection> baseline = new HashMap<>();
    for (List<Pool.PoolSlice> group : List.of(targeting, others)) {
      for (Pool.PoolSlice s : group) {
        for (DeviceEntry d : s.devices()) {
          if (!d.allocatedAny) {
            continue;
          }
          for (DeviceCounterConsumption c : d.device.consumesCounters()) {
            baseline.merge(c.counterSet(), Intersection.NONE.add(c.compatibilityGroups()),
                (have, joined) -> have.add(c.compatibilityGroups()));
          }
        }
      }
    }
    return Map.copyOf(baseline);
  }
}
