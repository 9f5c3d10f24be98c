package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A toleration of device taints.
 *
 * @param key the taint key; empty with Exists tolerates every taint
 * @param operator Equal (the default) or Exists
 * @param value the value compared with Equal
 * @param effect the effect tolerated; empty tolerates every effect
 * @param tolerationSeconds how long a NoExecute taint is tolerated
 */
public record DeviceToleration(
    @Nullable String key,
    @Nullable String operator,
    @Nullable String value,
    @Nullable String effect,
    @Nullable Long tolerationSeconds) {
  public static final String OPERATOR_EQUAL = "Equal";
  public static final String OPERATOR_EXISTS = "Exists";

  /** {@return a builder with every list and map empty, every flag false and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link DeviceToleration}s step by step. Setters replace a component, {@code add}/{@code put}
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

    private Builder(DeviceToleration r) {
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
     * @return a new DeviceToleration
     */
    public DeviceToleration build() {
      return new DeviceToleration(key, operator, value, effect, tolerationSeconds);
    }
  }
}
