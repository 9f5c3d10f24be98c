package io.github.dra4j.core;

import static io.github.dra4j.core.ClaimPlan.claimRef;
import static io.github.dra4j.core.ClaimPlan.objectRef;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceDerivedAttribute;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Validates the claims of a call into a {@link ClaimPlan}: class lookup, feature gates, counts,
 * constraints; a request for all devices pre-lists its devices. Mirrors the validation at the start
 * of the reference's Allocate; the first problem found is thrown, naming claim, request and field.
 */
final class ClaimPlanner {
  static final int ALLOCATION_RESULTS_MAX_SIZE = 32;
  private static final FieldPath REQUESTS = FieldPath.of("spec", "devices", "requests");

  private final ClusterSnapshot snapshot;
  private final Features features;
  private final List<ResourceClaim> claims;
  private final List<Pool> pools;
  private final SelectorMatcher matcher;
  private final SearchBudget budget;
  private final RequestSlot[][] slots;
  private final Constraint[][] constraints;
  private int subSlots;

  private ClaimPlanner(ClusterSnapshot snapshot, List<ResourceClaim> claims, List<Pool> pools,
      SelectorMatcher matcher, SearchBudget budget) {
    this.snapshot = snapshot;
    this.features = snapshot.features();
    this.claims = claims;
    this.pools = pools;
    this.matcher = matcher;
    this.budget = budget;
    this.slots = new RequestSlot[claims.size()][];
    this.constraints = new Constraint[claims.size()][];
  }

  /**
   * Validates the claims for a run over these pools.
   *
   * @param pools the node's pools: read only by requests for all devices
   * @param matcher the node's selector matcher: used only by requests for all devices
   * @param budget counts the devices a request for all devices looks at
   * @throws InvalidInputException for the first invalid claim, request or constraint
   */
  static ClaimPlan plan(ClusterSnapshot snapshot, List<ResourceClaim> claims, List<Pool> pools,
      SelectorMatcher matcher, SearchBudget budget) {
    ClaimPlanner planner = new ClaimPlanner(snapshot, claims, pools, matcher, budget);
    int minDevicesTotal = 0;
    for (int c = 0; c < claims.size(); c++) {
      minDevicesTotal += planner.validateClaim(c);
    }
    return new ClaimPlan(claims, planner.slots, planner.constraints, planner.features, minDevicesTotal,
        planner.subSlots);
  }

  /**
   * {@return whether the plan of these claims is the same on every node} It is unless a request
   * asks for all devices: its devices, and so its validation, depend on the node.
   */
  static boolean nodeIndependent(List<ResourceClaim> claims) {
    for (ResourceClaim claim : claims) {
      for (DeviceRequest request : claim.spec().devices().requests()) {
        if (request.exactly() != null && RequestView.of(request.name(), request.exactly()).allDevices()) {
          return false;
        }
        for (DeviceSubRequest sub : request.firstAvailable()) {
          if (RequestView.of(sub).allDevices()) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private int validateClaim(int c) {
    ResourceClaim claim = claims.get(c);
    List<DeviceRequest> requests = claim.spec().devices().requests();
    slots[c] = new RequestSlot[requests.size()];
    int minDevicesPerClaim = 0;
    for (int r = 0; r < requests.size(); r++) {
      DeviceRequest request = requests.get(r);
      checkGates(claim, r, request);
      if (!request.firstAvailable().isEmpty()) {
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
    constraints[c] = constraints(claim, features);
    for (RequestSlot slot : slots[c]) {
      for (RequestData data : slot.data) {
        data.constrainedBy = constrainedBy(constraints[c], data);
      }
    }
    return minDevicesPerClaim;
  }

  /** Subrequests and capacity requests need their feature gates. */
  private void checkGates(ResourceClaim claim, int r, DeviceRequest request) {
    boolean hasSub = !request.firstAvailable().isEmpty();
    if (!features.prioritizedList() && hasSub) {
      throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name()
          + ": has subrequests, but the DRAPrioritizedList feature is disabled",
          objectRef(claim), REQUESTS.index(r).child("firstAvailable"));
    }
    if (features.consumableCapacity()) {
      return;
    }
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

  /** New constraints of a claim, without devices. */
  static Constraint[] constraints(ResourceClaim claim, Features features) {
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
    if (!request.derivedAttributes.isEmpty() && !features.derivedAttributes()) {
      // Rejected rather than ignored, as in the reference: the constraints would silently change.
      throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
          + ": cannot handle request with derived attributes, the feature is disabled", objectRef(claim),
          requestPath(r, s).child("derivedAttributes"));
    }
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
    if (!request.derivedAttributes.isEmpty()) {
      Map<String, CompiledAttribute> derived = new LinkedHashMap<>();
      for (DeviceDerivedAttribute attribute : request.derivedAttributes) {
        derived.put(attribute.name(), snapshot.compileAttribute(attribute.expression()));
      }
      data.derived = derived;
      data.derivedPath = requestPath(r, s).child("derivedAttributes");
    }
    switch (request.allocationMode) {
      case io.github.dra4j.api.DeviceAllocationMode.EXACT_COUNT:
        if (request.count > Integer.MAX_VALUE) {
          throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
              + ": exact count " + request.count + " is too large", objectRef(claim), requestPath(r, s).child("count"));
        }
        data.numDevices = (int) request.count;
        break;
      case io.github.dra4j.api.DeviceAllocationMode.ALL:
        data.allDevices = allDevices(claim, data, requestPath(r, s));
        data.numDevices = data.allDevices.size();
        break;
      default:
        throw new InvalidInputException("claim " + claimRef(claim) + ", request " + request.name
            + ": unsupported count mode " + request.allocationMode, objectRef(claim),
            requestPath(r, s).child("allocationMode"));
    }
    return data;
  }

  /** The devices of a request for all devices, in pool/slice/device order; each counts a step. */
  private List<DeviceLocation> allDevices(ResourceClaim claim, RequestData data, FieldPath path) {
    List<DeviceLocation> all = new ArrayList<>();
    for (int pi = 0; pi < pools.size(); pi++) {
      Pool pool = pools.get(pi);
      if (pool.incomplete) {
        throw new InvalidInputException("claim " + claimRef(claim) + ", request " + data.request.name
            + ": asks for all devices, but resource pool " + pool.id + " is currently being updated",
            objectRef(claim), path.child("allocationMode"));
      }
      if (pool.invalid) {
        throw new InvalidInputException("claim " + claimRef(claim) + ", request " + data.request.name
            + ": asks for all devices, but resource pool " + pool.id + " is currently invalid",
            objectRef(claim), path.child("allocationMode"));
      }
      PoolLayout layout = pool.layout();
      for (int si = 0; si < pool.targeting.size(); si++) {
        int count = pool.targeting.get(si).devices().size();
        for (int di = 0; di < count; di++) {
          budget.step();
          int local = layout.local(si, di);
          if (!matcher.selectable(data, layout, local)) {
            continue;
          }
          if (features.consumableCapacity() && !ConsumableCapacity.fits(data, layout, local, null, features.fractionalCapacityRange())) {
            continue;
          }
          all.add(new DeviceLocation(pi, local));
        }
      }
    }
    return List.copyOf(all);
  }

  private @Nullable CachedSelector[] compile(List<DeviceSelector> selectors) {
    @Nullable CachedSelector[] out = new CachedSelector[selectors.size()];
    for (int i = 0; i < out.length; i++) {
      DeviceSelector s = selectors.get(i);
      out[i] = s.cel() == null ? null : snapshot.compile(s.cel().expression());
    }
    return out;
  }
}
