package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import java.util.List;

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
   * A device or counter set removed because the mixins gate is off.
   *
   * @param kind "device" or "counterSet"
   * @param name the device or counter set name
   * @param reason why, such as "device uses includes while DRAResourceSliceMixins is disabled"
   */
  record Dropped(String kind, String name, String reason) {}
}
