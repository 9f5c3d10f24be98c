package io.github.dra4j.core;

import static io.github.dra4j.core.ClaimPlan.claimRef;
import static io.github.dra4j.core.ClaimPlan.objectRef;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.field.FieldPath;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/*
 * One allocate call's search: single-threaded state over an immutable snapshot and the claims as
 * validated by ClaimPlanner. Mirrors the lower-case allocator of allocator_experimental.go:
 * backtracking first fit, allocateOne: claim -> request -> (subrequest) -> device. The start
 * location passed down makes a request pick devices in pool/slice/device order only, so the
 * search tries combinations, never permutations. Cheap checks come first (tryDevice: in use,
 * memoized selectors, capacity), then allocateDevice (counters, taints, constraints). The
 * ResultAssembler turns what it chose into results.
 *
 * Backtracking is steered by a Status value, never by exceptions; exceptions are real errors.
 * Every step counts against the budget, and cancellation and deadline are polled.
 */
final class AllocationRun {
  static final int ALLOCATION_RESULTS_MAX_SIZE = ClaimPlanner.ALLOCATION_RESULTS_MAX_SIZE;
  private static final int[] NO_INTS = {};

  enum Status { SUCCESS, FAILED, MAX_SIZE_EXCEEDED }

  private final ClusterSnapshot snapshot;
  private final Features features;
  private final Node node;
  private final List<Pool> pools;
  private final ClaimPlan plan;
  private final SearchBudget budget;
  private final SelectorMatcher matcher;

  long invocations;

  /** Per claim: its constraints, which hold the devices chosen for the requests they cover. */
  private final Constraint[][] constraints;
  /** The chosen subrequest of each request with subrequests, by RequestSlot.subIndex. */
  private final int[] selected;
  /** Per pool, created on first use: what this call's devices consume from its counters. */
  private final @Nullable CounterLedger[] ledgers;
  private final Dedications dedications;
  private final AllocatingCapacity allocatingCapacity = new AllocatingCapacity();
  private final CompatibilityGroups groups;
  private final DerivedValues derived;
  /** Devices of slices with skipNodeOperations may be allocated: the gate is on and the node declares it. */
  private final boolean nodeOperationsOptional;
  private final List<List<DeviceResult>> results;
  /** Steps after which the bounds are made; below 0: at the first backtrack after SearchBounds.AUTOMATIC_AFTER. */
  private long pruneAfter;
  /** The bounds, once made; null before, or when pruning is off or does not apply. */
  private @Nullable SearchBounds bounds;
  private boolean boundsMade;
  /** The bounds proved that no allocation exists: the search unwinds without trying more. */
  private boolean hopeless;

  /**
   * A run of validated claims.
   *
   * @param plan the claims as validated for this node (or for every node: ClaimPlanner.nodeIndependent)
   * @param matcher this node's matcher of the plan's claims
   * @param budget the call's budget, which the validation may already have drawn on
   */
  AllocationRun(ClusterSnapshot snapshot, Node node, List<Pool> pools, ClaimPlan plan, SelectorMatcher matcher,
      SearchBudget budget) {
    this.snapshot = snapshot;
    this.features = snapshot.features();
    this.node = node;
    this.pools = pools;
    this.plan = plan;
    this.matcher = matcher;
    this.budget = budget;
    this.pruneAfter = budget.pruneAfterSteps();
    this.constraints = plan.newConstraints();
    this.selected = plan.subSlots == 0 ? NO_INTS : new int[plan.subSlots];
    this.ledgers = new CounterLedger[pools.size()];
    this.dedications = new Dedications(pools.size(), pi -> pools.get(pi).layout().deviceCount,
        plan.minDevicesTotal);
    this.groups = new CompatibilityGroups(pools.size());
    this.derived = new DerivedValues(plan, budget);
    this.nodeOperationsOptional = SliceEntry.nodeOperationsOptional(features, node);
    this.results = new ArrayList<>(plan.claimCount());
    for (int i = 0; i < plan.claimCount(); i++) {
      results.add(new ArrayList<>());
    }
  }

  /**
   * Validates the claims for the node and makes their run; the options' cancellation and deadline
   * are polled first.
   */
  static AllocationRun of(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims, List<Pool> pools,
      AllocationOptions options) {
    SearchBudget budget = new SearchBudget(options);
    budget.poll();
    SelectorMatcher matcher = new SelectorMatcher(snapshot.features(), node, claims, budget);
    ClaimPlan plan = ClaimPlanner.plan(snapshot, claims, pools, matcher, budget);
    return new AllocationRun(snapshot, node, pools, plan, matcher, budget);
  }

  /* ---------------- what the Explainer reads ---------------- */

  ClusterSnapshot snapshot() {
    return snapshot;
  }

  Features features() {
    return features;
  }

  Node node() {
    return node;
  }

  List<Pool> pools() {
    return pools;
  }

  ClaimPlan plan() {
    return plan;
  }

  SelectorMatcher matcher() {
    return matcher;
  }

  /** {@return why no allocation exists, when a bound proved it, else null} */
  @Nullable String proof() {
    return hopeless && bounds != null ? bounds.proof : null;
  }

  /** {@return where the run's requests read device attributes (their derived attributes first)} */
  DerivedValues derived() {
    return derived;
  }

  /** {@return the constraints of claim c} */
  Constraint[] constraints(int c) {
    return constraints[c];
  }

  /* ---------------- entry ---------------- */

  /** Runs the call: results, or null when unsatisfiable. */
  @Nullable List<AllocationResult> run() {
    return search() ? results() : null;
  }

  /**
   * Searches: true when every claim got its devices, false when unsatisfiable (the state then
   * feeds the Explainer).
   */
  boolean search() {
    Status status = allocateOne(DeviceIndices.FIRST, false, DeviceLocation.START);
    if (status == Status.MAX_SIZE_EXCEEDED) {
      throw new InvalidInputException("allocation max size exceeded", null, null);
    }
    if (status == Status.SUCCESS) {
      return true;
    }
    for (Pool pool : pools) {
      if (pool.invalid) {
        StringBuilder sb = new StringBuilder("invalid resource pools were encountered");
        for (Pool p : pools) {
          if (p.invalid) {
            sb.append("; pool ").append(p.id).append(": ").append(p.invalidReason);
          }
        }
        throw new NodeAllocationException(sb.toString(), io.github.dra4j.api.ObjectRef.of("Node", node.metadata()), null);
      }
    }
    return false;
  }

  /** The results of a successful {@link #search()}, one per claim. */
  List<AllocationResult> results() {
    return assembler().results();
  }

  /** Fails like {@link #results()} would, without building the results. */
  void checkResults() {
    assembler().checkResults();
  }

  private ResultAssembler assembler() {
    return new ResultAssembler(plan, features, node, results, selected);
  }

  /* ---------------- search ---------------- */

  /*
   * at: the device of the request to find next. start: where the search for it may start, so
   * that devices are picked in pool/slice/device order only.
   */
  private Status allocateOne(DeviceIndices at, boolean allocateSub, DeviceLocation start) {
    invocations++;
    budget.step();
    if (at.claim() >= plan.claimCount()) {
      return Status.SUCCESS;
    }
    RequestSlot[] claimSlots = plan.slots(at.claim());
    if (at.request() >= claimSlots.length) {
      Status st = allocateOne(at.nextClaim(), false, DeviceLocation.START);
      return st == Status.MAX_SIZE_EXCEEDED ? Status.FAILED : st;
    }
    RequestSlot slot = claimSlots[at.request()];
    if (!boundsMade && pruneAfter >= 0 && budget.steps() >= pruneAfter) {
      makeBounds();
    }
    if (hopeless) {
      return Status.FAILED;
    }
    if (!allocateSub && slot.hasSubRequests) {
      if (bounds != null && !bounds.feasible(at.claim(), at.request(), null, 0, 0, constraints[at.claim()])) {
        return Status.FAILED;
      }
      return allocateSubRequests(at, slot);
    }
    int sub = slot.hasSubRequests ? at.sub() : 0;
    RequestData data = slot.data[sub];
    if (bounds != null && !bounds.feasible(at.claim(), at.request(), data, sub, at.device(), constraints[at.claim()])) {
      return Status.FAILED;
    }
    List<DeviceLocation> allDevices = data.allDevices;
    if (allDevices != null && allDevices.isEmpty()) {
      return Status.FAILED;
    }
    if (at.device() >= data.numDevices) {
      return allocateOne(at.nextRequest(), false, DeviceLocation.START);
    }
    if (results.get(at.claim()).size() + data.numDevices - at.device() > ALLOCATION_RESULTS_MAX_SIZE) {
      return Status.MAX_SIZE_EXCEEDED;
    }
    if (allDevices != null) {
      DeviceLocation device = allDevices.get(at.device());
      Undo undo = allocateDevice(at.claim(), data, device.pool(), pools.get(device.pool()).layout(),
          device.local(), true);
      if (undo == null) {
        return Status.FAILED;
      }
      Status st = allocateOne(at.nextDevice(), allocateSub, DeviceLocation.START);
      if (st != Status.SUCCESS) {
        undo.undo();
      }
      return st;
    }
    for (int pi = start.pool(); pi < pools.size(); pi++) {
      Pool pool = pools.get(pi);
      if (pool.incomplete || pool.invalid) {
        continue;
      }
      Status st = searchPool(at, allocateSub, data, pi, pi == start.pool() ? start.local() : 0);
      if (st != null) {
        return st;
      }
    }
    return Status.FAILED;
  }

  /** Tries the subrequests of a prioritized list in order; the first that succeeds is chosen. */
  private Status allocateSubRequests(DeviceIndices at, RequestSlot slot) {
    boolean allExceeded = true;
    for (int sub = 0; sub < slot.data.length && !hopeless; sub++) {
      Status st = allocateOne(at.withSub(sub), true, DeviceLocation.START);
      if (st == Status.MAX_SIZE_EXCEEDED) {
        continue;
      }
      allExceeded = false;
      if (st == Status.SUCCESS) {
        selected[slot.subIndex] = sub;
        return Status.SUCCESS;
      }
    }
    return allExceeded ? Status.MAX_SIZE_EXCEEDED : Status.FAILED;
  }

  /**
   * The devices of pool pi from number first on, for device at of the request: the request's
   * candidates (PoolLayout.candidates) as far as their list reaches, then every device. Null to
   * go on with the next pool, else the outcome.
   */
  private @Nullable Status searchPool(DeviceIndices at, boolean allocateSub, RequestData data, int pi, int first) {
    PoolLayout layout = pools.get(pi).layout();
    Candidates candidates = layout.candidates(data.candidateKey, data.classSelectors,
        data.requestSelectors);
    int next = first;
    int failedTwins = -1; // the twin class of the last device that failed here (SearchBounds.twinClass)
    while (candidates != null) {
      if (next < candidates.frontier) {
        // Devices left out are known not to match the selectors: looking at them would skip
        // them without side effects, so only their steps are counted.
        int[] locals = candidates.locals;
        for (int k = PoolLayout.firstAtOrAfter(locals, next); k < locals.length; k++) {
          if (hopeless) {
            return Status.FAILED;
          }
          int local = locals[k];
          budget.skip(local - next);
          next = local + 1;
          budget.step();
          if (failedTwins >= 0 && isTwin(pi, local, failedTwins)) {
            continue;
          }
          Status st = tryDevice(at, allocateSub, data, pi, local, !candidates.unknown(local));
          if (st != null) {
            return st;
          }
          failedTwins = twinsOfFailed(pi, local, failedTwins);
        }
        budget.skip(candidates.frontier - next);
        next = candidates.frontier;
      }
      if (next >= layout.deviceCount) {
        break;
      }
      // Devices evaluated since the list was made may let it reach further.
      Candidates extended = layout.extend(candidates.key, candidates, data.classSelectors,
          data.requestSelectors);
      if (extended == candidates) {
        break;
      }
      candidates = extended;
    }
    for (int local = next; local < layout.deviceCount && !hopeless; local++) {
      budget.step();
      if (failedTwins >= 0 && isTwin(pi, local, failedTwins)) {
        continue;
      }
      Status st = tryDevice(at, allocateSub, data, pi, local, false);
      if (st != null) {
        return st;
      }
      failedTwins = twinsOfFailed(pi, local, failedTwins);
    }
    return null;
  }

  /**
   * One device of the search loop: null to go on with the next device, else the outcome. A
   * candidate (PoolLayout.candidates) below its list's frontier is known to match its selectors
   * unless it needs a full check, so its remembered results are not read again.
   */
  private @Nullable Status tryDevice(DeviceIndices at, boolean allocateSub, RequestData data, int pi, int local,
      boolean candidate) {
    PoolLayout layout = pools.get(pi).layout();
    RequestView request = data.request;
    if (request.adminAccess && dedications.dedicatedTo(pi, local, at.claim())) {
      return null;
    }
    if (!request.adminAccess && deviceInUse(layout, pi, local)) {
      return null;
    }
    if (!(candidate && !layout.checkFully(local)) && !matcher.selectable(data, layout, local)) {
      return null;
    }
    if (layout.countersNeverFitAlone(local) && ledgerIdle(pi)) {
      return null; // allocateDevice would reject it at the counters, without side effects
    }
    if (features.consumableCapacity() && !capacityFits(data, layout, local)) {
      return null;
    }
    Undo undo = allocateDevice(at.claim(), data, pi, layout, local, false);
    if (undo == null) {
      return null;
    }
    Status st = allocateOne(at.nextDevice(), allocateSub, new DeviceLocation(pi, local + 1));
    if (st == Status.SUCCESS) {
      return st;
    }
    undo.undo();
    if (!boundsMade && pruneAfter < 0 && budget.steps() >= SearchBounds.AUTOMATIC_AFTER) {
      makeBounds(); // first fit was wrong: the search may be long, the bounds pay off
    }
    return st == Status.MAX_SIZE_EXCEEDED ? st : null;
  }

  /** {@return whether the device, not dedicated, is of that twin class} */
  private boolean isTwin(int pi, int local, int twins) {
    return bounds != null && bounds.twinClass(pi, local) == twins && !dedications.dedicated(pi, local);
  }

  /** {@return the twin class of a device that just failed, when not dedicated; else {@code previous}} */
  private int twinsOfFailed(int pi, int local, int previous) {
    return bounds == null || dedications.dedicated(pi, local) ? previous : bounds.twinClass(pi, local);
  }

  /** Makes the bounds once per run (never with NO_PRUNING): from here on every step checks them. */
  private void makeBounds() {
    boundsMade = true;
    bounds = SearchBounds.make(plan, pools, features, matcher, results, derived);
    dedications.watch(bounds);
    hopeless = bounds != null && bounds.proof != null;
  }

  private boolean capacityFits(RequestData data, PoolLayout layout, int local) {
    return ConsumableCapacity.fits(data, layout, local, allocatingCapacity.of(layout.devices[local]),
        features.fractionalCapacityRange());
  }

  interface Undo {
    void undo();
  }

  /**
   * Mirrors allocateDevice: in use, gates, counters, taints, constraints, then records the result.
   * As the reference does since kubernetes#140431, a device rejected after its counters were
   * charged gives back everything this call took (counters, constraints, dedication), and the
   * undo of an accepted device does too, for a device that allows multiple allocations as well.
   * Admin access takes nothing of a device, so it neither needs nor charges counters (the expected
   * answer of kubernetes#140729; the reference charges them); nor does a further share of a
   * device whose capacity an allocated or earlier share holds.
   */
  private @Nullable Undo allocateDevice(int c, RequestData data, int pi, PoolLayout layout, int local, boolean must) {
    RequestView request = data.request;
    boolean allowMultiple = features.consumableCapacity() && layout.allowsMultiple(local);
    boolean consumes = layout.consumesCounters(local);
    if (unavailable(c, request, allowMultiple, pi, layout, local)) {
      return null;
    }
    boolean counted = consumes && !request.adminAccess && !(allowMultiple && deviceCapacityInUse(layout.devices[local]));
    CompatibilityGroups.Admission admitted = null;
    if (counted && features.deviceCompatibilityGroups() && pools.get(pi).usesCompatibilityGroups) {
      admitted = groups.admit(pi, pools.get(pi), layout.devices[local]);
      if (admitted == null) {
        return null;
      }
    }
    boolean charged = false;
    if (counted) {
      if (!chargeCounters(pi, layout, local)) {
        refund(false, admitted, pi, layout, local);
        return null;
      }
      charged = true;
    }
    if (features.deviceTaints() && layout.tainted(local) && Tolerations.untoleratedTaint(layout.devices[local], request) != null) {
      refund(charged, admitted, pi, layout, local);
      return null;
    }
    Constraint[] cs = constraints[c];
    boolean[] covered = data.constrainedBy;
    int failed = addToConstraints(cs, covered, layout.devices[local], derived.source(data));
    if (failed >= 0) {
      refund(charged, admitted, pi, layout, local);
      if (must) {
        throw new InvalidInputException("claim " + claimRef(plan.claim(c)) + ", request " + request.name
            + ": cannot add device " + layout.devices[local].id + " because a claim constraint would not be satisfied",
            objectRef(plan.claim(c)), FieldPath.of("spec", "devices", "constraints").index(failed));
      }
      return null;
    }
    if (!allowMultiple) {
      dedications.dedicate(c, pi, local);
    }
    AllocatingCapacity.Share share = AllocatingCapacity.NO_SHARE;
    if (features.consumableCapacity()) {
      if (!capacityFits(data, layout, local)) {
        removeFromConstraints(cs, covered, cs.length);
        if (!allowMultiple) {
          dedications.undedicate(c, pi, local);
        }
        refund(charged, admitted, pi, layout, local);
        return null;
      }
      if (allowMultiple) {
        share = allocatingCapacity.share(layout.devices[local], request, UUID.randomUUID().toString(),
            features.fractionalCapacityRange());
      }
    }
    List<DeviceResult> claimResults = results.get(c);
    int previous = claimResults.size();
    Map<String, BigDecimal> recorded = share.consumed();
    claimResults.add(new DeviceResult(layout, local, layout.nodeBound(local), data, share.id(), recorded));
    boolean refund = charged;
    CompatibilityGroups.Admission joined = admitted;
    AllocatingCapacity.Share taken = share;
    return () -> {
      removeFromConstraints(cs, covered, cs.length);
      if (allowMultiple) {
        allocatingCapacity.release(layout.devices[local], taken);
      } else {
        dedications.undedicate(c, pi, local);
      }
      refund(refund, joined, pi, layout, local);
      claimResults.subList(previous, claimResults.size()).clear();
    };
  }

  /** In use, on a node that cannot skip its slice's node operations, or consuming counters while that is off. */
  private boolean unavailable(int c, RequestView request, boolean allowMultiple, int pi, PoolLayout layout, int local) {
    if (request.adminAccess ? !allowMultiple && dedications.dedicatedTo(pi, local, c)
        : deviceInUse(layout, pi, local)) {
      return true;
    }
    return (layout.devices[local].slice.skipsNodeOperations && !nodeOperationsOptional)
        || (!features.partitionableDevices() && layout.consumesCounters(local));
  }

  /**
   * Charges the device's counters to the pool's ledger: false when they do not fit. Whether a
   * device's counters fit while the call has charged none in its pool depends on the device alone
   * and is remembered in the layout.
   */
  private boolean chargeCounters(int pi, PoolLayout layout, int local) {
    CounterLedger ledger = ledger(pi, layout);
    boolean alone = ledger.idle() && !layout.allowsMultiple(local);
    boolean fits = alone && layout.countersFitAlone(local);
    if (fits) {
      ledger.chargeKnownToFit(local);
    } else {
      fits = ledger.charge(layout.consumption(local, layout.devices[local]));
      if (alone) {
        layout.rememberCountersAlone(local, fits);
      }
    }
    if (fits && bounds != null) {
      bounds.charged(pi, local, 1);
    }
    return fits;
  }

  /**
   * Adds the device to the constraints that cover its request: -1, or the index of the first
   * constraint that rejects it, after taking it out of those before.
   */
  private static int addToConstraints(Constraint[] cs, boolean[] covered, DeviceEntry device, AttributeSource source) {
    for (int i = 0; i < cs.length; i++) {
      if (covered[i] && !cs[i].add(device, source)) {
        removeFromConstraints(cs, covered, i);
        return i;
      }
    }
    return -1;
  }

  /** Removes the device from the first {@code count} constraints that cover its request. */
  private static void removeFromConstraints(Constraint[] cs, boolean[] covered, int count) {
    for (int i = 0; i < count; i++) {
      if (covered[i]) {
        cs[i].remove();
      }
    }
  }

  /** Gives back what allocateDevice took of the pool for the device: its counters and compatibility groups. */
  private void refund(boolean charged, CompatibilityGroups.@Nullable Admission admitted, int pi, PoolLayout layout,
      int local) {
    if (admitted != null) {
      groups.undo(admitted);
    }
    if (charged) {
      ledger(pi, layout).refund(local);
      if (bounds != null) {
        bounds.charged(pi, local, -1);
      }
    }
  }

  private CounterLedger ledger(int pi, PoolLayout layout) {
    CounterLedger l = ledgers[pi];
    if (l == null) {
      l = new CounterLedger(layout, pools.get(pi).overcommitted);
      ledgers[pi] = l;
    }
    return l;
  }

  /** {@return whether this call has no counters charged in the pool} */
  private boolean ledgerIdle(int pi) {
    CounterLedger l = ledgers[pi];
    return l == null || l.idle();
  }

  private boolean deviceInUse(PoolLayout layout, int pi, int local) {
    return layout.inUse(local) || dedications.dedicated(pi, local);
  }

  private boolean deviceCapacityInUse(DeviceEntry device) {
    return device.capacityInUse || allocatingCapacity.holds(device);
  }
}
