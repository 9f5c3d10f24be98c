package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One ResourceSlice with its mixins indexed once, so that every device, counter set and
 * consumption is a lazy view. Built by {@code MixinResolver.resolve(slice, mixinsEnabled)}.
 */
public interface ResolvedSlice {

  /** {@return the slice as published} */
  ResourceSlice slice();

  /** {@return the visible devices in slice order; devices dropped by the mixins gate are absent} */
  List<? extends ResolvedDevice> devices();

  /** {@return the visible counter sets in slice order; ones dropped by the mixins gate are absent} */
  List<? extends ResolvedCounterSet> counterSets();

  /** {@return what the mixins gate dropped, and why; empty when the gate is on} */
  List<Dropped> dropped();

  /**
   * Returns the mixin problems that make the pool invalid: an include naming an undefined
   * mixin, duplicate mixin names, an include list over its limit, a device over 32 attributes
   * and capacities after resolution. Paths are relative to the slice ({@code spec.devices[2].includes[0]}).
   *
   * @return the problems; empty when the slice resolves cleanly
   */
  List<FieldError> problems();

  /**
   * Returns the names of the counter sets of this slice that the mixins gate dropped. Devices
   * of the same pool that consume from one of them must be dropped too; they usually live in
   * other slices of the pool, so the allocator applies that rule when it gathers the pool.
   *
   * @return the dropped counter set names in slice order; empty when the gate is on
   */
  default Set<String> droppedCounterSets() {
    Set<String> names = new LinkedHashSet<>();
    for (Dropped d : dropped()) {
      if (d.kind().equals(Dropped.COUNTER_SET)) {
        names.add(d.name());
      }
    }
    return Collections.unmodifiableSet(names);
  }

  /**
   * A device or counter set removed because the mixins gate is off.
   *
   * @param kind {@link #DEVICE} or {@link #COUNTER_SET}
   * @param name the device or counter set name
   * @param reason why, such as "device uses includes while DRAResourceSliceMixins is disabled"
   */
  record Dropped(String kind, String name, String reason) {
    /** The kind of a dropped device. */
    public static final String DEVICE = "device";
    /** The kind of a dropped counter set. */
    public static final String COUNTER_SET = "counterSet";

    public Dropped {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(reason, "reason");
    }
  }
}
