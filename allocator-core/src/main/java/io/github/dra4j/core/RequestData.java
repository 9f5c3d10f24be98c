package io.github.dra4j.core;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.field.FieldPath;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A validated request or subrequest. Mirrors requestData. The fields that are not final are set
 * by {@link ClaimPlanner} before it publishes its {@link ClaimPlan} and never changed after, so
 * runs on several threads can share them.
 */
final class RequestData {
  private static final boolean[] NO_BOOLEANS = {};

  final int claimIndex;
  final RequestView request;
  final @Nullable RequestView parent;
  final DeviceClass deviceClass;
  final @Nullable CachedSelector[] classSelectors;
  final @Nullable CachedSelector[] requestSelectors;
  int numDevices;
  /** Mode All: the devices, pre-listed. */
  @Nullable List<DeviceLocation> allDevices;
  /** Per constraint of the claim: whether it covers the request. */
  boolean[] constrainedBy = NO_BOOLEANS;
  /** Identifies the selectors for PoolLayout.candidates, or null when one is missing. */
  final @Nullable Object candidateKey;
  /** The request's derived attributes by name (DRADerivedAttributes), in order; empty for most. */
  Map<String, CompiledAttribute> derived = Map.of();
  /** Where the request's derived attributes are, for errors; null when it has none. */
  @Nullable FieldPath derivedPath;

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

  /** {@return whether constraint i of the claim covers this request} */
  boolean constrainedBy(int i) {
    return i < constrainedBy.length && constrainedBy[i];
  }
}
