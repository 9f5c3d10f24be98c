package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import org.jspecify.annotations.Nullable;

/**
 * A core/v1 pod toleration ({@code spec.tolerations[]}).
 *
 * @param key the taint key it tolerates; null or empty with {@code Exists} tolerates every key
 * @param operator {@code Equal} (the default when null) or {@code Exists}
 * @param value the taint value it tolerates with {@code Equal}
 * @param effect the taint effect it tolerates; null or empty tolerates every effect
 * @param tolerationSeconds how long a {@code NoExecute} taint is tolerated (eviction only; the
 *     scheduler does not read it)
 */
public record Toleration(@Nullable String key, @Nullable String operator, @Nullable String value,
    @Nullable String effect, @Nullable Long tolerationSeconds) {
  /** The operator comparing values. */
  public static final String EQUAL = "Equal";
  /** The operator matching any value. */
  public static final String EXISTS = "Exists";

  /**
   * Returns whether this toleration tolerates the taint, as {@code v1.Toleration.ToleratesTaint}:
   * effect and key match when set, then {@code Equal} (or no operator) compares values and
   * {@code Exists} matches any; another operator tolerates nothing.
   *
   * @param taint the taint
   * @return whether it is tolerated
   */
  public boolean tolerates(Taint taint) {
    if (effect != null && !effect.isEmpty() && !effect.equals(taint.effect())) {
      return false;
    }
    if (key != null && !key.isEmpty() && !key.equals(taint.key())) {
      return false;
    }
    if (operator == null || operator.isEmpty() || operator.equals(EQUAL)) {
      return (value == null ? "" : value).equals(taint.valueOrEmpty());
    }
    return operator.equals(EXISTS);
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
   * Builds {@link Toleration}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String key;
    private @Nullable String operator;
    private @Nullable String value;
    private @Nullable String effect;
    private @Nullable Long tolerationSeconds;

    private Builder() {}

    private Builder(Toleration r) {
      key = r.key();
      operator = r.operator();
      value = r.value();
      effect = r.effect();
      tolerationSeconds = r.tolerationSeconds();
    }

    /** Sets or (with null) clears {@code key}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder key(@Nullable String key) {
      this.key = key;
      return this;
    }

    /** Sets or (with null) clears {@code operator}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder operator(@Nullable String operator) {
      this.operator = operator;
      return this;
    }

    /** Sets or (with null) clears {@code value}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder value(@Nullable String value) {
      this.value = value;
      return this;
    }

    /** Sets or (with null) clears {@code effect}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder effect(@Nullable String effect) {
      this.effect = effect;
      return this;
    }

    /** Sets or (with null) clears {@code tolerationSeconds}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder tolerationSeconds(@Nullable Long tolerationSeconds) {
      this.tolerationSeconds = tolerationSeconds;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new Toleration
     */
    public Toleration build() {
      return new Toleration(key, operator, value, effect, tolerationSeconds);
    }
  }
}
