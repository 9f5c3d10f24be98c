package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A DeviceTaintRule ({@code resource.k8s.io}, served as v1alpha3, v1beta2 and v1): adds one
 * taint to every device its selector matches, with the same effect as if the driver had
 * published the taint in its ResourceSlice. An administrator uses it to keep new pods off, or
 * evict pods from, devices without touching the driver's slices.
 *
 * @param metadata object metadata (the rule is cluster-scoped)
 * @param spec the selector and the taint
 * @param status what the eviction controller reports; never read by allocation
 */
public record DeviceTaintRule(ObjectMeta metadata, DeviceTaintRuleSpec spec, DeviceTaintRuleStatus status) {
  public DeviceTaintRule {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(status, "status");
  }

  /** {@return a rule without status} */
  public static DeviceTaintRule of(ObjectMeta metadata, DeviceTaintRuleSpec spec) {
    return new DeviceTaintRule(metadata, spec, DeviceTaintRuleStatus.EMPTY);
  }

  /** {@return the rule name} */
  public @Nullable String name() {
    return metadata.name();
  }
}
