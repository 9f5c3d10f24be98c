package io.github.dra4j.core;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.core.TaintRules.RuleTaint;
import io.github.dra4j.core.internal.mixin.ResolvedDevice;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * One visible device of a slice: its id, its lazy mixin view and what the snapshot's in-use
 * state says about it, so that the search never hashes the allocated-claims sets. Immutable (but
 * for a memo of the last attribute lookup), so a successor snapshot shares the entries of pools
 * whose slices and in-use state did not change.
 */
final class DeviceEntry {
  final SliceEntry slice;
  final ResolvedDevice view;
  final Device device;
  final DeviceId id;
  /**
   * Indexes the selector results (CachedSelector). Unique among a snapshot's devices and bound to
   * the view: a successor snapshot gives a device with the same view the same uid, so its
   * selector results carry over, and never gives a retired uid to another view.
   */
  final int uid;
  /** In {@code AllocatedDevices}: dedicated to an allocated claim. */
  final boolean inUseDedicated;
  /** Allocated in any way ({@code IsDeviceAllocated}): its counters are consumed. */
  final boolean allocatedAny;
  /** Capacity consumed by allocated shares, or null ({@code AggregatedCapacity}). */
  final @Nullable Map<String, Quantity> aggregatedCapacity;
  /**
   * An allocated share holds the device ({@code deviceCapacityInUse}): its counters are charged
   * already, so a further share skips the counter check. A share recorded by share ID alone has no
   * aggregated capacity and counts too, as in the reference since kubernetes#140437.
   */
  final boolean capacityInUse;
  /**
   * The first attribute without a supported value, or null. The reference converts every
   * attribute before evaluating a selector, so such a device fails every selector with a CEL
   * runtime error ("unsupported attribute value") while devices without selectors are fine.
   */
  final @Nullable String unsupportedAttribute;
  /**
   * The taints DeviceTaintRules add to the device, after its own ({@code device.taints()}); the
   * device is treated as if its slice had published them. Usually empty and shared.
   */
  final List<RuleTaint> ruleTaints;
  /*
   * The attribute a constraint looked up last. A failing search tries the same device under the
   * same constraint again and again, and each lookup walks the mixin view's sorted entries. A
   * memo, not state: threads racing on it at worst look the value up again, and the holder's
   * final fields publish it safely.
   */
  private @Nullable LookedUp lookedUp;
  /*
   * The device's effective capacities by PoolUsage name, for summing usage: looked up once per
   * view (the walk resolves mixins), then shared by the successor entries of the same view. An
   * immutable list of immutable entries, so a racing thread sees it whole or computes it again.
   */
  private @Nullable List<Map.Entry<String, BigDecimal>> capacities;

  private record LookedUp(String domain, String id, @Nullable DeviceAttribute value) {}

  /** {@return the attribute as {@code view.attribute(domain, id)} gives it, remembered per device} */
  @Nullable DeviceAttribute attribute(String domain, String id) {
    LookedUp last = lookedUp;
    if (last != null && last.domain.equals(domain) && last.id.equals(id)) {
      return last.value;
    }
    DeviceAttribute value = view.attribute(domain, id);
    lookedUp = new LookedUp(domain, id, value);
    return value;
  }

  DeviceEntry(SliceEntry slice, ResolvedDevice view, int uid, AllocatedState state, List<RuleTaint> poolRuleTaints) {
    this.slice = slice;
    this.view = view;
    this.device = view.device();
    this.id = new DeviceId(slice.poolId.driver(), slice.poolId.pool(), device.name());
    this.uid = uid;
    this.inUseDedicated = state.allocatedDevices().contains(id);
    this.aggregatedCapacity = state.aggregatedCapacity().get(id);
    this.capacityInUse = aggregatedCapacity != null || state.sharedDevices().contains(id);
    this.allocatedAny = inUseDedicated || capacityInUse;
    this.unsupportedAttribute = view.unsupportedAttribute();
    this.ruleTaints = TaintRules.forDevice(poolRuleTaints, device.name());
  }

  /**
   * The same device with another in-use state or other rule taints (and, when the uid space is
   * compacted, another uid).
   */
  DeviceEntry(SliceEntry slice, DeviceEntry previous, int uid, AllocatedState state, List<RuleTaint> poolRuleTaints) {
    this.slice = slice;
    this.view = previous.view;
    this.device = previous.device;
    this.id = previous.id;
    this.uid = uid;
    this.inUseDedicated = state.allocatedDevices().contains(id);
    this.aggregatedCapacity = state.aggregatedCapacity().get(id);
    this.capacityInUse = aggregatedCapacity != null || state.sharedDevices().contains(id);
    this.allocatedAny = inUseDedicated || capacityInUse;
    this.unsupportedAttribute = previous.unsupportedAttribute;
    this.ruleTaints = TaintRules.forDevice(poolRuleTaints, device.name());
    this.capacities = previous.capacities;
  }

  /**
   * The same device with the claims of {@code added} allocated too (ClusterSnapshot.withAllocated):
   * what they use adds to what was in use, as if the snapshot had been built with all claims.
   */
  DeviceEntry(SliceEntry slice, DeviceEntry previous, AllocatedState added) {
    this.slice = slice;
    this.view = previous.view;
    this.device = previous.device;
    this.id = previous.id;
    this.uid = previous.uid;
    this.inUseDedicated = previous.inUseDedicated || added.allocatedDevices().contains(id);
    this.aggregatedCapacity = sum(previous.aggregatedCapacity, added.aggregatedCapacity().get(id));
    this.capacityInUse = previous.capacityInUse || aggregatedCapacity != null || added.sharedDevices().contains(id);
    this.allocatedAny = previous.allocatedAny || inUseDedicated || capacityInUse;
    this.unsupportedAttribute = previous.unsupportedAttribute;
    this.ruleTaints = previous.ruleTaints;
    this.capacities = previous.capacities;
  }

  private static @Nullable Map<String, Quantity> sum(@Nullable Map<String, Quantity> a,
      @Nullable Map<String, Quantity> b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    Map<String, Quantity> out = new HashMap<>(a);
    b.forEach((name, q) -> out.merge(name, q, Quantity::add));
    return Collections.unmodifiableMap(out);
  }

  /** {@return the effective capacities, named as {@link PoolUsage.Capacity} names them, in view order} */
  List<Map.Entry<String, BigDecimal>> capacities() {
    List<Map.Entry<String, BigDecimal>> known = capacities;
    if (known == null) {
      List<Map.Entry<String, BigDecimal>> out = new ArrayList<>();
      view.forEachCapacity((domain, name, c) -> out.add(Map.entry(capacityName(domain, name), c.value().value())));
      known = List.copyOf(out);
      capacities = known;
    }
    return known;
  }

  /** {@return a capacity's name in usage: unqualified in the driver's domain, domain/id otherwise} */
  String capacityName(String domain, String name) {
    return domain.equals(id.driver()) ? name : domain + "/" + name;
  }

  /** {@return whether the device has a taint of its own or from a rule} */
  boolean tainted() {
    return !device.taints().isEmpty() || !ruleTaints.isEmpty();
  }

  @Override
  public String toString() {
    return id.toString();
  }
}
