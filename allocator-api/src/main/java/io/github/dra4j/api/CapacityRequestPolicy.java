package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How requests consume a capacity of a multi-allocatable device.
 *
 * @param defaultValue consumed by a request without an entry for this capacity (JSON {@code default})
 * @param validValues allowed amounts, ascending; a request is rounded up to the next one
 * @param validRange an allowed range, with an optional step to round up to
 */
public record CapacityRequestPolicy(
    @Nullable Quantity defaultValue,
    List<Quantity> validValues,
    @Nullable CapacityRequestPolicyRange validRange) {
  public CapacityRequestPolicy {
    validValues = Copies.list(validValues);
  }
}
