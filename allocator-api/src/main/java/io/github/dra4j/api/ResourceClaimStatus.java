package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The status of a ResourceClaim.
 *
 * @param allocation the allocation result, once allocated
 * @param reservedFor the consumers the claim is reserved for
 */
public record ResourceClaimStatus(
    @Nullable AllocationResult allocation, List<ResourceClaimConsumerReference> reservedFor) {
  public ResourceClaimStatus {
    reservedFor = Copies.list(reservedFor);
  }
}
