package io.github.dra4j.cli;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a duration as Go's {@code time.ParseDuration} does ({@code 30s}, {@code 1m30s},
 * {@code 1.5h}, {@code 500ms}), the form kubectl's {@code --timeout} takes; a bare {@code 0}
 * means no time limit. Negative durations are refused.
 */
final class GoDuration implements ITypeConverter<Duration> {
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");
  private static final Map<String, Long> NANOS = Map.of(
      "ns", 1L, "us", 1_000L, "µs", 1_000L, "μs", 1_000L, "ms", 1_000_000L,
      "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L);

  @Override
  public Duration convert(String value) {
    return parse(value);
  }

  static Duration parse(String value) {
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
      throw new TypeConversionException("'" + value + "' is not a duration such as 30s, 1m30s or 500ms");
    }
    try {
      return Duration.ofNanos(nanos.longValueExact());
    } catch (ArithmeticException e) {
      throw new TypeConversionException("'" + value + "' is too long a duration");
    }
  }
}
