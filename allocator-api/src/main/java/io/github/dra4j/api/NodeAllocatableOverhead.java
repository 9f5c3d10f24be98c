package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * What an allocation of a device costs of a node allocatable resource besides the device: once per
 * pod that references the claim, plus per container reference.
 *
 * @param perPod once per pod referencing the claim
 * @param perContainer per container reference to the claim
 */
public record NodeAllocatableOverhead(@Nullable Quantity perPod, @Nullable Quantity perContainer) {}
