package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * A forward cursor over one JSON-shaped value: the decoder's only view of its input, so that a
 * field table reads a Jackson tree, a JSON stream or YAML events alike, in one pass. Scalars
 * arrive as JSON sees them: YAML sources have already resolved plain scalars as Kubernetes does
 * (GoScalars), and a NUMBER's text is its JSON literal.
 */
abstract class Tokens {

  /** The kinds of tokens. */
  enum Token { START_OBJECT, END_OBJECT, START_ARRAY, END_ARRAY, NAME, STRING, NUMBER, TRUE, FALSE, NULL, END }

  /** Advances to the next token and returns it; {@link Token#END} after the value. */
  @CanIgnoreReturnValue
  abstract Token next();

  /** {@return the current token} */
  abstract Token token();

  /**
   * {@return the text of the current NAME, STRING or NUMBER (the literal), or "true", "false",
   * "null"}
   */
  abstract String text();

  /**
   * {@return for a YAML source, what to say about the current scalar when Kubernetes reads it as
   * another type than its text suggests ("value Y is read as true, as kubectl does; ..."), else null}
   */
  @Nullable String note() {
    return null;
  }

  /**
   * {@return the notes (plain YAML scalars that changed type) produced since the last call, and
   * forgets them}
   */
  List<YamlTokens.Note> takeNotes() {
    return List.of();
  }

  /**
   * {@return where the current token is in the input: its 1-based line in the high 32 bits and
   * column in the low ones (0 when only the line is known), or -1 when not known}
   */
  long position() {
    return -1;
  }

  /** {@return where the current token is, such as "line 3, column 5", or ""} */
  final String where() {
    return where(position());
  }

  static String where(long position) {
    if (position < 0) {
      return "";
    }
    int column = (int) position;
    return "line " + (position >>> 32) + (column > 0 ? ", column " + column : "");
  }

  /** {@return the tree of the current value when the source is a tree (which the caller then skips), else null} */
  @Nullable JsonNode currentNode() {
    return null;
  }

  /** Skips the current value: a container up to and including its end token. */
  void skipValue() {
    Token t = token();
    if (t != Token.START_OBJECT && t != Token.START_ARRAY) {
      return;
    }
    int depth = 1;
    while (depth > 0) {
      Token n = next();
      if (n == Token.START_OBJECT || n == Token.START_ARRAY) {
        depth++;
      } else if (n == Token.END_OBJECT || n == Token.END_ARRAY) {
        depth--;
      } else if (n == Token.END) {
        return;
      }
    }
  }

  /** {@return a short description of the current value for type errors, such as {@code boolean true}} */
  String describe() {
    switch (token()) {
      case START_OBJECT:
        return "an object";
      case START_ARRAY:
        return "a list";
      case TRUE:
      case FALSE:
        return "boolean " + text();
      case NUMBER:
        return "number " + text();
      case STRING:
        String s = text();
        return "string \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
      case NULL:
        return "null";
      default:
        return token().toString().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
