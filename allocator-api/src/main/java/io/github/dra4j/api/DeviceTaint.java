package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A driver-defined taint of a device.
 *
 * @param key the taint key
 * @param value the taint value
 * @param effect None, NoSchedule or NoExecute; unknown effects are treated like None
 * @param timeAdded when the taint was added (RFC 3339), kept verbatim
 */
public record DeviceTaint(
    String key, @Nullable String value, String effect, @Nullable String timeAdded) {
  public static final String EFFECT_NONE = "None";
  public static final String EFFECT_NO_SCHEDULE = "NoSchedule";
  public static final String EFFECT_NO_EXECUTE = "NoExecute";

  public DeviceTaint {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(effect, "effect");
  }

  /** {@return a builder with every list and map empty, every flag false and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link DeviceTaint}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String key;
    private @Nullable String value;
    private @Nullable String effect;
    private @Nullable String timeAdded;

    private Builder() {}

    private Builder(DeviceTaint r) {
      key = r.key();
      value = r.value();
      effect = r.effect();
      timeAdded = r.timeAdded();
    }

    /** Sets {@code key}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder key(String key) {
      this.key = Objects.requireNonNull(key, "key");
      return this;
    }

    /** Sets or (with null) clears {@code value}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder value(@Nullable String value) {
      this.value = value;
      return this;
    }

    /** Sets {@code effect}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder effect(String effect) {
      this.effect = Objects.requireNonNull(effect, "effect");
      return this;
    }

    /** Sets or (with null) clears {@code timeAdded}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder timeAdded(@Nullable String timeAdded) {
      this.timeAdded = timeAdded;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new DeviceTaint
     * @throws NullPointerException when {@code key}, {@code effect} is unset
     */
    public DeviceTaint build() {
      return new DeviceTaint(Objects.requireNonNull(key, "key"), value, Objects.requireNonNull(effect, "effect"), timeAdded);
    }
  }
}
