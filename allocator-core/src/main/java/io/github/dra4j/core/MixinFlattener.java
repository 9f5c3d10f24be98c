package io.github.dra4j.core;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import io.github.dra4j.core.internal.mixin.ResolvedDevice;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Turns a ResourceSlice that uses KEP-5234 mixins into the equivalent slice without them: the
 * "flattened ResourceSlice" that tools show so that a reader sees each device and counter set
 * complete. The allocator never flattens; it resolves mixins lazily with the same precedence
 * (own entries win, then the later include over the earlier).
 *
 * <p>In the result, {@code spec.mixins} is absent and every {@code includes} list is empty;
 * devices carry their effective attributes and capacities, counter sets and counter
 * consumptions their effective counters. Attribute names are written in canonical form:
 * unqualified for the driver's own domain ({@code model}), qualified otherwise
 * ({@code example.com/model}). Capacity names keep the spelling of the entry that wins, because
 * capacity requests and results match a capacity by its name as written. Everything else is
 * copied unchanged. Example:
 *
 * <pre>{@code
 * ResourceSlice flat = MixinFlattener.flatten(slice);
 * flat.spec().devices().get(0).attributes(); // own attributes plus those of its includes
 * }</pre>
 */
public final class MixinFlattener {
  private MixinFlattener() {}

  /**
   * Returns the devices of a slice as the allocator hands them to selectors: views that look up
   * their attributes and capacities through the slice's mixins lazily, never flattened. A
   * selector implementation ({@link DeviceSelectorCompiler}) is tested and measured on exactly
   * these, as allocator-bench's CEL benchmark does.
   *
   * @param slice the slice; never modified
   * @return one view per device, in slice order
   * @throws IllegalArgumentException when an include cannot be resolved, as for {@link #flatten}
   */
  public static List<DeviceView> views(ResourceSlice slice) {
    return List.copyOf(resolve(slice, "cannot resolve mixins").devices());
  }

  private static ResolvedSlice resolve(ResourceSlice slice, String what) {
    Objects.requireNonNull(slice, "slice");
    ResolvedSlice resolved = MixinResolver.resolve(slice, true);
    List<FieldError> fatal = resolved.problems().stream()
        .filter(p -> p.type() == FieldError.Type.NOT_FOUND || p.type() == FieldError.Type.DUPLICATE)
        .toList();
    if (!fatal.isEmpty()) {
      throw new IllegalArgumentException("ResourceSlice " + slice.name() + ": " + what + ": "
          + fatal.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
    }
    return resolved;
  }

  /**
   * Returns the equivalent slice without mixins and includes.
   *
   * <p>A slice whose includes cannot be resolved unambiguously (an include naming an undefined
   * mixin, or two mixins of one kind with the same name) has no flattened form. A slice that
   * merely exceeds a limit (too many includes, more than 32 attributes and capacities after
   * resolution) is flattened as is; the result exceeds the same limit.
   *
   * @param slice the slice; never modified
   * @return the flattened slice; a slice without mixins comes back equal up to name spelling
   * @throws IllegalArgumentException naming the slice, the field path and the missing or
   *     duplicate mixin name when an include cannot be resolved
   */
  public static ResourceSlice flatten(ResourceSlice slice) {
    ResolvedSlice resolved = resolve(slice, "cannot flatten mixins");
    ResourceSliceSpec spec = slice.spec();
    String driver = spec.driver();

    List<CounterSet> counterSets = new ArrayList<>(spec.sharedCounters().size());
    for (ResolvedCounterSet cs : resolved.counterSets()) {
      counterSets.add(new CounterSet(cs.counterSet(), counters(cs), List.of()));
    }
    List<Device> devices = new ArrayList<>(spec.devices().size());
    for (ResolvedDevice d : resolved.devices()) {
      Device own = d.device();
      Map<String, DeviceAttribute> attributes = new HashMap<>();
      d.forEachAttribute((domain, id, v) -> attributes.put(name(domain, id, driver), v));
      Map<String, DeviceCapacity> capacity = new HashMap<>();
      d.forEachCapacity((domain, id, v) -> capacity.put(d.capacityName(domain, id), v));
      List<DeviceCounterConsumption> consumption = new ArrayList<>(own.consumesCounters().size());
      List<? extends ResolvedCounters> resolvedCounters = d.consumesCounters();
      for (int j = 0; j < resolvedCounters.size(); j++) {
        ResolvedCounters c = resolvedCounters.get(j);
        consumption.add(new DeviceCounterConsumption(c.counterSet(), counters(c), List.of(),
            own.consumesCounters().get(j).compatibilityGroups()));
      }
      devices.add(new Device(own.name(), attributes, capacity, consumption, List.of(),
          own.nodeName(), own.nodeSelector(), own.allNodes(), own.taints(),
          own.bindingConditions(), own.bindingFailureConditions(), own.bindsToNode(),
          own.allowMultipleAllocations(), own.nodeAllocatableResources()));
    }
    ResourceSliceSpec flat = new ResourceSliceSpec(driver, spec.pool(), spec.nodeName(),
        spec.nodeSelector(), spec.allNodes(), spec.perDeviceNodeSelection(), devices, counterSets, null,
        spec.partitionTypeAttribute(), spec.skipNodeOperations());
    return new ResourceSlice(slice.metadata(), flat);
  }

  private static Map<String, Counter> counters(ResolvedCounters counters) {
    Map<String, Counter> result = new HashMap<>();
    counters.forEachCounter((name, q) -> result.put(name, new Counter(q)));
    return result;
  }

  private static String name(String domain, String id, String driver) {
    return domain.equals(driver) ? id : domain + "/" + id;
  }
}
