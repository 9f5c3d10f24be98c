package io.github.dra4j.core;

import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.ResourceClaim;
import java.util.List;

/**
 * Claims validated by {@link ClaimPlanner}: per claim, per request, the {@link RequestSlot}s. A
 * plan is never changed by a search, so the runs of several nodes on any thread share one when no
 * request asks for all devices ({@link ClaimPlanner#nodeIndependent}); each run makes its own
 * constraints ({@link #newConstraints}: they keep search state) and keeps its own chosen
 * subrequests.
 */
final class ClaimPlan {
  private static final Constraint[] NO_CONSTRAINTS = {};

  private final List<ResourceClaim> claims;
  private final RequestSlot[][] slots;
  /** Per claim, the constraints of the validation: handed out as they are when no claim has any. */
  private final Constraint[][] constraints;
  private final boolean constrained;
  private final Features features;
  /** The devices the claims ask for at least. */
  final int minDevicesTotal;
  /** How many requests have subrequests: the length of a run's chosen subrequests. */
  final int subSlots;

  ClaimPlan(List<ResourceClaim> claims, RequestSlot[][] slots, Constraint[][] constraints, Features features,
      int minDevicesTotal, int subSlots) {
    this.claims = claims;
    this.slots = slots;
    this.constraints = constraints;
    boolean any = false;
    for (Constraint[] cs : constraints) {
      any |= cs.length > 0;
    }
    this.constrained = any;
    this.features = features;
    this.minDevicesTotal = minDevicesTotal;
    this.subSlots = subSlots;
  }

  List<ResourceClaim> claims() {
    return claims;
  }

  int claimCount() {
    return claims.size();
  }

  ResourceClaim claim(int c) {
    return claims.get(c);
  }

  /** {@return the validated requests of claim c, in spec order} */
  RequestSlot[] slots(int c) {
    return slots[c];
  }

  /** {@return new constraints, without devices, per claim} */
  Constraint[][] newConstraints() {
    if (!constrained) {
      return constraints;
    }
    Constraint[][] out = new Constraint[claims.size()][];
    for (int c = 0; c < out.length; c++) {
      out[c] = constraints[c].length == 0 ? NO_CONSTRAINTS : ClaimPlanner.constraints(claims.get(c), features);
    }
    return out;
  }

  /** {@return the claim as messages name it: {@code namespace/name}, or {@code name}, as Go's klog.KObj} */
  static String claimRef(ResourceClaim claim) {
    return objectRef(claim).key();
  }

  static ObjectRef objectRef(ResourceClaim claim) {
    return ObjectRef.of("ResourceClaim", claim.metadata());
  }
}
