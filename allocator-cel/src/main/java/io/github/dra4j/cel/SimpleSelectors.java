package io.github.dra4j.cel;

import io.github.dra4j.api.DeviceAttribute;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * Reads the fast tree of the commonest selectors straight from their text, so a process whose
 * selectors are all of this kind never builds a CEL environment (declarations, parser, checker:
 * most of a one-shot command's CEL time). The subset is strict and always compiles to the same
 * tree in every environment variant (SimpleSelectorsTest compares each with CEL-Java's):
 *
 *   expr       := and ("||" and)*
 *   and        := comparison ("&&" comparison)*
 *   comparison := subject ("==" | "!=") literal
 *   subject    := device.driver (string literals only) | device.attributes key key
 *   key        := "[" string "]" | "." identifier
 *   literal    := string | decimal int (at most 18 digits, no sign) | true | false
 *
 * Strings are single- or double-quoted without escapes or control characters; identifiers are not
 * CEL's reserved words. Anything else (parentheses, !, escapes, comments, other operators or
 * functions) returns null and is compiled by CEL-Java. Chains of && and || are balanced as the
 * CEL parser balances them, so the tree is the one FastSelector.analyse makes of the checked AST.
 */
final class SimpleSelectors {
  private SimpleSelectors() {}

  /** CEL's reserved words: the grammar's keywords and the identifiers the parser rejects. */
  private static final Set<String> RESERVED = Set.of("true", "false", "null", "in", "as", "break", "const",
      "continue", "else", "for", "function", "if", "import", "let", "loop", "package", "namespace", "return",
      "var", "void", "while");

  private static final int MAX_INT_DIGITS = 18;

  /** {@return the fast tree of the expression, or null when it is outside the subset} */
  static FastSelector.@Nullable Node parse(String expression) {
    if (expression.length() > CelEnvironment.MAX_EXPRESSION_BYTES / 4) {
      return null; // far below the limit in UTF-8 bytes, whatever the characters
    }
    Reader r = new Reader(expression);
    FastSelector.Node n = r.or();
    r.space();
    return n != null && r.at == expression.length() ? n : null;
  }

  private static final class Reader {
    private final String s;
    private int at;

    Reader(String s) {
      this.s = s;
    }

    FastSelector.@Nullable Node or() {
      return chain("||", this::and, false);
    }

    FastSelector.@Nullable Node and() {
      return chain("&&", this::comparison, true);
    }

    /** One operand of a chain. */
    private interface Operand {
      FastSelector.@Nullable Node read();
    }

    private FastSelector.@Nullable Node chain(String operator, Operand operand, boolean and) {
      List<FastSelector.Node> terms = new ArrayList<>();
      do {
        FastSelector.Node t = operand.read();
        if (t == null) {
          return null;
        }
        terms.add(t);
      } while (take(operator));
      return balanced(terms, 0, terms.size() - 2, and);
    }

    /** The CEL parser's balancing of a chain of one operator (ops lo..hi between terms lo..hi+1). */
    private static FastSelector.Node balanced(List<FastSelector.Node> terms, int lo, int hi, boolean and) {
      if (hi < lo) {
        return terms.get(lo);
      }
      int mid = (lo + hi + 1) / 2;
      FastSelector.Node left = mid == lo ? terms.get(mid) : balanced(terms, lo, mid - 1, and);
      FastSelector.Node right = mid == hi ? terms.get(mid + 1) : balanced(terms, mid + 1, hi, and);
      return and ? new FastSelector.And(left, right) : new FastSelector.Or(left, right);
    }

    FastSelector.@Nullable Node comparison() {
      if (!word("device") || !take(".")) {
        return null;
      }
      String field = identifier();
      boolean driver = CelEnvironment.DRIVER.equals(field);
      String domain = null;
      String id = null;
      if (!driver) {
        if (!CelEnvironment.ATTRIBUTES.equals(field)) {
          return null;
        }
        domain = key();
        id = domain == null ? null : key();
        if (domain == null || id == null) {
          return null;
        }
      }
      boolean negated;
      if (take("==")) {
        negated = false;
      } else if (take("!=")) {
        negated = true;
      } else {
        return null;
      }
      DeviceAttribute literal = literal();
      if (literal == null) {
        return null;
      }
      if (driver) {
        return literal instanceof DeviceAttribute.OfString
            ? new FastSelector.Driver(((DeviceAttribute.OfString) literal).value(), negated) : null;
      }
      return domain == null || id == null ? null : new FastSelector.AttributeEquals(domain, id, literal, negated);
    }

    /** {@code ["text"]} or {@code .identifier} */
    private @Nullable String key() {
      if (take("[")) {
        space();
        String k = string();
        return k != null && take("]") ? k : null;
      }
      return take(".") ? identifier() : null;
    }

    private @Nullable DeviceAttribute literal() {
      space();
      if (at >= s.length()) {
        return null;
      }
      char c = s.charAt(at);
      if (c == '"' || c == '\'') {
        String v = string();
        return v == null ? null : DeviceAttribute.ofString(v);
      }
      if (c >= '0' && c <= '9') {
        int start = at;
        while (at < s.length() && s.charAt(at) >= '0' && s.charAt(at) <= '9') {
          at++;
        }
        String digits = s.substring(start, at);
        boolean plain = digits.length() <= MAX_INT_DIGITS && (digits.length() == 1 || digits.charAt(0) != '0');
        // A letter or dot after the digits makes another token (1u, 1.0, 1e3): not this subset.
        return plain && !identifierPart(at) && !next('.') ? DeviceAttribute.ofInt(Long.parseLong(digits)) : null;
      }
      String w = identifier();
      return "true".equals(w) ? DeviceAttribute.ofBool(true) : "false".equals(w) ? DeviceAttribute.ofBool(false) : null;
    }

    /** A quoted string without escapes or control characters, at the cursor. */
    private @Nullable String string() {
      if (at >= s.length()) {
        return null;
      }
      char quote = s.charAt(at);
      if (quote != '"' && quote != '\'') {
        return null;
      }
      int end = at + 1;
      while (end < s.length() && s.charAt(end) != quote) {
        char c = s.charAt(end);
        if (c == '\\' || c < ' ' || c == 0x7f || Character.isSurrogate(c)) {
          return null;
        }
        end++;
      }
      if (end >= s.length() || (end == at + 1 && end + 1 < s.length() && s.charAt(end + 1) == quote)) {
        return null; // unterminated, or the start of a triple-quoted string
      }
      String v = s.substring(at + 1, end);
      at = end + 1;
      return v;
    }

    /** An identifier that is not a reserved word, or null; "true" and "false" for literal(). */
    private @Nullable String identifier() {
      space();
      int start = at;
      if (at < s.length() && letter(s.charAt(at))) {
        at++;
        while (identifierPart(at)) {
          at++;
        }
      }
      String w = s.substring(start, at);
      if (w.isEmpty()) {
        return null;
      }
      return RESERVED.contains(w) && !w.equals("true") && !w.equals("false") ? null : w;
    }

    private boolean identifierPart(int i) {
      if (i >= s.length()) {
        return false;
      }
      char c = s.charAt(i);
      return letter(c) || (c >= '0' && c <= '9');
    }

    private static boolean letter(char c) {
      return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** The identifier {@code w}, whole. */
    private boolean word(String w) {
      int start = at;
      String read = identifier();
      if (w.equals(read)) {
        return true;
      }
      at = start;
      return false;
    }

    private boolean take(String token) {
      space();
      if (s.startsWith(token, at)) {
        at += token.length();
        return true;
      }
      return false;
    }

    private boolean next(char c) {
      return at < s.length() && s.charAt(at) == c;
    }

    void space() {
      while (at < s.length() && (s.charAt(at) == ' ' || s.charAt(at) == '\t' || s.charAt(at) == '\n'
          || s.charAt(at) == '\r')) {
        at++;
      }
    }
  }
}
