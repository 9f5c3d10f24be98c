package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.Explanation.Reason;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/*
 * Builds the Explanation of an unsatisfiable call. Runs only after the search failed, so it
 * may be thorough: each request (or subrequest) is checked on its own against every device of
 * the node's usable pools, in the order the allocator applies its checks, and each device is
 * counted under the first check that rejects it. When every request has enough devices on its
 * own, the claim is searched alone (with a small budget) to tell a conflict inside the claim
 * (constraints, requests competing) from competition with the other claims of the call, and
 * that competition is traced to the claim that cannot be allocated at all or to the first claim
 * that no longer fits after the ones before it (Conflicts).
 */
final class Explainer {
  private static final int MAX_EXAMPLES = 5;
  private static final long SOLO_BUDGET = 100_000;
  /* The reasons other claims of a call can cause. */
  private static final Set<Reason> TAKEN =
      EnumSet.of(Reason.IN_USE, Reason.INSUFFICIENT_CAPACITY, Reason.COUNTERS_EXHAUSTED);

  private Explainer() {}

  static Explanation explain(AllocationRun run) {
    int n = run.plan().claimCount();
    List<List<Explanation.RequestExplanation>> requests = new ArrayList<>(n);
    IdentityHashMap<RequestData, List<DeviceEntry>> suitable = new IdentityHashMap<>();
    boolean[] everyRequestHasEnough = new boolean[n];
    for (int c = 0; c < n; c++) {
      List<Explanation.RequestExplanation> forClaim = new ArrayList<>();
      boolean enough = true;
      for (RequestSlot slot : run.plan().slots(c)) {
        boolean slotHasEnough = false;
        for (RequestData data : slot.data) {
          List<DeviceEntry> devices = new ArrayList<>();
          Explanation.RequestExplanation e = explainRequest(run, data, devices);
          suitable.put(data, devices);
          forClaim.add(e);
          slotHasEnough |= e.devicesSuitable() >= e.devicesNeeded() && !(data.allDevices != null && data.allDevices.isEmpty());
        }
        enough &= slotHasEnough;
      }
      requests.add(forClaim);
      everyRequestHasEnough[c] = enough;
    }
    // Whether each claim can be allocated on its own: null when that is not known.
    Boolean[] alone = new Boolean[n];
    for (int c = 0; c < n; c++) {
      alone[c] = everyRequestHasEnough[c] ? solo(run, c) : Boolean.FALSE;
    }
    Conflicts conflicts = new Conflicts(run, alone);
    List<Explanation.ClaimExplanation> claims = new ArrayList<>();
    for (int c = 0; c < n; c++) {
      String conflict = everyRequestHasEnough[c] ? conflicts.of(c, suitable) : null;
      claims.add(new Explanation.ClaimExplanation(ClaimPlan.objectRef(run.plan().claim(c)), requests.get(c), conflict));
    }
    List<Explanation.PoolNote> notes = new ArrayList<>();
    for (Pool pool : run.pools()) {
      if (pool.incomplete) {
        notes.add(incompleteNote(run, pool));
      } else if (pool.invalid) {
        notes.add(new Explanation.PoolNote(pool.id.toString(), Reason.INVALID_POOL, pool.invalidReason));
      }
      for (String d : pool.dropped) {
        notes.add(new Explanation.PoolNote(pool.id.toString(), Reason.DROPPED_BY_MIXINS_GATE, d));
      }
      notes.addAll(devicesBesideCounters(run, pool));
    }
    notes.addAll(otherPools(run));
    return new Explanation(Objects.requireNonNull(run.node().name(), "node"), claims, notes, run.proof());
  }

  /** The pool's newest generation: its slices in input order and how many there should be. */
  private static List<SliceEntry> newestSlices(AllocationRun run, Pool pool) {
    PoolEntry entry = run.snapshot().index().pools().get(pool.id);
    return entry == null ? List.of() : entry.generation(entry.maxGeneration);
  }

  /*
   * An incomplete pool, or one with more slices than its resourceSliceCount: the reference
   * skips both alike, but the second is a mistake in the input (the same file given twice).
   */
  private static Explanation.PoolNote incompleteNote(AllocationRun run, Pool pool) {
    List<SliceEntry> newest = newestSlices(run, pool);
    if (!newest.isEmpty() && newest.size() > newest.get(0).resourceSliceCount) {
      SliceEntry first = newest.get(0);
      Map<String, Integer> names = new TreeMap<>();
      for (SliceEntry s : newest) {
        names.merge(s.name, 1, Integer::sum);
      }
      List<String> twice = new ArrayList<>();
      names.forEach((name, count) -> {
        if (count > 1) {
          twice.add(name);
        }
      });
      return new Explanation.PoolNote(pool.id.toString(), Reason.TOO_MANY_SLICES, newest.size()
          + " ResourceSlices of generation " + first.generation + " but resourceSliceCount "
          + first.resourceSliceCount + "; the pool is skipped"
          + (twice.isEmpty() ? "" : " (given more than once: " + String.join(", ", twice) + ")"));
    }
    List<String> grouped = new ArrayList<>();
    for (SliceEntry s : newest) {
      if (!s.visible(run.features())) {
        grouped.add(s.name);
      }
    }
    if (!grouped.isEmpty()) {
      return new Explanation.PoolNote(pool.id.toString(), Reason.INCOMPLETE_POOL, "ResourceSlices "
          + String.join(", ", grouped) + " declare compatibility groups, which are ignored while"
          + " DRADeviceCompatibilityGroups is off, so the pool is incomplete without them");
    }
    return new Explanation.PoolNote(pool.id.toString(), Reason.INCOMPLETE_POOL,
        "not all ResourceSlices of its newest generation are published");
  }

  /** A note naming the slices of the pool whose devices are ignored because they hold sharedCounters. */
  private static List<Explanation.PoolNote> devicesBesideCounters(AllocationRun run, Pool pool) {
    if (!run.features().partitionableDevices()) {
      return List.of();
    }
    List<String> slices = new ArrayList<>();
    int devices = 0;
    for (SliceEntry s : newestSlices(run, pool)) {
      int n = s.slice.spec().devices().size();
      if (s.hasSharedCounters && n > 0) {
        slices.add(s.name);
        devices += n;
      }
    }
    if (slices.isEmpty()) {
      return List.of();
    }
    String names = String.join(", ", slices.subList(0, Math.min(MAX_EXAMPLES, slices.size())))
        + (slices.size() > MAX_EXAMPLES ? ", ..." : "");
    return List.of(new Explanation.PoolNote(pool.id.toString(), Reason.DEVICES_BESIDE_SHARED_COUNTERS,
        devices + " device(s) ignored: " + (slices.size() == 1 ? "slice " : slices.size() + " slices (")
            + names + (slices.size() == 1 ? " holds" : ") hold") + " sharedCounters too, and devices"
            + " are only read from slices without sharedCounters"));
  }

  /** One note for the pools of the cluster that cannot serve the node at all. */
  private static List<Explanation.PoolNote> otherPools(AllocationRun run) {
    java.util.Set<PoolId> here = new java.util.HashSet<>();
    for (Pool p : run.pools()) {
      here.add(p.id);
    }
    List<PoolId> others = new ArrayList<>();
    for (PoolId id : run.snapshot().index().pools().keySet()) {
      if (!here.contains(id)) {
        others.add(id);
      }
    }
    if (others.isEmpty()) {
      return List.of();
    }
    others.sort(null);
    List<String> names = new ArrayList<>();
    for (PoolId id : others.subList(0, Math.min(MAX_EXAMPLES, others.size()))) {
      names.add(id.toString());
    }
    String detail = others.size() + " pool(s) have no ResourceSlice for node " + run.node().name() + ": "
        + String.join(", ", names) + (others.size() > MAX_EXAMPLES ? ", ..." : "");
    return List.of(new Explanation.PoolNote("(other nodes)", Reason.NODE_NOT_MATCHING, detail));
  }

  /** {@return the options of the explanation's own searches: a small budget, the call's deadline and cancellation} */
  private static AllocationOptions soloOptions(AllocationRun run) {
    AllocationOptions call = run.matcher().options();
    return AllocationOptions.defaults().withStepBudget(SOLO_BUDGET).withDeadline(call.deadline())
        .withCancellation(call.cancellation());
  }

  /** Whether claim c fits on its own, with a small budget: null when that is not known. */
  private static @Nullable Boolean solo(AllocationRun run, int c) {
    try {
      AllocationRun solo = AllocationRun.of(run.snapshot(), run.node(), List.of(run.plan().claim(c)), run.pools(),
          soloOptions(run));
      return solo.run() != null;
    } catch (AllocationCancelledException e) {
      throw e;
    } catch (AllocationException e) {
      return null;
    }
  }

  /*
   * Why claims whose requests each have enough devices are not allocated. A claim that fits
   * alone is blocked either by a claim of the call that cannot be allocated at all (named), or
   * by competition: then the first claim that no longer fits after the ones before it is
   * explained again with them allocated, which names the devices in use and the counter that
   * runs out.
   */
  private static final class Conflicts {
    private final AllocationRun run;
    private final @Nullable Boolean[] alone;
    private boolean blockedKnown;
    private int blocked = -1;
    private @Nullable String blockedWhy;

    Conflicts(AllocationRun run, @Nullable Boolean[] alone) {
      this.run = run;
      this.alone = alone;
    }

    String of(int c, Map<RequestData, List<DeviceEntry>> suitable) {
      ResourceClaim claim = run.plan().claim(c);
      String constraints = describeConstraints(claim);
      if (alone[c] == null) {
        return "every request has enough suitable devices on its own, but not together"
            + (constraints.isEmpty() ? "" : " under " + constraints);
      }
      if (alone[c]) {
        List<String> hopeless = new ArrayList<>();
        for (int o = 0; o < run.plan().claimCount(); o++) {
          if (o != c && Boolean.FALSE.equals(alone[o])) {
            hopeless.add(ClaimPlan.claimRef(run.plan().claim(o)));
          }
        }
        if (!hopeless.isEmpty()) {
          return "satisfiable on its own, but not allocated because " + (hopeless.size() == 1 ? "claim " : "claims ")
              + String.join(", ", hopeless) + " of this call cannot be allocated at all"
              + " (the claims of one call are allocated together or not at all)";
        }
        String why = blockedWhy(c);
        return why != null ? why : "satisfiable on its own, but not together with the other claims of this call"
            + " (they compete for the same devices, counters or capacity)";
      }
      String missing = missingAttributes(c, suitable);
      if (!missing.isEmpty()) {
        return "every request has enough suitable devices on its own, but " + missing;
      }
      if (!constraints.isEmpty()) {
        return "every request has enough suitable devices on its own, but no combination satisfies "
            + constraints + " (or the requests compete for the same devices, counters or capacity)";
      }
      return "every request has enough suitable devices on its own, but not together"
          + " (the requests compete for the same devices, counters or capacity)";
    }

    /** The explanation for claim c when it is the first claim blocked by those before it, else null. */
    private @Nullable String blockedWhy(int c) {
      if (!blockedKnown) {
        blockedKnown = true;
        findBlocked();
      }
      return c == blocked ? blockedWhy : null;
    }

    private void findBlocked() {
      List<AllocationResult> before = null;
      for (int k = 0; k < run.plan().claimCount(); k++) {
        List<AllocationResult> upTo;
        try {
          upTo = AllocationRun.of(run.snapshot(), run.node(), run.plan().claims().subList(0, k + 1), run.pools(),
              soloOptions(run)).run();
        } catch (AllocationCancelledException e) {
          throw e;
        } catch (AllocationException e) {
          return;
        }
        if (upTo == null) {
          if (k > 0 && before != null) {
            blocked = k;
            blockedWhy = explainAfter(k, before);
          }
          return;
        }
        before = upTo;
      }
    }

    /* Claim k explained again on a snapshot where claims 0..k-1 hold the devices found for them. */
    private @Nullable String explainAfter(int k, List<AllocationResult> before) {
      List<ResourceClaim> allocated = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        allocated.add(run.plan().claim(i).withAllocation(before.get(i)));
        names.add(ClaimPlan.claimRef(run.plan().claim(i)));
      }
      Explanation.ClaimExplanation again;
      try {
        ClusterSnapshot after = run.snapshot().withAllocated(allocated);
        AllocationRun single = AllocationRun.of(after, run.node(), List.of(run.plan().claim(k)), after.pools(run.node()),
            soloOptions(run));
        if (single.search()) {
          return null;
        }
        again = explain(single).claims().get(0);
      } catch (AllocationCancelledException e) {
        throw e;
      } catch (AllocationException e) {
        return null;
      }
      List<String> lines = new ArrayList<>();
      for (Explanation.RequestExplanation r : again.requests()) {
        if (Explanation.lacksDevices(r)) {
          // What the claims before took comes first; selectors reject as many devices as alone.
          List<Explanation.Rejection> taken = new ArrayList<>();
          for (Explanation.Rejection j : r.rejections()) {
            if (TAKEN.contains(j.reason())) {
              taken.add(j);
            }
          }
          lines.add(Explanation.requestLine(taken.isEmpty() ? r : new Explanation.RequestExplanation(
              r.request(), r.devicesNeeded(), r.devicesConsidered(), r.devicesSuitable(), taken)));
        }
      }
      if (lines.isEmpty()) {
        return null;
      }
      return "satisfiable on its own, but not after " + (k == 1 ? "claim " : "claims ") + String.join(", ", names)
          + " of this call took the devices found for " + (k == 1 ? "it" : "them") + ": " + String.join("; ", lines);
    }

    /*
     * A constraint whose attribute too few of a covered request's suitable devices have: the
     * reference rejects a device without it, so no combination can satisfy the constraint.
     */
    private String missingAttributes(int c, Map<RequestData, List<DeviceEntry>> suitable) {
      List<DeviceConstraint> list = run.plan().claim(c).spec().devices().constraints();
      Constraint[] cs = run.constraints(c);
      List<String> out = new ArrayList<>();
      for (int i = 0; i < cs.length && i < list.size(); i++) {
        DeviceConstraint dc = list.get(i);
        String attribute = dc.matchAttribute() != null ? dc.matchAttribute() : dc.distinctAttribute();
        String kind = dc.matchAttribute() != null ? "matchAttribute " : "distinctAttribute ";
        for (RequestSlot slot : run.plan().slots(c)) {
          for (RequestData data : slot.data) {
            if (!data.constrainedBy(i)) {
              continue;
            }
            List<DeviceEntry> devices = suitable.getOrDefault(data, List.of());
            AttributeSource source = run.derived().source(data);
            int with = 0;
            for (DeviceEntry d : devices) {
              if (has(cs[i], d, source)) {
                with++;
              }
            }
            if (with < Math.max(data.numDevices, 1)) {
              out.add(kind + attribute + ": " + (with == 0 ? "none" : "only " + with) + " of the "
                  + devices.size() + " suitable devices of request " + data.requestName() + " "
                  + (with == 1 ? "has" : "have") + " attribute " + attribute
                  + (data.numDevices > 1 ? " (" + data.numDevices + " needed)" : ""));
            }
          }
        }
      }
      return String.join("; ", out);
    }

    /** A derived attribute that fails to evaluate counts as missing: the search never got there. */
    private static boolean has(Constraint constraint, DeviceEntry device, AttributeSource source) {
      try {
        return constraint.lookup(device, source) != null;
      } catch (CelException e) {
        return false;
      }
    }
  }

  private static String describeConstraints(ResourceClaim claim) {
    List<String> parts = new ArrayList<>();
    for (var dc : claim.spec().devices().constraints()) {
      String kind = dc.matchAttribute() != null ? "matchAttribute " + dc.matchAttribute()
          : "distinctAttribute " + dc.distinctAttribute();
      parts.add(dc.requests().isEmpty() ? kind : kind + " " + dc.requests());
    }
    return String.join(", ", parts);
  }

  private static final class Group {
    int count;
    final List<String> examples = new ArrayList<>();
    String detail = "";
  }

  private static Explanation.RequestExplanation explainRequest(AllocationRun run, RequestData data,
      List<DeviceEntry> suitableDevices) {
    Map<Reason, Group> groups = new EnumMap<>(Reason.class);
    int considered = 0;
    int suitable = 0;
    for (Pool pool : run.pools()) {
      if (pool.incomplete || pool.invalid) {
        continue;
      }
      for (Pool.PoolSlice slice : pool.targeting) {
        for (DeviceEntry device : slice.devices()) {
          considered++;
          String[] detail = {""};
          Reason reason = classify(run, data, pool, device, detail);
          if (reason == null) {
            suitable++;
            suitableDevices.add(device);
            continue;
          }
          Group g = groups.computeIfAbsent(reason, k -> new Group());
          if (g.count++ == 0) {
            g.detail = detail[0];
          }
          if (g.examples.size() < MAX_EXAMPLES) {
            g.examples.add(device.id.toString());
          }
        }
      }
    }
    List<Explanation.Rejection> rejections = new ArrayList<>();
    groups.forEach((reason, g) -> rejections.add(new Explanation.Rejection(reason, g.count, g.examples, g.detail)));
    rejections.sort(Comparator.comparingInt(Explanation.Rejection::devices).reversed());
    int needed = data.allDevices != null ? data.numDevices : (int) data.request.count;
    return new Explanation.RequestExplanation(data.requestName(), needed, considered, suitable, rejections);
  }

  private static @Nullable Reason classify(AllocationRun run, RequestData data, Pool pool,
      DeviceEntry device, String[] detail) {
    Features f = run.features();
    if (!f.bindingConditions() && !device.device.bindingConditions().isEmpty()) {
      detail[0] = "binding conditions need DRADeviceBindingConditions and DRAResourceClaimDeviceStatus";
      return Reason.FEATURE_DISABLED;
    }
    if (!f.partitionableDevices() && !device.view.consumesCounters().isEmpty()) {
      detail[0] = "consuming counters needs DRAPartitionableDevices";
      return Reason.FEATURE_DISABLED;
    }
    if (!run.matcher().nodeMatches(device)) {
      detail[0] = "per-device node selection excludes node " + run.node().name();
      return Reason.NODE_NOT_MATCHING;
    }
    if (device.slice.skipsNodeOperations && !SliceEntry.nodeOperationsOptional(f, run.node())) {
      if (!f.optionalNodeOperations()) {
        detail[0] = "its slice lists skipNodeOperations, which needs DRAOptionalNodeOperations";
        return Reason.FEATURE_DISABLED;
      }
      detail[0] = "its slice lists skipNodeOperations and node " + run.node().name() + " does not declare "
          + SliceEntry.OPTIONAL_NODE_OPERATIONS + " (status.declaredFeatures)";
      return Reason.NODE_NOT_MATCHING;
    }
    try {
      int failed = run.matcher().selectorsMatch(data, device, true);
      if (failed >= 0) {
        detail[0] = "class " + data.deviceClass.name() + " selector #" + failed + ": "
            + data.classSelectors[failed].expression();
        return Reason.CLASS_SELECTOR_FALSE;
      }
      failed = run.matcher().selectorsMatch(data, device, false);
      if (failed >= 0) {
        detail[0] = "selector #" + failed + ": " + data.requestSelectors[failed].expression();
        return Reason.REQUEST_SELECTOR_FALSE;
      }
    } catch (AllocationCancelledException e) {
      throw e;
    } catch (AllocationException e) {
      detail[0] = e.getMessage();
      return Reason.SELECTOR_ERROR;
    }
    if (!data.request.adminAccess && device.inUseDedicated) {
      detail[0] = "allocated to another claim";
      return Reason.IN_USE;
    }
    if (f.consumableCapacity()) {
      String why = ConsumableCapacity.checkRequestOverCapacity(device, data.request, device.aggregatedCapacity, null,
          f.fractionalCapacityRange());
      if (why != null) {
        detail[0] = why;
        return Reason.INSUFFICIENT_CAPACITY;
      }
    }
    boolean counted = f.partitionableDevices() && !device.view.consumesCounters().isEmpty() && !data.request.adminAccess
        && !(f.consumableCapacity() && device.device.allowMultipleAllocations() && device.capacityInUse);
    if (counted && f.deviceCompatibilityGroups() && pool.usesCompatibilityGroups) {
      String why = CompatibilityGroups.conflict(pool, device);
      if (why != null) {
        detail[0] = why;
        return Reason.INCOMPATIBLE_GROUPS;
      }
    }
    if (counted) {
      String why = counterShortfall(pool, device);
      if (why != null) {
        detail[0] = why;
        return Reason.COUNTERS_EXHAUSTED;
      }
    }
    if (f.deviceTaints()) {
      DeviceTaint taint = Tolerations.untoleratedTaint(device, data.request);
      if (taint != null) {
        detail[0] = "taint " + taint.key() + (taint.value() == null ? "" : "=" + taint.value()) + ":"
            + taint.effect() + ruleOf(device, taint);
        return Reason.UNTOLERATED_TAINT;
      }
    }
    return null;
  }

  /** " (DeviceTaintRule NAME)" when a rule, not the slice, gave the device this taint; else "". */
  @SuppressWarnings("ReferenceEquality") // a rule's taint object, not an equal one of the slice
  private static String ruleOf(DeviceEntry device, DeviceTaint taint) {
    for (TaintRules.RuleTaint t : device.ruleTaints) {
      if (t.taint() == taint) {
        return " (DeviceTaintRule " + t.rule() + ")";
      }
    }
    return "";
  }

  /** The first counter the device needs more of than is left after allocated claims, or null. */
  private static @Nullable String counterShortfall(Pool pool, DeviceEntry device) {
    for (ResolvedCounters c : device.view.consumesCounters()) {
      Map<String, BigDecimal> available = pool.available().get(c.counterSet());
      if (available == null) {
        continue;
      }
      String[] why = {null};
      List<String> alsoShort = new ArrayList<>();
      c.forEachCounter((name, q) -> {
        BigDecimal left = available.get(name);
        if (left == null || left.compareTo(q.value()) >= 0) {
          return;
        }
        if (why[0] != null) {
          alsoShort.add(name);
          return;
        }
        BigDecimal leftOrZero = left.max(BigDecimal.ZERO);
        why[0] = "counter set " + c.counterSet() + ", counter " + name + ": needs " + q + ", "
            + io.github.dra4j.api.Quantity.of(leftOrZero, q.format()) + " left (short "
            + io.github.dra4j.api.Quantity.of(q.value().subtract(leftOrZero), q.format()) + ")";
      });
      if (why[0] != null) {
        // Every counter that runs out, as a device often needs several (a MIG profile's
        // memory slices and engines): the first in the device's order alone can mislead.
        if (!alsoShort.isEmpty()) {
          int shown = Math.min(alsoShort.size(), MAX_EXAMPLES);
          why[0] += "; also short: " + String.join(", ", alsoShort.subList(0, shown))
              + (alsoShort.size() > shown ? " and " + (alsoShort.size() - shown) + " more" : "");
        }
        return why[0];
      }
    }
    for (Map.Entry<String, Map<String, BigDecimal>> e : pool.available().entrySet()) {
      for (Map.Entry<String, BigDecimal> counter : e.getValue().entrySet()) {
        if (counter.getValue().signum() < 0) {
          return "counter set " + e.getKey() + ", counter " + counter.getKey()
              + " is overcommitted by allocated claims";
        }
      }
    }
    return null;
  }
}
