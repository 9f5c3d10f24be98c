package io.github.dra4j.core;

import io.github.dra4j.api.CapacityRequirements;
import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceDerivedAttribute;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Quantity;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * A request or a subrequest, seen alike. Mirrors requestAccessor (exactDeviceRequestAccessor,
 * deviceSubRequestAccessor): subrequests never have admin access. An unset allocation mode
 * and count take the API defaults (ExactCount, 1).
 */
final class RequestView {
  final String name;
  final String deviceClassName;
  final String allocationMode;
  final long count;
  final boolean adminAccess;
  final boolean hasAdminAccess;
  final List<DeviceSelector> selectors;
  final List<DeviceToleration> tolerations;
  final @Nullable CapacityRequirements capacity;
  final List<DeviceDerivedAttribute> derivedAttributes;

  private RequestView(
      String name,
      String deviceClassName,
      @Nullable String allocationMode,
      @Nullable Long count,
      @Nullable Boolean adminAccess,
      List<DeviceSelector> selectors,
      List<DeviceToleration> tolerations,
      @Nullable CapacityRequirements capacity,
      List<DeviceDerivedAttribute> derivedAttributes) {
    this.name = name;
    this.deviceClassName = deviceClassName;
    this.allocationMode = allocationMode == null || allocationMode.isEmpty()
        ? DeviceAllocationMode.EXACT_COUNT : allocationMode;
    this.count = count == null ? 1 : count;
    this.adminAccess = Boolean.TRUE.equals(adminAccess);
    this.hasAdminAccess = adminAccess != null;
    this.selectors = selectors;
    this.tolerations = tolerations;
    this.capacity = capacity;
    this.derivedAttributes = derivedAttributes;
  }

  static RequestView of(String name, ExactDeviceRequest r) {
    return new RequestView(name, r.deviceClassName(), r.allocationMode(), r.count(), r.adminAccess(),
        r.selectors(), r.tolerations(), r.capacity(), r.derivedAttributes());
  }

  static RequestView of(DeviceSubRequest r) {
    return new RequestView(r.name(), r.deviceClassName(), r.allocationMode(), r.count(), null,
        r.selectors(), r.tolerations(), r.capacity(), r.derivedAttributes());
  }

  /** The parent of subrequests: only its name is ever used. */
  static RequestView parent(String name) {
    return new RequestView(name, "", null, null, null, List.of(), List.of(), null, List.of());
  }

  boolean allDevices() {
    return DeviceAllocationMode.ALL.equals(allocationMode);
  }

  /** The requested amount for a device capacity, by its name exactly as the device spells it. */
  @Nullable Quantity requestedCapacity(String name) {
    return capacity == null ? null : capacity.requests().get(name);
  }
}
