package io.github.dra4j.cel;

import static org.projectnessie.cel.common.types.Err.newTypeConversionError;
import static org.projectnessie.cel.common.types.TypeT.TypeType;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.core.DeviceView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.projectnessie.cel.common.types.Err;
import org.projectnessie.cel.common.types.IntT;
import org.projectnessie.cel.common.types.IteratorT;
import org.projectnessie.cel.common.types.ListT;
import org.projectnessie.cel.common.types.MapT;
import org.projectnessie.cel.common.types.StringT;
import org.projectnessie.cel.common.types.TypeT;
import org.projectnessie.cel.common.types.Types;
import org.projectnessie.cel.common.types.ref.BaseVal;
import org.projectnessie.cel.common.types.ref.Type;
import org.projectnessie.cel.common.types.ref.TypeAdapter;
import org.projectnessie.cel.common.types.ref.Val;
import org.projectnessie.cel.common.types.traits.FieldTester;

/*
 * The CEL value of the `device` variable, read lazily through a DeviceView.
 *
 * The reference builds two map[string]map[string]any per device and per selector before every
 * evaluation. Here nothing is built up front: `device.attributes` is a view whose lookups go
 * to DeviceView.attribute(domain, id), which applies mixins (own entries first, then includes
 * from last to first). Only iteration, `in` on the outer map and size() walk the view.
 *
 * Semantics kept from the reference (compile.go, newStringInterfaceMapWithDefault):
 * - looking up an unknown domain yields an empty map, so has(device.attributes.x) is true;
 * - `"x" in device.attributes`, iteration and size() see only the domains that have entries;
 * - looking up a missing id in a domain map is the error "no such key: <id>".
 */
final class DeviceValue extends BaseVal {

  static final String TYPE_NAME = "kubernetes.DRADevice";
  static final Type TYPE = TypeT.newObjectTypeValue(TYPE_NAME);

  private final DeviceView view;
  private final TypeAdapter adapter;

  DeviceValue(DeviceView view, TypeAdapter adapter) {
    this.view = view;
    this.adapter = adapter;
  }

  /** {@return the value of a declared field of the device type} */
  Val field(String name) {
    switch (name) {
      case CelEnvironment.DRIVER:
        return StringT.stringOf(view.driver());
      case CelEnvironment.ALLOW_MULTIPLE_ALLOCATIONS:
        return Types.boolOf(view.allowMultipleAllocations());
      case CelEnvironment.ATTRIBUTES:
        return new DomainsMap(view, adapter, true);
      case CelEnvironment.CAPACITY:
        return new DomainsMap(view, adapter, false);
      default:
        return Err.noSuchField(name);
    }
  }

  @Override
  public <T> T convertToNative(Class<T> typeDesc) {
    if (typeDesc.isInstance(view)) {
      return typeDesc.cast(view);
    }
    throw new IllegalArgumentException("type conversion error from '" + TYPE_NAME + "' to '" + typeDesc.getName() + "'");
  }

  @Override
  public Val convertToType(Type typeValue) {
    if (typeValue == TypeType) {
      return TYPE;
    }
    return newTypeConversionError(TYPE_NAME, typeValue);
  }

  @Override
  public Val equal(Val other) {
    return Types.boolOf(other == this);
  }

  @Override
  public Type type() {
    return TYPE;
  }

  /** Returns this value itself: field getters of the type provider read it. */
  @Override
  public Object value() {
    return this;
  }

  @Override
  public boolean equals(Object o) {
    return o == this;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }

  @Override
  public String toString() {
    return "device " + view.driver() + "/" + view.pool() + "/" + view.name();
  }

  /** Converts an attribute value to CEL, versions parsed on access. */
  static Val attributeValue(DeviceAttribute a, TypeAdapter adapter) {
    if (a instanceof DeviceAttribute.OfBool) {
      return Types.boolOf(((DeviceAttribute.OfBool) a).value());
    }
    if (a instanceof DeviceAttribute.OfInt) {
      return IntT.intOf(((DeviceAttribute.OfInt) a).value());
    }
    if (a instanceof DeviceAttribute.OfString) {
      return StringT.stringOf(((DeviceAttribute.OfString) a).value());
    }
    if (a instanceof DeviceAttribute.OfVersion) {
      return version(((DeviceAttribute.OfVersion) a).value());
    }
    Val[] values;
    if (a instanceof DeviceAttribute.OfBools) {
      values = ((DeviceAttribute.OfBools) a).values().stream().map(Types::boolOf).toArray(Val[]::new);
    } else if (a instanceof DeviceAttribute.OfInts) {
      values = ((DeviceAttribute.OfInts) a).values().stream().map(IntT::intOf).toArray(Val[]::new);
    } else if (a instanceof DeviceAttribute.OfStrings) {
      values = ((DeviceAttribute.OfStrings) a).values().stream().map(StringT::stringOf).toArray(Val[]::new);
    } else {
      List<String> texts = ((DeviceAttribute.OfVersions) a).values();
      values = new Val[texts.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = version(texts.get(i));
        if (values[i] instanceof Err) {
          return values[i];
        }
      }
    }
    return ListT.newValArrayList(adapter, values);
  }

  private static Val version(String text) {
    try {
      return new OpaqueValue.SemverValue(Semver.parseCached(text));
    } catch (IllegalArgumentException e) {
      return Err.newErr("parse semantic version: %s", e.getMessage());
    }
  }

  /** A read-only CEL map computed from the view on each access. */
  abstract static class LazyMap extends MapT {
    final DeviceView view;
    final TypeAdapter adapter;

    LazyMap(DeviceView view, TypeAdapter adapter) {
      this.view = view;
      this.adapter = adapter;
    }

    /** {@return the keys, each once, in the view's order} */
    abstract List<String> keys();

    /** {@return the value of a key, or null when absent} */
    abstract @Nullable Val lookup(Val key);

    /** Returns the value, or the reference's "no such key: id" error (never null). */
    @Override
    public Val find(Val key) {
      Val v = lookup(key);
      return v != null ? v : Err.newErr("no such key: %s", key.value());
    }

    @Override
    public Val contains(Val key) {
      return Types.boolOf(lookup(key) != null);
    }

    @Override
    public Val get(Val index) {
      return find(index);
    }

    @Override
    public Val size() {
      return IntT.intOf(keys().size());
    }

    @Override
    public IteratorT iterator() {
      List<Val> keys = new ArrayList<>();
      for (String k : keys()) {
        keys.add(StringT.stringOf(k));
      }
      return IteratorT.javaIterator(adapter, keys.iterator());
    }

    @Override
    public <T> T convertToNative(Class<T> typeDesc) {
      if (typeDesc.isAssignableFrom(Map.class)) {
        return typeDesc.cast(value());
      }
      throw new IllegalArgumentException("type conversion error from map to '" + typeDesc.getName() + "'");
    }

    @Override
    public Val convertToType(Type typeValue) {
      if (typeValue == MapType) {
        return this;
      }
      if (typeValue == TypeType) {
        return MapType;
      }
      return newTypeConversionError(MapType, typeValue);
    }

    @Override
    public Val equal(Val other) {
      if (!(other instanceof MapT)) {
        return Types.boolOf(false);
      }
      MapT o = (MapT) other;
      if (o.size().intValue() != size().intValue()) {
        return Types.boolOf(false);
      }
      for (String k : keys()) {
        Val key = StringT.stringOf(k);
        Val mine = lookup(key);
        Val theirs = o.find(key);
        if (mine == null || theirs == null || Err.isError(theirs)) {
          return Types.boolOf(false);
        }
        Val eq = mine.equal(theirs);
        if (eq instanceof Err || eq != Types.boolOf(true)) {
          return eq instanceof Err ? eq : Types.boolOf(false);
        }
      }
      return Types.boolOf(true);
    }

    @Override
    public Object value() {
      Map<String, Object> m = new HashMap<>();
      for (String k : keys()) {
        Val v = lookup(StringT.stringOf(k));
        m.put(k, v == null ? null : v.value());
      }
      return m;
    }

    @Override
    public boolean equals(Object o) {
      return o == this;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(this);
    }
  }

  /** {@code device.attributes} or {@code device.capacity}: domain to {@link DomainMap}. */
  static final class DomainsMap extends LazyMap implements FieldTester {
    private final boolean attributes;

    DomainsMap(DeviceView view, TypeAdapter adapter, boolean attributes) {
      super(view, adapter);
      this.attributes = attributes;
    }

    @Override
    List<String> keys() {
      Set<String> domains = new LinkedHashSet<>();
      if (attributes) {
        view.forEachAttribute((domain, id, value) -> domains.add(domain));
      } else {
        view.forEachCapacity((domain, id, value) -> domains.add(domain));
      }
      return new ArrayList<>(domains);
    }

    /** Any string key finds a map, empty for an unknown domain, as in the reference. */
    @Override
    @Nullable Val lookup(Val key) {
      if (!(key instanceof StringT)) {
        return null;
      }
      return new DomainMap(view, adapter, attributes, (String) key.value());
    }

    /** {@code in} sees only the domains that have entries. */
    @Override
    public Val contains(Val key) {
      if (!(key instanceof StringT)) {
        return Types.boolOf(false);
      }
      return Types.boolOf(keys().contains((String) key.value()));
    }

    /** {@code has(device.attributes.x)} is true for every x, as in the reference. */
    @Override
    public Val isSet(Val field) {
      return Types.boolOf(field instanceof StringT);
    }
  }

  /** The attributes or capacities of one domain, id to value. */
  static final class DomainMap extends LazyMap {
    private final boolean attributes;
    private final String domain;

    DomainMap(DeviceView view, TypeAdapter adapter, boolean attributes, String domain) {
      super(view, adapter);
      this.attributes = attributes;
      this.domain = domain;
    }

    @Override
    List<String> keys() {
      List<String> ids = new ArrayList<>();
      if (attributes) {
        view.forEachAttribute((d, id, value) -> {
          if (d.equals(domain)) {
            ids.add(id);
          }
        });
      } else {
        view.forEachCapacity((d, id, value) -> {
          if (d.equals(domain)) {
            ids.add(id);
          }
        });
      }
      return ids;
    }

    @Override
    @Nullable Val lookup(Val key) {
      if (!(key instanceof StringT)) {
        return null;
      }
      String id = (String) key.value();
      if (attributes) {
        DeviceAttribute a = view.attribute(domain, id);
        return a == null ? null : attributeValue(a, adapter);
      }
      DeviceCapacity c = view.capacity(domain, id);
      return c == null ? null : new OpaqueValue.QuantityValue(c.value());
    }
  }
}
