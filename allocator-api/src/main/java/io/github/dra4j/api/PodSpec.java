package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The part of a core/v1 PodSpec that DRA scheduling reads.
 *
 * @param nodeName the node the pod is bound to, or null while it is unscheduled
 * @param nodeSelector node labels the node must have
 * @param affinity node affinity, pod affinity and anti-affinity, or null
 * @param priority the pod priority (from its PriorityClass), or null when not resolved
 * @param resourceClaims the claims the pod references, by pod-local name
 * @param initContainers the init containers, in order
 * @param containers the containers, in order
 * @param tolerations the node taints the pod tolerates
 * @param topologySpreadConstraints how the pod spreads with the pods it selects
 * @param overhead what running the pod costs beyond its containers (from its RuntimeClass)
 * @param schedulingGroup the PodGroup the pod belongs to ({@code spec.schedulingGroup}), or null
 * @param priorityClassName the PriorityClass that gives the pod its priority when {@code
 *     priority} is not resolved, or null
 * @param preemptionPolicy {@code PreemptLowerPriority} or {@code Never}, or null for the
 *     PriorityClass's policy (and otherwise the default, {@code PreemptLowerPriority})
 * @param schedulerName the scheduler profile that schedules the pod ({@code spec.schedulerName}), or
 *     null for {@code default-scheduler}
 * @param resources the pod-level requests and limits ({@code spec.resources}, PodLevelResources), or
 *     null; where set for cpu, memory or hugepages they replace the containers' sum as what the pod
 *     asks of its node
 */
public record PodSpec(
    @Nullable String nodeName,
    Map<String, String> nodeSelector,
    @Nullable Affinity affinity,
    @Nullable Integer priority,
    List<PodResourceClaim> resourceClaims,
    List<Container> initContainers,
    List<Container> containers,
    List<Toleration> tolerations,
    List<TopologySpreadConstraint> topologySpreadConstraints,
    Map<String, Quantity> overhead,
    @Nullable PodSchedulingGroup schedulingGroup,
    @Nullable String priorityClassName,
    @Nullable String preemptionPolicy,
    @Nullable String schedulerName,
    @Nullable ResourceRequirements resources) {
  public PodSpec {
    nodeSelector = Copies.map(nodeSelector);
    resourceClaims = Copies.list(resourceClaims);
    initContainers = Copies.list(initContainers);
    containers = Copies.list(containers);
    tolerations = Copies.list(tolerations);
    topologySpreadConstraints = Copies.list(topologySpreadConstraints);
    overhead = Copies.map(overhead);
  }

  /** {@return {@code affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution}, or null} */
  public @Nullable NodeSelector requiredNodeAffinity() {
    return affinity == null ? null : affinity.requiredNodeAffinity();
  }

  /** {@return a builder with every list and map empty and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link PodSpec}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String nodeName;
    private final Map<String, String> nodeSelector = new LinkedHashMap<>();
    private @Nullable Affinity affinity;
    private @Nullable Integer priority;
    private final List<PodResourceClaim> resourceClaims = new ArrayList<>();
    private final List<Container> initContainers = new ArrayList<>();
    private final List<Container> containers = new ArrayList<>();
    private final List<Toleration> tolerations = new ArrayList<>();
    private final List<TopologySpreadConstraint> topologySpreadConstraints = new ArrayList<>();
    private final Map<String, Quantity> overhead = new LinkedHashMap<>();
    private @Nullable PodSchedulingGroup schedulingGroup;
    private @Nullable String priorityClassName;
    private @Nullable String preemptionPolicy;
    private @Nullable String schedulerName;
    private @Nullable ResourceRequirements resources;

    private Builder() {}

    private Builder(PodSpec r) {
      nodeName = r.nodeName();
      nodeSelector.putAll(r.nodeSelector());
      affinity = r.affinity();
      priority = r.priority();
      resourceClaims.addAll(r.resourceClaims());
      initContainers.addAll(r.initContainers());
      containers.addAll(r.containers());
      tolerations.addAll(r.tolerations());
      topologySpreadConstraints.addAll(r.topologySpreadConstraints());
      overhead.putAll(r.overhead());
      schedulingGroup = r.schedulingGroup();
      priorityClassName = r.priorityClassName();
      preemptionPolicy = r.preemptionPolicy();
      schedulerName = r.schedulerName();
      resources = r.resources();
    }

    /** Sets or (with null) clears {@code nodeName}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeName(@Nullable String nodeName) {
      this.nodeName = nodeName;
      return this;
    }

    /** Replaces {@code nodeSelector}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeSelector(Map<String, String> nodeSelector) {
      this.nodeSelector.clear();
      nodeSelector.forEach(this::putNodeSelector);
      return this;
    }

    /** Adds or replaces one entry of {@code nodeSelector}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putNodeSelector(String key, String value) {
      nodeSelector.put(Objects.requireNonNull(key, "nodeSelector key"),
          Objects.requireNonNull(value, "nodeSelector value"));
      return this;
    }

    /**
     * Sets or (with null) clears the required node affinity, keeping the rest of {@code
     * affinity}; returns this builder.
     */
    @CanIgnoreReturnValue
    public Builder requiredNodeAffinity(@Nullable NodeSelector requiredNodeAffinity) {
      Affinity a = affinity;
      NodeAffinity na = a == null ? null : a.nodeAffinity();
      NodeAffinity updated = requiredNodeAffinity == null && (na == null || na.preferred().isEmpty()) ? null
          : new NodeAffinity(requiredNodeAffinity, na == null ? List.of() : na.preferred());
      Affinity result = new Affinity(updated, a == null ? null : a.podAffinity(), a == null ? null : a.podAntiAffinity());
      this.affinity = result.nodeAffinity() == null && result.podAffinity() == null && result.podAntiAffinity() == null
          ? null : result;
      return this;
    }

    /** Sets or (with null) clears {@code affinity}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder affinity(@Nullable Affinity affinity) {
      this.affinity = affinity;
      return this;
    }

    /** Appends one toleration; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addToleration(Toleration toleration) {
      tolerations.add(Objects.requireNonNull(toleration, "toleration"));
      return this;
    }

    /** Replaces {@code tolerations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder tolerations(List<Toleration> tolerations) {
      this.tolerations.clear();
      tolerations.forEach(this::addToleration);
      return this;
    }

    /** Appends one topology spread constraint; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addTopologySpreadConstraint(TopologySpreadConstraint constraint) {
      topologySpreadConstraints.add(Objects.requireNonNull(constraint, "constraint"));
      return this;
    }

    /** Replaces {@code overhead}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder overhead(Map<String, Quantity> overhead) {
      this.overhead.clear();
      this.overhead.putAll(overhead);
      return this;
    }

    /** Sets or (with null) clears {@code priority}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder priority(@Nullable Integer priority) {
      this.priority = priority;
      return this;
    }

    /** Replaces {@code resourceClaims}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resourceClaims(List<PodResourceClaim> resourceClaims) {
      this.resourceClaims.clear();
      resourceClaims.forEach(this::addResourceClaim);
      return this;
    }

    /** Appends one entry to the resource claims; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addResourceClaim(PodResourceClaim resourceClaim) {
      resourceClaims.add(Objects.requireNonNull(resourceClaim, "resourceClaim"));
      return this;
    }

    /** Replaces {@code initContainers}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder initContainers(List<Container> initContainers) {
      this.initContainers.clear();
      initContainers.forEach(this::addInitContainer);
      return this;
    }

    /** Appends one entry to the init containers; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addInitContainer(Container initContainer) {
      initContainers.add(Objects.requireNonNull(initContainer, "initContainer"));
      return this;
    }

    /** Replaces {@code containers}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder containers(List<Container> containers) {
      this.containers.clear();
      containers.forEach(this::addContainer);
      return this;
    }

    /** Appends one entry to the containers; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addContainer(Container container) {
      containers.add(Objects.requireNonNull(container, "container"));
      return this;
    }

    /** Sets or (with null) clears {@code schedulingGroup}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder schedulingGroup(@Nullable PodSchedulingGroup schedulingGroup) {
      this.schedulingGroup = schedulingGroup;
      return this;
    }

    /** Sets or (with null) clears {@code priorityClassName}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder priorityClassName(@Nullable String priorityClassName) {
      this.priorityClassName = priorityClassName;
      return this;
    }

    /** Sets or (with null) clears {@code preemptionPolicy}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder preemptionPolicy(@Nullable String preemptionPolicy) {
      this.preemptionPolicy = preemptionPolicy;
      return this;
    }

    /** Sets or (with null) clears {@code schedulerName}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder schedulerName(@Nullable String schedulerName) {
      this.schedulerName = schedulerName;
      return this;
    }

    /** Sets or (with null) clears the pod-level {@code resources}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resources(@Nullable ResourceRequirements resources) {
      this.resources = resources;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new PodSpec
     */
    public PodSpec build() {
      return new PodSpec(nodeName, nodeSelector, affinity, priority, resourceClaims,
          initContainers, containers, tolerations, topologySpreadConstraints, overhead, schedulingGroup,
          priorityClassName, preemptionPolicy, schedulerName, resources);
    }
  }
}
