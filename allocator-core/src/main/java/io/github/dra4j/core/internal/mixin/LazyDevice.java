package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * A device as a view: its own (normalised) entries plus the normalised entries of its
 * included device mixins. Sources are kept in precedence order: own entries, then the
 * includes from last to first.
 *
 * A device with includes gets an EffectiveIndex per kind at resolution: which source wins each
 * effective name, without copying a value; its own entries merged into the index its include
 * list shares with other devices, or that shared index itself when it has no own entries. A lookup is then one binary search, as on a device
 * without mixins, and iteration visits the effective entries in (domain, id) order, as a
 * flattened device does. Without an index (a device over EffectiveIndex.MAX_ENTRIES, whose pool
 * is invalid anyway) lookups search the sources in order and iteration skips shadowed entries.
 * A device without includes has one source and costs what a plain device costs.
 */
final class LazyDevice implements ResolvedDevice {
  /*
   * Everything but the pool's name, shared by the copies of a node template's device
   * (MixinResolver.resolveLike): a 10,000-node cluster holds one view per device, and the
   * shape once per template device rather than once per view.
   */
  private static final class Shape {
    final Device device;
    final int index;
    final String driver;
    final Entries<DeviceAttribute>[] attributes;
    final Entries<DeviceCapacity>[] capacity;
    final @Nullable EffectiveIndex attributeIndex;
    final @Nullable EffectiveIndex capacityIndex;
    final int effectiveEntryCount;
    final @Nullable String unsupportedAttribute;
    final List<LazyCounters> consumesCounters;

    Shape(Device device, int index, String driver, Entries<DeviceAttribute>[] attributes,
        Entries<DeviceCapacity>[] capacity, @Nullable EffectiveIndex attributeIndex,
        @Nullable EffectiveIndex capacityIndex, int effectiveEntryCount, List<LazyCounters> consumesCounters) {
      this.device = device;
      this.index = index;
      this.driver = driver;
      this.attributes = attributes;
      this.capacity = capacity;
      this.attributeIndex = attributeIndex;
      this.capacityIndex = capacityIndex;
      this.effectiveEntryCount = effectiveEntryCount;
      this.unsupportedAttribute = findUnsupported(attributes, attributeIndex);
      this.consumesCounters = consumesCounters;
    }
  }

  private final Shape shape;
  private final String pool;

  /**
   * @param attributes attribute sources in precedence order: own entries, then the includes
   *     from last to first
   * @param capacity capacity sources in the same order
   * @param attributeIndex the effective attribute index; null without includes or when over
   *     the index limit
   * @param capacityIndex the effective capacity index; null exactly when attributeIndex is
   * @param effectiveEntryCount the number of effective attributes plus capacities
   */
  LazyDevice(
      Device device,
      int index,
      String driver,
      String pool,
      Entries<DeviceAttribute>[] attributes,
      Entries<DeviceCapacity>[] capacity,
      @Nullable EffectiveIndex attributeIndex,
      @Nullable EffectiveIndex capacityIndex,
      int effectiveEntryCount,
      List<LazyCounters> consumesCounters) {
    this.shape = new Shape(device, index, driver, attributes, capacity, attributeIndex, capacityIndex,
        effectiveEntryCount, consumesCounters);
    this.pool = pool;
  }

  /* The same view in another pool (MixinResolver.resolveLike): the shape is shared. */
  private LazyDevice(LazyDevice same, String pool) {
    this.shape = same.shape;
    this.pool = pool;
  }

  LazyDevice inPool(String pool) {
    return new LazyDevice(this, pool);
  }

  @SuppressWarnings("unchecked")
  static <V> Entries<V>[] newSources(int n) {
    return (Entries<V>[]) new Entries<?>[n];
  }

  @Override
  public Device device() {
    return shape.device;
  }

  @Override
  public int index() {
    return shape.index;
  }

  @Override
  public List<? extends ResolvedCounters> consumesCounters() {
    return shape.consumesCounters;
  }

  @Override
  public String driver() {
    return shape.driver;
  }

  @Override
  public String pool() {
    return pool;
  }

  @Override
  public String name() {
    return shape.device.name();
  }

  @Override
  public boolean allowMultipleAllocations() {
    return shape.device.allowMultipleAllocations();
  }

  @Override
  public @Nullable String unsupportedAttribute() {
    return shape.unsupportedAttribute;
  }

  @Override
  public @Nullable DeviceAttribute attribute(String domain, String id) {
    return lookup(shape.attributes, shape.attributeIndex, domain, id);
  }

  @Override
  public @Nullable DeviceCapacity capacity(String domain, String id) {
    return lookup(shape.capacity, shape.capacityIndex, domain, id);
  }

  @Override
  public @Nullable String capacityName(String domain, String id) {
    EffectiveIndex capacityIndex = shape.capacityIndex;
    Entries<DeviceCapacity>[] capacity = shape.capacity;
    String driver = shape.driver;
    if (capacityIndex != null) {
      int k = capacityIndex.indexOf(domain, id);
      return k < 0 ? null : capacity[capacityIndex.source(k)].name(capacityIndex.position(k), driver);
    }
    for (Entries<DeviceCapacity> source : capacity) {
      int i = source.indexOf(domain, id);
      if (i >= 0) {
        return source.name(i, driver);
      }
    }
    return null;
  }

  @Override
  public void forEachAttribute(EntryVisitor<DeviceAttribute> visitor) {
    forEach(shape.attributes, shape.attributeIndex, visitor);
  }

  @Override
  public void forEachCapacity(EntryVisitor<DeviceCapacity> visitor) {
    forEach(shape.capacity, shape.capacityIndex, visitor);
  }

  /** {@return the number of effective attributes plus capacities, each qualified name once} */
  int effectiveEntryCount() {
    return shape.effectiveEntryCount;
  }

  /* The first attribute without a supported value in iteration order, found once. */
  private static @Nullable String findUnsupported(Entries<DeviceAttribute>[] attributes,
      @Nullable EffectiveIndex attributeIndex) {
    boolean any = false;
    for (Entries<DeviceAttribute> source : attributes) {
      any |= source.hasEmpty();
    }
    if (!any) {
      return null;
    }
    if (attributeIndex != null) {
      for (int k = 0; k < attributeIndex.size(); k++) {
        int src = attributeIndex.source(k);
        if (attributes[src].value(attributeIndex.position(k)) instanceof DeviceAttribute.Empty) {
          return attributeIndex.id(k);
        }
      }
      return null;
    }
    for (int i = 0; i < attributes.length; i++) {
      Entries<DeviceAttribute> layer = attributes[i];
      for (int k = 0; k < layer.size(); k++) {
        if (layer.value(k) instanceof DeviceAttribute.Empty
            && !shadowed(attributes, i, layer.domain(k), layer.id(k))) {
          return layer.id(k);
        }
      }
    }
    return null;
  }

  private static <V> @Nullable V lookup(
      Entries<V>[] sources, @Nullable EffectiveIndex index, String domain, String id) {
    if (index != null) {
      int k = index.indexOf(domain, id);
      return k < 0 ? null : sources[index.source(k)].value(index.position(k));
    }
    for (Entries<V> source : sources) {
      V v = source.get(domain, id);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  private static <V> void forEach(Entries<V>[] sources, @Nullable EffectiveIndex index, EntryVisitor<V> visitor) {
    if (index != null) {
      for (int k = 0; k < index.size(); k++) {
        visitor.visit(index.domain(k), index.id(k), sources[index.source(k)].value(index.position(k)));
      }
      return;
    }
    for (int i = 0; i < sources.length; i++) {
      Entries<V> layer = sources[i];
      for (int k = 0; k < layer.size(); k++) {
        if (i == 0 || !shadowed(sources, i, layer.domain(k), layer.id(k))) {
          visitor.visit(layer.domain(k), layer.id(k), layer.value(k));
        }
      }
    }
  }

  /** {@return whether a source with higher precedence than source {@code i} sets the name} */
  private static boolean shadowed(Entries<?>[] sources, int i, String domain, String id) {
    for (int j = 0; j < i; j++) {
      if (sources[j].contains(domain, id)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "ResolvedDevice[" + shape.driver + "/" + pool + "/" + shape.device.name() + "]";
  }
}
