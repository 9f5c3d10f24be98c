package io.github.dra4j.api;

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
}
