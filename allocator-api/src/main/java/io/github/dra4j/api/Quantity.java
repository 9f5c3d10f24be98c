package io.github.dra4j.api;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * A Kubernetes {@code resource.Quantity}: an exact decimal amount plus the format (binary SI,
 * decimal SI or decimal exponent) it prints in.
 *
 * <p>Parsing follows {@code k8s.io/apimachinery/pkg/api/resource}: an optional sign, digits
 * with an optional fraction ({@code 1.}, {@code .5}), then a suffix: binary {@code Ki Mi Gi Ti
 * Pi Ei}, decimal {@code n u m k M G T P E} or none, or an exponent {@code e3}, {@code E-3},
 * {@code e+6}. Precision finer than {@code 1n} is rounded away from zero ({@code 0.9n} is
 * {@code 1n}); binary amounts are capped at 2<sup>63</sup>-1 ({@code 8Ei}); a binary amount
 * between 0 and 1 switches to decimal SI. As in Kubernetes, a missing number means zero
 * ({@code "Ki"}, {@code "-"}, {@code "."} parse as 0).
 *
 * <p>{@link #toString} prints the canonical form Kubernetes prints: no fraction, the largest
 * suffix that keeps the value exact ({@code 1.5Gi} is {@code 1536Mi}, {@code 1.5} is
 * {@code 1500m}, {@code 0.5Gi} is {@code 512Mi}), binary amounts below 1024 or with a fraction
 * in decimal SI, decimal SI beyond {@code E} with an exponent ({@code 1e21}).
 *
 * <p>Arithmetic and comparison are exact (no floating point); {@link #equals} and
 * {@link #compareTo} compare values, so {@code 1Gi} equals {@code 1073741824}. Input is
 * bounded ({@value #MAX_LENGTH} characters, exponents up to &plusmn;{@value #MAX_EXPONENT}),
 * so parsing hostile text costs little. Instances are immutable and value-based.
 */
public final class Quantity implements Comparable<Quantity> {

  /** How a quantity prints. */
  public enum Format {
    /** Powers of 1024: Ki, Mi, Gi, Ti, Pi, Ei. */
    BINARY_SI,
    /** Powers of 1000: n, u, m, k, M, G, T, P, E. */
    DECIMAL_SI,
    /** Plain exponents: 1e3, 12e-3. */
    DECIMAL_EXPONENT
  }

  /** Longest accepted text, so a hostile input cannot make parsing expensive. */
  public static final int MAX_LENGTH = 128;

  /** Largest accepted magnitude of an exponent suffix such as {@code e1000}. */
  public static final int MAX_EXPONENT = 1000;

  /** Zero, in decimal SI format. */
  public static final Quantity ZERO = new Quantity(BigDecimal.ZERO, Format.DECIMAL_SI);

  private static final String FORMAT_WRONG =
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
  private static final String SUFFIX_WRONG = "unable to parse quantity's suffix";
  private static final String SUFFIX_CHARS = "eEinumkKMGTP";
  private static final String[] BINARY_SUFFIXES = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  private static final BigInteger KI = BigInteger.valueOf(1024);
  private static final BigDecimal BINARY_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal BINARY_DECIMAL_LIMIT = BigDecimal.valueOf(1024);
  private static final int NANO_SCALE = 9;

  private final BigDecimal value;
  private final Format format;

  private Quantity(BigDecimal value, Format format) {
    this.value = value;
    this.format = format;
  }

  /* --- creation --- */

  /**
   * Parses a quantity exactly as Kubernetes does.
   *
   * @param text such as {@code 40Gi}, {@code 1500m}, {@code 1e3}, {@code -0.5Ki}; no spaces
   * @return the quantity
   * @throws IllegalArgumentException naming the text when it is not a quantity or exceeds the
   *     length or exponent bounds
   */
  public static Quantity parse(String text) {
    Objects.requireNonNull(text, "text");
    int n = text.length();
    if (n == 0) {
      throw invalid(text, FORMAT_WRONG);
    }
    if (n > MAX_LENGTH) {
      throw invalid(text, "longer than " + MAX_LENGTH + " characters");
    }
    int pos = 0;
    boolean negative = false;
    if (text.charAt(0) == '+' || text.charAt(0) == '-') {
      negative = text.charAt(0) == '-';
      pos++;
    }
    int intStart = pos;
    pos = skipDigits(text, pos);
    int intEnd = pos;
    int fracStart = pos;
    int fracEnd = pos;
    if (pos < n && text.charAt(pos) == '.') {
      fracStart = pos + 1;
      pos = skipDigits(text, fracStart);
      fracEnd = pos;
    }
    int suffixStart = pos;
    while (pos < n && SUFFIX_CHARS.indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    if (pos < n && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
      pos++;
    }
    pos = skipDigits(text, pos);
    if (pos < n) {
      throw invalid(text, FORMAT_WRONG);
    }

    String digits = text.substring(intStart, intEnd) + text.substring(fracStart, fracEnd);
    BigDecimal amount = digits.isEmpty()
        ? BigDecimal.ZERO
        : new BigDecimal(new BigInteger(digits), fracEnd - fracStart);
    String suffix = text.substring(suffixStart);
    Format format;
    int binaryPower = binaryPower(suffix);
    if (binaryPower >= 0) {
      format = Format.BINARY_SI;
      amount = amount.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(binaryPower)));
    } else {
      Integer exponent = decimalExponent(suffix);
      if (exponent != null) {
        format = Format.DECIMAL_SI;
      } else {
        format = Format.DECIMAL_EXPONENT;
        exponent = exponent(text, suffix);
      }
      amount = amount.scaleByPowerOfTen(exponent);
    }
    amount = roundToNano(amount);
    if (format == Format.BINARY_SI) {
      if (amount.compareTo(BINARY_MAX) > 0) {
        amount = BINARY_MAX;
      }
      if (amount.signum() > 0 && amount.compareTo(BigDecimal.ONE) < 0) {
        format = Format.DECIMAL_SI;
      }
    }
    return new Quantity(normalize(negative ? amount.negate() : amount), format);
  }

  /** {@return the quantity of an integer amount in decimal SI format} */
  public static Quantity of(long value) {
    return new Quantity(normalize(BigDecimal.valueOf(value)), Format.DECIMAL_SI);
  }

  /**
   * Returns a quantity of an exact amount in the given format; precision finer than
   * {@code 1n} is rounded away from zero, as parsing does.
   *
   * @param value the amount
   * @param format how it prints
   * @return the quantity
   */
  public static Quantity of(BigDecimal value, Format format) {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(format, "format");
    return new Quantity(normalize(roundToNano(value)), format);
  }

  private static int skipDigits(String text, int from) {
    int i = from;
    while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
      i++;
    }
    return i;
  }

  private static int binaryPower(String suffix) {
    for (int p = 1; p < BINARY_SUFFIXES.length; p++) {
      if (BINARY_SUFFIXES[p].equals(suffix)) {
        return p * 10;
      }
    }
    return -1;
  }

  private static @org.jspecify.annotations.Nullable Integer decimalExponent(String suffix) {
    switch (suffix) {
      case "n": return -9;
      case "u": return -6;
      case "m": return -3;
      case "": return 0;
      case "k": return 3;
      case "M": return 6;
      case "G": return 9;
      case "T": return 12;
      case "P": return 15;
      case "E": return 18;
      default: return null;
    }
  }

  /** Parses {@code e<signed integer>}; the scanner guarantees the characters after the letters. */
  private static int exponent(String text, String suffix) {
    char first = suffix.isEmpty() ? ' ' : suffix.charAt(0);
    if (suffix.length() < 2 || (first != 'e' && first != 'E')) {
      throw invalid(text, SUFFIX_WRONG);
    }
    String number = suffix.substring(1);
    int start = number.charAt(0) == '+' || number.charAt(0) == '-' ? 1 : 0;
    if (start == number.length() || skipDigits(number, start) != number.length()) {
      throw invalid(text, SUFFIX_WRONG);
    }
    String magnitude = number.substring(start).replaceFirst("^0+(?=.)", "");
    if (magnitude.length() > 4 || Integer.parseInt(magnitude) > MAX_EXPONENT) {
      throw invalid(text, "exponent out of range: at most " + MAX_EXPONENT + " in magnitude");
    }
    int e = Integer.parseInt(magnitude);
    return number.charAt(0) == '-' ? -e : e;
  }

  /** Rounds away from zero to nano, as Kubernetes does, so that some amount stays some amount. */
  private static BigDecimal roundToNano(BigDecimal v) {
    return v.scale() > NANO_SCALE ? v.setScale(NANO_SCALE, RoundingMode.UP) : v;
  }

  private static BigDecimal normalize(BigDecimal v) {
    return v.signum() == 0 ? BigDecimal.ZERO : v.stripTrailingZeros();
  }

  private static IllegalArgumentException invalid(String text, String why) {
    String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
    return new IllegalArgumentException("quantity \"" + shown + "\" is invalid: " + why);
  }

  /* --- access and arithmetic --- */

  /** {@return the exact amount} */
  public BigDecimal value() {
    return value;
  }

  /** {@return the format this quantity prints in} */
  public Format format() {
    return format;
  }

  /**
   * Returns the exact sum. The result keeps this quantity's format, or takes the other's when
   * this one is zero, as Kubernetes' {@code Add} does.
   *
   * @param other the amount to add
   * @return the sum
   */
  public Quantity add(Quantity other) {
    return new Quantity(normalize(value.add(other.value)), resultFormat(other));
  }

  /**
   * Returns the exact difference, with the format rule of {@link #add}.
   *
   * @param other the amount to subtract
   * @return the difference
   */
  public Quantity subtract(Quantity other) {
    return new Quantity(normalize(value.subtract(other.value)), resultFormat(other));
  }

  private Format resultFormat(Quantity other) {
    return value.signum() == 0 ? other.format : format;
  }

  /** {@return the same amount with the opposite sign, in the same format} */
  public Quantity negate() {
    return new Quantity(value.negate(), format);
  }

  /** {@return -1, 0 or 1 as the amount is negative, zero or positive} */
  public int signum() {
    return value.signum();
  }

  /** {@return whether the amount is zero} */
  public boolean isZero() {
    return value.signum() == 0;
  }

  /** Compares amounts, ignoring formats. */
  @Override
  public int compareTo(Quantity o) {
    return value.compareTo(o.value);
  }

  /** Equal amounts are equal quantities, whatever their formats. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Quantity && value.compareTo(((Quantity) o).value) == 0;
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  /* --- canonical form --- */

  /** {@return the canonical Kubernetes text, as the API server and {@code kubectl} print it} */
  @Override
  public String toString() {
    if (value.signum() == 0) {
      return "0";
    }
    if (format == Format.BINARY_SI
        && value.abs().compareTo(BINARY_DECIMAL_LIMIT) >= 0
        && value.scale() <= 0) {
      return binary();
    }
    // value is normalized: value = unscaled * 10^-scale with no trailing zeros in unscaled.
    BigInteger mantissa = value.unscaledValue();
    int exponent = -value.scale();
    int e3 = Math.floorDiv(exponent, 3) * 3;
    mantissa = mantissa.multiply(BigInteger.TEN.pow(exponent - e3));
    String suffix = format == Format.DECIMAL_EXPONENT ? null : decimalSuffix(e3);
    if (suffix == null) {
      suffix = e3 == 0 ? "" : "e" + e3;
    }
    return mantissa + suffix;
  }

  private String binary() {
    BigInteger m = value.toBigIntegerExact();
    int p = 0;
    while (p < BINARY_SUFFIXES.length - 1 && m.abs().compareTo(KI) >= 0 && m.mod(KI).signum() == 0) {
      m = m.divide(KI);
      p++;
    }
    return m + BINARY_SUFFIXES[p];
  }

  private static @org.jspecify.annotations.Nullable String decimalSuffix(int e3) {
    switch (e3) {
      case -9: return "n";
      case -6: return "u";
      case -3: return "m";
      case 0: return "";
      case 3: return "k";
      case 6: return "M";
      case 9: return "G";
      case 12: return "T";
      case 15: return "P";
      case 18: return "E";
      default: return null;
    }
  }
}
