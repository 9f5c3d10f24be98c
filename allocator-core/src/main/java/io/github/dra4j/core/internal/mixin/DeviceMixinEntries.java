package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;

/** One device mixin with its names normalised once per slice. */
record DeviceMixinEntries(Entries<DeviceAttribute> attributes, Entries<DeviceCapacity> capacity) {}
