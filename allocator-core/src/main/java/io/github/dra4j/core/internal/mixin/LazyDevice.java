package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * A device as a view: its own (normalised) entries plus the normalised entries of its
 * included device mixins, in include order. A lookup checks the own entries, then the
 * includes from last to first; iteration visits a mixin entry only when no source with higher
 * precedence sets the same qualified name (a few binary searches, no allocation, no merged
 * map). A device without includes has empty include lists and costs what a plain device costs.
 */
final class LazyDevice implements ResolvedDevice {
  private final Device device;
  private final int index;
  private final String driver;
  private final String pool;
  private final Entries<DeviceAttribute> attributes;
  private final Entries<DeviceCapacity> capacity;
  private final List<Entries<DeviceAttribute>> includedAttributes;
  private final List<Entries<DeviceCapacity>> includedCapacity;
  private final List<LazyCounters> consumesCounters;

  LazyDevice(
      Device device,
      int index,
      String driver,
      String pool,
      List<DeviceMixinEntries> includes,
      List<LazyCounters> consumesCounters) {
    this.device = device;
    this.index = index;
    this.driver = driver;
    this.pool = pool;
    this.attributes = Entries.of(device.attributes(), driver);
    this.capacity = Entries.of(device.capacity(), driver);
    if (includes.isEmpty()) {
      this.includedAttributes = List.of();
      this.includedCapacity = List.of();
    } else {
      this.includedAttributes = includes.stream().map(DeviceMixinEntries::attributes).toList();
      this.includedCapacity = includes.stream().map(DeviceMixinEntries::capacity).toList();
    }
    this.consumesCounters = consumesCounters;
  }

  @Override
  public Device device() {
    return device;
  }

  @Override
  public int index() {
    return index;
  }

  @Override
  public List<? extends ResolvedCounters> consumesCounters() {
    return consumesCounters;
  }

  @Override
  public String driver() {
    return driver;
  }

  @Override
  public String pool() {
    return pool;
  }

  @Override
  public String name() {
    return device.name();
  }

  @Override
  public boolean allowMultipleAllocations() {
    return device.allowMultipleAllocations();
  }

  @Override
  public @Nullable DeviceAttribute attribute(String domain, String id) {
    return lookup(attributes, includedAttributes, domain, id);
  }

  @Override
  public @Nullable DeviceCapacity capacity(String domain, String id) {
    return lookup(capacity, includedCapacity, domain, id);
  }

  @Override
  public void forEachAttribute(EntryVisitor<DeviceAttribute> visitor) {
    forEach(attributes, includedAttributes, visitor);
  }

  @Override
  public void forEachCapacity(EntryVisitor<DeviceCapacity> visitor) {
    forEach(capacity, includedCapacity, visitor);
  }

  /** {@return the number of effective attributes plus capacities, each qualified name once} */
  int effectiveEntryCount() {
    return count(attributes, includedAttributes) + count(capacity, includedCapacity);
  }

  private static <V> @Nullable V lookup(Entries<V> own, List<Entries<V>> includes, String domain, String id) {
    V v = own.get(domain, id);
    for (int i = includes.size() - 1; v == null && i >= 0; i--) {
      v = includes.get(i).get(domain, id);
    }
    return v;
  }

  private static <V> void forEach(Entries<V> own, List<Entries<V>> includes, EntryVisitor<V> visitor) {
    for (int k = 0; k < own.size(); k++) {
      visitor.visit(own.domain(k), own.id(k), own.value(k));
    }
    for (int i = includes.size() - 1; i >= 0; i--) {
      Entries<V> layer = includes.get(i);
      for (int k = 0; k < layer.size(); k++) {
        if (!shadowed(own, includes, i, layer.domain(k), layer.id(k))) {
          visitor.visit(layer.domain(k), layer.id(k), layer.value(k));
        }
      }
    }
  }

  private static <V> int count(Entries<V> own, List<Entries<V>> includes) {
    int n = own.size();
    for (int i = includes.size() - 1; i >= 0; i--) {
      Entries<V> layer = includes.get(i);
      for (int k = 0; k < layer.size(); k++) {
        if (!shadowed(own, includes, i, layer.domain(k), layer.id(k))) {
          n++;
        }
      }
    }
    return n;
  }

  /** {@return whether a source with higher precedence than include {@code i} sets the name} */
  private static <V> boolean shadowed(
      Entries<V> own, List<Entries<V>> includes, int i, String domain, String id) {
    if (own.contains(domain, id)) {
      return true;
    }
    for (int j = i + 1; j < includes.size(); j++) {
      if (includes.get(j).contains(domain, id)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "ResolvedDevice[" + driver + "/" + pool + "/" + device.name() + "]";
  }
}
