package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@code scheduling.k8s.io/v1} PriorityClass: the priority that admission gives the pods that
 * name it in {@code spec.priorityClassName} (and, for the one with {@code globalDefault}, the
 * pods that name none), and their preemption policy when the pod sets none. The scheduler orders
 * pods and chooses preemption victims by that priority.
 *
 * @param metadata the name (cluster-scoped)
 * @param value the priority
 * @param globalDefault whether pods without {@code priorityClassName} get this class
 * @param preemptionPolicy {@code PreemptLowerPriority} or {@code Never}; null for the default
 *     ({@code PreemptLowerPriority})
 */
public record PriorityClass(ObjectMeta metadata, int value, boolean globalDefault, @Nullable String preemptionPolicy) {
  /** The policy of pods that may preempt lower-priority pods (the default). */
  public static final String PREEMPT_LOWER_PRIORITY = "PreemptLowerPriority";
  /** The policy of pods that never preempt others. */
  public static final String NEVER = "Never";

  public PriorityClass {
    Objects.requireNonNull(metadata, "metadata");
  }

  /** {@return a class with this name and value, not the global default, with the default policy} */
  public static PriorityClass of(String name, int value) {
    return new PriorityClass(ObjectMeta.named(name), value, false, null);
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
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
   * Builds {@link PriorityClass}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable ObjectMeta metadata;
    private int value;
    private boolean globalDefault;
    private @Nullable String preemptionPolicy;

    private Builder() {}

    private Builder(PriorityClass r) {
      metadata = r.metadata();
      value = r.value();
      globalDefault = r.globalDefault();
      preemptionPolicy = r.preemptionPolicy();
    }

    /** Sets {@code metadata}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder metadata(ObjectMeta metadata) {
      this.metadata = Objects.requireNonNull(metadata, "metadata");
      return this;
    }

    /** Sets {@code value}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder value(int value) {
      this.value = value;
      return this;
    }

    /** Sets {@code globalDefault}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder globalDefault(boolean globalDefault) {
      this.globalDefault = globalDefault;
      return this;
    }

    /** Sets or (with null) clears {@code preemptionPolicy}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder preemptionPolicy(@Nullable String preemptionPolicy) {
      this.preemptionPolicy = preemptionPolicy;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new PriorityClass
     * @throws NullPointerException when {@code metadata} is unset
     */
    public PriorityClass build() {
      return new PriorityClass(Objects.requireNonNull(metadata, "metadata"), value, globalDefault, preemptionPolicy);
    }
  }
}
