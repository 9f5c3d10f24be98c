package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A core/v1 node taint ({@code spec.taints[]}): pods that do not tolerate it are kept off the
 * node ({@code NoSchedule}, {@code NoExecute}) or avoided ({@code PreferNoSchedule}).
 *
 * @param key the taint key
 * @param value the taint value, or null (read as empty)
 * @param effect {@code NoSchedule}, {@code PreferNoSchedule} or {@code NoExecute}
 */
public record Taint(String key, @Nullable String value, String effect) {
  /** Pods that do not tolerate the taint are not scheduled on the node. */
  public static final String NO_SCHEDULE = "NoSchedule";
  /** The scheduler avoids the node for pods that do not tolerate the taint. */
  public static final String PREFER_NO_SCHEDULE = "PreferNoSchedule";
  /** As NoSchedule, and running pods that do not tolerate it are evicted. */
  public static final String NO_EXECUTE = "NoExecute";

  public Taint {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(effect, "effect");
  }

  /** {@return the value, empty when unset, as Go reads it} */
  public String valueOrEmpty() {
    return value == null ? "" : value;
  }
}
