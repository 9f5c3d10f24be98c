package io.github.dra4j.core;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * What one call allocates of devices that allow multiple allocations (allocatingCapacity in
 * allocator_experimental.go): per device, the capacity its shares of this call consume. The
 * entry, even when empty, marks the device's capacity as in use, so that later shares of the
 * call skip the counter check; the share that made the entry takes it away again on undo.
 * Keyed by DeviceEntry identity; only devices with allowMultipleAllocations get entries.
 */
final class AllocatingCapacity {
  private Map<DeviceEntry, Map<String, BigDecimal>> byDevice = Map.of();

  /**
   * A share of a device that allows multiple allocations: its id, the capacity it consumes (null
   * when none), and whether it marked the device's capacity as in use.
   */
  record Share(@Nullable String id, @Nullable Map<String, BigDecimal> consumed, boolean marked) {}

  static final Share NO_SHARE = new Share(null, null, false);

  /** {@return what this call's shares consume of the device, or null when it has none} */
  @Nullable Map<String, BigDecimal> of(DeviceEntry device) {
    return byDevice.isEmpty() ? null : byDevice.get(device);
  }

  /** {@return whether a share of this call holds the device} */
  boolean holds(DeviceEntry device) {
    return byDevice.containsKey(device);
  }

  /** Takes a share of the device: its consumed capacity is added to what this call is allocating. */
  Share share(DeviceEntry device, RequestView request, String shareId, boolean fractional) {
    Map<String, BigDecimal> consumed = ConsumableCapacity.consumedCapacity(device, request, fractional);
    if (byDevice.isEmpty()) {
      byDevice = new HashMap<>();
    }
    boolean marked = !byDevice.containsKey(device);
    Map<String, BigDecimal> sum = byDevice.computeIfAbsent(device, k -> new HashMap<>());
    consumed.forEach((k, v) -> sum.merge(k, v, BigDecimal::add));
    return new Share(shareId, consumed.isEmpty() ? null : consumed, marked);
  }

  /** Gives a share back: its capacity, and the mark when it made it. */
  void release(DeviceEntry device, Share share) {
    Map<String, BigDecimal> consumed = share.consumed();
    Map<String, BigDecimal> sum = byDevice.get(device);
    if (consumed != null && sum != null) {
      consumed.forEach((k, v) -> sum.computeIfPresent(k, (key, old) -> old.subtract(v)));
      boolean empty = true;
      for (BigDecimal v : sum.values()) {
        empty &= v.signum() == 0;
      }
      if (empty) {
        byDevice.remove(device);
      }
    }
    if (share.marked()) {
      byDevice.remove(device);
    }
  }
}
