package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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

  /** {@return whether the pod has terminated for good ({@code Succeeded} or {@code Failed}), so that it holds no node resources} */
  public boolean terminated() {
    return SUCCEEDED.equals(phase) || FAILED.equals(phase);
  }

  /** {@return whether nothing is set, so that writers can leave the status out} */
  public boolean isEmpty() {
    return resourceClaimStatuses.isEmpty() && extendedResourceClaimStatus == null && phase == null
        && nodeAllocatableResourceClaimStatuses.isEmpty() && nominatedNodeName == null && conditions.isEmpty();
  }

  /** {@return a builder with every component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link PodStatus}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private final List<PodResourceClaimStatus> resourceClaimStatuses = new ArrayList<>();
    private @Nullable PodExtendedResourceClaimStatus extendedResourceClaimStatus;
    private @Nullable String phase;
    private final List<NodeAllocatableResourceClaimStatus> nodeAllocatableResourceClaimStatuses = new ArrayList<>();
    private @Nullable String nominatedNodeName;
    private final List<PodCondition> conditions = new ArrayList<>();

    private Builder() {}

    private Builder(PodStatus r) {
      resourceClaimStatuses.addAll(r.resourceClaimStatuses());
      extendedResourceClaimStatus = r.extendedResourceClaimStatus();
      phase = r.phase();
      nodeAllocatableResourceClaimStatuses.addAll(r.nodeAllocatableResourceClaimStatuses());
      nominatedNodeName = r.nominatedNodeName();
      conditions.addAll(r.conditions());
    }

    /** Replaces {@code resourceClaimStatuses}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resourceClaimStatuses(List<PodResourceClaimStatus> resourceClaimStatuses) {
      this.resourceClaimStatuses.clear();
      resourceClaimStatuses.forEach(this::addResourceClaimStatus);
      return this;
    }

    /** Appends to {@code resourceClaimStatuses}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addResourceClaimStatus(PodResourceClaimStatus item) {
      resourceClaimStatuses.add(Objects.requireNonNull(item, "resourceClaimStatuses item"));
      return this;
    }

    /** Sets or (with null) clears {@code extendedResourceClaimStatus}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder extendedResourceClaimStatus(@Nullable PodExtendedResourceClaimStatus extendedResourceClaimStatus) {
      this.extendedResourceClaimStatus = extendedResourceClaimStatus;
      return this;
    }

    /** Sets or (with null) clears {@code phase}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder phase(@Nullable String phase) {
      this.phase = phase;
      return this;
    }

    /** Replaces {@code nodeAllocatableResourceClaimStatuses}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeAllocatableResourceClaimStatuses(List<NodeAllocatableResourceClaimStatus> nodeAllocatableResourceClaimStatuses) {
      this.nodeAllocatableResourceClaimStatuses.clear();
      nodeAllocatableResourceClaimStatuses.forEach(this::addNodeAllocatableResourceClaimStatus);
      return this;
    }

    /** Appends to {@code nodeAllocatableResourceClaimStatuses}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addNodeAllocatableResourceClaimStatus(NodeAllocatableResourceClaimStatus item) {
      nodeAllocatableResourceClaimStatuses.add(Objects.requireNonNull(item, "nodeAllocatableResourceClaimStatuses item"));
      return this;
    }

    /** Sets or (with null) clears {@code nominatedNodeName}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nominatedNodeName(@Nullable String nominatedNodeName) {
      this.nominatedNodeName = nominatedNodeName;
      return this;
    }

    /** Replaces {@code conditions}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder conditions(List<PodCondition> conditions) {
      this.conditions.clear();
      conditions.forEach(this::addCondition);
      return this;
    }

    /** Appends to {@code conditions}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addCondition(PodCondition item) {
      conditions.add(Objects.requireNonNull(item, "conditions item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new PodStatus
     */
    public PodStatus build() {
      return new PodStatus(resourceClaimStatuses, extendedResourceClaimStatus, phase, nodeAllocatableResourceClaimStatuses, nominatedNodeName, conditions);
    }
  }
}
