package io.github.dra4j.api.io;

import org.jspecify.annotations.Nullable;

/** A JSON path such as {@code spec.devices[0].attributes.model}, built lazily while decoding. */
final class JsonPath {
  static final JsonPath ROOT = new JsonPath(null, "", false);

  private final @Nullable JsonPath parent;
  private final String element;
  private final boolean index;

  private JsonPath(@Nullable JsonPath parent, String element, boolean index) {
    this.parent = parent;
    this.element = element;
    this.index = index;
  }

  JsonPath field(String name) {
    return new JsonPath(this, name, false);
  }

  JsonPath index(int i) {
    return new JsonPath(this, Integer.toString(i), true);
  }

  /** Map keys print as fields when they are plain words, else quoted in brackets. */
  JsonPath key(String key) {
    return isWord(key) ? new JsonPath(this, key, false) : new JsonPath(this, "'" + key + "'", true);
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
    if (index) {
      sb.append('[').append(element).append(']');
    } else {
      if (sb.length() > 0) {
        sb.append('.');
      }
      sb.append(element);
    }
  }
}
