package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Device;
import io.github.dra4j.core.DeviceView;
import java.util.List;

/** A device of a resolved slice: a {@link DeviceView} plus what the allocator needs besides. */
public interface ResolvedDevice extends DeviceView {

  /** {@return the device as published, includes unresolved} */
  Device device();

  /** {@return the index of the device in {@code spec.devices} of its slice} */
  int index();

  /** {@return the counter consumptions, in the device's order, mixins applied lazily} */
  List<? extends ResolvedCounters> consumesCounters();
}
