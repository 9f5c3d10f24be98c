package io.github.dra4j.core;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import org.jspecify.annotations.Nullable;

/**
 * A device as selectors and constraints see it: its attributes and capacities with the
 * slice's mixins applied (own entries first, then includes from last to first), looked up
 * lazily. Names are qualified: an unqualified name in the slice belongs to the driver's
 * domain. Implementations never build a merged copy of the device.
 *
 * <p>Part of the selector SPI: {@code allocator-cel} evaluates CEL against this view.
 */
public interface DeviceView {

  /** {@return the driver name, the default attribute domain} */
  String driver();

  /** {@return the pool name} */
  String pool();

  /** {@return the device name} */
  String name();

  /** {@return the effective attribute, or null when it is set nowhere} */
  @Nullable DeviceAttribute attribute(String domain, String id);

  /** {@return the effective capacity, or null when it is set nowhere} */
  @Nullable DeviceCapacity capacity(String domain, String id);

  /**
   * Visits every effective attribute once (each qualified name once, with the winning value).
   *
   * @param visitor called with domain, id and value
   */
  void forEachAttribute(EntryVisitor<DeviceAttribute> visitor);

  /**
   * Visits every effective capacity once (each qualified name once, with the winning value).
   *
   * @param visitor called with domain, id and value
   */
  void forEachCapacity(EntryVisitor<DeviceCapacity> visitor);

  /** {@return whether the device may be allocated to several requests (consumable capacity)} */
  boolean allowMultipleAllocations();

  /**
   * Receives one qualified entry of a device.
   *
   * @param <V> the value type
   */
  @FunctionalInterface
  interface EntryVisitor<V> {
    /**
     * Receives an entry.
     *
     * @param domain the domain of the name
     * @param id the id of the name
     * @param value the effective value
     */
    void visit(String domain, String id, V value);
  }
}
