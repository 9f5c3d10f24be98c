package io.github.dra4j.api;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * A Kubernetes {@code resource.Quantity}: an exact decimal amount with the format (binary SI,
 * decimal SI or decimal exponent) it was written in. Arithmetic and comparison are exact;
 * {@link #equals} and {@link #compareTo} compare values, so {@code 1Gi} equals
 * {@code 1073741824}. {@link #toString} prints the canonical Kubernetes form.
 *
 * <p>Instances are immutable and value-based.
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
  static final int MAX_LENGTH = 128;

  private static final BigInteger KI = BigInteger.valueOf(1024);
  private static final String[] BINARY_SUFFIXES = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

  /** A zero in decimal SI format. */
  public static final Quantity ZERO = new Quantity(BigDecimal.ZERO, Format.DECIMAL_SI);

  private final BigDecimal value;
  private final Format format;

  private Quantity(BigDecimal value, Format format) {
    this.value = value;
    this.format = format;
  }

  /**
   * Parses a quantity as Kubernetes does; precision finer than 1n is rounded up.
   *
   * @param text such as {@code 40Gi}, {@code 1500m}, {@code 1e3}, {@code -0.5Ki}
   * @return the quantity
   * @throws IllegalArgumentException naming the text when it is not a quantity
   */
  public static Quantity parse(String text) {
    Objects.requireNonNull(text, "text");
    if (text.isEmpty() || text.length() > MAX_LENGTH) {
      throw invalid(text, text.isEmpty() ? "empty" : "longer than " + MAX_LENGTH + " characters");
    }
    int i = 0;
    int n = text.length();
    boolean negative = false;
    if (text.charAt(0) == '+' || text.charAt(0) == '-') {
      negative = text.charAt(0) == '-';
      i++;
    }
    int numberStart = i;
    int digits = 0;
    while (i < n && Character.isDigit(text.charAt(i)) && text.charAt(i) < 128) {
      i++;
      digits++;
    }
    if (i < n && text.charAt(i) == '.') {
      i++;
      while (i < n && Character.isDigit(text.charAt(i)) && text.charAt(i) < 128) {
        i++;
        digits++;
      }
    }
    if (digits == 0) {
      throw invalid(text, "no digits");
    }
    BigDecimal number = new BigDecimal(text.substring(numberStart, i));
    String suffix = text.substring(i);
    BigDecimal amount;
    Format format;
    int binary = binaryPower(suffix);
    if (binary >= 0) {
      format = Format.BINARY_SI;
      amount = number.multiply(new BigDecimal(KI.pow(binary)));
    } else {
      Integer decimal = decimalExponent(suffix);
      if (decimal != null) {
        format = Format.DECIMAL_SI;
        amount = number.scaleByPowerOfTen(decimal);
      } else if (suffix.length() > 1 && (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E')) {
        format = Format.DECIMAL_EXPONENT;
        int exponent = parseExponent(text, suffix.substring(1));
        amount = number.scaleByPowerOfTen(exponent);
      } else {
        throw invalid(text, "unknown suffix '" + suffix + "'");
      }
    }
    if (negative) {
      amount = amount.negate();
    }
    return new Quantity(roundToNano(amount), format);
  }

  /** {@return the quantity of an integer amount in decimal SI format} */
  public static Quantity of(long value) {
    return new Quantity(BigDecimal.valueOf(value), Format.DECIMAL_SI);
  }

  /** {@return the quantity of an exact amount in the given format, rounded up to 1n} */
  public static Quantity of(BigDecimal value, Format format) {
    return new Quantity(roundToNano(Objects.requireNonNull(value, "value")), Objects.requireNonNull(format, "format"));
  }

  private static int parseExponent(String text, String exponent) {
    if (!exponent.matches("[+-]?[0-9]{1,9}")) {
      throw invalid(text, "bad exponent '" + exponent + "'");
    }
    int e = Integer.parseInt(exponent);
    if (Math.abs(e) > 1000) {
      throw invalid(text, "exponent out of range");
    }
    return e;
  }

  private static int binaryPower(String suffix) {
    for (int p = 1; p < BINARY_SUFFIXES.length; p++) {
      if (BINARY_SUFFIXES[p].equals(suffix)) {
        return p;
      }
    }
    return -1;
  }

  private static Integer decimalExponent(String suffix) {
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

  private static BigDecimal roundToNano(BigDecimal v) {
    BigDecimal rounded = v.scale() > 9 ? v.setScale(9, RoundingMode.CEILING) : v;
    return rounded.signum() == 0 ? BigDecimal.ZERO : rounded.stripTrailingZeros();
  }

  private static IllegalArgumentException invalid(String text, String why) {
    String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
    return new IllegalArgumentException("quantity \"" + shown + "\" is invalid: " + why);
  }

  /** {@return the exact amount} */
  public BigDecimal value() {
    return value;
  }

  /** {@return the format this quantity prints in} */
  public Format format() {
    return format;
  }

  /** {@return the sum, in this quantity's format} */
  public Quantity add(Quantity other) {
    return new Quantity(roundToNano(value.add(other.value)), format);
  }

  /** {@return the difference, in this quantity's format} */
  public Quantity subtract(Quantity other) {
    return new Quantity(roundToNano(value.subtract(other.value)), format);
  }

  /** {@return -1, 0 or 1 as the amount is negative, zero or positive} */
  public int signum() {
    return value.signum();
  }

  /** {@return whether the amount is zero} */
  public boolean isZero() {
    return value.signum() == 0;
  }

  @Override
  public int compareTo(Quantity o) {
    return value.compareTo(o.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Quantity && value.compareTo(((Quantity) o).value) == 0;
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  /** {@return the canonical Kubernetes text, as {@code kubectl} would print it} */
  @Override
  public String toString() {
    if (value.signum() == 0) {
      return "0";
    }
    Format f = format;
    if (f == Format.BINARY_SI) {
      boolean small = value.abs().compareTo(BigDecimal.valueOf(1024)) < 0;
      if (!small && value.stripTrailingZeros().scale() <= 0) {
        BigInteger n = value.toBigIntegerExact();
        int p = 0;
        while (p < BINARY_SUFFIXES.length - 1 && n.mod(KI).signum() == 0) {
          n = n.divide(KI);
          p++;
        }
        return n + BINARY_SUFFIXES[p];
      }
      f = Format.DECIMAL_SI;
    }
    BigDecimal stripped = value.stripTrailingZeros();
    int exponent = -stripped.scale();
    int e3 = Math.floorDiv(exponent, 3) * 3;
    if (f == Format.DECIMAL_SI) {
      e3 = Math.max(-9, Math.min(18, e3));
    }
    BigInteger mantissa = stripped.scaleByPowerOfTen(-e3).toBigIntegerExact();
    if (f == Format.DECIMAL_EXPONENT) {
      return e3 == 0 ? mantissa.toString() : mantissa + "e" + e3;
    }
    return mantissa + decimalSuffix(e3);
  }

  private static String decimalSuffix(int e3) {
    switch (e3) {
      case -9: return "n";
      case -6: return "u";
      case -3: return "m";
      case 3: return "k";
      case 6: return "M";
      case 9: return "G";
      case 12: return "T";
      case 15: return "P";
      case 18: return "E";
      default: return "";
    }
  }
}
