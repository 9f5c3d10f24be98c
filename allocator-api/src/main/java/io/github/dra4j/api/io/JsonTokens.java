package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.io.IOException;
import java.io.UncheckedIOException;

/*
 * Tokens of a JSON stream straight from Jackson's parser, one value at a time, so that a JSON
 * dump of any size is decoded object by object without a tree. next() stops at the end of the
 * current top-level value (END); nextValue() moves to the next one.
 */
final class JsonTokens extends Tokens {

  /** A syntax error or a limit, with Jackson's message and location. */
  static final class Syntax extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Syntax(JsonProcessingException e) {
      super(message(e), e);
    }

    private static String message(JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      String where = loc == null || loc.getLineNr() < 0 ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
      return e.getOriginalMessage() + where;
    }
  }

  private final JsonParser parser;
  private Token token = Token.END;
  /** Containers of the current value open after the current token. */
  private int open;
  /** Whether the current token ends the current value. */
  private boolean complete = true;

  JsonTokens(JsonParser parser) {
    this.parser = parser;
  }

  /** Moves to the first token of the next top-level value; false at the end of the input. */
  boolean nextValue() {
    JsonToken t = advance();
    if (t == null) {
      token = Token.END;
      complete = true;
      return false;
    }
    open = 0;
    produce(map(t));
    return true;
  }

  @Override
  @CanIgnoreReturnValue
  Token next() {
    if (complete) {
      token = Token.END;
      return token;
    }
    JsonToken t = advance();
    if (t == null) {
      token = Token.END;
      complete = true;
      return token;
    }
    return produce(map(t));
  }

  @CanIgnoreReturnValue
  private Token produce(Token t) {
    token = t;
    if (t == Token.START_OBJECT || t == Token.START_ARRAY) {
      open++;
    } else if (t == Token.END_OBJECT || t == Token.END_ARRAY) {
      open--;
    }
    complete = open == 0 && t != Token.NAME;
    return t;
  }

  private JsonToken advance() {
    try {
      return parser.nextToken();
    } catch (JsonProcessingException e) {
      throw new Syntax(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Token map(JsonToken t) {
    switch (t) {
      case START_OBJECT:
        return Token.START_OBJECT;
      case END_OBJECT:
        return Token.END_OBJECT;
      case START_ARRAY:
        return Token.START_ARRAY;
      case END_ARRAY:
        return Token.END_ARRAY;
      case FIELD_NAME:
        return Token.NAME;
      case VALUE_STRING:
        return Token.STRING;
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return Token.NUMBER;
      case VALUE_TRUE:
        return Token.TRUE;
      case VALUE_FALSE:
        return Token.FALSE;
      default:
        return Token.NULL;
    }
  }

  @Override
  Token token() {
    return token;
  }

  @Override
  String text() {
    try {
      String t = parser.getText();
      return token == Token.STRING || token == Token.NAME ? UnicodeInput.wellFormed(t) : t;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  long position() {
    JsonLocation at = parser.currentTokenLocation();
    return at == null || at.getLineNr() < 0 ? -1 : (long) at.getLineNr() << 32;
  }

  @Override
  void skipValue() {
    if (token != Token.START_OBJECT && token != Token.START_ARRAY) {
      return;
    }
    try {
      parser.skipChildren();
    } catch (JsonProcessingException e) {
      throw new Syntax(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    produce(token == Token.START_OBJECT ? Token.END_OBJECT : Token.END_ARRAY);
  }
}
