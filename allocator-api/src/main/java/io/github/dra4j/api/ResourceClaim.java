package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A ResourceClaim: what a pod asks for, and once allocated, what it got.
 *
 * @param metadata object metadata
 * @param spec the requested devices
 * @param status the allocation, once there is one
 */
public record ResourceClaim(
    ObjectMeta metadata, ResourceClaimSpec spec, @Nullable ResourceClaimStatus status) {
  public ResourceClaim {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return the claim name} */
  public String name() {
    return metadata.name();
  }

  /** {@return the allocation, or null when the claim is not allocated} */
  public @Nullable AllocationResult allocation() {
    return status == null ? null : status.allocation();
  }

  /** {@return a copy with {@code status.allocation} set, other status fields kept} */
  public ResourceClaim withAllocation(@Nullable AllocationResult allocation) {
    ResourceClaimStatus s = status == null
        ? new ResourceClaimStatus(allocation, null)
        : new ResourceClaimStatus(allocation, status.reservedFor());
    return new ResourceClaim(metadata, spec, s);
  }
}
