package io.github.dra4j.cli;

import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a duration as Go's {@code time.ParseDuration} does ({@code 30s}, {@code 1m30s},
 * {@code 1.5h}, {@code 500ms}), the form kubectl's {@code --timeout} takes; a bare {@code 0}
 * means no time limit. Negative durations are refused. The syntax is the simulation documents'
 * ({@link io.github.dra4j.api.io.GoDuration}).
 */
final class GoDuration implements ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    return parse(value);
  }

  static Duration parse(String value) {
    try {
      return io.github.dra4j.api.io.GoDuration.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
