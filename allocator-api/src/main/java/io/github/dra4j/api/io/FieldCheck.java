package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.dra4j.api.field.Suggestions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * Strict field validation: a pass over an object's JSON tree, before decoding, that finds the
 * fields its kind and apiVersion do not have. A separate pass rather than checks in the Decoder,
 * so that it covers whole objects (a Pod's containers, a Node's status) that the Decoder reads
 * only in part, and each version is checked against its own shape. The known fields come from
 * known-fields.txt (see its header for where they come from and how they are checked).
 */
final class FieldCheck {

  /** An unknown field: where it is, its name, and the closest known name when one is close. */
  record Unknown(JsonPath path, String name, @Nullable String suggestion) {
    String message() {
      return unknownField(name, suggestion);
    }
  }

  /**
   * {@return the message for an unknown field, with the closest known name when one is close}
   * One wording for every document the library reads.
   */
  static String unknownField(String name, @Nullable String suggestion) {
    return "unknown field \"" + name + "\"" + (suggestion == null ? "" : ", did you mean \"" + suggestion + "\"?");
  }

  private enum Shape { VALUE, OBJECT, LIST, MAP }

  private record Field(String name, Shape shape, @Nullable String type) {}

  private static final String RESOURCE = "known-fields.txt";

  private static final FieldCheck INSTANCE = load();

  /** {@code apiVersion + " " + kind} to type; {@code " " + kind} for objects without apiVersion. */
  private final Map<String, String> roots;
  private final Map<String, Map<String, Field>> types;

  private FieldCheck(Map<String, String> roots, Map<String, Map<String, Field>> types) {
    this.roots = roots;
    this.types = types;
  }

  static FieldCheck instance() {
    return INSTANCE;
  }

  /**
   * {@return the type of objects of this kind and apiVersion, or null when they are not checked}
   * An object without apiVersion is checked as the newest version of its kind, the version the
   * codec decodes it as.
   */
  @Nullable String rootType(String apiVersion, String kind) {
    return roots.get(apiVersion + " " + kind);
  }

  /** {@return the unknown fields of {@code node}, a {@code type} at {@code path}, in document order} */
  List<Unknown> check(JsonNode node, String type, JsonPath path) {
    List<Unknown> out = new ArrayList<>();
    walk(node, type, path, out);
    return out;
  }

  private void walk(JsonNode node, String type, JsonPath path, List<Unknown> out) {
    if (!node.isObject()) {
      return; // the Decoder reports the wrong JSON type
    }
    // load() checked that every type a root or a field names is defined
    Map<String, Field> fields = Objects.requireNonNull(types.get(type), type);
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      Field f = fields.get(e.getKey());
      JsonPath at = path.field(e.getKey());
      if (f == null) {
        out.add(new Unknown(at, e.getKey(), closest(e.getKey(), fields.keySet())));
        continue;
      }
      JsonNode value = e.getValue();
      String fieldType = f.type();
      if (fieldType == null) {
        continue; // a value: no fields below it
      }
      switch (f.shape()) {
        case OBJECT:
          walk(value, fieldType, at, out);
          break;
        case LIST:
          for (int i = 0; i < value.size() && value.isArray(); i++) {
            walk(value.get(i), fieldType, at.index(i), out);
          }
          break;
        case MAP:
          if (value.isObject()) {
            for (Map.Entry<String, JsonNode> entry : value.properties()) {
              walk(entry.getValue(), fieldType, at.key(entry.getKey()), out);
            }
          }
          break;
        default:
          break;
      }
    }
  }

  /** {@return the known name nearest to {@code name}, as {@link Suggestions#closest} finds it} */
  static @Nullable String closest(String name, Iterable<String> known) {
    return Suggestions.closest(name, known);
  }

  /* --- the table --- */

  private static FieldCheck load() {
    try (InputStream in = FieldCheck.class.getResourceAsStream(RESOURCE)) {
      Objects.requireNonNull(in, RESOURCE);
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      return parse(reader.lines().toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses the table; every referenced type must be defined, so a typo in it fails at once. */
  static FieldCheck parse(List<String> lines) {
    Map<String, String> roots = new HashMap<>();
    Map<String, Map<String, Field>> types = new LinkedHashMap<>();
    for (String raw : lines) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("@")) {
        String[] p = line.substring(1).strip().split("\\s+", -1);
        if (p.length != 3) {
          throw new IllegalStateException(RESOURCE + ": bad root line: " + raw);
        }
        roots.put(p[0] + " " + p[1], p[2]);
        roots.putIfAbsent(" " + p[1], p[2]);
        continue;
      }
      int colon = line.indexOf(": ");
      String type = colon < 0 ? line.substring(0, line.length() - 1) : line.substring(0, colon);
      Map<String, Field> fields = types.computeIfAbsent(type, t -> new LinkedHashMap<>());
      if (colon >= 0) {
        for (String spec : line.substring(colon + 2).strip().split("\\s+", -1)) {
          Field f = field(spec);
          fields.put(f.name(), f);
        }
      }
    }
    for (Map<String, Field> fields : types.values()) {
      for (Field f : fields.values()) {
        if (f.type() != null && !types.containsKey(f.type())) {
          throw new IllegalStateException(RESOURCE + ": undefined type " + f.type());
        }
      }
    }
    for (String type : roots.values()) {
      if (!types.containsKey(type)) {
        throw new IllegalStateException(RESOURCE + ": undefined type " + type);
      }
    }
    Map<String, Map<String, Field>> frozen = new HashMap<>();
    types.forEach((k, v) -> frozen.put(k, Collections.unmodifiableMap(v)));
    return new FieldCheck(Map.copyOf(roots), Map.copyOf(frozen));
  }

  private static Field field(String spec) {
    int colon = spec.indexOf(':');
    if (colon < 0) {
      return new Field(spec, Shape.VALUE, null);
    }
    String name = spec.substring(0, colon);
    String type = spec.substring(colon + 1);
    if (name.endsWith("[]")) {
      return new Field(name.substring(0, name.length() - 2), Shape.LIST, type);
    }
    if (name.endsWith("{}")) {
      return new Field(name.substring(0, name.length() - 2), Shape.MAP, type);
    }
    return new Field(name, Shape.OBJECT, type);
  }

  /** {@return every type of the table and its field names, for tests that compare it with another source} */
  Map<String, Map<String, String>> describe() {
    Map<String, Map<String, String>> out = new HashMap<>();
    types.forEach((type, fields) -> {
      Map<String, String> m = new HashMap<>();
      fields.values().forEach(f -> m.put(f.name(), f.type() == null ? "" : shapeMark(f.shape()) + f.type()));
      out.put(type, m);
    });
    return out;
  }

  /** {@return the root types by "apiVersion kind"} */
  Map<String, String> roots() {
    Map<String, String> out = new HashMap<>(roots);
    out.keySet().removeIf(k -> k.startsWith(" "));
    return out;
  }

  private static String shapeMark(Shape shape) {
    switch (shape) {
      case LIST:
        return "[]";
      case MAP:
        return "{}";
      default:
        return "";
    }
  }
}
