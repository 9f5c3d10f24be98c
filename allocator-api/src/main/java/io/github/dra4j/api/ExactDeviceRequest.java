package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A request for devices of one class.
 *
 * @param deviceClassName the class whose selectors apply first
 * @param selectors further selectors of this request
 * @param allocationMode ExactCount (the default) or All; see {@link DeviceAllocationMode}
 * @param count how many devices with ExactCount; null means 1
 * @param adminAccess access to devices in use, for monitoring (DRAAdminAccess)
 * @param tolerations taints this request tolerates
 * @param capacity capacity this request consumes on multi-allocatable devices
 * @param derivedAttributes virtual attributes of each candidate device for the claim's constraints
 *     (DRADerivedAttributes)
 */
public record ExactDeviceRequest(
    String deviceClassName,
    List<DeviceSelector> selectors,
    @Nullable String allocationMode,
    @Nullable Long count,
    @Nullable Boolean adminAccess,
    List<DeviceToleration> tolerations,
    @Nullable CapacityRequirements capacity,
    List<DeviceDerivedAttribute> derivedAttributes) {
  public ExactDeviceRequest {
    Objects.requireNonNull(deviceClassName, "deviceClassName");
    selectors = Copies.list(selectors);
    tolerations = Copies.list(tolerations);
    derivedAttributes = Copies.list(derivedAttributes);
  }

  /** The request without derived attributes, as before {@code DRADerivedAttributes}. */
  public ExactDeviceRequest(
      String deviceClassName,
      List<DeviceSelector> selectors,
      @Nullable String allocationMode,
      @Nullable Long count,
      @Nullable Boolean adminAccess,
      List<DeviceToleration> tolerations,
      @Nullable CapacityRequirements capacity) {
    this(deviceClassName, selectors, allocationMode, count, adminAccess, tolerations, capacity, List.of());
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
   * Builds {@link ExactDeviceRequest}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String deviceClassName;
    private final List<DeviceSelector> selectors = new ArrayList<>();
    private @Nullable String allocationMode;
    private @Nullable Long count;
    private @Nullable Boolean adminAccess;
    private final List<DeviceToleration> tolerations = new ArrayList<>();
    private @Nullable CapacityRequirements capacity;
    private final List<DeviceDerivedAttribute> derivedAttributes = new ArrayList<>();

    private Builder() {}

    private Builder(ExactDeviceRequest r) {
      deviceClassName = r.deviceClassName();
      selectors.addAll(r.selectors());
      allocationMode = r.allocationMode();
      count = r.count();
      adminAccess = r.adminAccess();
      tolerations.addAll(r.tolerations());
      capacity = r.capacity();
      derivedAttributes.addAll(r.derivedAttributes());
    }

    /** Sets {@code deviceClassName}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder deviceClassName(String deviceClassName) {
      this.deviceClassName = Objects.requireNonNull(deviceClassName, "deviceClassName");
      return this;
    }

    /** Replaces {@code selectors}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder selectors(List<DeviceSelector> selectors) {
      this.selectors.clear();
      selectors.forEach(this::addSelector);
      return this;
    }

    /** Appends to {@code selectors}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addSelector(DeviceSelector item) {
      selectors.add(Objects.requireNonNull(item, "selectors item"));
      return this;
    }

    /**
     * Appends a CEL selector to {@code selectors}.
     *
     * @param celExpression an expression over {@code device} that is true for the devices wanted
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder addSelector(String celExpression) {
      return addSelector(DeviceSelector.cel(celExpression));
    }

    /** Sets or (with null) clears {@code allocationMode}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder allocationMode(@Nullable String allocationMode) {
      this.allocationMode = allocationMode;
      return this;
    }

    /** Sets or (with null) clears {@code count}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder count(@Nullable Long count) {
      this.count = count;
      return this;
    }

    /** Sets {@code count}, so that {@code count(2)} needs no {@code 2L}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder count(long count) {
      this.count = count;
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

    /** Sets or (with null) clears {@code capacity}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder capacity(@Nullable CapacityRequirements capacity) {
      this.capacity = capacity;
      return this;
    }

    /** Replaces {@code derivedAttributes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder derivedAttributes(List<DeviceDerivedAttribute> derivedAttributes) {
      this.derivedAttributes.clear();
      derivedAttributes.forEach(this::addDerivedAttribute);
      return this;
    }

    /** Appends to {@code derivedAttributes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addDerivedAttribute(DeviceDerivedAttribute item) {
      derivedAttributes.add(Objects.requireNonNull(item, "derivedAttributes item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ExactDeviceRequest
     * @throws NullPointerException when {@code deviceClassName} is unset
     */
    public ExactDeviceRequest build() {
      return new ExactDeviceRequest(Objects.requireNonNull(deviceClassName, "deviceClassName"), selectors, allocationMode, count, adminAccess, tolerations, capacity,
          derivedAttributes);
    }
  }
}
