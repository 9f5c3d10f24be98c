package io.github.dra4j.api;

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
}
