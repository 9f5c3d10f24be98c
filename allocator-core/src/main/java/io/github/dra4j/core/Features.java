package io.github.dra4j.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The Kubernetes feature gates that change allocation, one flag each. A gated claim field in
 * use while its gate is off is an error; a gated slice or device field makes that slice or
 * device invisible, as in the reference allocator.
 *
 * @param adminAccess DRAAdminAccess
 * @param consumableCapacity DRAConsumableCapacity
 * @param deviceBindingConditions DRADeviceBindingConditions
 * @param resourceClaimDeviceStatus DRAResourceClaimDeviceStatus
 * @param deviceTaints DRADeviceTaints
 * @param deviceTaintRules DRADeviceTaintRules: the taints of {@code DeviceTaintRule}s are added
 *     to the devices they select before allocation (GA and on by default since Kubernetes
 *     1.37); they only matter while {@code deviceTaints} is on, as in the scheduler
 * @param listTypeAttributes DRAListTypeAttributes
 * @param partitionableDevices DRAPartitionableDevices
 * @param prioritizedList DRAPrioritizedList
 * @param resourceSliceMixins DRAResourceSliceMixins (KEP-5234, not merged into Kubernetes: dra4j's own gate)
 * @param deviceCompatibilityGroups DRADeviceCompatibilityGroups: devices drawing from one counter
 *     set are allocated together only when their compatibility groups intersect; off, slices that
 *     declare groups are ignored (their pools become incomplete)
 * @param derivedAttributes DRADerivedAttributes: requests may define derived attributes for their
 *     constraints; off, a request that defines one is an error
 * @param optionalNodeOperations DRAOptionalNodeOperations: devices of slices with
 *     {@code skipNodeOperations} are allocated on nodes that declare the feature, and results copy
 *     the list; off, such devices are not allocated
 * @param fractionalCapacityRange DRAFractionalCapacityRange: a request policy range with a
 *     fractional min, max or step rounds in milli-units instead of integers
 */
public record Features(
    boolean adminAccess,
    boolean consumableCapacity,
    boolean deviceBindingConditions,
    boolean resourceClaimDeviceStatus,
    boolean deviceTaints,
    boolean deviceTaintRules,
    boolean listTypeAttributes,
    boolean partitionableDevices,
    boolean prioritizedList,
    boolean resourceSliceMixins,
    boolean deviceCompatibilityGroups,
    boolean derivedAttributes,
    boolean optionalNodeOperations,
    boolean fractionalCapacityRange) {

  /** The gate names, in component order. */
  public static final List<String> GATE_NAMES = List.of(
      "DRAAdminAccess",
      "DRAConsumableCapacity",
      "DRADeviceBindingConditions",
      "DRAResourceClaimDeviceStatus",
      "DRADeviceTaints",
      "DRADeviceTaintRules",
      "DRAListTypeAttributes",
      "DRAPartitionableDevices",
      "DRAPrioritizedList",
      "DRAResourceSliceMixins",
      "DRADeviceCompatibilityGroups",
      "DRADerivedAttributes",
      "DRAOptionalNodeOperations",
      "DRAFractionalCapacityRange");

  private static final Features ALL = new Features(true, true, true, true, true, true, true, true, true, true,
      true, true, true, true);
  private static final Features NONE = new Features(false, false, false, false, false, false, false, false, false,
      false, false, false, false, false);

  /** {@return every feature on: the library default} */
  public static Features all() {
    return ALL;
  }

  /** {@return every feature off} */
  public static Features none() {
    return NONE;
  }

  /** {@return whether binding conditions are usable: both of their gates are on} */
  public boolean bindingConditions() {
    return deviceBindingConditions && resourceClaimDeviceStatus;
  }

  /** {@return the gates by name, in {@link #GATE_NAMES} order} */
  public Map<String, Boolean> gates() {
    boolean[] v = values();
    Map<String, Boolean> m = new LinkedHashMap<>();
    for (int i = 0; i < v.length; i++) {
      m.put(GATE_NAMES.get(i), v[i]);
    }
    return m;
  }

  /**
   * Returns these features with some gates changed.
   *
   * @param gates gate name to value; names not given keep their value
   * @return the changed features
   * @throws IllegalArgumentException naming an unknown gate
   */
  public Features with(Map<String, Boolean> gates) {
    boolean[] v = values();
    gates.forEach((name, value) -> {
      int i = GATE_NAMES.indexOf(Objects.requireNonNull(name, "gate name"));
      if (i < 0) {
        throw new IllegalArgumentException(
            "unknown feature gate \"" + name + "\"; known gates: " + String.join(", ", GATE_NAMES));
      }
      v[i] = Objects.requireNonNull(value, name);
    });
    return new Features(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13]);
  }

  private boolean[] values() {
    return new boolean[] {
      adminAccess, consumableCapacity, deviceBindingConditions, resourceClaimDeviceStatus,
      deviceTaints, deviceTaintRules, listTypeAttributes, partitionableDevices, prioritizedList, resourceSliceMixins,
      deviceCompatibilityGroups, derivedAttributes, optionalNodeOperations, fractionalCapacityRange
    };
  }
}
