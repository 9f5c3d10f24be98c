package io.github.dra4j.api.io;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations in Go's {@code time.ParseDuration} syntax ({@code 30s}, {@code 1m30s}, {@code 1.5h},
 * {@code 500ms}), the form kubectl's {@code --timeout} and Kubernetes configuration files take, so
 * that a duration is written the same way in every dra4j input; a bare {@code 0} is zero. Negative
 * durations are refused, as no dra4j input has a use for them.
 */
public final class GoDuration {
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");
  private static final Map<String, Long> NANOS = Map.of(
      "ns", 1L, "us", 1_000L, "µs", 1_000L, "μs", 1_000L, "ms", 1_000_000L,
      "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L);

  private GoDuration() {}

  /**
   * Reads a duration.
   *
   * @param value the text, such as {@code 1h30m}
   * @return the duration
   * @throws IllegalArgumentException quoting the text when it is not a duration or is too long
   *     for a {@link Duration} of nanoseconds
   */
  public static Duration parse(String value) {
    String s = value.strip();
    if (s.equals("0")) {
      return Duration.ZERO;
    }
    Matcher m = PART.matcher(s);
    BigDecimal nanos = BigDecimal.ZERO;
    int at = 0;
    while (at < s.length() && m.find(at) && m.start() == at) {
      // PART matches only the units NANOS has
      long unit = Objects.requireNonNull(NANOS.get(m.group(2)));
      nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)));
      at = m.end();
    }
    if (at == 0 || at != s.length()) {
      throw new IllegalArgumentException("'" + value + "' is not a duration such as 30s, 1m30s or 500ms");
    }
    try {
      return Duration.ofNanos(nanos.longValueExact());
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("'" + value + "' is too long a duration", e);
    }
  }

  /**
   * Writes a duration as Go's {@code Duration.String} does: {@code 1h30m0s}, {@code 2m0.5s},
   * {@code 0s}; below a second {@code 500ms}, {@code 10µs}, {@code 7ns}.
   *
   * @param d the duration, not negative
   * @return the text, which {@link #parse} reads back to the same duration
   */
  public static String format(Duration d) {
    long n = d.toNanos();
    if (n == 0) {
      return "0s";
    }
    if (n < 1_000L) {
      return n + "ns";
    }
    if (n < 1_000_000L) {
      return decimal(n, 1_000L) + "µs";
    }
    if (n < 1_000_000_000L) {
      return decimal(n, 1_000_000L) + "ms";
    }
    long hours = n / 3_600_000_000_000L;
    long minutes = n / 60_000_000_000L % 60;
    String seconds = decimal(n % 60_000_000_000L, 1_000_000_000L) + "s";
    if (hours > 0) {
      return hours + "h" + minutes + "m" + seconds;
    }
    return minutes > 0 ? minutes + "m" + seconds : seconds;
  }

  private static String decimal(long n, long unit) {
    return BigDecimal.valueOf(n).divide(BigDecimal.valueOf(unit)).stripTrailingZeros().toPlainString();
  }
}
