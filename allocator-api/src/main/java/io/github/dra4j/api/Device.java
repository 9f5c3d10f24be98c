package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One device of a ResourceSlice.
 *
 * @param name unique among the devices of the pool
 * @param attributes attributes by (possibly qualified) name
 * @param capacity capacities by (possibly qualified) name
 * @param consumesCounters counters this device consumes from counter sets of its pool
 * @param includes names of device mixins (KEP-5234) applied in order; own entries win
 * @param nodeName with per-device node selection: the node of this device
 * @param nodeSelector with per-device node selection: the nodes that can access it
 * @param allNodes with per-device node selection: every node can access it
 * @param taints driver-defined taints
 * @param bindingConditions conditions that must become true before binding
 * @param bindingFailureConditions conditions that signal a binding failure
 * @param bindsToNode whether an allocation is pinned to the chosen node
 * @param allowMultipleAllocations whether several requests may share this device
 */
public record Device(
    String name,
    Map<String, DeviceAttribute> attributes,
    Map<String, DeviceCapacity> capacity,
    List<DeviceCounterConsumption> consumesCounters,
    List<String> includes,
    @Nullable String nodeName,
    @Nullable NodeSelector nodeSelector,
    boolean allNodes,
    List<DeviceTaint> taints,
    List<String> bindingConditions,
    List<String> bindingFailureConditions,
    boolean bindsToNode,
    boolean allowMultipleAllocations) {

  public Device {
    Objects.requireNonNull(name, "name");
    attributes = Copies.map(attributes);
    capacity = Copies.map(capacity);
    consumesCounters = Copies.list(consumesCounters);
    includes = Copies.list(includes);
    taints = Copies.list(taints);
    bindingConditions = Copies.list(bindingConditions);
    bindingFailureConditions = Copies.list(bindingFailureConditions);
  }
}
