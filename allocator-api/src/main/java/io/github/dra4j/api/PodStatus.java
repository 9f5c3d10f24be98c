package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The part of a pod's status that scheduling reads or writes: the ResourceClaims made for it (the
 * scheduler reads them to find a claim the resourceclaim controller generated from a template), its
 * phase (the scheduler's cache leaves out pods that have terminated), its nomination and conditions
 * (preemption waits for victims terminating by preemption), and what its claims cost of its node
 * (written when the scheduler binds it).
 *
 * @param resourceClaimStatuses for each {@code spec.resourceClaims} entry, the claim made for it
 * @param extendedResourceClaimStatus the claim the scheduler made for the pod's extended
 *     resource requests (DRAExtendedResource), or null
 * @param phase {@code Pending}, {@code Running}, {@code Succeeded}, {@code Failed} or {@code
 *     Unknown}; null when not given
 * @param nodeAllocatableResourceClaimStatuses what the pod's claims cost of its node in node
 *     resources (DRANodeAllocatableResources), as the scheduler writes it when it binds the pod;
 *     scheduling derives it from the claims rather than reading it
 * @param nominatedNodeName the node a preempting pod waits for, or null
 * @param conditions the pod's conditions (preemption reads {@code DisruptionTarget})
 */
public record PodStatus(
    List<PodResourceClaimStatus> resourceClaimStatuses,
    @Nullable PodExtendedResourceClaimStatus extendedResourceClaimStatus,
    @Nullable String phase,
    List<NodeAllocatableResourceClaimStatus> nodeAllocatableResourceClaimStatuses,
    @Nullable String nominatedNodeName,
    List<PodCondition> conditions) {
  /** A status without claims. */
  public static final PodStatus EMPTY = new PodStatus(List.of(), null, null);

  /** The phase of a pod whose containers all terminated successfully and will not restart. */
  public static final String SUCCEEDED = "Succeeded";
  /** The phase of a pod whose containers all terminated, at least one in failure, and will not restart. */
  public static final String FAILED = "Failed";

  public PodStatus {
    resourceClaimStatuses = Copies.list(resourceClaimStatuses);
    nodeAllocatableResourceClaimStatuses = Copies.list(nodeAllocatableResourceClaimStatuses);
    conditions = Copies.list(conditions);
  }

  /** A status without node-allocatable claim statuses, as a pod not yet bound has it. */
  public PodStatus(List<PodResourceClaimStatus> resourceClaimStatuses,
      @Nullable PodExtendedResourceClaimStatus extendedResourceClaimStatus, @Nullable String phase) {
    this(resourceClaimStatuses, extendedResourceClaimStatus, phase, List.of(), null, List.of());
  }

  /** {@return this status with these claim statuses instead of its own; phase, nomination and conditions kept} */
  public PodStatus withClaims(List<PodResourceClaimStatus> claimStatuses,
      @Nullable PodExtendedResourceClaimStatus extended, List<NodeAllocatableResourceClaimStatus> nodeAllocatable) {
    return new PodStatus(claimStatuses, extended, phase, nodeAllocatable, nominatedNodeName, conditions);
  }

  /**
   * {@return whether the pod is terminating because kube-scheduler preempted it}: being deleted,
   * with a {@code DisruptionTarget} condition of status {@code True} and reason {@code
   * PreemptionByScheduler} (podTerminatingByPreemption)
   *
   * @param meta the pod's metadata, for its deletion timestamp
   */
  public boolean terminatingByPreemption(ObjectMeta meta) {
    if (meta.deletionTimestamp() == null) {
      return false;
    }
    for (PodCondition c : conditions) {
      if (c.type().equals(PodCondition.DISRUPTION_TARGET)) {
        return c.status().equals("True") && PodCondition.PREEMPTION_BY_SCHEDULER.equals(c.reason());
      }
    }
    return false;
  }

  /** {@return whether the pod has terminated for good ({@code Succeeded} or {@code Failed}), so that it holds no node resources} */
  public boolean terminated() {
    return SUCCEEDED.equals(phase) || FAILED.equals(phase);
  }

  /** {@return whether nothing is set, so that writers can leave the status out} */
  public boolean isEmpty() {
    return resourceClaimStatuses.isEmpty() && extendedResourceClaimStatus == null && phase == null
        && nodeAllocatableResourceClaimStatuses.isEmpty() && nominatedNodeName == null && conditions.isEmpty();
  }
}
