package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

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

  /** {@return a builder with every component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link NodeAllocatableResourceClaimStatus}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String resourceClaimName;
    private final List<String> containers = new ArrayList<>();
    private final List<NodeAllocatableMappedResources> mapping = new ArrayList<>();
    private final List<NodeAllocatableOverheadResources> overhead = new ArrayList<>();

    private Builder() {}

    private Builder(NodeAllocatableResourceClaimStatus r) {
      resourceClaimName = r.resourceClaimName();
      containers.addAll(r.containers());
      mapping.addAll(r.mapping());
      overhead.addAll(r.overhead());
    }

    /** Sets {@code resourceClaimName}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resourceClaimName(String resourceClaimName) {
      this.resourceClaimName = Objects.requireNonNull(resourceClaimName, "resourceClaimName");
      return this;
    }

    /** Replaces {@code containers}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder containers(List<String> containers) {
      this.containers.clear();
      containers.forEach(this::addContainer);
      return this;
    }

    /** Appends to {@code containers}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addContainer(String item) {
      containers.add(Objects.requireNonNull(item, "containers item"));
      return this;
    }

    /** Replaces {@code mapping}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder mapping(List<NodeAllocatableMappedResources> mapping) {
      this.mapping.clear();
      mapping.forEach(this::addMapping);
      return this;
    }

    /** Appends to {@code mapping}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addMapping(NodeAllocatableMappedResources item) {
      mapping.add(Objects.requireNonNull(item, "mapping item"));
      return this;
    }

    /** Replaces {@code overhead}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder overhead(List<NodeAllocatableOverheadResources> overhead) {
      this.overhead.clear();
      overhead.forEach(this::addOverhead);
      return this;
    }

    /** Appends to {@code overhead}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addOverhead(NodeAllocatableOverheadResources item) {
      overhead.add(Objects.requireNonNull(item, "overhead item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new NodeAllocatableResourceClaimStatus
     * @throws NullPointerException when {@code resourceClaimName} is unset
     */
    public NodeAllocatableResourceClaimStatus build() {
      return new NodeAllocatableResourceClaimStatus(Objects.requireNonNull(resourceClaimName, "resourceClaimName"), containers, mapping, overhead);
    }
  }
}
