package io.github.dra4j.core;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceAttribute.OfBool;
import io.github.dra4j.api.DeviceAttribute.OfBools;
import io.github.dra4j.api.DeviceAttribute.OfInt;
import io.github.dra4j.api.DeviceAttribute.OfInts;
import io.github.dra4j.api.DeviceAttribute.OfString;
import io.github.dra4j.api.DeviceAttribute.OfStrings;
import io.github.dra4j.api.DeviceAttribute.OfVersion;
import io.github.dra4j.api.DeviceAttribute.OfVersions;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * A claim constraint with paired add/remove, used while searching: remove undoes the latest
 * add, so the search backtracks in last-in-first-out order. Constraints are monotonic: once add
 * returns false, adding more devices cannot make it true, so the search stops early. Mirrors
 * matchAttributeConstraint and distinctAttributeConstraint (constraint.go) with the fixes of
 * kubernetes#140325 (remove restores the intersection) and kubernetes#140600 (every device of a
 * request counts): with DRAListTypeAttributes, values are compared as sets (match: a common
 * element remains; distinct: no common element); without it, only scalars of the same type
 * compare.
 */
abstract class Constraint {
  final Set<String> requestNames;
  final boolean listTypes;
  /** The attribute's domain, or null when the name has none (then no device has it). */
  private final @Nullable String domain;
  private final String id;

  Constraint(List<String> requests, String attributeName, boolean listTypes) {
    this.requestNames = Set.copyOf(requests);
    this.listTypes = listTypes;
    int slash = attributeName.indexOf('/');
    this.domain = slash < 0 ? null : attributeName.substring(0, slash);
    this.id = attributeName.substring(slash + 1);
  }

  /**
   * Adds a device chosen for a request the constraint {@link #applies} to.
   *
   * @param source where the request reads the device's attributes (its derived attributes first)
   * @return false when the constraint is no longer satisfied; the device is then not added
   * @throws CelException when a derived attribute the constraint reads fails to evaluate
   */
  abstract boolean add(DeviceEntry device, AttributeSource source);

  /** Removes the device that the latest {@link #add} still in effect added. */
  abstract void remove();

  /** Whether the constraint covers the request: none named means all. */
  final boolean applies(String requestName, @Nullable String subRequestName) {
    if (requestNames.isEmpty()) {
      return true;
    }
    return requestNames.contains(requestName)
        || (subRequestName != null && requestNames.contains(requestName + "/" + subRequestName));
  }

  /**
   * Mirrors lookupAttribute: the constraint names a fully qualified attribute, which a device
   * has when it spells it so or, in its driver's own domain, unqualified. A name without a
   * domain, which API validation rejects, matches no attribute there.
   */
  final @Nullable DeviceAttribute lookup(DeviceEntry device, AttributeSource source) {
    return domain == null ? null : source.attribute(device, domain, id);
  }

  /** A value as a typed set (attributeAsSet); null for an empty list. */
  static @Nullable TypedSet asSet(DeviceAttribute a) {
    if (a instanceof OfInts && !((OfInts) a).values().isEmpty()) {
      return new TypedSet('i', new HashSet<Object>(((OfInts) a).values()));
    }
    if (a instanceof OfBools && !((OfBools) a).values().isEmpty()) {
      return new TypedSet('b', new HashSet<Object>(((OfBools) a).values()));
    }
    if (a instanceof OfStrings && !((OfStrings) a).values().isEmpty()) {
      return new TypedSet('s', new HashSet<Object>(((OfStrings) a).values()));
    }
    if (a instanceof OfVersions && !((OfVersions) a).values().isEmpty()) {
      return new TypedSet('v', new HashSet<Object>(((OfVersions) a).values()));
    }
    if (a instanceof OfInt) {
      return new TypedSet('i', new HashSet<Object>(Set.of(((OfInt) a).value())));
    }
    if (a instanceof OfBool) {
      return new TypedSet('b', new HashSet<Object>(Set.of(((OfBool) a).value())));
    }
    if (a instanceof OfString) {
      return new TypedSet('s', new HashSet<Object>(Set.of(((OfString) a).value())));
    }
    if (a instanceof OfVersion) {
      return new TypedSet('v', new HashSet<Object>(Set.of(((OfVersion) a).value())));
    }
    return null;
  }

  /**
   * Whether two values have an element in common, with {@link #asSet} semantics, but without
   * building sets: distinctAttribute compares every new device with every chosen one, on the
   * hottest path of a failing search.
   */
  static boolean sharesValue(DeviceAttribute a, DeviceAttribute b) {
    char type = elementType(a);
    if (type == 0 || type != elementType(b)) {
      return false;
    }
    if (!a.isList() && !b.isList()) {
      return a.equals(b);
    }
    List<?> other = elements(b);
    for (Object v : elements(a)) {
      if (other.contains(v)) {
        return true;
      }
    }
    return false;
  }

  /** The element type of a value as {@link #asSet} types it; 0 where asSet gives null. */
  private static char elementType(DeviceAttribute a) {
    if (a instanceof OfInt || (a instanceof OfInts && !((OfInts) a).values().isEmpty())) {
      return 'i';
    }
    if (a instanceof OfBool || (a instanceof OfBools && !((OfBools) a).values().isEmpty())) {
      return 'b';
    }
    if (a instanceof OfString || (a instanceof OfStrings && !((OfStrings) a).values().isEmpty())) {
      return 's';
    }
    if (a instanceof OfVersion || (a instanceof OfVersions && !((OfVersions) a).values().isEmpty())) {
      return 'v';
    }
    return 0;
  }

  private static List<?> elements(DeviceAttribute a) {
    if (a instanceof OfInts) {
      return ((OfInts) a).values();
    }
    if (a instanceof OfBools) {
      return ((OfBools) a).values();
    }
    if (a instanceof OfStrings) {
      return ((OfStrings) a).values();
    }
    if (a instanceof OfVersions) {
      return ((OfVersions) a).values();
    }
    if (a instanceof OfInt) {
      return List.of(((OfInt) a).value());
    }
    if (a instanceof OfBool) {
      return List.of(((OfBool) a).value());
    }
    if (a instanceof OfString) {
      return List.of(((OfString) a).value());
    }
    return List.of(((OfVersion) a).value());
  }

  /** Scalar equality of the same type, as without DRAListTypeAttributes; lists never compare. */
  static boolean sameScalar(DeviceAttribute a, DeviceAttribute b) {
    if (a.isList() || b.isList()) {
      return false;
    }
    return a.equals(b);
  }

  record TypedSet(char type, Set<Object> values) {
    boolean intersects(TypedSet o) {
      if (type != o.type) {
        return false;
      }
      for (Object v : values) {
        if (o.values.contains(v)) {
          return true;
        }
      }
      return false;
    }

    TypedSet intersection(TypedSet o) {
      if (type != o.type) {
        return this;
      }
      Set<Object> s = new HashSet<>(values);
      s.retainAll(o.values);
      return new TypedSet(type, s);
    }
  }

  /* matchAttribute: every covered device has the same value (or, with lists, a common one). */
  static final class MatchAttribute extends Constraint {
    private @Nullable DeviceAttribute attribute;
    /** With lists: the intersection after each device added, so that remove restores the one before. */
    private @Nullable TypedSet[] intersections = new TypedSet[4];
    private int numDevices;

    MatchAttribute(List<String> requests, String attributeName, boolean listTypes) {
      super(requests, attributeName, listTypes);
    }

    @Override
    boolean add(DeviceEntry device, AttributeSource source) {
      DeviceAttribute a = lookup(device, source);
      if (a == null) {
        return false;
      }
      if (numDevices == 0) {
        if (listTypes) {
          TypedSet s = asSet(a);
          if (s == null) {
            return false;
          }
          push(s);
        } else if (a.isList()) {
          return false; // "Match attribute type unknown": a derived attribute may give a list
        } else {
          attribute = a;
        }
        numDevices = 1;
        return true;
      }
      if (listTypes) {
        TypedSet s = asSet(a);
        TypedSet intersection = intersections[numDevices - 1];
        if (s == null || intersection == null || !intersection.intersects(s)) {
          return false;
        }
        push(intersection.intersection(s));
      } else if (attribute == null || a.isList() || !sameScalar(a, attribute)) {
        return false;
      }
      numDevices++;
      return true;
    }

    private void push(TypedSet s) {
      if (numDevices == intersections.length) {
        intersections = Arrays.copyOf(intersections, 2 * numDevices);
      }
      intersections[numDevices] = s;
    }

    @Override
    void remove() {
      numDevices--;
      if (listTypes) { // only lists push intersections: scalars may hold more devices than the array
        intersections[numDevices] = null;
      }
    }
  }

  /* distinctAttribute: covered devices have pairwise different values (with lists: disjoint). */
  static final class DistinctAttribute extends Constraint {
    /** Every device's value, in the order added. */
    private DeviceAttribute[] attributes = new DeviceAttribute[4];
    /** The {@link #elementType} of each attribute, so that most comparisons are a char compare. */
    private char[] types = new char[4];
    private int numDevices;

    DistinctAttribute(List<String> requests, String attributeName, boolean listTypes) {
      super(requests, attributeName, listTypes);
    }

    @Override
    boolean add(DeviceEntry device, AttributeSource source) {
      DeviceAttribute a = lookup(device, source);
      if (a == null) {
        return false;
      }
      char type = elementType(a);
      if (!distinct(a, type)) {
        return false;
      }
      if (numDevices == attributes.length) {
        attributes = Arrays.copyOf(attributes, 2 * numDevices);
        types = Arrays.copyOf(types, 2 * numDevices);
      }
      attributes[numDevices] = a;
      types[numDevices] = type;
      numDevices++;
      return true;
    }

    /**
     * Whether a has no value in common with any attribute added (sharesValue), or as scalars
     * (sameScalar). With lists, a value that is no set (an empty list) is never distinct, even
     * from no devices, as in the reference.
     */
    private boolean distinct(DeviceAttribute a, char type) {
      boolean list = a.isList();
      if (listTypes) {
        if (type == 0) {
          return false;
        }
        for (int k = 0; k < numDevices; k++) {
          DeviceAttribute e = attributes[k];
          if (types[k] == type && ((list || e.isList()) ? sharesValue(a, e) : sameValue(a, e))) {
            return false;
          }
        }
        return true;
      }
      for (int k = 0; k < numDevices; k++) {
        DeviceAttribute e = attributes[k];
        if (list || (types[k] == type && !e.isList() && sameValue(a, e))) {
          return false;
        }
      }
      return true;
    }

    /** a.equals(e) for two scalars of the same element type, without the records' generic equals. */
    private static boolean sameValue(DeviceAttribute a, DeviceAttribute e) {
      if (a instanceof OfInt) {
        return ((OfInt) a).value() == ((OfInt) e).value();
      }
      if (a instanceof OfString) {
        return ((OfString) a).value().equals(((OfString) e).value());
      }
      if (a instanceof OfBool) {
        return ((OfBool) a).value() == ((OfBool) e).value();
      }
      return ((OfVersion) a).value().equals(((OfVersion) e).value());
    }

    @Override
    void remove() {
      numDevices--;
    }
  }
}
