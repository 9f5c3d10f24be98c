package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A ResourceClaim: what a pod asks for, and once allocated, what it got.
 *
 * @param metadata object metadata
 * @param spec the requested devices
 * @param status the allocation, once there is one
 */
public record ResourceClaim(
    ObjectMeta metadata, ResourceClaimSpec spec, @Nullable ResourceClaimStatus status) {
  public ResourceClaim {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return the claim name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }

  /** {@return the allocation, or null when the claim is not allocated} */
  public @Nullable AllocationResult allocation() {
    return status == null ? null : status.allocation();
  }

  /** {@return a copy with {@code status.allocation} set, other status fields kept} */
  public ResourceClaim withAllocation(@Nullable AllocationResult allocation) {
    ResourceClaimStatus s = status == null
        ? new ResourceClaimStatus(allocation, List.of())
        : new ResourceClaimStatus(allocation, status.reservedFor());
    return new ResourceClaim(metadata, spec, s);
  }

  /**
   * {@return a builder for a claim without metadata, requests, constraints, config or status}
   * The builder flattens {@code spec.devices}, so a claim takes one builder and its requests
   * instead of four nested constructors.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link ResourceClaim}s step by step. Setters replace a component, {@code add}
   * methods extend a list; the requests, constraints and config are those of
   * {@code spec.devices}. {@link #build} runs the records' constructors, so the checks live in
   * one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private ObjectMeta.Builder metadata = ObjectMeta.builder();
    private final List<DeviceRequest> requests = new ArrayList<>();
    private final List<DeviceConstraint> constraints = new ArrayList<>();
    private final List<DeviceClaimConfiguration> config = new ArrayList<>();
    private @Nullable ResourceClaimStatus status;

    private Builder() {}

    private Builder(ResourceClaim r) {
      metadata = r.metadata().toBuilder();
      spec(r.spec());
      status = r.status();
    }

    /** Replaces {@code metadata}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder metadata(ObjectMeta metadata) {
      this.metadata = metadata.toBuilder();
      return this;
    }

    /** Sets {@code metadata.name}, other metadata kept; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      metadata.name(Objects.requireNonNull(name, "name"));
      return this;
    }

    /** Sets or (with null) clears {@code metadata.namespace}, other metadata kept; returns this builder. */
    @CanIgnoreReturnValue
    public Builder namespace(@Nullable String namespace) {
      metadata.namespace(namespace);
      return this;
    }

    /** Replaces the requests, constraints and config with those of {@code spec}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder spec(ResourceClaimSpec spec) {
      requests(spec.devices().requests());
      constraints(spec.devices().constraints());
      return config(spec.devices().config());
    }

    /** Replaces {@code spec.devices.requests}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder requests(List<DeviceRequest> requests) {
      this.requests.clear();
      requests.forEach(this::addRequest);
      return this;
    }

    /** Appends to {@code spec.devices.requests}, which are allocated in order; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addRequest(DeviceRequest item) {
      requests.add(Objects.requireNonNull(item, "requests item"));
      return this;
    }

    /** Replaces {@code spec.devices.constraints}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder constraints(List<DeviceConstraint> constraints) {
      this.constraints.clear();
      constraints.forEach(this::addConstraint);
      return this;
    }

    /** Appends to {@code spec.devices.constraints}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addConstraint(DeviceConstraint item) {
      constraints.add(Objects.requireNonNull(item, "constraints item"));
      return this;
    }

    /**
     * Appends a {@code matchAttribute} constraint: the devices of the named requests (none named
     * means all requests) share the attribute's value.
     *
     * @param attribute the fully qualified attribute name, such as {@code gpu.nvidia.com/productName}
     * @param requests the request or subrequest names it applies to
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder matchAttribute(String attribute, String... requests) {
      return addConstraint(DeviceConstraint.matchAttribute(attribute, List.of(requests)));
    }

    /**
     * Appends a {@code distinctAttribute} constraint: the devices of the named requests (none
     * named means all requests) have pairwise different values of the attribute.
     *
     * @param attribute the fully qualified attribute name
     * @param requests the request or subrequest names it applies to
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder distinctAttribute(String attribute, String... requests) {
      return addConstraint(DeviceConstraint.distinctAttribute(attribute, List.of(requests)));
    }

    /** Replaces {@code spec.devices.config}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder config(List<DeviceClaimConfiguration> config) {
      this.config.clear();
      config.forEach(this::addConfig);
      return this;
    }

    /** Appends to {@code spec.devices.config}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addConfig(DeviceClaimConfiguration item) {
      config.add(Objects.requireNonNull(item, "config item"));
      return this;
    }

    /** Sets or (with null) clears {@code status}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder status(@Nullable ResourceClaimStatus status) {
      this.status = status;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ResourceClaim
     */
    public ResourceClaim build() {
      return new ResourceClaim(metadata.build(),
          new ResourceClaimSpec(new DeviceClaim(requests, constraints, config)), status);
    }
  }
}
