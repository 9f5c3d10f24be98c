package io.github.dra4j.core;

import io.github.dra4j.api.DeviceAttribute;
import org.jspecify.annotations.Nullable;

/**
 * Where a request's constraints read a device's attributes (lookupAttribute in
 * allocator_experimental.go): the request's derived attribute of that name first
 * (DRADerivedAttributes), then the device's own.
 */
@FunctionalInterface
interface AttributeSource {
  /** The device's own attributes: a request without derived attributes. */
  AttributeSource STATIC = DeviceEntry::attribute;

  /** {@return the attribute domain/id of the device for the request, or null when it has none} */
  @Nullable DeviceAttribute attribute(DeviceEntry device, String domain, String id);
}
