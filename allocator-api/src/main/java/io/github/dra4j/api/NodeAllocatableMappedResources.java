package io.github.dra4j.api;

import java.util.Objects;

/**
 * A node resource a claim's allocated devices stand for ({@code nodeAllocatableResources[r].mapping}).
 *
 * @param name the resource (cpu, memory, a hugepages size)
 * @param quantity the amount, summed over the claim's devices
 */
public record NodeAllocatableMappedResources(String name, Quantity quantity) {
  public NodeAllocatableMappedResources {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(quantity, "quantity");
  }
}
