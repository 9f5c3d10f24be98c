package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One allocated device.
 *
 * @param request the request name, {@code parent/sub} for a subrequest
 * @param driver the driver
 * @param pool the pool
 * @param device the device name
 * @param adminAccess true for admin access; null otherwise
 * @param tolerations the tolerations that let a tainted device be allocated
 * @param bindingConditions copied from the device
 * @param bindingFailureConditions copied from the device
 * @param shareID the share of a multi-allocatable device
 * @param consumedCapacity capacity consumed on a multi-allocatable device
 * @param skipNodeOperations copied from the slice of the device (DRAOptionalNodeOperations): node-local operations the kubelet skips for it
 */
public record DeviceRequestAllocationResult(
    String request,
    String driver,
    String pool,
    String device,
    @Nullable Boolean adminAccess,
    List<DeviceToleration> tolerations,
    List<String> bindingConditions,
    List<String> bindingFailureConditions,
    @Nullable String shareID,
    Map<String, Quantity> consumedCapacity,
    List<String> skipNodeOperations) {
  public DeviceRequestAllocationResult {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(device, "device");
    tolerations = Copies.list(tolerations);
    bindingConditions = Copies.list(bindingConditions);
    bindingFailureConditions = Copies.list(bindingFailureConditions);
    consumedCapacity = Copies.map(consumedCapacity);
    skipNodeOperations = Copies.list(skipNodeOperations);
  }

  /** The record without {@code skipNodeOperations}, as before Kubernetes 1.37. */
  public DeviceRequestAllocationResult(
      String request,
      String driver,
      String pool,
      String device,
      @Nullable Boolean adminAccess,
      List<DeviceToleration> tolerations,
      List<String> bindingConditions,
      List<String> bindingFailureConditions,
      @Nullable String shareID,
      Map<String, Quantity> consumedCapacity) {
    this(request, driver, pool, device, adminAccess, tolerations, bindingConditions, bindingFailureConditions, shareID, consumedCapacity, List.of());
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
   * Builds {@link DeviceRequestAllocationResult}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String request;
    private @Nullable String driver;
    private @Nullable String pool;
    private @Nullable String device;
    private @Nullable Boolean adminAccess;
    private final List<DeviceToleration> tolerations = new ArrayList<>();
    private final List<String> bindingConditions = new ArrayList<>();
    private final List<String> bindingFailureConditions = new ArrayList<>();
    private @Nullable String shareID;
    private final Map<String, Quantity> consumedCapacity = new LinkedHashMap<>();
    private final List<String> skipNodeOperations = new ArrayList<>();

    private Builder() {}

    private Builder(DeviceRequestAllocationResult r) {
      request = r.request();
      driver = r.driver();
      pool = r.pool();
      device = r.device();
      adminAccess = r.adminAccess();
      tolerations.addAll(r.tolerations());
      bindingConditions.addAll(r.bindingConditions());
      bindingFailureConditions.addAll(r.bindingFailureConditions());
      shareID = r.shareID();
      consumedCapacity.putAll(r.consumedCapacity());
      skipNodeOperations.addAll(r.skipNodeOperations());
    }

    /** Sets {@code request}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder request(String request) {
      this.request = Objects.requireNonNull(request, "request");
      return this;
    }

    /** Sets {@code driver}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder driver(String driver) {
      this.driver = Objects.requireNonNull(driver, "driver");
      return this;
    }

    /** Sets {@code pool}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder pool(String pool) {
      this.pool = Objects.requireNonNull(pool, "pool");
      return this;
    }

    /** Sets {@code device}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder device(String device) {
      this.device = Objects.requireNonNull(device, "device");
      return this;
    }

    /** Sets or (with null) clears {@code adminAccess}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder adminAccess(@Nullable Boolean adminAccess) {
      this.adminAccess = adminAccess;
      return this;
    }

    /** Replaces {@code tolerations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder tolerations(List<DeviceToleration> tolerations) {
      this.tolerations.clear();
      tolerations.forEach(this::addToleration);
      return this;
    }

    /** Appends to {@code tolerations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addToleration(DeviceToleration item) {
      tolerations.add(Objects.requireNonNull(item, "tolerations item"));
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

    /** Sets or (with null) clears {@code shareID}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder shareID(@Nullable String shareID) {
      this.shareID = shareID;
      return this;
    }

    /** Replaces {@code consumedCapacity}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder consumedCapacity(Map<String, Quantity> consumedCapacity) {
      this.consumedCapacity.clear();
      consumedCapacity.forEach(this::putConsumedCapacity);
      return this;
    }

    /** Adds or replaces one entry of {@code consumedCapacity}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putConsumedCapacity(String key, Quantity value) {
      consumedCapacity.put(Objects.requireNonNull(key, "consumedCapacity key"), Objects.requireNonNull(value, "consumedCapacity value"));
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
     * @return a new DeviceRequestAllocationResult
     * @throws NullPointerException when {@code request}, {@code driver}, {@code pool}, {@code device} is unset
     */
    public DeviceRequestAllocationResult build() {
      return new DeviceRequestAllocationResult(Objects.requireNonNull(request, "request"), Objects.requireNonNull(driver, "driver"), Objects.requireNonNull(pool, "pool"), Objects.requireNonNull(device, "device"), adminAccess, tolerations, bindingConditions, bindingFailureConditions, shareID, consumedCapacity,
          skipNodeOperations);
    }
  }
}
