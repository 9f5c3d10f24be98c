package io.github.dra4j.core;

import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.Explanation.Reason;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * Builds the Explanation of an unsatisfiable call. Runs only after the search failed, so it
 * may be thorough: each request (or subrequest) is checked on its own against every device of
 * the node's usable pools, in the order the allocator applies its checks, and each device is
 * counted under the first check that rejects it. When every request has enough devices on its
 * own, the claim is searched alone (with a small budget) to tell a conflict inside the claim
 * (constraints, requests competing) from competition with the other claims of the call.
 */
final class Explainer {
  private static final int MAX_EXAMPLES = 5;
  private static final long SOLO_BUDGET = 100_000;

  private Explainer() {}

  static Explanation explain(AllocationRun run) {
    List<Explanation.ClaimExplanation> claims = new ArrayList<>();
    for (int c = 0; c < run.claims.size(); c++) {
      ResourceClaim claim = run.claims.get(c);
      List<Explanation.RequestExplanation> requests = new ArrayList<>();
      boolean everyRequestHasEnough = true;
      for (AllocationRun.RequestSlot slot : run.slots[c]) {
        boolean slotHasEnough = false;
        for (AllocationRun.RequestData data : slot.data) {
          Explanation.RequestExplanation e = explainRequest(run, data);
          requests.add(e);
          slotHasEnough |= e.devicesSuitable() >= e.devicesNeeded() && !(data.allDevices != null && data.allDevices.isEmpty());
        }
        everyRequestHasEnough &= slotHasEnough;
      }
      String conflict = everyRequestHasEnough ? conflict(run, c) : null;
      claims.add(new Explanation.ClaimExplanation(AllocationRun.claimRef(claim), requests, conflict));
    }
    List<Explanation.PoolNote> notes = new ArrayList<>();
    for (Pool pool : run.pools) {
      if (pool.incomplete) {
        notes.add(new Explanation.PoolNote(pool.id.toString(), Reason.INCOMPLETE_POOL,
            "not all ResourceSlices of its newest generation are published"));
      } else if (pool.invalid) {
        notes.add(new Explanation.PoolNote(pool.id.toString(), Reason.INVALID_POOL, pool.invalidReason));
      }
      for (String d : pool.dropped) {
        notes.add(new Explanation.PoolNote(pool.id.toString(), Reason.DROPPED_BY_MIXINS_GATE, d));
      }
    }
    notes.addAll(otherPools(run));
    return new Explanation(run.node.name(), claims, notes);
  }

  /** One note for the pools of the cluster that cannot serve the node at all. */
  private static List<Explanation.PoolNote> otherPools(AllocationRun run) {
    java.util.Set<PoolId> here = new java.util.HashSet<>();
    for (Pool p : run.pools) {
      here.add(p.id);
    }
    List<PoolId> others = new ArrayList<>();
    for (PoolId id : run.snapshot.index().pools().keySet()) {
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
    String detail = others.size() + " pool(s) have no ResourceSlice for node " + run.node.name() + ": "
        + String.join(", ", names) + (others.size() > MAX_EXAMPLES ? ", ..." : "");
    return List.of(new Explanation.PoolNote("(other nodes)", Reason.NODE_NOT_MATCHING, detail));
  }

  private static String conflict(AllocationRun run, int c) {
    ResourceClaim claim = run.claims.get(c);
    String constraints = describeConstraints(claim);
    boolean alone;
    try {
      AllocationRun solo = new AllocationRun(run.snapshot, run.node, List.of(claim), run.pools,
          AllocationOptions.defaults().withStepBudget(SOLO_BUDGET));
      alone = solo.run() != null;
    } catch (AllocationException e) {
      return "every request has enough suitable devices on its own, but not together"
          + (constraints.isEmpty() ? "" : " under " + constraints);
    }
    if (alone) {
      return "satisfiable on its own, but not together with the other claims of this call"
          + " (they compete for the same devices, counters or capacity)";
    }
    if (!constraints.isEmpty()) {
      return "every request has enough suitable devices on its own, but no combination satisfies "
          + constraints + " (or the requests compete for the same devices, counters or capacity)";
    }
    return "every request has enough suitable devices on its own, but not together"
        + " (the requests compete for the same devices, counters or capacity)";
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

  private static Explanation.RequestExplanation explainRequest(AllocationRun run, AllocationRun.RequestData data) {
    Map<Reason, Group> groups = new EnumMap<>(Reason.class);
    int considered = 0;
    int suitable = 0;
    for (Pool pool : run.pools) {
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

  private static @Nullable Reason classify(AllocationRun run, AllocationRun.RequestData data, Pool pool,
      DeviceEntry device, String[] detail) {
    Features f = run.features;
    if (!f.bindingConditions() && !device.device.bindingConditions().isEmpty()) {
      detail[0] = "binding conditions need DRADeviceBindingConditions and DRAResourceClaimDeviceStatus";
      return Reason.FEATURE_DISABLED;
    }
    if (!f.partitionableDevices() && !device.view.consumesCounters().isEmpty()) {
      detail[0] = "consuming counters needs DRAPartitionableDevices";
      return Reason.FEATURE_DISABLED;
    }
    if (device.slice.perDeviceNodeSelection()
        && !NodeSelectors.nodeMatches(run.node, device.device.nodeName(), device.device.allNodes(),
            device.device.nodeSelector())) {
      detail[0] = "per-device node selection excludes node " + run.node.name();
      return Reason.NODE_NOT_MATCHING;
    }
    try {
      int failed = run.selectorsMatch(data, device, true);
      if (failed >= 0) {
        detail[0] = "class " + data.deviceClass.name() + " selector #" + failed + ": "
            + data.classSelectors[failed].expression();
        return Reason.CLASS_SELECTOR_FALSE;
      }
      failed = run.selectorsMatch(data, device, false);
      if (failed >= 0) {
        detail[0] = "selector #" + failed + ": " + data.requestSelectors[failed].expression();
        return Reason.REQUEST_SELECTOR_FALSE;
      }
    } catch (AllocationException e) {
      detail[0] = e.getMessage();
      return Reason.SELECTOR_ERROR;
    }
    if (!data.request.adminAccess && device.inUseDedicated) {
      detail[0] = "allocated to another claim";
      return Reason.IN_USE;
    }
    if (f.consumableCapacity()) {
      String why = ConsumableCapacity.checkRequestOverCapacity(device, data.request, device.aggregatedCapacity, null);
      if (why != null) {
        detail[0] = why;
        return Reason.INSUFFICIENT_CAPACITY;
      }
    }
    if (f.partitionableDevices() && !device.view.consumesCounters().isEmpty()) {
      String why = counterShortfall(pool, device);
      if (why != null) {
        detail[0] = why;
        return Reason.COUNTERS_EXHAUSTED;
      }
    }
    if (f.deviceTaints()) {
      DeviceTaint taint = AllocationRun.untoleratedTaint(device, data.request);
      if (taint != null) {
        detail[0] = "taint " + taint.key() + (taint.value() == null ? "" : "=" + taint.value()) + ":"
            + taint.effect() + ruleOf(device, taint);
        return Reason.UNTOLERATED_TAINT;
      }
    }
    return null;
  }

  /** " (DeviceTaintRule NAME)" when a rule, not the slice, gave the device this taint; else "". */
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
      c.forEachCounter((name, q) -> {
        BigDecimal left = available.get(name);
        if (why[0] == null && left != null && left.compareTo(q.value()) < 0) {
          BigDecimal leftOrZero = left.max(BigDecimal.ZERO);
          why[0] = "counter set " + c.counterSet() + ", counter " + name + ": needs " + q + ", "
              + io.github.dra4j.api.Quantity.of(leftOrZero, q.format()) + " left (short "
              + io.github.dra4j.api.Quantity.of(q.value().subtract(leftOrZero), q.format()) + ")";
        }
      });
      if (why[0] != null) {
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
