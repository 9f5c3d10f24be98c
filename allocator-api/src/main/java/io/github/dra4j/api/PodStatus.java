package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The part of a pod's status that names the ResourceClaims made for it: the scheduler reads it
 * to find a claim the resourceclaim controller generated from a template.
 *
 * @param resourceClaimStatuses for each {@code spec.resourceClaims} entry, the claim made for it
 * @param extendedResourceClaimStatus the claim the scheduler made for the pod's extended
 *     resource requests (DRAExtendedResource), or null
 */
public record PodStatus(
    List<PodResourceClaimStatus> resourceClaimStatuses,
    @Nullable PodExtendedResourceClaimStatus extendedResourceClaimStatus) {
  /** A status without claims. */
  public static final PodStatus EMPTY = new PodStatus(List.of(), null);

  public PodStatus {
    resourceClaimStatuses = Copies.list(resourceClaimStatuses);
  }

  /** {@return whether nothing is set, so that writers can leave the status out} */
  public boolean isEmpty() {
    return resourceClaimStatuses.isEmpty() && extendedResourceClaimStatus == null;
  }
}
