package io.github.dra4j.api.field;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A path to a field of an object, printed as Kubernetes prints it:
 * {@code spec.devices[3].includes}, {@code spec.devices[0].attributes[gpu.example.com/model]}.
 * Immutable; each step returns a new path that shares its parent.
 */
public final class FieldPath {
  private static final FieldPath ROOT = new FieldPath(null, "", false);

  private final @Nullable FieldPath parent;
  private final String element;
  private final boolean index;

  private FieldPath(@Nullable FieldPath parent, String element, boolean index) {
    this.parent = parent;
    this.element = element;
    this.index = index;
  }

  /** {@return the empty path, the object itself} */
  public static FieldPath root() {
    return ROOT;
  }

  /** {@return a path of dot-separated field names, such as {@code spec.devices}} */
  public static FieldPath of(String first, String... more) {
    FieldPath p = ROOT.child(first);
    for (String m : more) {
      p = p.child(m);
    }
    return p;
  }

  /** {@return this path extended by a field name} */
  public FieldPath child(String name) {
    return new FieldPath(this, Objects.requireNonNull(name, "name"), false);
  }

  /** {@return this path extended by a list index} */
  public FieldPath index(int i) {
    return new FieldPath(this, Integer.toString(i), true);
  }

  /** {@return this path extended by a map key} */
  public FieldPath key(String key) {
    return new FieldPath(this, Objects.requireNonNull(key, "key"), true);
  }

  @Override
  public String toString() {
    if (parent == null) { // only the root has no parent
      return "<root>";
    }
    StringBuilder sb = new StringBuilder();
    append(sb);
    return sb.toString();
  }

  private void append(StringBuilder sb) {
    if (parent != null && parent.parent != null) {
      parent.append(sb);
    }
    if (index) {
      sb.append('[').append(element).append(']');
    } else {
      if (sb.length() > 0) {
        sb.append('.');
      }
      sb.append(element);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldPath && toString().equals(o.toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}
