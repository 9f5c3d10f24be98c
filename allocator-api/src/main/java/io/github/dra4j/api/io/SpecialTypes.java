package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The types that are not one record's table: the attribute one-of, and v1alpha3's plain capacity. */
final class SpecialTypes {
  private SpecialTypes() {}

  private static final List<String> ATTRIBUTE_FIELDS =
      List.of("bool", "int", "string", "version", "bools", "ints", "strings", "versions");

  /** A device attribute: exactly one of its eight fields; none at all is kept for validation to report. */
  static final Type<DeviceAttribute> ATTRIBUTE = new Type<>() {
    @Override
    DeviceAttribute read(Tokens in, Reading r) {
      if (in.token() != Tokens.Token.START_OBJECT) {
        throw r.wrongType("an object", in);
      }
      Map<String, DeviceAttribute> found = new LinkedHashMap<>(2);
      while (in.next() == Tokens.Token.NAME) {
        String key = in.text();
        r.push(key);
        if (found.containsKey(key)) {
          r.duplicate(key, in.where());
        }
        in.next();
        if (!ATTRIBUTE_FIELDS.contains(key)) {
          r.unknown(key, ATTRIBUTE_FIELDS);
          in.skipValue();
        } else if (in.token() == Tokens.Token.NULL) {
          found.remove(key);
        } else {
          found.put(key, value(key, in, r));
        }
        r.pop();
      }
      if (found.isEmpty()) {
        return DeviceAttribute.empty();
      }
      if (found.size() > 1) {
        throw r.fail("an attribute must have exactly one of bool, int, string, version, bools, ints, "
            + "strings, versions; found " + String.join(", ", sorted(found.keySet())));
      }
      return r.share(found.values().iterator().next());
    }

    private List<String> sorted(Iterable<String> keys) {
      List<String> out = new ArrayList<>();
      for (String f : ATTRIBUTE_FIELDS) {
        for (String k : keys) {
          if (k.equals(f)) {
            out.add(k);
          }
        }
      }
      return out;
    }

    private DeviceAttribute value(String field, Tokens in, Reading r) {
      switch (field) {
        case "bool":
          return DeviceAttribute.ofBool(Types.BOOL.read(in, r));
        case "int":
          return DeviceAttribute.ofInt(Types.LONG.read(in, r));
        case "string":
          return DeviceAttribute.ofString(r.share(Types.STRING.read(in, r)));
        case "version":
          return DeviceAttribute.ofVersion(r.share(Types.STRING.read(in, r)));
        case "bools":
          return DeviceAttribute.ofBools(Types.list(Types.BOOL).read(in, r));
        case "ints":
          return DeviceAttribute.ofInts(Types.list(Types.LONG).read(in, r));
        case "strings":
          return DeviceAttribute.ofStrings(Types.list(Types.STRING).read(in, r));
        default:
          return DeviceAttribute.ofVersions(Types.list(Types.STRING).read(in, r));
      }
    }

    @Override
    JsonNode write(DeviceAttribute a) {
      ObjectNode n = Types.NODES.objectNode();
      if (a instanceof DeviceAttribute.OfBool) {
        n.put("bool", ((DeviceAttribute.OfBool) a).value());
      } else if (a instanceof DeviceAttribute.OfInt) {
        n.set("int", Types.number(((DeviceAttribute.OfInt) a).value()));
      } else if (a instanceof DeviceAttribute.OfString) {
        n.put("string", ((DeviceAttribute.OfString) a).value());
      } else if (a instanceof DeviceAttribute.OfVersion) {
        n.put("version", ((DeviceAttribute.OfVersion) a).value());
      } else if (a instanceof DeviceAttribute.OfBools) {
        ArrayNode values = n.putArray("bools");
        ((DeviceAttribute.OfBools) a).values().forEach(values::add);
      } else if (a instanceof DeviceAttribute.OfInts) {
        ArrayNode values = n.putArray("ints");
        ((DeviceAttribute.OfInts) a).values().forEach(v -> values.add(Types.number(v)));
      } else if (a instanceof DeviceAttribute.OfStrings) {
        ArrayNode values = n.putArray("strings");
        ((DeviceAttribute.OfStrings) a).values().forEach(values::add);
      } else if (a instanceof DeviceAttribute.OfVersions) {
        ArrayNode values = n.putArray("versions");
        ((DeviceAttribute.OfVersions) a).values().forEach(values::add);
      }
      return n;
    }

    @Override
    String shape(Version version) {
      return version.prefix() + "DeviceAttribute";
    }

    @Override
    void describe(Version version, Map<String, Map<String, String>> into) {
      Map<String, String> fields = new LinkedHashMap<>();
      ATTRIBUTE_FIELDS.forEach(f -> fields.put(f, ""));
      into.put(shape(version), fields);
    }
  };

  /** A device capacity, which v1alpha3 (Kubernetes 1.31 to 1.33) writes as a plain quantity. */
  static final class AlphaPlainCapacity extends Type<DeviceCapacity> {
    private final Table<DeviceCapacity> table;

    AlphaPlainCapacity(Table<DeviceCapacity> table) {
      this.table = table;
    }

    @Override
    DeviceCapacity read(Tokens in, Reading r) {
      if (r.version() == Version.V1ALPHA3 && in.token() != Tokens.Token.START_OBJECT) {
        return new DeviceCapacity(Types.QUANTITY.read(in, r), null);
      }
      return table.read(in, r);
    }

    @Override
    JsonNode write(DeviceCapacity value) {
      return table.write(value);
    }

    @Override
    boolean shareable() {
      return true;
    }

    @Override
    String shape(Version version) {
      return table.shape(version);
    }
  }
}
