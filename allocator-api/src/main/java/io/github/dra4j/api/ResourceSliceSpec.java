package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The content of a ResourceSlice. Exactly one of {@code nodeName}, {@code nodeSelector},
 * {@code allNodes} and {@code perDeviceNodeSelection} is set; {@code devices} and
 * {@code sharedCounters} never appear in the same slice (validation enforces both).
 *
 * @param driver the DRA driver name
 * @param pool the pool this slice belongs to
 * @param nodeName the node providing the devices, for node-local slices
 * @param nodeSelector the nodes that can access the devices
 * @param allNodes whether every node can access the devices
 * @param perDeviceNodeSelection whether each device says which nodes can access it
 * @param devices the devices of this slice, in publication order
 * @param sharedCounters counter sets that devices of the pool consume from
 * @param mixins KEP-5234 mixins that devices and counter sets of this slice may include
 * @param partitionTypeAttribute the fully qualified string attribute whose value names each partitionable device's partition type (DRAPartitionableDevicesType)
 * @param skipNodeOperations node-local operations the kubelet skips for the devices of this slice (DRAOptionalNodeOperations)
 */
public record ResourceSliceSpec(
    String driver,
    ResourcePool pool,
    @Nullable String nodeName,
    @Nullable NodeSelector nodeSelector,
    boolean allNodes,
    boolean perDeviceNodeSelection,
    List<Device> devices,
    List<CounterSet> sharedCounters,
    @Nullable ResourceSliceMixins mixins,
    @Nullable String partitionTypeAttribute,
    List<String> skipNodeOperations) {

  public ResourceSliceSpec {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    devices = Copies.list(devices);
    sharedCounters = Copies.list(sharedCounters);
    skipNodeOperations = Copies.list(skipNodeOperations);
  }

  /** The record without {@code partitionTypeAttribute}, {@code skipNodeOperations}, as before Kubernetes 1.37. */
  public ResourceSliceSpec(
      String driver,
      ResourcePool pool,
      @Nullable String nodeName,
      @Nullable NodeSelector nodeSelector,
      boolean allNodes,
      boolean perDeviceNodeSelection,
      List<Device> devices,
      List<CounterSet> sharedCounters,
      @Nullable ResourceSliceMixins mixins) {
    this(driver, pool, nodeName, nodeSelector, allNodes, perDeviceNodeSelection, devices, sharedCounters, mixins, null, List.of());
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
   * Builds {@link ResourceSliceSpec}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String driver;
    private @Nullable ResourcePool pool;
    private @Nullable String nodeName;
    private @Nullable NodeSelector nodeSelector;
    private boolean allNodes;
    private boolean perDeviceNodeSelection;
    private final List<Device> devices = new ArrayList<>();
    private final List<CounterSet> sharedCounters = new ArrayList<>();
    private @Nullable ResourceSliceMixins mixins;
    private @Nullable String partitionTypeAttribute;
    private final List<String> skipNodeOperations = new ArrayList<>();

    private Builder() {}

    private Builder(ResourceSliceSpec r) {
      driver = r.driver();
      pool = r.pool();
      nodeName = r.nodeName();
      nodeSelector = r.nodeSelector();
      allNodes = r.allNodes();
      perDeviceNodeSelection = r.perDeviceNodeSelection();
      devices.addAll(r.devices());
      sharedCounters.addAll(r.sharedCounters());
      mixins = r.mixins();
      partitionTypeAttribute = r.partitionTypeAttribute();
      skipNodeOperations.addAll(r.skipNodeOperations());
    }

    /** Sets {@code driver}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder driver(String driver) {
      this.driver = Objects.requireNonNull(driver, "driver");
      return this;
    }

    /** Sets {@code pool}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder pool(ResourcePool pool) {
      this.pool = Objects.requireNonNull(pool, "pool");
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

    /** Sets {@code perDeviceNodeSelection}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder perDeviceNodeSelection(boolean perDeviceNodeSelection) {
      this.perDeviceNodeSelection = perDeviceNodeSelection;
      return this;
    }

    /** Replaces {@code devices}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder devices(List<Device> devices) {
      this.devices.clear();
      devices.forEach(this::addDevice);
      return this;
    }

    /** Appends to {@code devices}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addDevice(Device item) {
      devices.add(Objects.requireNonNull(item, "devices item"));
      return this;
    }

    /** Replaces {@code sharedCounters}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder sharedCounters(List<CounterSet> sharedCounters) {
      this.sharedCounters.clear();
      sharedCounters.forEach(this::addSharedCounter);
      return this;
    }

    /** Appends to {@code sharedCounters}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addSharedCounter(CounterSet item) {
      sharedCounters.add(Objects.requireNonNull(item, "sharedCounters item"));
      return this;
    }

    /** Sets or (with null) clears {@code mixins}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder mixins(@Nullable ResourceSliceMixins mixins) {
      this.mixins = mixins;
      return this;
    }

    /** Sets or (with null) clears {@code partitionTypeAttribute}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder partitionTypeAttribute(@Nullable String partitionTypeAttribute) {
      this.partitionTypeAttribute = partitionTypeAttribute;
      return this;
    }

    /** Replaces {@code skipNodeOperations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder skipNodeOperations(List<String> skipNodeOperations) {
      this.skipNodeOperations.clear();
      skipNodeOperations.forEach(this::addSkipNodeOperation);
      return this;
    }

    /** Appends to {@code skipNodeOperations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addSkipNodeOperation(String item) {
      skipNodeOperations.add(Objects.requireNonNull(item, "skipNodeOperations item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ResourceSliceSpec
     * @throws NullPointerException when {@code driver}, {@code pool} is unset
     */
    public ResourceSliceSpec build() {
      return new ResourceSliceSpec(Objects.requireNonNull(driver, "driver"), Objects.requireNonNull(pool, "pool"), nodeName, nodeSelector, allNodes, perDeviceNodeSelection, devices, sharedCounters, mixins,
          partitionTypeAttribute, skipNodeOperations);
    }
  }
}
