package io.github.dra4j.core;

import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceToleration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Whether a request tolerates a device's taints: the search and the Explainer ask alike. */
final class Tolerations {
  private Tolerations() {}

  /**
   * The first taint that prevents allocation (NoSchedule or NoExecute, not tolerated), or null:
   * the device's own taints, then those of DeviceTaintRules, as the tracker appends them.
   */
  static @Nullable DeviceTaint untoleratedTaint(DeviceEntry device, RequestView request) {
    for (DeviceTaint taint : device.device.taints()) {
      if (prevents(taint, request)) {
        return taint;
      }
    }
    for (TaintRules.RuleTaint t : device.ruleTaints) {
      if (prevents(t.taint(), request)) {
        return t.taint();
      }
    }
    return null;
  }

  private static boolean prevents(DeviceTaint taint, RequestView request) {
    if (!DeviceTaint.EFFECT_NO_SCHEDULE.equals(taint.effect())
        && !DeviceTaint.EFFECT_NO_EXECUTE.equals(taint.effect())) {
      return false;
    }
    for (DeviceToleration t : request.tolerations) {
      if (toleratesTaint(t, taint)) {
        return false;
      }
    }
    return true;
  }

  /** Mirrors resourceclaim.ToleratesTaint. */
  static boolean toleratesTaint(DeviceToleration t, DeviceTaint taint) {
    if (t.effect() != null && !t.effect().isEmpty() && !t.effect().equals(taint.effect())) {
      return false;
    }
    if (t.key() != null && !t.key().isEmpty() && !t.key().equals(taint.key())) {
      return false;
    }
    String op = t.operator() == null ? "" : t.operator();
    switch (op) {
      case "":
      case DeviceToleration.OPERATOR_EQUAL:
        return Objects.requireNonNullElse(t.value(), "").equals(Objects.requireNonNullElse(taint.value(), ""));
      case DeviceToleration.OPERATOR_EXISTS:
        return true;
      default:
        return false;
    }
  }
}
