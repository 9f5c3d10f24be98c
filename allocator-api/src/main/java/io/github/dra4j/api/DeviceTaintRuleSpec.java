package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The selector and the taint of a {@link DeviceTaintRule}.
 *
 * @param deviceSelector which devices get the taint; null selects every device
 * @param taint the taint added to each selected device
 */
public record DeviceTaintRuleSpec(@Nullable DeviceTaintSelector deviceSelector, DeviceTaint taint) {
  public DeviceTaintRuleSpec {
    Objects.requireNonNull(taint, "taint");
  }

  /** {@return a spec} */
  public static DeviceTaintRuleSpec of(@Nullable DeviceTaintSelector deviceSelector, DeviceTaint taint) {
    return new DeviceTaintRuleSpec(deviceSelector, taint);
  }
}
