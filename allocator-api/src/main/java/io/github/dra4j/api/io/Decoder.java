package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * Decoding by model type, through the field tables. JSON null counts as absent, as in Go. v1beta1
 * and v1alpha3 are converted as they are read (Table's beta1 shapes, SpecialTypes' plain
 * capacity), so every version decodes into the same records.
 */
final class Decoder {
  private Decoder() {}

  private static final Map<Class<?>, Type<?>> TYPES = types();
  private static final Map<String, Table<?>> KINDS = kinds();

  private static Map<Class<?>, Type<?>> types() {
    Map<Class<?>, Type<?>> m = new HashMap<>();
    for (Table<?> t : tables()) {
      m.put(t.record(), t);
    }
    m.put(DeviceAttribute.class, SpecialTypes.ATTRIBUTE);
    m.put(Quantity.class, Types.QUANTITY);
    m.put(RawJson.class, Types.RAW_JSON);
    return Collections.unmodifiableMap(m);
  }

  private static Map<String, Table<?>> kinds() {
    Map<String, Table<?>> m = new HashMap<>();
    for (Table<?> t : tables()) {
      String kind = t.kind();
      if (kind != null) {
        m.put(kind, t);
      }
    }
    return Collections.unmodifiableMap(m);
  }

  /** {@return every record table} */
  static List<Table<?>> tables() {
    List<Table<?>> out = new ArrayList<>();
    for (Type<?> t : CoreTables.ALL) {
      if (t instanceof Table<?>) {
        out.add((Table<?>) t);
      }
    }
    for (Type<?> t : Tables.ALL) {
      if (t instanceof Table<?>) {
        out.add((Table<?>) t);
      }
    }
    for (Type<?> t : SchedulingTables.ALL) {
      if (t instanceof Table<?>) {
        out.add((Table<?>) t);
      }
    }
    for (Type<?> t : PolicyTables.ALL) {
      if (t instanceof Table<?>) {
        out.add((Table<?>) t);
      }
    }
    for (Type<?> t : CoreObjectTables.ALL) {
      if (t instanceof Table<?>) {
        out.add((Table<?>) t);
      }
    }
    return out;
  }

  /** {@return every model type this decoder reads} */
  static Set<Class<?>> modelTypes() {
    return TYPES.keySet();
  }

  static boolean supports(Class<?> type) {
    return TYPES.containsKey(type);
  }

  /** {@return the table of a top-level kind, or null for kinds the model does not cover} */
  static @Nullable Table<?> kind(String kind) {
    return KINDS.get(kind);
  }

  /** {@return the type of a model class, or null} */
  static @Nullable Type<?> type(Class<?> type) {
    Type<?> t = TYPES.get(type);
    if (t == null && DeviceAttribute.class.isAssignableFrom(type)) {
      return SpecialTypes.ATTRIBUTE;
    }
    return t;
  }

  /**
   * Decodes the value at a started cursor as {@code type}, a model type for which
   * {@link #supports} holds; null or absent is an error at the root.
   */
  static <T> T decode(Class<T> type, Tokens in, Reading r) {
    Type<?> t = TYPES.get(type);
    if (t == null) {
      throw new IllegalArgumentException("not a model type: " + type.getName());
    }
    if (in.token() == Tokens.Token.NULL || in.token() == Tokens.Token.END) {
      throw r.fail("expected " + type.getSimpleName() + ", got null");
    }
    return type.cast(t.read(in, r));
  }

  /** {@return metadata.name of a top-level object, or null} */
  @SuppressWarnings("unchecked")
  static @Nullable String name(Object o) {
    Table<Object> t = (Table<Object>) TYPES.get(o.getClass());
    if (t == null || t.kind() == null) {
      return null;
    }
    Object meta = t.get(t.field("metadata"), o);
    return meta instanceof ObjectMeta ? ((ObjectMeta) meta).name() : null;
  }

  static String describe(@Nullable JsonNode n) {
    TreeTokens t = new TreeTokens(n);
    t.next();
    return t.describe();
  }
}
