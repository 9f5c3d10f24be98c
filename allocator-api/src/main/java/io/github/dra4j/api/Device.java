package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * @param nodeAllocatableResources node allocatable resources (cpu, memory, ...) an allocation of this device stands for, by resource name (DRANodeAllocatableResources)
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
    boolean allowMultipleAllocations,
    Map<String, NodeAllocatableResource> nodeAllocatableResources) {

  public Device {
    Objects.requireNonNull(name, "name");
    attributes = Copies.map(attributes);
    capacity = Copies.map(capacity);
    consumesCounters = Copies.list(consumesCounters);
    includes = Copies.list(includes);
    taints = Copies.list(taints);
    bindingConditions = Copies.list(bindingConditions);
    bindingFailureConditions = Copies.list(bindingFailureConditions);
    nodeAllocatableResources = Copies.map(nodeAllocatableResources);
  }

  /** The record without {@code nodeAllocatableResources}, as before Kubernetes 1.37. */
  public Device(
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
    this(name, attributes, capacity, consumesCounters, includes, nodeName, nodeSelector, allNodes, taints, bindingConditions, bindingFailureConditions, bindsToNode, allowMultipleAllocations, Map.of());
  }

  /** {@return a builder with every list and map empty, every flag false and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link Device}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private final Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    private final Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    private final List<DeviceCounterConsumption> consumesCounters = new ArrayList<>();
    private final List<String> includes = new ArrayList<>();
    private @Nullable String nodeName;
    private @Nullable NodeSelector nodeSelector;
    private boolean allNodes;
    private final List<DeviceTaint> taints = new ArrayList<>();
    private final List<String> bindingConditions = new ArrayList<>();
    private final List<String> bindingFailureConditions = new ArrayList<>();
    private boolean bindsToNode;
    private boolean allowMultipleAllocations;
    private final Map<String, NodeAllocatableResource> nodeAllocatableResources = new LinkedHashMap<>();

    private Builder() {}

    private Builder(Device r) {
      name = r.name();
      attributes.putAll(r.attributes());
      capacity.putAll(r.capacity());
      consumesCounters.addAll(r.consumesCounters());
      includes.addAll(r.includes());
      nodeName = r.nodeName();
      nodeSelector = r.nodeSelector();
      allNodes = r.allNodes();
      taints.addAll(r.taints());
      bindingConditions.addAll(r.bindingConditions());
      bindingFailureConditions.addAll(r.bindingFailureConditions());
      bindsToNode = r.bindsToNode();
      allowMultipleAllocations = r.allowMultipleAllocations();
      nodeAllocatableResources.putAll(r.nodeAllocatableResources());
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Replaces {@code attributes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder attributes(Map<String, DeviceAttribute> attributes) {
      this.attributes.clear();
      attributes.forEach(this::putAttribute);
      return this;
    }

    /** Adds or replaces one entry of {@code attributes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putAttribute(String key, DeviceAttribute value) {
      attributes.put(Objects.requireNonNull(key, "attributes key"), Objects.requireNonNull(value, "attributes value"));
      return this;
    }

    /** Replaces {@code capacity}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder capacity(Map<String, DeviceCapacity> capacity) {
      this.capacity.clear();
      capacity.forEach(this::putCapacity);
      return this;
    }

    /** Adds or replaces one entry of {@code capacity}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putCapacity(String key, DeviceCapacity value) {
      capacity.put(Objects.requireNonNull(key, "capacity key"), Objects.requireNonNull(value, "capacity value"));
      return this;
    }

    /** Replaces {@code consumesCounters}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder consumesCounters(List<DeviceCounterConsumption> consumesCounters) {
      this.consumesCounters.clear();
      consumesCounters.forEach(this::addConsumesCounter);
      return this;
    }

    /** Appends to {@code consumesCounters}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addConsumesCounter(DeviceCounterConsumption item) {
      consumesCounters.add(Objects.requireNonNull(item, "consumesCounters item"));
      return this;
    }

    /** Replaces {@code includes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder includes(List<String> includes) {
      this.includes.clear();
      includes.forEach(this::addInclude);
      return this;
    }

    /** Appends to {@code includes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addInclude(String item) {
      includes.add(Objects.requireNonNull(item, "includes item"));
      return this;
    }

    /** Sets or (with null) clears {@code nodeName}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeName(@Nullable String nodeName) {
      this.nodeName = nodeName;
      return this;
    }

    /** Sets or (with null) clears {@code nodeSelector}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeSelector(@Nullable NodeSelector nodeSelector) {
      this.nodeSelector = nodeSelector;
      return this;
    }

    /** Sets {@code allNodes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder allNodes(boolean allNodes) {
      this.allNodes = allNodes;
      return this;
    }

    /** Replaces {@code taints}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder taints(List<DeviceTaint> taints) {
      this.taints.clear();
      taints.forEach(this::addTaint);
      return this;
    }

    /** Appends to {@code taints}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addTaint(DeviceTaint item) {
      taints.add(Objects.requireNonNull(item, "taints item"));
      return this;
    }

    /** Replaces {@code bindingConditions}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder bindingConditions(List<String> bindingConditions) {
      this.bindingConditions.clear();
      bindingConditions.forEach(this::addBindingCondition);
      return this;
    }

    /** Appends to {@code bindingConditions}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addBindingCondition(String item) {
      bindingConditions.add(Objects.requireNonNull(item, "bindingConditions item"));
      return this;
    }

    /** Replaces {@code bindingFailureConditions}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder bindingFailureConditions(List<String> bindingFailureConditions) {
      this.bindingFailureConditions.clear();
      bindingFailureConditions.forEach(this::addBindingFailureCondition);
      return this;
    }

    /** Appends to {@code bindingFailureConditions}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addBindingFailureCondition(String item) {
      bindingFailureConditions.add(Objects.requireNonNull(item, "bindingFailureConditions item"));
      return this;
    }

    /** Sets {@code bindsToNode}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder bindsToNode(boolean bindsToNode) {
      this.bindsToNode = bindsToNode;
      return this;
    }

    /** Sets {@code allowMultipleAllocations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder allowMultipleAllocations(boolean allowMultipleAllocations) {
      this.allowMultipleAllocations = allowMultipleAllocations;
      return this;
    }

    /** Replaces {@code nodeAllocatableResources}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeAllocatableResources(Map<String, NodeAllocatableResource> nodeAllocatableResources) {
      this.nodeAllocatableResources.clear();
      nodeAllocatableResources.forEach(this::putNodeAllocatableResource);
      return this;
    }

    /** Puts an entry into {@code nodeAllocatableResources}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putNodeAllocatableResource(String key, NodeAllocatableResource value) {
      nodeAllocatableResources.put(Objects.requireNonNull(key, "nodeAllocatableResources key"), Objects.requireNonNull(value, "nodeAllocatableResources value"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new Device
     * @throws NullPointerException when {@code name} is unset
     */
    public Device build() {
      return new Device(Objects.requireNonNull(name, "name"), attributes, capacity, consumesCounters, includes, nodeName, nodeSelector, allNodes, taints, bindingConditions, bindingFailureConditions, bindsToNode, allowMultipleAllocations,
          nodeAllocatableResources);
    }
  }
}
