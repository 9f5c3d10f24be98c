package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The overhead of a node resource a claim's allocated devices add ({@code
 * nodeAllocatableResources[r].overhead}), summed over the devices.
 *
 * @param name the resource (cpu, memory, a hugepages size)
 * @param perPod added once for the pod, or null
 * @param perContainer added for each container that references the claim, or null
 */
public record NodeAllocatableOverheadResources(String name, @Nullable Quantity perPod, @Nullable Quantity perContainer) {
  public NodeAllocatableOverheadResources {
    Objects.requireNonNull(name, "name");
  }
}
