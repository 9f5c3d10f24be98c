package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.DeviceView;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A device of a resolved slice: a {@link DeviceView} plus what the allocator needs besides. */
public interface ResolvedDevice extends DeviceView {

  /** {@return the device as published, includes unresolved} */
  Device device();

  /** {@return the index of the device in {@code spec.devices} of its slice} */
  int index();

  /** {@return the counter consumptions, in the device's order, mixins applied lazily} */
  List<? extends ResolvedCounters> consumesCounters();

  /**
   * Returns the name of an effective capacity as its slice (or the mixin that wins it) spells
   * it: {@code memory} or {@code gpu.example.com/memory} for the same qualified name. The
   * reference matches capacity requests and writes {@code consumedCapacity} by that spelling.
   *
   * @param domain the capacity's domain
   * @param id the capacity's id
   * @return the spelled name, or null when the device has no such capacity
   */
  @Nullable String capacityName(String domain, String id);

  /**
   * Returns the id of the first attribute, in iteration order, whose value is of no supported
   * type ({@link DeviceAttribute.Empty}). The reference converts every
   * attribute before evaluating a selector, so such a device fails every selector. Resolved
   * views compute it once, when the slice is resolved.
   *
   * @return the attribute id, or null when every attribute has a supported value
   */
  default @Nullable String unsupportedAttribute() {
    String[] unsupported = new String[1];
    forEachAttribute((domain, id, value) -> {
      if (unsupported[0] == null && value instanceof DeviceAttribute.Empty) {
        unsupported[0] = id;
      }
    });
    return unsupported[0];
  }

  /**
   * Returns what this device consumes from one counter set: the first consumption entry for
   * that set (validation allows one per set), mixins applied lazily.
   *
   * @param counterSet the counter set name
   * @return the consumption, or null when the device consumes nothing from that set
   */
  default @Nullable ResolvedCounters consumption(String counterSet) {
    List<? extends ResolvedCounters> all = consumesCounters();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).counterSet().equals(counterSet)) {
        return all.get(i);
      }
    }
    return null;
  }
}
