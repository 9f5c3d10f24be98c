package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * Which devices a {@link DeviceTaintRule} taints: each field that is set must equal the
 * device's; an empty selector matches every device. The {@code deviceClassName} and
 * {@code selectors} fields of the 1.33/1.34 alpha API are gone from every served version
 * (the eviction controller could not evaluate them), so they are not modelled.
 *
 * @param driver the slice's {@code spec.driver}, or null for any
 * @param pool the slice's {@code spec.pool.name}, or null for any
 * @param device the device's {@code name}, or null for any
 */
public record DeviceTaintSelector(@Nullable String driver, @Nullable String pool, @Nullable String device) {

  /** {@return a selector; null fields match anything} */
  public static DeviceTaintSelector of(@Nullable String driver, @Nullable String pool, @Nullable String device) {
    return new DeviceTaintSelector(driver, pool, device);
  }
}
