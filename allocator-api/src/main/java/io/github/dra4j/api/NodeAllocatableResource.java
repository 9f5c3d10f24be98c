package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * How an allocation of a device translates into a node allocatable resource (KEP-5517, gate
 * {@code DRANodeAllocatableResources}): at least one of the two is set.
 *
 * @param mapping the device stands for the resource itself (a CPU driver's cores)
 * @param overhead what an allocation costs of the resource besides (host memory of a GPU)
 */
public record NodeAllocatableResource(@Nullable NodeAllocatableMapping mapping,
    @Nullable NodeAllocatableOverhead overhead) {}
