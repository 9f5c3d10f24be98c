package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.internal.SortedMaps;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The value types of the field tables: scalars, lists and maps. */
final class Types {
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** Parses raw JSON for writing; decimals stay as written. */
  static final ObjectMapper RAW = JsonMapper.builder()
      .nodeFactory(new JsonNodeFactory(true))
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .build();

  private Types() {}

  /** A string. */
  static final Type<String> STRING = new Type<>() {
    @Override
    String read(Tokens in, Reading r) {
      if (in.token() != Tokens.Token.STRING) {
        throw r.wrongType("a string", in);
      }
      return in.text();
    }

    @Override
    JsonNode write(String value) {
      return NODES.textNode(value);
    }
  };

  /** A name other objects refer to (a mixin, a counter set, a driver): one String per value in a read. */
  static final Type<String> NAME = new Type<>() {
    @Override
    String read(Tokens in, Reading r) {
      return r.share(STRING.read(in, r));
    }

    @Override
    JsonNode write(String value) {
      return NODES.textNode(value);
    }
  };

  /** A 64-bit integer; a JSON number with a fraction or an exponent is not one, as in Go. */
  static final Type<Long> LONG = new Type<>() {
    @Override
    Long read(Tokens in, Reading r) {
      if (in.token() == Tokens.Token.NUMBER && isIntegerLiteral(in.text())) {
        try {
          return Long.valueOf(in.text());
        } catch (NumberFormatException e) {
          // too large: reported below
        }
      }
      throw r.wrongType("a 64-bit integer", in);
    }

    @Override
    JsonNode write(Long value) {
      return number(value);
    }
  };

  /** A 32-bit integer. */
  static final Type<Integer> INT32 = new Type<>() {
    @Override
    Integer read(Tokens in, Reading r) {
      long v = LONG.read(in, r);
      if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
        throw r.fail("expected a 32-bit integer, got " + v);
      }
      return (int) v;
    }

    @Override
    JsonNode write(Integer value) {
      return NODES.numberNode(value.intValue());
    }
  };

  /**
   * An IntOrString (minAvailable, maxUnavailable), kept as written: an integer's digits or the
   * string; written back as a number when it is an integer.
   */
  static final Type<String> INT_OR_STRING = new Type<>() {
    @Override
    String read(Tokens in, Reading r) {
      if (in.token() == Tokens.Token.STRING) {
        return in.text();
      }
      if (in.token() == Tokens.Token.NUMBER) {
        return String.valueOf(INT32.read(in, r));
      }
      throw r.wrongType("an integer or a string", in);
    }

    @Override
    JsonNode write(String value) {
      return value.matches("-?[0-9]+") ? NODES.numberNode(Integer.parseInt(value)) : NODES.textNode(value);
    }
  };

  /** A boolean. */
  static final Type<Boolean> BOOL = new Type<>() {
    @Override
    Boolean read(Tokens in, Reading r) {
      if (in.token() == Tokens.Token.TRUE) {
        return Boolean.TRUE;
      }
      if (in.token() == Tokens.Token.FALSE) {
        return Boolean.FALSE;
      }
      throw r.wrongType("a boolean", in);
    }

    @Override
    JsonNode write(Boolean value) {
      return NODES.booleanNode(value);
    }
  };

  /** A quantity: a string (blanks around it trimmed, as Kubernetes does) or a number. */
  static final Type<Quantity> QUANTITY = new Type<>() {
    @Override
    Quantity read(Tokens in, Reading r) {
      String text;
      if (in.token() == Tokens.Token.STRING) {
        text = in.text().strip();
      } else if (in.token() == Tokens.Token.NUMBER) {
        text = isIntegerLiteral(in.text()) ? in.text() : new BigDecimal(in.text()).toString();
      } else {
        throw r.wrongType("a quantity (string or number)", in);
      }
      try {
        return r.share(Quantity.parse(text));
      } catch (IllegalArgumentException e) {
        throw r.fail(String.valueOf(e.getMessage()));
      }
    }

    @Override
    JsonNode write(Quantity value) {
      return NODES.textNode(value.toString());
    }
  };

  /** Any JSON value, kept as compact JSON text. */
  static final Type<RawJson> RAW_JSON = new Type<>() {
    @Override
    RawJson read(Tokens in, Reading r) {
      return new RawJson(Trees.read(in, r).toString());
    }

    @Override
    JsonNode write(RawJson value) {
      try {
        return RAW.readTree(value.json());
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("RawJson is not valid JSON: " + e.getOriginalMessage(), e);
      }
    }
  };

  /**
   * {@return an integer node, an int one when the value fits: untyped readers of the tree (fabric8's
   * additional properties) then see the Integer a JSON parser would give them}
   */
  static JsonNode number(long value) {
    return value == (int) value ? NODES.numberNode((int) value) : NODES.numberNode(value);
  }

  static boolean isIntegerLiteral(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '.' || c == 'e' || c == 'E') {
        return false;
      }
    }
    return true;
  }

  /* --- lists and maps --- */

  static <E> Type<List<E>> list(Type<E> element) {
    return new ListType<>(element);
  }

  static <V> Type<Map<String, V>> map(Type<V> value) {
    return new MapType<>(value);
  }

  /** A list; a null element is missing, as for a required field. */
  private static final class ListType<E> extends Type<List<E>> {
    private final Type<E> element;

    ListType(Type<E> element) {
      this.element = element;
    }

    @Override
    List<E> read(Tokens in, Reading r) {
      if (in.token() != Tokens.Token.START_ARRAY) {
        throw r.wrongType("a list", in);
      }
      List<E> out = new ArrayList<>();
      for (int i = 0; in.next() != Tokens.Token.END_ARRAY; i++) {
        r.pushIndex(i);
        out.add(readElement(element, in, r));
        r.pop();
      }
      return element.shareable() ? r.share(List.copyOf(out)) : out;
    }

    @Override
    boolean shareable() {
      return element.shareable();
    }

    @Override
    JsonNode write(List<E> value) {
      ArrayNode a = NODES.arrayNode(value.size());
      for (E e : value) {
        a.add(element.write(e));
      }
      return a;
    }

    @Override
    List<E> absent() {
      return List.of();
    }

    @Override
    boolean isEmpty(List<E> value) {
      return value.isEmpty();
    }

    @Override
    String shape(Version version) {
      String inner = element.shape(version);
      return inner.isEmpty() ? "" : "[]" + inner;
    }

  }

  /** A map with string keys; a repeated key keeps its last value and is reported. */
  private static final class MapType<V> extends Type<Map<String, V>> {
    private final Type<V> value;

    MapType(Type<V> value) {
      this.value = value;
    }

    @Override
    Map<String, V> read(Tokens in, Reading r) {
      if (in.token() != Tokens.Token.START_OBJECT) {
        throw r.wrongType("an object", in);
      }
      Map<String, V> out = new LinkedHashMap<>();
      while (in.next() == Tokens.Token.NAME) {
        String key = r.share(in.text());
        r.pushKey(key);
        if (out.containsKey(key)) {
          r.duplicate(key, in.where());
        }
        in.next();
        out.put(key, readElement(value, in, r));
        r.pop();
      }
      Map<String, V> frozen = SortedMaps.copyOf(out);
      return value.shareable() ? r.share(frozen) : frozen;
    }

    @Override
    boolean shareable() {
      return value.shareable();
    }

    @Override
    JsonNode write(Map<String, V> values) {
      ObjectNode m = NODES.objectNode();
      values.forEach((k, v) -> m.set(k, value.write(v)));
      return m;
    }

    @Override
    Map<String, V> absent() {
      return Map.of();
    }

    @Override
    boolean isEmpty(Map<String, V> value) {
      return value.isEmpty();
    }

    @Override
    String shape(Version version) {
      String inner = value.shape(version);
      return inner.isEmpty() ? "" : "{}" + inner;
    }

  }

  private static <E> E readElement(Type<E> type, Tokens in, Reading r) {
    if (in.token() == Tokens.Token.NULL) {
      throw r.fail("Required value: missing required field");
    }
    return type.read(in, r);
  }
}
