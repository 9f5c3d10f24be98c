package io.github.dra4j.api.io;

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
 * The known fields of every object type and version the codec reads, for strict field
 * validation: the field tables (Tables, CoreTables) give the types dra4j models in
 * resource.k8s.io v1, v1beta2 and v1beta1 and in core v1; known-fields.txt gives the rest (the
 * insides of the fields the tables list as known but do not model, such as a Pod's volumes, and
 * the whole of v1alpha3, a version no longer served); see its header. The decoder checks the
 * fields of what it decodes as it reads; walk() checks what it skips.
 */
final class FieldCheck {

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

  /**
   * Checks the fields of the value at the cursor, a {@code spec} in the table's notation
   * ({@code Type}, {@code []Type} for a list of them, {@code {}Type} for a map of them), and
   * skips it; unknown fields go to {@code r}. A value of another JSON type is not reported here:
   * the API server's decoder would refuse it, but dra4j does not read these values.
   */
  void walk(Tokens in, String spec, Reading r) {
    if (spec.startsWith("[]")) {
      if (in.token() != Tokens.Token.START_ARRAY) {
        in.skipValue();
        return;
      }
      for (int i = 0; in.next() != Tokens.Token.END_ARRAY; i++) {
        r.pushIndex(i);
        object(in, spec.substring(2), r);
        r.pop();
      }
    } else if (spec.startsWith("{}")) {
      if (in.token() != Tokens.Token.START_OBJECT) {
        in.skipValue();
        return;
      }
      while (in.next() == Tokens.Token.NAME) {
        r.pushKey(in.text());
        in.next();
        object(in, spec.substring(2), r);
        r.pop();
      }
    } else {
      object(in, spec, r);
    }
  }

  private void object(Tokens in, String type, Reading r) {
    if (in.token() != Tokens.Token.START_OBJECT) {
      in.skipValue();
      return;
    }
    // load() checked that every type a root or a field names is defined
    Map<String, Field> fields = Objects.requireNonNull(types.get(type), type);
    while (in.next() == Tokens.Token.NAME) {
      String key = in.text();
      in.next();
      r.push(key);
      Field f = fields.get(key);
      if (f == null) {
        r.unknown(key, fields.keySet());
        in.skipValue();
      } else if (f.type() == null) {
        in.skipValue();
      } else {
        walk(in, shapeMark(f.shape()) + f.type(), r);
      }
      r.pop();
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
      // the tables' lines first: an object without apiVersion is checked as its kind's first root
      List<String> lines = new ArrayList<>(fromTables());
      lines.addAll(reader.lines().toList());
      return parse(lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The lines the field tables give, in known-fields.txt notation, for v1, v1beta2, v1beta1 and core v1. */
  static List<String> fromTables() {
    Map<String, Map<String, String>> described = new LinkedHashMap<>();
    List<String> lines = new ArrayList<>();
    List<Type<?>> all = new ArrayList<>(CoreTables.ALL);
    all.addAll(Tables.ALL);
    all.addAll(SchedulingTables.ALL);
    all.addAll(PolicyTables.ALL);
    all.addAll(CoreObjectTables.ALL);
    for (Version v : List.of(Version.V1, Version.V1BETA2, Version.V1BETA1)) {
      for (Type<?> t : all) {
        t.describe(v, described);
        if (t instanceof Table<?> && ((Table<?>) t).kind() != null) {
          Table<?> table = (Table<?>) t;
          for (String apiVersion : table.apiVersions()) {
            if (Version.of(apiVersion) == v) {
              lines.add("@ " + apiVersion + " " + table.kind() + " " + table.shape(v));
            }
          }
        }
      }
    }
    described.forEach((type, fields) -> {
      StringBuilder line = new StringBuilder(type).append(':');
      fields.forEach((name, shape) -> {
        line.append(' ').append(name);
        if (!shape.isEmpty()) {
          String mark = shape.startsWith("[]") || shape.startsWith("{}") ? shape.substring(0, 2) : "";
          line.append(mark).append(':').append(shape.substring(mark.length()));
        }
      });
      lines.add(line.toString());
    });
    return lines;
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
