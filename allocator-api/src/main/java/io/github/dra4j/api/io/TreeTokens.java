package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Tokens of a Jackson tree: objects' fields in order, numbers as their literal text. */
final class TreeTokens extends Tokens {

  /** An object or array being walked, and the value whose name was just returned. */
  private static final class Frame {
    final @Nullable Iterator<Map.Entry<String, JsonNode>> fields;
    final @Nullable Iterator<JsonNode> elements;
    @Nullable JsonNode pending;

    Frame(JsonNode container) {
      this.fields = container.isObject() ? container.properties().iterator() : null;
      this.elements = container.isObject() ? null : container.elements();
    }
  }

  private final JsonNode root;
  private final ArrayDeque<Frame> stack = new ArrayDeque<>();
  private boolean started;
  private Token token = Token.END;
  private String text = "";
  private @Nullable JsonNode current;

  TreeTokens(@Nullable JsonNode root) {
    this.root = root == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : root;
  }

  @Override
  @CanIgnoreReturnValue
  Token next() {
    if (!started) {
      started = true;
      return enter(root);
    }
    Frame f = stack.peek();
    if (f == null) {
      current = null;
      return set(Token.END);
    }
    if (f.pending != null) {
      JsonNode v = f.pending;
      f.pending = null;
      return enter(v);
    }
    current = null;
    if (f.fields != null) {
      if (f.fields.hasNext()) {
        Map.Entry<String, JsonNode> e = f.fields.next();
        f.pending = e.getValue();
        text = e.getKey();
        return set(Token.NAME);
      }
      stack.pop();
      return set(Token.END_OBJECT);
    }
    if (f.elements != null && f.elements.hasNext()) {
      return enter(f.elements.next());
    }
    stack.pop();
    return set(Token.END_ARRAY);
  }

  private Token enter(JsonNode node) {
    current = node;
    switch (node.getNodeType()) {
      case OBJECT:
        stack.push(new Frame(node));
        return set(Token.START_OBJECT);
      case ARRAY:
        stack.push(new Frame(node));
        return set(Token.START_ARRAY);
      case STRING:
        text = node.textValue();
        return set(Token.STRING);
      case NUMBER:
        text = node.asText();
        return set(Token.NUMBER);
      case BOOLEAN:
        text = node.asText();
        return set(node.booleanValue() ? Token.TRUE : Token.FALSE);
      default:
        text = "null";
        return set(Token.NULL);
    }
  }

  private Token set(Token t) {
    token = t;
    return t;
  }

  @Override
  Token token() {
    return token;
  }

  @Override
  String text() {
    return text;
  }

  /** {@return the node of the current value; the caller then skips it} */
  @Override
  @Nullable JsonNode currentNode() {
    return current;
  }

  @Override
  void skipValue() {
    if (token == Token.START_OBJECT || token == Token.START_ARRAY) {
      stack.pop();
      token = token == Token.START_OBJECT ? Token.END_OBJECT : Token.END_ARRAY;
    }
  }
}
