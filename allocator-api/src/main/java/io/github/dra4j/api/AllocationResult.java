package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The allocation of a claim.
 *
 * @param devices the allocated devices and their configuration
 * @param nodeSelector the nodes the allocation is usable on; null means every node
 * @param allocationTimestamp when the allocation was made (RFC 3339), if recorded
 */
public record AllocationResult(
    DeviceAllocationResult devices,
    @Nullable NodeSelector nodeSelector,
    @Nullable String allocationTimestamp) {
  public AllocationResult {
    Objects.requireNonNull(devices, "devices");
  }
}
