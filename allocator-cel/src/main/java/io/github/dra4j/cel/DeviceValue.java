package io.github.dra4j.cel;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.core.DeviceView;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The CEL value of the `device` variable, read lazily through a DeviceView.
 *
 * The reference builds two map[string]map[string]any per device and per selector before every
 * evaluation. Here nothing is built up front: `device.attributes` is a read-only map whose
 * lookups go to DeviceView.attribute(domain, id), which applies mixins (own entries first, then
 * includes from last to first). Only iteration, `in` on the outer map and size() walk the view.
 * CEL-Java's interpreter reads maps through get and containsKey, so it never copies them.
 *
 * The device itself is declared as the object type kubernetes.DRADevice (an unknown field is a
 * compile error); at run time it is a map from field name to value, which is how the
 * interpreter selects fields of values it has no message type for.
 *
 * Semantics kept from the reference (compile.go, newStringInterfaceMapWithDefault):
 * - looking up an unknown domain yields an empty map, so has(device.attributes.x) is true;
 * - `"x" in device.attributes`, iteration and size() see only the domains that have entries;
 * - looking up a missing id in a domain map is the error "no such key: <id>".
 */
final class DeviceValue extends ReadOnlyMap {

  static final String TYPE_NAME = "kubernetes.DRADevice";

  private final DeviceView view;

  DeviceValue(DeviceView view) {
    this.view = view;
  }

  /** {@return the view this value reads} */
  DeviceView view() {
    return view;
  }

  @Override
  List<String> keys() {
    return List.of(CelEnvironment.DRIVER, CelEnvironment.ATTRIBUTES, CelEnvironment.CAPACITY,
        CelEnvironment.ALLOW_MULTIPLE_ALLOCATIONS);
  }

  @Override
  @Nullable Object lookup(String name) {
    switch (name) {
      case CelEnvironment.DRIVER:
        return view.driver();
      case CelEnvironment.ALLOW_MULTIPLE_ALLOCATIONS:
        return view.allowMultipleAllocations();
      case CelEnvironment.ATTRIBUTES:
        return new DomainsMap(view, true);
      case CelEnvironment.CAPACITY:
        return new DomainsMap(view, false);
      default:
        return null;
    }
  }

  @Override
  public String toString() {
    return "device " + view.driver() + "/" + view.pool() + "/" + view.name();
  }

  /** Converts an attribute value to CEL: Boolean, Long, String, a version, or a list of them. */
  static Object attributeValue(DeviceAttribute a) {
    if (a instanceof DeviceAttribute.OfBool) {
      return ((DeviceAttribute.OfBool) a).value();
    }
    if (a instanceof DeviceAttribute.OfInt) {
      return ((DeviceAttribute.OfInt) a).value();
    }
    if (a instanceof DeviceAttribute.OfString) {
      return ((DeviceAttribute.OfString) a).value();
    }
    if (a instanceof DeviceAttribute.OfVersion) {
      return version(((DeviceAttribute.OfVersion) a).value());
    }
    if (a instanceof DeviceAttribute.OfBools) {
      return ((DeviceAttribute.OfBools) a).values();
    }
    if (a instanceof DeviceAttribute.OfInts) {
      return ((DeviceAttribute.OfInts) a).values();
    }
    if (a instanceof DeviceAttribute.OfStrings) {
      return ((DeviceAttribute.OfStrings) a).values();
    }
    List<String> texts = ((DeviceAttribute.OfVersions) a).values();
    List<Object> values = new ArrayList<>(texts.size());
    for (String t : texts) {
      values.add(version(t));
    }
    return List.copyOf(values);
  }

  private static OpaqueValue.SemverValue version(String text) {
    try {
      return new OpaqueValue.SemverValue(Semver.parseCached(text));
    } catch (IllegalArgumentException e) {
      throw new InvalidAttributeException("parse semantic version: " + e.getMessage());
    }
  }

  /** An attribute value that the API would have rejected; the selector fails with its message. */
  static final class InvalidAttributeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidAttributeException(String message) {
      super(message, null, false, false);
    }

    /** {@return the message, which the constructor requires} */
    @Override
    public String getMessage() {
      return Objects.requireNonNull(super.getMessage());
    }
  }

  /** {@code device.attributes} or {@code device.capacity}: domain to {@link DomainMap}. */
  static final class DomainsMap extends ReadOnlyMap {
    private final DeviceView view;
    private final boolean attributes;

    DomainsMap(DeviceView view, boolean attributes) {
      this.view = view;
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

    /** Any key finds a map, empty for an unknown domain, as in the reference. */
    @Override
    @Nullable Object lookup(String key) {
      return new DomainMap(view, attributes, key);
    }

    /** {@code in} sees only the domains that have entries. */
    @Override
    boolean hasKey(String key) {
      return keys().contains(key);
    }
  }

  /** The attributes or capacities of one domain, id to value. */
  static final class DomainMap extends ReadOnlyMap {
    private final DeviceView view;
    private final boolean attributes;
    private final String domain;

    DomainMap(DeviceView view, boolean attributes, String domain) {
      this.view = view;
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
    @Nullable Object lookup(String id) {
      if (attributes) {
        DeviceAttribute a = view.attribute(domain, id);
        return a == null ? null : attributeValue(a);
      }
      DeviceCapacity c = view.capacity(domain, id);
      return c == null ? null : new OpaqueValue.QuantityValue(c.value());
    }
  }
}
