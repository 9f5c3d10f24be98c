package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import org.jspecify.annotations.Nullable;

/**
 * A status condition ({@code metav1.Condition}), as in {@link DeviceTaintRuleStatus}. Every
 * component may be absent so that a status the allocator never reads cannot block decoding;
 * {@link io.github.dra4j.api.validation.Validator} reports what the API server requires.
 *
 * @param type the condition type, such as {@code EvictionInProgress}
 * @param status {@code True}, {@code False} or {@code Unknown}
 * @param observedGeneration the {@code metadata.generation} the condition was set for
 * @param lastTransitionTime when the status last changed (RFC 3339), kept verbatim
 * @param reason a CamelCase reason
 * @param message a human-readable message
 */
public record Condition(
    @Nullable String type,
    @Nullable String status,
    @Nullable Long observedGeneration,
    @Nullable String lastTransitionTime,
    @Nullable String reason,
    @Nullable String message) {

  /** {@return a builder with every component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link Condition}s step by step; {@link #build} runs the record's constructor. Not
   * thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String type;
    private @Nullable String status;
    private @Nullable Long observedGeneration;
    private @Nullable String lastTransitionTime;
    private @Nullable String reason;
    private @Nullable String message;

    private Builder() {}

    private Builder(Condition r) {
      type = r.type();
      status = r.status();
      observedGeneration = r.observedGeneration();
      lastTransitionTime = r.lastTransitionTime();
      reason = r.reason();
      message = r.message();
    }

    /** Sets or (with null) clears {@code type}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder type(@Nullable String type) {
      this.type = type;
      return this;
    }

    /** Sets or (with null) clears {@code status}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder status(@Nullable String status) {
      this.status = status;
      return this;
    }

    /** Sets or (with null) clears {@code observedGeneration}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder observedGeneration(@Nullable Long observedGeneration) {
      this.observedGeneration = observedGeneration;
      return this;
    }

    /** Sets or (with null) clears {@code lastTransitionTime}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder lastTransitionTime(@Nullable String lastTransitionTime) {
      this.lastTransitionTime = lastTransitionTime;
      return this;
    }

    /** Sets or (with null) clears {@code reason}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder reason(@Nullable String reason) {
      this.reason = reason;
      return this;
    }

    /** Sets or (with null) clears {@code message}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder message(@Nullable String message) {
      this.message = message;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new Condition
     */
    public Condition build() {
      return new Condition(type, status, observedGeneration, lastTransitionTime, reason, message);
    }
  }
}
