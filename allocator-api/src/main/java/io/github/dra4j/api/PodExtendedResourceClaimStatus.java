package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;

/**
 * The claim the scheduler made for a pod's extended resource requests (a container asking for
 * {@code example.com/gpu: 1} served by a DeviceClass's {@code extendedResourceName}), and which
 * request of that claim serves which container's resource.
 *
 * @param requestMappings one entry per container and extended resource
 * @param resourceClaimName the claim made for the pod
 */
public record PodExtendedResourceClaimStatus(
    List<ContainerExtendedResourceRequest> requestMappings, String resourceClaimName) {
  public PodExtendedResourceClaimStatus {
    requestMappings = Copies.list(requestMappings);
    Objects.requireNonNull(resourceClaimName, "resourceClaimName");
  }

  /** {@return a status with these mappings} */
  public static PodExtendedResourceClaimStatus of(
      List<ContainerExtendedResourceRequest> requestMappings, String resourceClaimName) {
    return new PodExtendedResourceClaimStatus(requestMappings, resourceClaimName);
  }
}
