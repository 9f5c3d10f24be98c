package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The filters of a {@code resource.k8s.io/v1alpha3} ResourcePoolStatusRequest (KEP-5677,
 * DRAResourcePoolStatus): which pools a point-in-time pool status covers. Checked by {@link
 * io.github.dra4j.api.validation.Validator#validate(ResourcePoolStatusRequestSpec)} with the API
 * server's rules.
 *
 * @param driver the DRA driver whose pools are reported (required, a DNS subdomain)
 * @param poolName only the pool of this name; null for all of the driver's pools
 * @param limit the most pools reported (1 to {@value #LIMIT_MAX}); null for {@value #LIMIT_DEFAULT}
 * @param defaultPartitionTypeAttribute the fully qualified attribute that names a partitionable
 *     device's partition type when no slice of its pool declares {@code partitionTypeAttribute};
 *     null for none
 */
public record ResourcePoolStatusRequestSpec(String driver, @Nullable String poolName, @Nullable Integer limit,
    @Nullable String defaultPartitionTypeAttribute) {
  /** The number of pools reported when no limit is given (ResourcePoolStatusRequestLimitDefault). */
  public static final int LIMIT_DEFAULT = 100;
  /** The largest limit (ResourcePoolStatusRequestLimitMax). */
  public static final int LIMIT_MAX = 1000;

  /** Checks that the driver is given; the rest is validation's. */
  public ResourcePoolStatusRequestSpec {
    Objects.requireNonNull(driver, "driver");
  }

  /**
   * {@return a request for every pool of a driver}
   *
   * @param driver the driver
   */
  public static ResourcePoolStatusRequestSpec of(String driver) {
    return new ResourcePoolStatusRequestSpec(driver, null, null, null);
  }

  /** {@return the limit, or the default when none is given} */
  public int effectiveLimit() {
    return limit == null ? LIMIT_DEFAULT : limit;
  }

  /** {@return a builder with every component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link ResourcePoolStatusRequestSpec}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String driver;
    private @Nullable String poolName;
    private @Nullable Integer limit;
    private @Nullable String defaultPartitionTypeAttribute;

    private Builder() {}

    private Builder(ResourcePoolStatusRequestSpec r) {
      driver = r.driver();
      poolName = r.poolName();
      limit = r.limit();
      defaultPartitionTypeAttribute = r.defaultPartitionTypeAttribute();
    }

    /** Sets {@code driver}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder driver(String driver) {
      this.driver = Objects.requireNonNull(driver, "driver");
      return this;
    }

    /** Sets or (with null) clears {@code poolName}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder poolName(@Nullable String poolName) {
      this.poolName = poolName;
      return this;
    }

    /** Sets or (with null) clears {@code limit}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder limit(@Nullable Integer limit) {
      this.limit = limit;
      return this;
    }

    /** Sets or (with null) clears {@code defaultPartitionTypeAttribute}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder defaultPartitionTypeAttribute(@Nullable String defaultPartitionTypeAttribute) {
      this.defaultPartitionTypeAttribute = defaultPartitionTypeAttribute;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ResourcePoolStatusRequestSpec
     * @throws NullPointerException when {@code driver} is unset
     */
    public ResourcePoolStatusRequestSpec build() {
      return new ResourcePoolStatusRequestSpec(Objects.requireNonNull(driver, "driver"), poolName, limit, defaultPartitionTypeAttribute);
    }
  }
}
