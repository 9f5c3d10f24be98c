package io.github.dra4j.api.io;

import io.github.dra4j.api.field.FieldPath;
import org.jspecify.annotations.Nullable;

/** A JSON path such as {@code spec.devices[0].attributes.model}, built lazily while decoding. */
final class JsonPath {
  static final JsonPath ROOT = new JsonPath(null, "", Kind.FIELD, 0);

  private enum Kind { FIELD, INDEX, KEY }

  private final @Nullable JsonPath parent;
  private final String element;
  private final Kind kind;
  private final int index;

  private JsonPath(@Nullable JsonPath parent, String element, Kind kind, int index) {
    this.parent = parent;
    this.element = element;
    this.kind = kind;
    this.index = index;
  }

  JsonPath field(String name) {
    return new JsonPath(this, name, Kind.FIELD, 0);
  }

  JsonPath index(int i) {
    return new JsonPath(this, "", Kind.INDEX, i);
  }

  /** Map keys print as fields when they are plain words, else quoted in brackets. */
  JsonPath key(String key) {
    return new JsonPath(this, key, Kind.KEY, 0);
  }

  private static boolean isWord(String key) {
    if (key.isEmpty()) {
      return false;
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  boolean isRoot() {
    return parent == null;
  }

  /** {@return the path as the validation package writes paths, map keys in brackets} */
  FieldPath toFieldPath() {
    if (parent == null) {
      return FieldPath.root();
    }
    FieldPath p = parent.toFieldPath();
    switch (kind) {
      case INDEX:
        return p.index(index);
      case KEY:
        return p.key(element);
      default:
        return p.child(element);
    }
  }

  @Override
  public String toString() {
    if (parent == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    append(sb);
    return sb.toString();
  }

  private void append(StringBuilder sb) {
    if (parent == null) {
      return;
    }
    parent.append(sb);
    if (kind == Kind.INDEX) {
      sb.append('[').append(index).append(']');
    } else if (kind == Kind.KEY && !isWord(element)) {
      sb.append("['").append(element).append("']");
    } else {
      if (sb.length() > 0) {
        sb.append('.');
      }
      sb.append(element);
    }
  }
}
