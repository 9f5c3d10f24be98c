package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * The quantity of a node allocatable resource an allocation stands for: the consumed capacity
 * {@code capacityKey} times {@code capacityMultiplier}, or the number of allocated devices times
 * {@code deviceMultiplier} (one of the two).
 *
 * @param capacityKey a capacity of the device, whose consumed amount is the base quantity
 * @param capacityMultiplier multiplies the consumed capacity; set with {@code capacityKey}
 * @param deviceMultiplier multiplies the number of devices allocated to the claim
 */
public record NodeAllocatableMapping(@Nullable String capacityKey, @Nullable Quantity capacityMultiplier,
    @Nullable Quantity deviceMultiplier) {}
