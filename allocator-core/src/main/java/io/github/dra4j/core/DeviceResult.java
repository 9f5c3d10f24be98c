package io.github.dra4j.core;

import java.math.BigDecimal;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A device chosen for a request, by its layout and number: a search that only asks whether the
 * claims fit never reads the device itself. nodeBound: PoolLayout.nodeBound.
 */
record DeviceResult(
    PoolLayout layout,
    int local,
    boolean nodeBound,
    RequestData request,
    @Nullable String shareId,
    @Nullable Map<String, BigDecimal> consumedCapacity) {
  DeviceEntry device() {
    return layout.devices[local];
  }
}
