package io.github.dra4j.api.simulation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One kind of pod the arrivals are drawn from: every pod of the kind is a copy of {@code pod} named
 * {@code <kind>-<arrival index>}.
 *
 * @param name the kind's name, used in pod names and reports
 * @param pod the template pod; its claims come from ResourceClaimTemplates or extended resources
 *     (a claim named by {@code resourceClaimName} would be shared by every pod of the kind, which
 *     is not what a stream of pods is, so it is refused)
 * @param templates the ResourceClaimTemplates the pod refers to (more may come from the cluster)
 * @param weight the relative frequency of the kind when the arrivals are drawn at random
 * @param lifetime how many arrivals a pod of the kind stays before it leaves and frees its
 *     devices; null when it never leaves. A gang leaves as one group.
 * @param gang when the kind arrives as gangs: each arrival is a PodGroup of {@code pod}'s copies;
 *     null when each arrival is one pod
 */
public record PodKind(String name, Pod pod, List<ResourceClaimTemplate> templates, double weight,
    @Nullable Integer lifetime, @Nullable Gang gang) {
  /**
   * Checks the components and copies the list.
   *
   * @throws IllegalArgumentException when the weight is negative or not finite, the lifetime is
   *     below 1, the pod names a claim, or no pod entry uses one of the gang's group claims
   */
  public PodKind {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(pod, "pod");
    templates = List.copyOf(templates);
    if (!(weight >= 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException("pod kind " + name + ": weight must be a finite number >= 0, got " + weight);
    }
    if (lifetime != null && lifetime < 1) {
      throw new IllegalArgumentException("pod kind " + name + ": lifetime must be at least 1, got " + lifetime);
    }
    pod.spec().resourceClaims().forEach(c -> {
      if (c.resourceClaimName() != null) {
        throw new IllegalArgumentException("pod kind " + name + ": pod claim " + c.name()
            + " names the claim " + c.resourceClaimName() + "; every pod of a kind would share it, use a template");
      }
    });
    if (gang != null) {
      for (PodGroupResourceClaim c : gang.spec().resourceClaims()) {
        if (pod.spec().resourceClaims().stream().noneMatch(c::matches)) {
          throw new IllegalArgumentException("pod kind " + name + ": no entry of the pod's resourceClaims is the group "
              + "claim " + c.name() + " (same name and resourceClaimTemplateName), so no pod would use it");
        }
      }
    }
  }

  /**
   * A kind whose arrivals are single pods.
   *
   * @param name see the record component
   * @param pod see the record component
   * @param templates see the record component
   * @param weight see the record component
   * @param lifetime see the record component
   * @throws IllegalArgumentException as the canonical constructor does
   */
  public PodKind(String name, Pod pod, List<ResourceClaimTemplate> templates, double weight,
      @Nullable Integer lifetime) {
    this(name, pod, templates, weight, lifetime, null);
  }

  /** {@return a builder with weight 1, no template, no lifetime and no gang, and name and pod unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link PodKind}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private @Nullable Pod pod;
    private final List<ResourceClaimTemplate> templates = new ArrayList<>();
    private double weight = 1;
    private @Nullable Integer lifetime;
    private @Nullable Gang gang;

    private Builder() {}

    private Builder(PodKind r) {
      name = r.name();
      pod = r.pod();
      templates.addAll(r.templates());
      weight = r.weight();
      lifetime = r.lifetime();
      gang = r.gang();
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets {@code pod}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder pod(Pod pod) {
      this.pod = Objects.requireNonNull(pod, "pod");
      return this;
    }

    /** Replaces {@code templates}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder templates(List<ResourceClaimTemplate> templates) {
      this.templates.clear();
      templates.forEach(this::addTemplate);
      return this;
    }

    /** Appends to {@code templates}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addTemplate(ResourceClaimTemplate item) {
      templates.add(Objects.requireNonNull(item, "templates item"));
      return this;
    }

    /** Sets {@code weight}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder weight(double weight) {
      this.weight = weight;
      return this;
    }

    /** Sets or (with null) clears {@code lifetime}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder lifetime(@Nullable Integer lifetime) {
      this.lifetime = lifetime;
      return this;
    }

    /** Sets or (with null) clears {@code gang}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder gang(@Nullable Gang gang) {
      this.gang = gang;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new PodKind
     * @throws NullPointerException when {@code name}, {@code pod} is unset
     * @throws IllegalArgumentException as the record's constructor does
     */
    public PodKind build() {
      return new PodKind(
          Objects.requireNonNull(name, "name"), Objects.requireNonNull(pod, "pod"), templates, weight, lifetime, gang);
    }
  }
}
