package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.field.FieldPath;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Whether a device is selectable for a request on a node: binding conditions, class and request
 * selectors, per-device node selection. Mirrors isSelectable, with selector results remembered per
 * snapshot and device ({@link CachedSelector}), and turns compile and runtime errors of selectors
 * into {@link CelException}s that name the class or claim. Used by the validation of requests for
 * all devices, by the search and by the {@link Explainer}.
 */
final class SelectorMatcher {
  private final Features features;
  private final Node node;
  private final List<ResourceClaim> claims;
  private final SearchBudget budget;

  /**
   * claims: those whose requests are matched, by {@link RequestData#claimIndex}, for error
   * messages; budget: the call's, whose deadline and cancellation long evaluations poll.
   */
  SelectorMatcher(Features features, Node node, List<ResourceClaim> claims, SearchBudget budget) {
    this.features = features;
    this.node = node;
    this.claims = claims;
    this.budget = budget;
  }

  /** {@return the options of the call the matcher evaluates for} */
  AllocationOptions options() {
    return budget.options();
  }

  /** {@return the node the claims are matched for} */
  Node node() {
    return node;
  }

  /**
   * {@link #isSelectable}, answered from the layout and the remembered selector results when
   * they suffice, so that devices a search skips are never touched.
   */
  boolean selectable(RequestData data, PoolLayout layout, int local) {
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

  /** Class selectors, request selectors, per-device node selection. Mirrors isSelectable. */
  boolean isSelectable(RequestData data, DeviceEntry device) {
    if (!features.bindingConditions() && !device.device.bindingConditions().isEmpty()) {
      return false;
    }
    return selectorsMatch(data, device, true) == -1
        && selectorsMatch(data, device, false) == -1
        && nodeMatches(device);
  }

  /** {@return whether per-device node selection, if the slice uses it, admits the node} */
  boolean nodeMatches(DeviceEntry device) {
    return !device.slice.perDeviceNodeSelection()
        || NodeSelectors.nodeMatches(node, device.device.nodeName(), device.device.allNodes(),
            device.device.nodeSelector());
  }

  /** Returns -1 when all selectors match, else the index of the first false one. */
  int selectorsMatch(RequestData data, DeviceEntry device, boolean ofClass) {
    @Nullable CachedSelector[] selectors = ofClass ? data.classSelectors : data.requestSelectors;
    for (int i = 0; i < selectors.length; i++) {
      CachedSelector selector = selectors[i];
      if (selector == null) {
        // Only a class selector can lack CEL here: request selectors are checked up front.
        throw new InvalidInputException("class " + data.deviceClass.name() + ": selector #" + i
            + ": CEL expression empty (unsupported selector type?)", classRef(data),
            FieldPath.of("spec", "selectors").index(i));
      }
      String error = selector.compileError();
      if (error != null) {
        throw compileError(data, ofClass, i, error);
      }
      boolean matches;
      try {
        if (device.unsupportedAttribute != null) {
          throw new SelectorEvaluationException("attribute " + device.unsupportedAttribute
              + ": unsupported attribute value");
        }
        matches = selector.matches(device, budget);
      } catch (SelectorEvaluationException e) {
        throw runtimeError(data, ofClass, i, device, e);
      }
      if (!matches) {
        return i;
      }
    }
    return -1;
  }

  private CelException compileError(RequestData data, boolean ofClass, int i, String error) {
    if (ofClass) {
      return new CelException("class " + data.deviceClass.name() + ": selector #" + i
          + ": CEL compile error: " + error, classRef(data),
          FieldPath.of("spec", "selectors").index(i).child("cel").child("expression"));
    }
    ResourceClaim claim = claims.get(data.claimIndex);
    return new CelException("claim " + ClaimPlan.claimRef(claim) + ": selector #" + i + ": CEL compile error: "
        + error, ClaimPlan.objectRef(claim), null);
  }

  private CelException runtimeError(RequestData data, boolean ofClass, int i, DeviceEntry device,
      SelectorEvaluationException e) {
    if (ofClass) {
      return new CelException("class " + data.deviceClass.name() + ": selector #" + i + " on device "
          + device.id + ": CEL runtime error: " + e.getMessage(), classRef(data),
          FieldPath.of("spec", "selectors").index(i).child("cel").child("expression"), e);
    }
    ResourceClaim claim = claims.get(data.claimIndex);
    return new CelException("claim " + ClaimPlan.claimRef(claim) + ": selector #" + i + " on device " + device.id
        + ": CEL runtime error: " + e.getMessage(), ClaimPlan.objectRef(claim), null, e);
  }

  private static ObjectRef classRef(RequestData data) {
    return ObjectRef.of("DeviceClass", data.deviceClass.metadata());
  }
}
