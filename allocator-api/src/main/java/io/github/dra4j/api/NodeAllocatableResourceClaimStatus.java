package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;

/**
 * What one claim of a pod costs of its node in node resources (cpu, memory, hugepages) through
 * devices that declare {@code nodeAllocatableResources} (DRANodeAllocatableResources, KEP-5517):
 * kube-scheduler's DynamicResources plugin computes it in Filter and writes it into the pod's
 * status at PreBind, and the kubelet and the scheduler's cache read it.
 *
 * @param resourceClaimName the claim, by name, in the pod's namespace
 * @param containers the containers that reference the claim, init containers first
 * @param mapping the resources the allocated devices stand for, by name
 * @param overhead the per-pod and per-container overheads of the allocated devices, by name
 */
public record NodeAllocatableResourceClaimStatus(String resourceClaimName, List<String> containers,
    List<NodeAllocatableMappedResources> mapping, List<NodeAllocatableOverheadResources> overhead) {
  public NodeAllocatableResourceClaimStatus {
    Objects.requireNonNull(resourceClaimName, "resourceClaimName");
    containers = Copies.list(containers);
    mapping = Copies.list(mapping);
    overhead = Copies.list(overhead);
  }
}
