package io.github.dra4j.core;

import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceTaintSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * The DeviceTaintRules of a snapshot, applied as the scheduler's ResourceSlice tracker applies
 * them (resourceslice/tracker applyPatches): a rule whose selector's driver and pool, where set,
 * equal the slice's adds its taint to each device of the slice whose name equals the selector's
 * device, where set; a rule without a selector taints every device. The taints come after the
 * device's own, rules in input order (the tracker takes them in informer order, which only
 * changes which taint an explanation names first). Slices are never copied: each DeviceEntry
 * carries the rule taints that apply to it.
 */
final class TaintRules {
  static final TaintRules NONE = new TaintRules(List.of());

  /** A rule's taint for one pool: for every device (device null) or for the named one. */
  record RuleTaint(@Nullable String device, DeviceTaint taint, String rule) {}

  private final List<DeviceTaintRule> rules;

  private TaintRules(List<DeviceTaintRule> rules) {
    this.rules = rules;
  }

  /** The rules in effect: none while DRADeviceTaintRules is off, as the tracker then passes slices through. */
  static TaintRules of(List<DeviceTaintRule> rules, Features features) {
    return features.deviceTaintRules() && !rules.isEmpty() ? new TaintRules(rules) : NONE;
  }

  /** {@return the taints of the rules that select devices of this pool, in rule order} */
  List<RuleTaint> forPool(PoolId pool) {
    if (rules.isEmpty()) {
      return List.of();
    }
    List<RuleTaint> out = new ArrayList<>(0);
    for (DeviceTaintRule rule : rules) {
      DeviceTaintSelector s = rule.spec().deviceSelector();
      if (s != null && ((s.driver() != null && !s.driver().equals(pool.driver()))
          || (s.pool() != null && !s.pool().equals(pool.pool())))) {
        continue;
      }
      out.add(new RuleTaint(s == null ? null : s.device(), rule.spec().taint(),
          Objects.requireNonNullElse(rule.name(), "")));
    }
    return List.copyOf(out);
  }

  /** {@return the pool's rule taints that apply to one device; the pool's list when all do} */
  static List<RuleTaint> forDevice(List<RuleTaint> pool, String device) {
    int matching = 0;
    for (RuleTaint t : pool) {
      if (t.device() == null || t.device().equals(device)) {
        matching++;
      }
    }
    if (matching == pool.size()) {
      return pool;
    }
    List<RuleTaint> out = new ArrayList<>(matching);
    for (RuleTaint t : pool) {
      if (t.device() == null || t.device().equals(device)) {
        out.add(t);
      }
    }
    return List.copyOf(out);
  }
}
