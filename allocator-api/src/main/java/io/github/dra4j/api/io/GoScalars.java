package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.nodes.Tag;

/*
 * Plain YAML scalars as Kubernetes sees them after sigs.k8s.io/yaml's YAMLToJSON: go-yaml v2
 * resolves a scalar (resolve.go), then convertToJSONableObject turns keys into strings and
 * encoding/json writes values. Mirrors, for keys: bool -> "true"/"false", int -> decimal,
 * float -> strconv.FormatFloat(f, 'g', -1, 32) with +Inf/-Inf/NaN as .inf/-.inf/.nan, and any
 * other key type (null, uint64) refused as "Unsupported map key". For values: an integer beyond
 * int64 is a uint64 up to 2^64-1 and a float64 beyond; a float64 is written as encoding/json
 * writes it ('f' format, 'e' below 1e-6 and from 1e21), and NaN or infinity cannot be written
 * ("json: unsupported value"). Go's shortest float formatting is Jackson's Schubfach here: both
 * give the shortest digits that read back to the same value, the closest of them on a tie.
 */
final class GoScalars {

  /** A scalar that is not representable: the message says why, as Kubernetes would refuse it. */
  static final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    Unsupported(String message) {
      super(message, null, false, false);
    }
  }

  /** What a plain scalar became: its JSON text and whether that text is a JSON string. */
  record Json(String text, boolean isString, boolean isNumber) {}

  private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
  private static final Pattern YAML12_INT = Pattern.compile("[-+]?(?:0|[1-9][0-9]*|0x[0-9a-fA-F]+|0o[0-7]+)");
  private static final Pattern DECIMAL = Pattern.compile("[-+]?[0-9_]+");
  private static final Pattern YAML12_BOOL = Pattern.compile("true|True|TRUE|false|False|FALSE");

  private GoScalars() {}

  /**
   * {@return the JSON object key a plain YAML key becomes}
   *
   * @throws Unsupported for keys that sigs.k8s.io/yaml refuses (null, an unsigned 64-bit integer)
   */
  static String key(Tag tag, String text) throws Unsupported {
    if (tag.equals(Tag.BOOL)) {
      return String.valueOf(GoYamlResolver.isTrue(text));
    }
    if (tag.equals(Tag.NULL)) {
      throw new Unsupported("unsupported map key: null (Kubernetes refuses a null key; quote it: \"" + text + "\")");
    }
    if (tag.equals(Tag.INT) || tag.equals(Tag.FLOAT)) {
      BigInteger integer = tag.equals(Tag.INT) ? integer(text) : null;
      if (integer == null && tag.equals(Tag.INT)) {
        return text;
      }
      if (integer != null && integer.bitLength() < 64) {
        return integer.toString();
      }
      if (integer != null && integer.signum() > 0 && integer.compareTo(UINT64_MAX) <= 0) {
        throw new Unsupported("unsupported map key: " + text + " is an unsigned 64-bit integer to Kubernetes,"
            + " which refuses it as a key; quote it");
      }
      Double d = integer != null ? Double.valueOf(integer.doubleValue()) : floating(text);
      if (integer != null && !DECIMAL.matcher(text).matches()) {
        return text; // go-yaml parses only decimal digits as a float
      }
      return d == null ? text : formatG32(d);
    }
    return text;
  }

  /**
   * {@return the JSON a plain YAML value becomes}
   *
   * @throws Unsupported for NaN and infinities, which encoding/json cannot write
   */
  static Json value(Tag tag, String text) throws Unsupported {
    if (tag.equals(Tag.NULL)) {
      return new Json("null", false, false);
    }
    if (tag.equals(Tag.BOOL)) {
      return new Json(String.valueOf(GoYamlResolver.isTrue(text)), false, false);
    }
    if (tag.equals(Tag.INT)) {
      BigInteger v = integer(text);
      if (v == null) {
        return new Json(text, true, false);
      }
      if (v.bitLength() < 64 || (v.signum() > 0 && v.compareTo(UINT64_MAX) <= 0)) {
        return new Json(v.toString(), false, true);
      }
      if (!DECIMAL.matcher(text).matches()) {
        return new Json(text, true, false); // go-yaml parses only decimal digits as a float
      }
      return new Json(formatJson(v.doubleValue()), false, true);
    }
    if (tag.equals(Tag.FLOAT)) {
      Double d = floating(text);
      if (d == null) {
        return new Json(text, true, false);
      }
      if (d.isNaN() || d.isInfinite()) {
        throw new Unsupported("the value " + text + " is " + (d.isNaN() ? "NaN" : "infinite")
            + ", which JSON cannot hold (Kubernetes refuses it: json: unsupported value); quote it");
      }
      return new Json(formatJson(d), false, true);
    }
    return new Json(text, true, false);
  }

  /**
   * {@return a note when a plain scalar reads as something other than what a YAML 1.2 reader
   * (or a reader of the text) would take it for, else null}: YAML 1.1's booleans beyond
   * true/false, octal, binary and underscored numbers, numbers too large for 64 bits, and keys
   * whose JSON text differs from what is written
   */
  static @Nullable String note(Tag tag, String text, String json, boolean isKey) {
    boolean changed;
    if (isKey) {
      changed = !json.equals(text);
    } else if (tag.equals(Tag.BOOL)) {
      changed = !YAML12_BOOL.matcher(text).matches();
    } else if (tag.equals(Tag.INT)) {
      // a YAML 1.2 reader differs on octal 010, 0b, 0X and underscores; past 64 bits it is a float
      changed = !YAML12_INT.matcher(text).matches() || json.indexOf('e') >= 0 || json.indexOf('.') >= 0;
    } else if (tag.equals(Tag.FLOAT)) {
      changed = text.indexOf('_') >= 0;
    } else {
      changed = false;
    }
    if (!changed) {
      return null;
    }
    return (isKey ? "key " : "value ") + text + " is read as " + json + ", as kubectl does; quote it"
        + (isKey ? "" : " if a string is meant");
  }

  /**
   * YAML 1.1 integers as go-yaml v2 reads them (strconv.ParseInt with base 0 after removing
   * underscores): signs, 0b, 0o, 0x (either case) and leading-zero octal; null for sexagesimal
   * ({@code 10:30}), which stays a string.
   */
  static @Nullable BigInteger integer(String text) {
    if (text.indexOf(':') >= 0) {
      return null;
    }
    String s = text.replace("_", "");
    boolean negative = s.startsWith("-");
    if (negative || s.startsWith("+")) {
      s = s.substring(1);
    }
    int radix = 10;
    String lower = s.toLowerCase(Locale.ROOT);
    if (lower.startsWith("0b")) {
      radix = 2;
      s = s.substring(2);
    } else if (lower.startsWith("0x")) {
      radix = 16;
      s = s.substring(2);
    } else if (lower.startsWith("0o")) {
      radix = 8;
      s = s.substring(2);
    } else if (s.length() > 1 && s.startsWith("0")) {
      radix = 8;
      s = s.substring(1);
    }
    try {
      BigInteger v = new BigInteger(s, radix);
      return negative ? v.negate() : v;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static @Nullable Double floating(String text) {
    String s = text.replace("_", "");
    if (s.indexOf(':') >= 0) {
      return null; // sexagesimal: go-yaml keeps it a string
    }
    String lower = s.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".inf")) {
      return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if (lower.equals(".nan")) {
      return Double.NaN;
    }
    try {
      double d = Double.parseDouble(s);
      // strconv.ParseFloat fails out of range (1e1000000), and go-yaml then keeps the text
      return Double.isInfinite(d) ? null : Double.valueOf(d);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /* --- Go's float formatting --- */

  /** strconv.FormatFloat(f, 'g', -1, 32), with Kubernetes' names for infinities and NaN. */
  static String formatG32(double d) {
    if (Double.isNaN(d)) {
      return ".nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? ".inf" : "-.inf";
    }
    float f = (float) d;
    if (Float.isInfinite(f)) {
      return f > 0 ? ".inf" : "-.inf";
    }
    Digits digits = Digits.of(NumberOutput.toString(f, true), f == 0 && 1 / f < 0);
    int exp = digits.point - 1;
    // %e when the exponent is below -4 or at least 6 (the precision Go uses for shortest %g)
    return exp < -4 || exp >= 6 ? digits.e(false) : digits.f();
  }

  /** encoding/json's float64: 'f', or 'e' below 1e-6 and from 1e21, with e-09 cleaned to e-9. */
  static String formatJson(double d) {
    Digits digits = Digits.of(NumberOutput.toString(d, true), d == 0 && 1 / d < 0);
    double abs = Math.abs(d);
    return abs != 0 && (abs < 1e-6 || abs >= 1e21) ? digits.e(true) : digits.f();
  }

  /** A shortest decimal as Go's ftoa holds it: digits {@code 0.d1d2...} times 10^point. */
  private record Digits(boolean negative, String digits, int point) {
    static Digits of(String shortest, boolean negativeZero) {
      BigDecimal v = new BigDecimal(shortest);
      if (v.signum() == 0) {
        return new Digits(negativeZero, "0", 1);
      }
      v = v.stripTrailingZeros();
      String d = v.unscaledValue().abs().toString();
      return new Digits(v.signum() < 0, d, d.length() - v.scale());
    }

    String f() {
      StringBuilder sb = new StringBuilder(negative ? "-" : "");
      if (point <= 0) {
        sb.append("0.").append("0".repeat(-point)).append(digits);
      } else if (point >= digits.length()) {
        sb.append(digits).append("0".repeat(point - digits.length()));
      } else {
        sb.append(digits, 0, point).append('.').append(digits, point, digits.length());
      }
      return sb.toString();
    }

    String e(boolean jsonCleanup) {
      StringBuilder sb = new StringBuilder(negative ? "-" : "");
      sb.append(digits.charAt(0));
      if (digits.length() > 1) {
        sb.append('.').append(digits, 1, digits.length());
      }
      int exp = point - 1;
      sb.append('e').append(exp < 0 ? '-' : '+');
      int abs = Math.abs(exp);
      if (abs < 10 && !(jsonCleanup && exp < 0)) {
        sb.append('0');
      }
      return sb.append(abs).toString();
    }
  }
}
