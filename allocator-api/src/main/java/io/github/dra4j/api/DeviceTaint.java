package io.github.dra4j.api;

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
}
