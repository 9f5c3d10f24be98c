package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;

/** Builds a Jackson tree of the value at the cursor: for raw JSON and objects of kinds the model lacks. */
final class Trees {
  /** Keeps decimals as written ({@code 2.50} stays {@code 2.50}). */
  static final JsonNodeFactory NODES = new JsonNodeFactory(true);

  private Trees() {}

  /** {@return the tree of the value at the cursor}; a repeated key keeps its last value and is reported */
  static JsonNode read(Tokens in, Reading r) {
    JsonNode node = in.currentNode();
    if (node != null) {
      in.skipValue();
      return node;
    }
    switch (in.token()) {
      case START_OBJECT:
        ObjectNode o = NODES.objectNode();
        while (in.next() == Tokens.Token.NAME) {
          String key = in.text();
          r.pushKey(key);
          if (o.has(key)) {
            r.duplicate(key, in.where());
          }
          in.next();
          o.set(key, read(in, r));
          r.pop();
        }
        return o;
      case START_ARRAY:
        ArrayNode a = NODES.arrayNode();
        for (int i = 0; in.next() != Tokens.Token.END_ARRAY; i++) {
          r.pushIndex(i);
          a.add(read(in, r));
          r.pop();
        }
        return a;
      case STRING:
        return NODES.textNode(in.text());
      case NUMBER:
        return number(in.text());
      case TRUE:
        return NODES.booleanNode(true);
      case FALSE:
        return NODES.booleanNode(false);
      default:
        return NODES.nullNode();
    }
  }

  /** A JSON number literal as a node that writes it back as written (decimals) or exactly (integers). */
  static JsonNode number(String literal) {
    if (Types.isIntegerLiteral(literal)) {
      BigInteger v = new BigInteger(literal);
      return v.bitLength() < 64 ? NODES.numberNode(v.longValue()) : NODES.numberNode(v);
    }
    return NODES.numberNode(new BigDecimal(literal));
  }
}
