package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One template of a Workload ({@code spec.podGroupTemplates}): what each PodGroup made from it
 * copies. The fields that do not decide placement ({@code disruptionMode}, {@code
 * priorityClassName}) are accepted and checked but not kept.
 *
 * @param name unique within the Workload, a DNS label
 * @param schedulingPolicy basic or gang
 * @param schedulingConstraints topology constraints, or null
 * @param resourceClaims claims shared by the group's pods (DRAWorkloadResourceClaims)
 * @param priority the priority of the groups made from it, or null when not resolved
 */
public record PodGroupTemplate(
    String name,
    PodGroupSchedulingPolicy schedulingPolicy,
    @Nullable PodGroupSchedulingConstraints schedulingConstraints,
    List<PodGroupResourceClaim> resourceClaims,
    @Nullable Integer priority) {
  public PodGroupTemplate {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(schedulingPolicy, "schedulingPolicy");
    resourceClaims = Copies.list(resourceClaims);
  }

  /** {@return a builder with the basic policy and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link PodGroupTemplate}s step by step; {@link #build} runs the record's constructor.
   * Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private String name = "";
    private PodGroupSchedulingPolicy schedulingPolicy = PodGroupSchedulingPolicy.basicPolicy();
    private @Nullable PodGroupSchedulingConstraints schedulingConstraints;
    private final List<PodGroupResourceClaim> resourceClaims = new ArrayList<>();
    private @Nullable Integer priority;

    private Builder() {}

    private Builder(PodGroupTemplate r) {
      name = r.name();
      schedulingPolicy = r.schedulingPolicy();
      schedulingConstraints = r.schedulingConstraints();
      resourceClaims.addAll(r.resourceClaims());
      priority = r.priority();
    }

    /** Sets {@code name}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets {@code schedulingPolicy}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder schedulingPolicy(PodGroupSchedulingPolicy schedulingPolicy) {
      this.schedulingPolicy = Objects.requireNonNull(schedulingPolicy, "schedulingPolicy");
      return this;
    }

    /** Sets or (with null) clears {@code schedulingConstraints}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder schedulingConstraints(@Nullable PodGroupSchedulingConstraints schedulingConstraints) {
      this.schedulingConstraints = schedulingConstraints;
      return this;
    }

    /** Replaces {@code resourceClaims}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resourceClaims(List<PodGroupResourceClaim> resourceClaims) {
      this.resourceClaims.clear();
      resourceClaims.forEach(this::addResourceClaim);
      return this;
    }

    /** Appends one entry to the resource claims; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addResourceClaim(PodGroupResourceClaim resourceClaim) {
      resourceClaims.add(Objects.requireNonNull(resourceClaim, "resourceClaim"));
      return this;
    }

    /** Sets or (with null) clears {@code priority}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder priority(@Nullable Integer priority) {
      this.priority = priority;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new PodGroupTemplate
     */
    public PodGroupTemplate build() {
      return new PodGroupTemplate(name, schedulingPolicy, schedulingConstraints, resourceClaims, priority);
    }
  }
}
