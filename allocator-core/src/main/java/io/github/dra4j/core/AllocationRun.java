package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceAllocationConfiguration;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassConfiguration;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.QualifiedName;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.field.FieldPath;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/*
 * One allocate call: single-threaded state over an immutable snapshot. Mirrors the lower-case
 * allocator of allocator_experimental.go:
 *
 * 1. validate every request (class lookup, gates, counts; mode All pre-lists its devices);
 * 2. backtracking first fit, allocateOne: claim -> request -> (subrequest) -> device. The start
 *    location passed down makes a request pick devices in pool/slice/device order only, so the
 *    search tries combinations, never permutations. Cheap checks come first (in use, memoized
 *    selectors, capacity), then allocateDevice (counters, taints, constraints);
 * 3. assemble results: request names, configs, node selector.
 *
 * Backtracking is steered by a Status value, never by exceptions; exceptions are real errors.
 * Every step counts against the budget, and cancellation and deadline are polled.
 */
final class AllocationRun {
  static final int ALLOCATION_RESULTS_MAX_SIZE = 32;
  /** Dedications of a call answered by scanning them; beyond, by per-pool counts. */
  private static final int SCAN_PAIRS = 16;
  private static final int POLL_INTERVAL = 1024;
  private static final FieldPath REQUESTS = FieldPath.of("spec", "devices", "requests");
  private static final int[] NO_INTS = {};
  private static final boolean[] NO_BOOLEANS = {};
  private static final RequestSlot[][] NO_SLOTS = {};
  private static final Constraint[][] NO_CONSTRAINTS = {};

  enum Status { SUCCESS, FAILED, MAX_SIZE_EXCEEDED }

  final ClusterSnapshot snapshot;
  final Features features;
  final Node node;
  final List<ResourceClaim> claims;
  final List<Pool> pools;
  private final AllocationOptions options;
  /** Claims validated for several nodes, or null: this run validates them. */
  private final @Nullable Plan plan;

  long steps;
  long invocations;
  private long nextPoll = POLL_INTERVAL;

  /** Per claim, per request; set by validation or taken from the plan. */
  RequestSlot[][] slots = NO_SLOTS;
  Constraint[][] constraints = NO_CONSTRAINTS;
  /** The chosen subrequest of each request with subrequests, by RequestSlot.subIndex. */
  private int[] selected = NO_INTS;
  private int subSlots;
  /** Per pool, created on first use: what this call's devices consume from its counters. */
  private final @Nullable CounterLedger[] ledgers;
  /**
   * The devices this call dedicates to its claims (allocatingDevices of the reference): the
   * (device, claim) pairs, a device given by its pool and PoolLayout number. While there are few,
   * whether a device is dedicated is answered by scanning them, unless its bit in pairMask (a
   * one-word Bloom filter of pool and number) says it is not; from more than SCAN_PAIRS on, by
   * per-pool counts of the claims each device is dedicated to (created on first use).
   */
  private int[] pairClaims = NO_INTS;
  private int[] pairPools = NO_INTS;
  private int[] pairLocals = NO_INTS;
  private int pairs;
  /** The capacity of the pair arrays when first needed: the devices the claims ask for at least. */
  private int firstPairs = 1;
  private long pairMask;
  private int @Nullable [] @Nullable [] dedications;
  // Keyed by DeviceEntry identity; only devices with allowMultipleAllocations get entries.
  private Map<DeviceEntry, Map<String, BigDecimal>> allocatingCapacity = Map.of();
  private final List<List<DeviceResult>> results;

  AllocationRun(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims, List<Pool> pools,
      AllocationOptions options) {
    this(snapshot, node, claims, pools, options, null);
  }

  /** A run that takes the claims as validated by {@link #plan}, which must be of the same claims. */
  AllocationRun(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims, List<Pool> pools,
      AllocationOptions options, @Nullable Plan plan) {
    this.snapshot = snapshot;
    this.features = snapshot.features();
    this.node = node;
    this.claims = claims;
    this.pools = pools;
    this.options = options;
    this.plan = plan;
    this.ledgers = new CounterLedger[pools.size()];
    this.results = new ArrayList<>(claims.size());
    for (int i = 0; i < claims.size(); i++) {
      results.add(new ArrayList<>());
    }
  }

  /* ---------------- data ---------------- */

  /**
   * A device chosen for a request, by its layout and number: a search that only asks whether the
   * claims fit never reads the device itself. nodeBound: PoolLayout.nodeBound.
   */
  record DeviceResult(
      PoolLayout layout,
      int local,
      boolean nodeBound,
      RequestData request,
      @Nullable String shareId,
      @Nullable Map<String, BigDecimal> consumedCapacity) {
    DeviceEntry device() {
      return layout.devices[local];
    }
  }

  /**
   * A request without subrequests (one entry) or with them (one per subrequest; the run keeps
   * which one it chose at subIndex of its selected subrequests).
   */
  static final class RequestSlot {
    final DeviceRequest request;
    final RequestData[] data;
    final boolean hasSubRequests;
    final int subIndex;

    RequestSlot(DeviceRequest request, RequestData[] data, boolean hasSubRequests, int subIndex) {
      this.request = request;
      this.data = data;
      this.hasSubRequests = hasSubRequests;
      this.subIndex = subIndex;
    }
  }

  /**
   * Claims validated once for the runs of several nodes (feasibleNodes). Without a request for all
   * devices, validation depends only on the claims and the snapshot, and its slots are never
   * changed by a search, so runs on any thread share them; each run builds its own constraints
   * (they keep search state) and keeps its own chosen subrequests.
   */
  static final class Plan {
    private final RequestSlot[][] slots;
    /** The validating run's constraints: shared only when every claim has none. */
    private final Constraint[][] constraints;
    private final boolean constrained;
    private final int minDevicesTotal;
    private final int subSlots;
    /** What the validation threw: every run that adopts the plan throws it. */
    private final @Nullable RuntimeException invalid;

    private Plan(AllocationRun validated, int minDevicesTotal, @Nullable RuntimeException invalid) {
      this.slots = validated.slots;
      this.constraints = validated.constraints;
      boolean any = false;
      for (Constraint[] cs : constraints) {
        any |= cs != null && cs.length > 0;
      }
      this.constrained = any;
      this.minDevicesTotal = minDevicesTotal;
      this.subSlots = validated.subSlots;
      this.invalid = invalid;
    }
  }

  /**
   * Validates the claims once for runs on several nodes, or returns null when a request asks for
   * all devices: its devices, and so its validation, depend on the node. When the validation
   * fails, every run that adopts the plan fails with the same exception where its own
   * validation would have.
   */
  static @Nullable Plan plan(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims,
      AllocationOptions options) {
    for (ResourceClaim claim : claims) {
      for (DeviceRequest request : claim.spec().devices().requests()) {
        if (request.exactly() != null && RequestView.of(request.name(), request.exactly()).allDevices()) {
          return null;
        }
        for (DeviceSubRequest sub : request.firstAvailable()) {
          if (RequestView.of(sub).allDevices()) {
            return null;
          }
        }
      }
    }
    AllocationRun validating = new AllocationRun(snapshot, node, claims, List.of(), options);
    try {
      return new Plan(validating, validating.validate(), null);
    } catch (RuntimeException e) {
      return new Plan(validating, 0, e);
    }
  }

  /** Validated request data. Mirrors requestData. */
  static final class RequestData {
    final int claimIndex;
    final RequestView request;
    final @Nullable RequestView parent;
    final DeviceClass deviceClass;
    final @Nullable CachedSelector[] classSelectors;
    final @Nullable CachedSelector[] requestSelectors;
    int numDevices;
    /** Mode All: the devices, pre-listed. */
    @Nullable List<Candidate> allDevices;
    /** Per constraint of the claim: whether it covers the request. */
    boolean[] constrainedBy = NO_BOOLEANS;
    /** Identifies the selectors for PoolLayout.candidates, or null when one is missing. */
    final @Nullable Object candidateKey;

    RequestData(int claimIndex, RequestView request, @Nullable RequestView parent, DeviceClass deviceClass,
        @Nullable CachedSelector[] classSelectors, @Nullable CachedSelector[] requestSelectors,
        @Nullable Object candidateKey) {
      this.claimIndex = claimIndex;
      this.request = request;
      this.parent = parent;
      this.deviceClass = deviceClass;
      this.classSelectors = classSelectors;
      this.requestSelectors = requestSelectors;
      this.candidateKey = candidateKey;
    }

    String requestName() {
      return parent == null ? request.name : parent.name + "/" + request.name;
    }

    String baseName() {
      return parent == null ? request.name : parent.name;
    }

    @Nullable String subName() {
      return parent == null ? null : request.name;
    }
  }

  /** A device by its pool's index in {@link #pools} and its number in the pool's layout. */
  record Candidate(int pool, int local) {}

  static String claimRef(ResourceClaim claim) {
    String ns = claim.metadata().namespace();
    String name = Objects.requireNonNullElse(claim.metadata().name(), "");
    return ns == null || ns.isEmpty() ? name : ns + "/" + name;
  }

  private static String objectRef(ResourceClaim claim) {
    return "ResourceClaim " + claimRef(claim);
  }

  /* ---------------- entry ---------------- */

  /** Runs the call: results, or null when unsatisfiable. */
  @Nullable List<AllocationResult> run() {
    return search() ? results() : null;
  }

  /**
   * Validates the claims and searches: true when every claim got its devices, false when
   * unsatisfiable (the state then feeds the Explainer).
   */
  boolean search() {
    int minDevicesTotal = plan == null ? validate() : adopt(plan);
    firstPairs = Math.max(1, minDevicesTotal);
    Status status = allocateOne(0, 0, 0, 0, false, 0, 0);
    if (status == Status.MAX_SIZE_EXCEEDED) {
      throw new InvalidInputException("allocation max size exceeded", null, null);
    }
    if (status != Status.SUCCESS) {
      for (Pool pool : pools) {
        if (pool.invalid) {
          StringBuilder sb = new StringBuilder("invalid resource pools were encountered");
          for (Pool p : pools) {
            if (p.invalid) {
              sb.append("; pool ").append(p.id).append(": ").append(p.invalidReason);
            }
          }
          throw new NodeAllocationException(sb.toString(), "Node " + node.name(), null);
        }
      }
      return false;
    }
    return true;
  }

  /** The results of a successful {@link #search()}, one per claim. */
  List<AllocationResult> results() {
    List<AllocationResult> out = new ArrayList<>(claims.size());
    for (int c = 0; c < claims.size(); c++) {
      out.add(assemble(c));
    }
    return out;
  }

  /* ---------------- validation ---------------- */

  /** Validates every claim; {@return the devices the claims ask for at least} */
  private int validate() {
    slots = new RequestSlot[claims.size()][];
    constraints = new Constraint[claims.size()][];
    int minDevicesTotal = 0;
    for (int c = 0; c < claims.size(); c++) {
      minDevicesTotal += validateClaim(c);
    }
    selected = subSlots == 0 ? NO_INTS : new int[subSlots];
    return minDevicesTotal;
  }

  /** Takes the claims as validated by the plan; {@return the devices the claims ask for at least} */
  private int adopt(Plan p) {
    if (p.invalid != null) {
      throw p.invalid;
    }
    slots = p.slots;
    subSlots = p.subSlots;
    selected = subSlots == 0 ? NO_INTS : new int[subSlots];
    if (p.constrained) {
      constraints = new Constraint[claims.size()][];
      for (int c = 0; c < claims.size(); c++) {
        constraints[c] = constraints(c);
      }
    } else {
      constraints = p.constraints;
    }
    return p.minDevicesTotal;
  }

  private int validateClaim(int c) {
    ResourceClaim claim = claims.get(c);
    List<DeviceRequest> requests = claim.spec().devices().requests();
    slots[c] = new RequestSlot[requests.size()];
    int minDevicesPerClaim = 0;
    for (int r = 0; r < requests.size(); r++) {
      DeviceRequest request = requests.get(r);
      boolean hasSub = !request.firstAvailable().isEmpty();
      if (!features.prioritizedList() && hasSub) {
        throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name()
            + ": has subrequests, but the DRAPrioritizedList feature is disabled",
            objectRef(claim), REQUESTS.index(r).child("firstAvailable"));
      }
      if (!features.consumableCapacity()) {
        if (request.exactly() != null && request.exactly().capacity() != null) {
          throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name()
              + ": has capacity requests, but the DRAConsumableCapacity feature is disabled",
              objectRef(claim), REQUESTS.index(r).child("exactly").child("capacity"));
        }
        for (int s = 0; s < request.firstAvailable().size(); s++) {
          DeviceSubRequest sub = request.firstAvailable().get(s);
          if (sub.capacity() != null) {
            throw new InvalidInputException("claim " + claimRef(claim) + ", subrequest " + sub.name()
                + ": has capacity requests, but the DRAConsumableCapacity feature is disabled",
                objectRef(claim), REQUESTS.index(r).child("firstAvailable").index(s).child("capacity"));
          }
        }
      }
      if (hasSub) {
        RequestView parent = RequestView.parent(request.name());
        RequestData[] data = new RequestData[request.firstAvailable().size()];
        int min = Integer.MAX_VALUE;
        for (int s = 0; s < data.length; s++) {
          data[s] = validateRequest(c, r, s, RequestView.of(request.firstAvailable().get(s)), parent);
          min = Math.min(min, data[s].numDevices);
        }
        slots[c][r] = new RequestSlot(request, data, true, subSlots++);
        minDevicesPerClaim += min;
      } else {
        if (request.exactly() == null) {
          throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name()
              + ": missing device class name (unsupported request type?)", objectRef(claim),
              REQUESTS.index(r).child("exactly"));
        }
        RequestData data = validateRequest(c, r, -1, RequestView.of(request.name(), request.exactly()), null);
        slots[c][r] = new RequestSlot(request, new RequestData[] {data}, false, -1);
        minDevicesPerClaim += data.numDevices;
      }
    }
    if (minDevicesPerClaim > ALLOCATION_RESULTS_MAX_SIZE) {
      throw new InvalidInputException("claim " + claimRef(claim) + ": number of requested devices "
          + minDevicesPerClaim + " exceeds the claim limit of " + ALLOCATION_RESULTS_MAX_SIZE,
          objectRef(claim), REQUESTS);
    }
    constraints[c] = constraints(c);
    for (RequestSlot slot : slots[c]) {
      for (RequestData data : slot.data) {
        data.constrainedBy = constrainedBy(constraints[c], data);
      }
    }
    return minDevicesPerClaim;
  }

  /** New constraints of claim c, without devices. */
  private Constraint[] constraints(int c) {
    ResourceClaim claim = claims.get(c);
    List<DeviceConstraint> list = claim.spec().devices().constraints();
    Constraint[] cs = new Constraint[list.size()];
    for (int i = 0; i < list.size(); i++) {
      DeviceConstraint dc = list.get(i);
      if (dc.matchAttribute() != null) {
        cs[i] = new Constraint.MatchAttribute(dc.requests(), dc.matchAttribute(), features.listTypeAttributes());
      } else if (dc.distinctAttribute() != null) {
        cs[i] = new Constraint.DistinctAttribute(dc.requests(), dc.distinctAttribute(), features.listTypeAttributes());
      } else {
        throw new InvalidInputException("claim " + claimRef(claim) + ", constraint #" + i
            + ": empty constraint (unsupported constraint type?)", objectRef(claim),
            FieldPath.of("spec", "devices", "constraints").index(i));
      }
    }
    return cs;
  }

  private static boolean[] constrainedBy(Constraint[] cs, RequestData data) {
    boolean[] covered = new boolean[cs.length];
    for (int i = 0; i < cs.length; i++) {
      covered[i] = cs[i].applies(data.baseName(), data.subName());
    }
    return covered;
  }

  /** The path of request r of a claim, or of its subrequest s (-1: the request itself). */
  private static FieldPath requestPath(int r, int s) {
    FieldPath request = REQUESTS.index(r);
    return s < 0 ? request.child("exactly") : request.child("firstAvailable").index(s);
  }

  /** Validates request r of claim c, or its subrequest s (-1: the request itself). */
  private RequestData validateRequest(int c, int r, int s, RequestView request, @Nullable RequestView parent) {
    ResourceClaim claim = claims.get(c);
    for (int i = 0; i < request.selectors.size(); i++) {
      if (request.selectors.get(i).cel() == null) {
        throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name + ", selector #" + i
            + ": CEL expression empty (unsupported selector type?)", objectRef(claim),
            requestPath(r, s).child("selectors").index(i));
      }
    }
    if (!features.adminAccess() && request.hasAdminAccess) {
      throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
          + ": admin access is requested, but the feature is disabled", objectRef(claim),
          requestPath(r, s).child("adminAccess"));
    }
    if (request.deviceClassName.isEmpty()) {
      throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
          + ": missing device class name (unsupported request type?)", objectRef(claim),
          requestPath(r, s).child("deviceClassName"));
    }
    DeviceClass cls = snapshot.deviceClass(request.deviceClassName);
    if (cls == null) {
      throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
          + ": could not retrieve device class " + request.deviceClassName
          + ": deviceclass.resource.k8s.io \"" + request.deviceClassName + "\" not found",
          objectRef(claim), requestPath(r, s).child("deviceClassName"));
    }
    @Nullable CachedSelector[] classSelectors = compile(cls.spec().selectors());
    @Nullable CachedSelector[] requestSelectors = compile(request.selectors);
    RequestData data = new RequestData(c, request, parent, cls, classSelectors, requestSelectors,
        snapshot.selectorsKey(classSelectors, requestSelectors));
    switch (request.allocationMode) {
      case io.github.dra4j.api.DeviceAllocationMode.EXACT_COUNT:
        if (request.count > Integer.MAX_VALUE) {
          throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
              + ": exact count " + request.count + " is too large", objectRef(claim), requestPath(r, s).child("count"));
        }
        data.numDevices = (int) request.count;
        break;
      case io.github.dra4j.api.DeviceAllocationMode.ALL:
        List<Candidate> all = new ArrayList<>();
        for (int pi = 0; pi < pools.size(); pi++) {
          Pool pool = pools.get(pi);
          if (pool.incomplete) {
            throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
                + ": asks for all devices, but resource pool " + pool.id + " is currently being updated",
                objectRef(claim), requestPath(r, s).child("allocationMode"));
          }
          if (pool.invalid) {
            throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
                + ": asks for all devices, but resource pool " + pool.id + " is currently invalid",
                objectRef(claim), requestPath(r, s).child("allocationMode"));
          }
          PoolLayout layout = pool.layout();
          for (int si = 0; si < pool.targeting.size(); si++) {
            int count = pool.targeting.get(si).devices().size();
            for (int di = 0; di < count; di++) {
              step();
              int local = layout.local(si, di);
              if (!selectable(data, layout, local)) {
                continue;
              }
              if (features.consumableCapacity() && !capacityFits(data, layout, local)) {
                continue;
              }
              all.add(new Candidate(pi, local));
            }
          }
        }
        data.allDevices = List.copyOf(all);
        data.numDevices = all.size();
        break;
      default:
        throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
            + ": unsupported count mode " + request.allocationMode, objectRef(claim),
            requestPath(r, s).child("allocationMode"));
    }
    return data;
  }

  private @Nullable CachedSelector[] compile(List<DeviceSelector> selectors) {
    @Nullable CachedSelector[] out = new CachedSelector[selectors.size()];
    for (int i = 0; i < out.length; i++) {
      DeviceSelector s = selectors.get(i);
      out[i] = s.cel() == null ? null : snapshot.compile(s.cel().expression());
    }
    return out;
  }

  /* ---------------- search ---------------- */

  private void step() {
    skip(1);
  }

  /** Counts n steps at once: devices the search passes over without looking at them. */
  private void skip(int n) {
    if (steps + n > options.stepBudget()) {
      steps = options.stepBudget() + 1;
      throw new SearchBudgetExceededException("allocation search stopped after " + options.stepBudget()
          + " steps (AllocationOptions.stepBudget) without a result; the claims may still be satisfiable",
          steps);
    }
    steps += n;
    if (steps >= nextPoll) {
      nextPoll = steps + POLL_INTERVAL;
      poll();
    }
  }

  void poll() {
    if (options.cancellation() != null && options.cancellation().getAsBoolean()) {
      throw new AllocationCancelledException("filter operation aborted: allocation cancelled");
    }
    Instant deadline = options.deadline();
    if (deadline != null && Instant.now().isAfter(deadline)) {
      throw new AllocationCancelledException("filter operation aborted: deadline " + deadline + " exceeded");
    }
  }

  /*
   * startPool and startLocal: where the search for device d of the request may start (the pool's
   * index and the device's number in that pool's layout), so that devices are picked in
   * pool/slice/device order only.
   */
  private Status allocateOne(int c, int r, int s, int d, boolean allocateSub, int startPool, int startLocal) {
    invocations++;
    step();
    if (c >= claims.size()) {
      return Status.SUCCESS;
    }
    RequestSlot[] claimSlots = slots[c];
    if (r >= claimSlots.length) {
      Status st = allocateOne(c + 1, 0, 0, 0, false, 0, 0);
      return st == Status.MAX_SIZE_EXCEEDED ? Status.FAILED : st;
    }
    RequestSlot slot = claimSlots[r];
    if (!allocateSub && slot.hasSubRequests) {
      boolean allExceeded = true;
      for (int sub = 0; sub < slot.data.length; sub++) {
        Status st = allocateOne(c, r, sub, d, true, 0, 0);
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
    RequestData data = slot.data[slot.hasSubRequests ? s : 0];
    List<Candidate> allDevices = data.allDevices;
    if (allDevices != null && allDevices.isEmpty()) {
      return Status.FAILED;
    }
    if (d >= data.numDevices) {
      return allocateOne(c, r + 1, 0, 0, false, 0, 0);
    }
    if (results.get(c).size() + data.numDevices - d > ALLOCATION_RESULTS_MAX_SIZE) {
      return Status.MAX_SIZE_EXCEEDED;
    }
    if (allDevices != null) {
      Candidate candidate = allDevices.get(d);
      Undo undo = allocateDevice(c, data, candidate.pool(), pools.get(candidate.pool()).layout(), candidate.local(),
          true);
      if (undo == null) {
        return Status.FAILED;
      }
      Status st = allocateOne(c, r, s, d + 1, allocateSub, 0, 0);
      if (st != Status.SUCCESS) {
        undo.undo();
      }
      return st;
    }
    for (int pi = startPool; pi < pools.size(); pi++) {
      Pool pool = pools.get(pi);
      if (pool.incomplete || pool.invalid) {
        continue;
      }
      PoolLayout layout = pool.layout();
      int first = pi == startPool ? startLocal : 0;
      PoolLayout.Candidates candidates = layout.candidates(data.candidateKey, data.classSelectors,
          data.requestSelectors);
      int next = first;
      while (candidates != null) {
        if (next < candidates.frontier) {
          // Devices left out are known not to match the selectors: looking at them would skip
          // them without side effects, so only their steps are counted.
          int[] locals = candidates.locals;
          for (int k = PoolLayout.firstAtOrAfter(locals, next); k < locals.length; k++) {
            int local = locals[k];
            skip(local - next);
            next = local + 1;
            step();
            Status st = tryDevice(c, r, s, d, allocateSub, data, pi, layout, local, !candidates.unknown(local));
            if (st != null) {
              return st;
            }
          }
          skip(candidates.frontier - next);
          next = candidates.frontier;
        }
        if (next >= layout.deviceCount) {
          break;
        }
        // Devices evaluated since the list was made may let it reach further.
        PoolLayout.Candidates extended = layout.extend(candidates.key, candidates, data.classSelectors,
            data.requestSelectors);
        if (extended == candidates) {
          break;
        }
        candidates = extended;
      }
      for (int local = next; local < layout.deviceCount; local++) {
        step();
        Status st = tryDevice(c, r, s, d, allocateSub, data, pi, layout, local, false);
        if (st != null) {
          return st;
        }
      }
    }
    return Status.FAILED;
  }

  /**
   * One device of the search loop: null to go on with the next device, else the outcome. A
   * candidate (PoolLayout.candidates) below its list's frontier is known to match its selectors
   * unless it needs a full check, so its remembered results are not read again.
   */
  private @Nullable Status tryDevice(int c, int r, int s, int d, boolean allocateSub, RequestData data, int pi,
      PoolLayout layout, int local, boolean candidate) {
    RequestView request = data.request;
    if (request.adminAccess && allocatingDeviceForClaim(pi, local, c)) {
      return null;
    }
    if (!request.adminAccess && deviceInUse(layout, pi, local)) {
      return null;
    }
    if (!(candidate && !layout.checkFully(local)) && !selectable(data, layout, local)) {
      return null;
    }
    if (layout.countersNeverFitAlone(local) && ledgerIdle(pi)) {
      return null; // allocateDevice would reject it at the counters, without side effects
    }
    if (features.consumableCapacity() && !capacityFits(data, layout, local)) {
      return null;
    }
    Undo undo = allocateDevice(c, data, pi, layout, local, false);
    if (undo == null) {
      return null;
    }
    Status st = allocateOne(c, r, s, d + 1, allocateSub, pi, local + 1);
    if (st == Status.SUCCESS) {
      return st;
    }
    undo.undo();
    return st == Status.MAX_SIZE_EXCEEDED ? st : null;
  }

  /**
   * {@link #isSelectable}, answered from the layout and the remembered selector results when
   * they suffice, so that devices a search skips are never touched.
   */
  private boolean selectable(RequestData data, PoolLayout layout, int local) {
    if (!layout.checkFully(local)) {
      int uid = layout.uids[local];
      byte known = known(data.classSelectors, uid);
      if (known == CachedSelector.TRUE) {
        known = known(data.requestSelectors, uid);
      }
      if (known != 0) {
        return known == CachedSelector.TRUE;
      }
    }
    return isSelectable(data, layout.devices[local]);
  }

  /** TRUE when every selector is known to match, FALSE at the first known not to, else 0 (evaluate). */
  static byte known(@Nullable CachedSelector[] selectors, int uid) {
    for (CachedSelector selector : selectors) {
      byte known = selector == null ? 0 : selector.known(uid);
      if (known != CachedSelector.TRUE) {
        return known;
      }
    }
    return CachedSelector.TRUE;
  }

  /**
   * Class selectors, request selectors, per-device node selection. Mirrors isSelectable; the
   * selector results are remembered per snapshot and device ({@link CachedSelector}).
   */
  boolean isSelectable(RequestData data, DeviceEntry device) {
    if (!features.bindingConditions() && !device.device.bindingConditions().isEmpty()) {
      return false;
    }
    return selectorsMatch(data, device, true) == -1
        && selectorsMatch(data, device, false) == -1
        && (!device.slice.perDeviceNodeSelection()
            || NodeSelectors.nodeMatches(node, device.device.nodeName(), device.device.allNodes(),
                device.device.nodeSelector()));
  }

  /** Returns -1 when all selectors match, else the index of the first false one. */
  int selectorsMatch(RequestData data, DeviceEntry device, boolean ofClass) {
    @Nullable CachedSelector[] selectors = ofClass ? data.classSelectors : data.requestSelectors;
    ResourceClaim claim = claims.get(data.claimIndex);
    for (int i = 0; i < selectors.length; i++) {
      CachedSelector selector = selectors[i];
      if (selector == null) {
        // Only a class selector can lack CEL here: request selectors are checked up front.
        throw new InvalidInputException("class " + data.deviceClass.name() + ": selector #" + i
            + ": CEL expression empty (unsupported selector type?)", "DeviceClass " + data.deviceClass.name(),
            FieldPath.of("spec", "selectors").index(i));
      }
      String error = selector.compileError();
      if (error != null) {
        if (ofClass) {
          throw new CelException("class " + data.deviceClass.name() + ": selector #" + i
              + ": CEL compile error: " + error, "DeviceClass " + data.deviceClass.name(),
              FieldPath.of("spec", "selectors").index(i).child("cel").child("expression"));
        }
        throw new CelException("claim " + claimRef(claim) + ": selector #" + i + ": CEL compile error: "
            + error, objectRef(claim), null);
      }
      boolean matches;
      try {
        if (device.unsupportedAttribute != null) {
          throw new SelectorEvaluationException("attribute " + device.unsupportedAttribute
              + ": unsupported attribute value");
        }
        matches = selector.matches(device);
      } catch (SelectorEvaluationException e) {
        if (ofClass) {
          throw new CelException("class " + data.deviceClass.name() + ": selector #" + i + " on device "
              + device.id + ": CEL runtime error: " + e.getMessage(), "DeviceClass " + data.deviceClass.name(),
              FieldPath.of("spec", "selectors").index(i).child("cel").child("expression"), e);
        }
        throw new CelException("claim " + claimRef(claim) + ": selector #" + i + " on device " + device.id
            + ": CEL runtime error: " + e.getMessage(), objectRef(claim), null, e);
      }
      if (!matches) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Whether the request's capacity fits the device. When the request asks for no capacity and no
   * share of the device is allocated or being allocated, the answer depends on the device alone
   * and is remembered in the layout.
   */
  private boolean capacityFits(RequestData data, PoolLayout layout, int local) {
    Map<String, BigDecimal> allocating = allocatingCapacity.isEmpty() ? null : allocatingCapacity.get(layout.devices[local]);
    if (data.request.capacity == null && !layout.shared(local) && allocating == null) {
      return layout.unrequestedCapacityFits(local);
    }
    DeviceEntry device = layout.devices[local];
    return ConsumableCapacity.checkRequestOverCapacity(device, data.request, device.aggregatedCapacity,
        allocating) == null;
  }

  interface Undo {
    void undo();
  }

  /**
   * Mirrors allocateDevice: in use, gates, counters, taints, constraints, then records the result.
   * As the reference does since kubernetes#140431, a device rejected after its counters were
   * charged gives back everything this call took (counters, constraints, dedication), and the
   * undo of an accepted device does too, for a device that allows multiple allocations as well.
   */
  private @Nullable Undo allocateDevice(int c, RequestData data, int pi, PoolLayout layout, int local, boolean must) {
    RequestView request = data.request;
    boolean allowMultiple = features.consumableCapacity() && layout.allowsMultiple(local);
    if (!allowMultiple && request.adminAccess && allocatingDeviceForClaim(pi, local, c)) {
      return null;
    }
    if (!request.adminAccess && deviceInUse(layout, pi, local)) {
      return null;
    }
    boolean consumes = layout.consumesCounters(local);
    if (!features.partitionableDevices() && consumes) {
      return null;
    }
    boolean skipCounterCheck = allowMultiple && deviceCapacityInUse(layout.devices[local]);
    boolean charged = false;
    if (!skipCounterCheck && consumes) {
      CounterLedger ledger = ledger(pi, layout);
      boolean alone = ledger.idle() && !layout.allowsMultiple(local);
      if (alone && layout.countersFitAlone(local)) {
        ledger.chargeKnownToFit(local);
      } else if (ledger.charge(layout.consumption(local, layout.devices[local]))) {
        if (alone) {
          layout.rememberCountersAlone(local, true);
        }
      } else {
        if (alone) {
          layout.rememberCountersAlone(local, false);
        }
        return null;
      }
      charged = true;
    }
    if (features.deviceTaints() && layout.tainted(local) && untoleratedTaint(layout.devices[local], request) != null) {
      refund(charged, pi, layout, local);
      return null;
    }
    Constraint[] cs = constraints[c];
    boolean[] covered = data.constrainedBy;
    for (int i = 0; i < cs.length; i++) {
      if (covered[i] && !cs[i].add(layout.devices[local])) {
        removeFromConstraints(cs, covered, i);
        refund(charged, pi, layout, local);
        if (must) {
          throw new InvalidInputException("claim " + claimRef(claims.get(c)) + ", request " + request.name
              + ": cannot add device " + layout.devices[local].id + " because a claim constraint would not be satisfied",
              objectRef(claims.get(c)), FieldPath.of("spec", "devices", "constraints").index(i));
        }
        return null;
      }
    }
    if (!allowMultiple) {
      dedicate(c, pi, local);
    }
    Map<String, BigDecimal> consumed = null;
    String shareId = null;
    boolean marked = false;
    if (features.consumableCapacity()) {
      if (!capacityFits(data, layout, local)) {
        removeFromConstraints(cs, covered, cs.length);
        if (!allowMultiple) {
          undedicate(c, pi, local);
        }
        refund(charged, pi, layout, local);
        return null;
      }
      if (allowMultiple) {
        DeviceEntry device = layout.devices[local];
        consumed = ConsumableCapacity.consumedCapacity(device, request);
        shareId = UUID.randomUUID().toString();
        if (allocatingCapacity.isEmpty()) {
          allocatingCapacity = new HashMap<>();
        }
        // The entry, even when empty, marks the device's capacity as in use (later shares skip
        // the counters); the share that made it takes it away again on undo.
        marked = !allocatingCapacity.containsKey(device);
        Map<String, BigDecimal> sum = allocatingCapacity.computeIfAbsent(device, k -> new HashMap<>());
        consumed.forEach((k, v) -> sum.merge(k, v, BigDecimal::add));
      }
    }
    List<DeviceResult> claimResults = results.get(c);
    int previous = claimResults.size();
    Map<String, BigDecimal> recorded = consumed == null || consumed.isEmpty() ? null : consumed;
    claimResults.add(new DeviceResult(layout, local, layout.nodeBound(local), data, shareId, recorded));
    boolean refund = charged;
    boolean unmark = marked;
    return () -> {
      removeFromConstraints(cs, covered, cs.length);
      if (allowMultiple) {
        if (recorded != null) {
          removeAllocatingCapacity(layout.devices[local], recorded);
        }
        if (unmark) {
          allocatingCapacity.remove(layout.devices[local]);
        }
      } else {
        undedicate(c, pi, local);
      }
      refund(refund, pi, layout, local);
      claimResults.subList(previous, claimResults.size()).clear();
    };
  }

  /** Removes the device from the first {@code count} constraints that cover its request. */
  private static void removeFromConstraints(Constraint[] cs, boolean[] covered, int count) {
    for (int i = 0; i < count; i++) {
      if (covered[i]) {
        cs[i].remove();
      }
    }
  }

  private void refund(boolean charged, int pi, PoolLayout layout, int local) {
    if (charged) {
      ledger(pi, layout).refund(local);
    }
  }

  private void removeAllocatingCapacity(DeviceEntry device, Map<String, BigDecimal> consumed) {
    Map<String, BigDecimal> sum = allocatingCapacity.get(device);
    if (sum == null) {
      return;
    }
    consumed.forEach((k, v) -> sum.computeIfPresent(k, (key, old) -> old.subtract(v)));
    boolean empty = true;
    for (BigDecimal v : sum.values()) {
      empty &= v.signum() == 0;
    }
    if (empty) {
      allocatingCapacity.remove(device);
    }
  }

  /**
   * The first taint that prevents allocation (NoSchedule or NoExecute, not tolerated), or null:
   * the device's own taints, then those of DeviceTaintRules, as the tracker appends them.
   */
  static @Nullable DeviceTaint untoleratedTaint(DeviceEntry device, RequestView request) {
    for (DeviceTaint taint : device.device.taints()) {
      if (prevents(taint, request)) {
        return taint;
      }
    }
    for (TaintRules.RuleTaint t : device.ruleTaints) {
      if (prevents(t.taint(), request)) {
        return t.taint();
      }
    }
    return null;
  }

  private static boolean prevents(DeviceTaint taint, RequestView request) {
    if (!DeviceTaint.EFFECT_NO_SCHEDULE.equals(taint.effect())
        && !DeviceTaint.EFFECT_NO_EXECUTE.equals(taint.effect())) {
      return false;
    }
    for (DeviceToleration t : request.tolerations) {
      if (toleratesTaint(t, taint)) {
        return false;
      }
    }
    return true;
  }

  /** Mirrors resourceclaim.ToleratesTaint. */
  static boolean toleratesTaint(DeviceToleration t, DeviceTaint taint) {
    if (t.effect() != null && !t.effect().isEmpty() && !t.effect().equals(taint.effect())) {
      return false;
    }
    if (t.key() != null && !t.key().isEmpty() && !t.key().equals(taint.key())) {
      return false;
    }
    String op = t.operator() == null ? "" : t.operator();
    switch (op) {
      case "":
      case DeviceToleration.OPERATOR_EQUAL:
        return Objects.requireNonNullElse(t.value(), "").equals(Objects.requireNonNullElse(taint.value(), ""));
      case DeviceToleration.OPERATOR_EXISTS:
        return true;
      default:
        return false;
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
    if (layout.inUse(local)) {
      return true;
    }
    int[][] counted = dedications;
    if (counted != null) {
      int[] counts = counted[pi];
      return counts != null && counts[local] > 0;
    }
    if ((pairMask & pairBit(pi, local)) != 0) {
      for (int i = 0; i < pairs; i++) {
        if (pairLocals[i] == local && pairPools[i] == pi) {
          return true;
        }
      }
    }
    return false;
  }

  private static long pairBit(int pi, int local) {
    return 1L << (local + 17 * pi); // the shift takes the low six bits
  }

  private boolean deviceCapacityInUse(DeviceEntry device) {
    return device.aggregatedCapacity != null || allocatingCapacity.containsKey(device);
  }

  private boolean allocatingDeviceForClaim(int pi, int local, int c) {
    for (int i = 0; i < pairs; i++) {
      if (pairLocals[i] == local && pairPools[i] == pi && pairClaims[i] == c) {
        return true;
      }
    }
    return false;
  }

  private void dedicate(int c, int pi, int local) {
    if (pairs == pairClaims.length) {
      int length = Math.max(firstPairs, 2 * pairs);
      pairClaims = Arrays.copyOf(pairClaims, length);
      pairPools = Arrays.copyOf(pairPools, length);
      pairLocals = Arrays.copyOf(pairLocals, length);
    }
    pairClaims[pairs] = c;
    pairPools[pairs] = pi;
    pairLocals[pairs++] = local;
    pairMask |= pairBit(pi, local);
    if (dedications != null) {
      count(dedications, pi, local, 1);
    } else if (pairs > SCAN_PAIRS) {
      int[][] counted = new int[pools.size()][];
      for (int i = 0; i < pairs; i++) {
        count(counted, pairPools[i], pairLocals[i], 1);
      }
      dedications = counted;
    }
  }

  private void count(int[][] counted, int pi, int local, int delta) {
    int[] counts = counted[pi];
    if (counts == null) {
      counts = new int[pools.get(pi).layout().deviceCount];
      counted[pi] = counts;
    }
    counts[local] += delta;
  }

  /** Undoes {@link #dedicate}; undos come in reverse order, so the pair is usually the last. */
  private void undedicate(int c, int pi, int local) {
    if (dedications != null) {
      count(dedications, pi, local, -1);
    }
    for (int i = pairs - 1; i >= 0; i--) {
      if (pairLocals[i] == local && pairPools[i] == pi && pairClaims[i] == c) {
        int after = pairs - i - 1;
        System.arraycopy(pairClaims, i + 1, pairClaims, i, after);
        System.arraycopy(pairPools, i + 1, pairPools, i, after);
        System.arraycopy(pairLocals, i + 1, pairLocals, i, after);
        pairs--;
        long mask = 0;
        for (int j = 0; j < pairs; j++) {
          mask |= pairBit(pairPools[j], pairLocals[j]);
        }
        pairMask = mask;
        return;
      }
    }
  }

  /* ---------------- results ---------------- */

  private AllocationResult assemble(int c) {
    List<DeviceResult> internal = results.get(c);
    List<DeviceRequestAllocationResult> out = new ArrayList<>(internal.size());
    for (DeviceResult r : internal) {
      Map<String, Quantity> consumed = Map.of();
      if (r.consumedCapacity() != null) {
        consumed = new LinkedHashMap<>();
        for (Map.Entry<String, BigDecimal> e : r.consumedCapacity().entrySet()) {
          String name = e.getKey();
          QualifiedName q = QualifiedName.of(name, r.device().id.driver());
          io.github.dra4j.api.DeviceCapacity cap = r.device().view.capacity(q.domain(), q.id());
          Quantity.Format format = cap == null ? Quantity.Format.BINARY_SI : cap.value().format();
          consumed.put(name, Quantity.of(e.getValue(), format));
        }
      }
      boolean binding = features.bindingConditions();
      out.add(new DeviceRequestAllocationResult(
          r.request().requestName(),
          r.device().id.driver(),
          r.device().id.pool(),
          r.device().id.device(),
          r.request().request.adminAccess ? Boolean.TRUE : null,
          r.request().request.tolerations,
          binding ? r.device().device.bindingConditions() : List.of(),
          binding ? r.device().device.bindingFailureConditions() : List.of(),
          r.shareId(),
          consumed));
    }
    List<DeviceAllocationConfiguration> config = configs(c);
    return new AllocationResult(new DeviceAllocationResult(out, config), nodeSelector(c), null);
  }

  /**
   * Fails like {@link #results()} would, without building the results: only a claim's node
   * selector can fail once the search succeeded.
   */
  void checkResults() {
    for (int c = 0; c < claims.size(); c++) {
      try {
        NodeSelectors.check(results.get(c));
      } catch (InvalidInputException e) {
        throw nodeSelectorError(c, e);
      }
    }
  }

  private io.github.dra4j.api.@Nullable NodeSelector nodeSelector(int c) {
    try {
      return NodeSelectors.createNodeSelector(results.get(c), node.name());
    } catch (InvalidInputException e) {
      throw nodeSelectorError(c, e);
    }
  }

  private InvalidInputException nodeSelectorError(int c, InvalidInputException e) {
    return new InvalidInputException("create NodeSelector for claim " + claims.get(c).name() + ": "
        + e.getMessage(), e.objectRef(), null);
  }

  /** The chosen request data of each request: the selected subrequest for a prioritized list. */
  private RequestData chosen(int c, int r) {
    RequestSlot slot = slots[c][r];
    return slot.data[slot.hasSubRequests ? selected[slot.subIndex] : 0];
  }

  private List<DeviceAllocationConfiguration> configs(int c) {
    ResourceClaim claim = claims.get(c);
    List<DeviceRequest> requests = claim.spec().devices().requests();
    List<MutableConfig> config = new ArrayList<>();
    Map<String, int[]> rangeByClass = new HashMap<>();
    for (int r = 0; r < requests.size(); r++) {
      RequestData data = chosen(c, r);
      String className = data.deviceClass.name();
      int[] range = rangeByClass.get(className);
      if (range != null) {
        for (int i = range[0]; i < range[1]; i++) {
          config.get(i).requests.add(data.requestName());
        }
        continue;
      }
      int start = config.size();
      for (DeviceClassConfiguration cc : data.deviceClass.spec().config()) {
        MutableConfig m = new MutableConfig(DeviceAllocationConfiguration.FROM_CLASS, cc.opaque());
        m.requests.add(data.requestName());
        config.add(m);
      }
      rangeByClass.put(className, new int[] {start, config.size()});
    }
    for (DeviceClaimConfiguration cc : claim.spec().devices().config()) {
      if (cc.requests().isEmpty()) {
        config.add(new MutableConfig(DeviceAllocationConfiguration.FROM_CLAIM, cc.opaque()));
        continue;
      }
      for (int r = 0; r < requests.size(); r++) {
        DeviceRequest request = requests.get(r);
        if (cc.requests().contains(request.name())) {
          MutableConfig m = new MutableConfig(DeviceAllocationConfiguration.FROM_CLAIM, cc.opaque());
          m.requests.addAll(cc.requests());
          config.add(m);
          break;
        }
        RequestSlot slot = slots[c][r];
        if (!slot.hasSubRequests) {
          continue;
        }
        if (cc.requests().contains(slot.data[selected[slot.subIndex]].requestName())) {
          MutableConfig m = new MutableConfig(DeviceAllocationConfiguration.FROM_CLAIM, cc.opaque());
          m.requests.addAll(cc.requests());
          config.add(m);
          break;
        }
      }
    }
    List<DeviceAllocationConfiguration> out = new ArrayList<>(config.size());
    for (MutableConfig m : config) {
      List<String> names = m.requests;
      if (!names.isEmpty() && appliesToAll(c, names)) {
        names = List.of();
      }
      out.add(new DeviceAllocationConfiguration(m.source, names, m.opaque));
    }
    return out;
  }

  private boolean appliesToAll(int c, List<String> names) {
    List<DeviceRequest> requests = claims.get(c).spec().devices().requests();
    for (int r = 0; r < requests.size(); r++) {
      if (names.contains(requests.get(r).name())) {
        continue;
      }
      RequestSlot slot = slots[c][r];
      if (slot.hasSubRequests && names.contains(slot.data[selected[slot.subIndex]].requestName())) {
        continue;
      }
      return false;
    }
    return true;
  }

  private static final class MutableConfig {
    final String source;
    final io.github.dra4j.api.OpaqueDeviceConfiguration opaque;
    final List<String> requests = new ArrayList<>();

    MutableConfig(String source, io.github.dra4j.api.OpaqueDeviceConfiguration opaque) {
      this.source = source;
      this.opaque = opaque;
    }
  }
}
