package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * An API object of which the model keeps one field: a pod's affinity holds nodeAffinity, which
 * holds the required node selector. Reads as that field's value (null when absent), writes the
 * object around it; its other fields are known to field validation, as a table's are.
 */
final class Wrapper<T> extends Type<T> {
  private final String typeName;
  private final String field;
  private final Type<T> type;
  private final Map<String, String> known = new LinkedHashMap<>();

  Wrapper(String typeName, String field, Type<T> type, String known) {
    this.typeName = typeName;
    this.field = field;
    this.type = type;
    for (String spec : known.split("\\s+", -1)) {
      int colon = spec.indexOf(':');
      String name = spec.substring(0, colon);
      String mark = name.endsWith("[]") ? "[]" : "";
      this.known.put(name.substring(0, name.length() - mark.length()), mark + spec.substring(colon + 1));
    }
  }

  /** Null when the wrapped field is absent: the table's slot then takes the field's default. */
  @Override
  @SuppressWarnings("NullAway")
  T read(Tokens in, Reading r) {
    if (in.token() != Tokens.Token.START_OBJECT) {
      throw r.wrongType("an object", in);
    }
    T value = null;
    while (in.next() == Tokens.Token.NAME) {
      String key = in.text();
      in.next();
      r.push(key);
      String spec = known.get(key);
      if (key.equals(field)) {
        value = in.token() == Tokens.Token.NULL ? null : type.read(in, r);
      } else if (spec != null && r.checksFields()) {
        FieldCheck.instance().walk(in, spec, r);
      } else {
        if (spec == null) {
          List<String> candidates = new ArrayList<>(known.keySet());
          candidates.add(field);
          r.unknown(key, candidates);
        }
        in.skipValue();
      }
      r.pop();
    }
    return value;
  }

  @Override
  JsonNode write(T value) {
    ObjectNode n = Types.NODES.objectNode();
    n.set(field, type.write(value));
    return n;
  }

  @Override
  String shape(Version version) {
    return typeName;
  }

  @Override
  void describe(Version version, Map<String, Map<String, String>> into) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put(field, type.shape(version));
    fields.putAll(known);
    into.put(typeName, fields);
    type.describe(version, into);
  }
}
