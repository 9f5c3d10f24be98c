package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * A valid range for consumable capacity.
 *
 * @param min the minimum a request is rounded up to
 * @param max the maximum a request may reach after rounding
 * @param step requests between min and max are rounded up to min + n * step
 */
public record CapacityRequestPolicyRange(
    @Nullable Quantity min, @Nullable Quantity max, @Nullable Quantity step) {}
