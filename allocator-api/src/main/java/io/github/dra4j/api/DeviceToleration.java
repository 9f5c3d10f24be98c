package io.github.dra4j.api;

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
}
