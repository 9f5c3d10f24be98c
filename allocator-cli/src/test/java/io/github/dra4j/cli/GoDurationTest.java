package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.TypeConversionException;

/** --timeout reads durations as Go's time.ParseDuration does. */
final class GoDurationTest {
  static Stream<Arguments> valid() {
    return Stream.of(
        Arguments.of("0", Duration.ZERO),
        Arguments.of("0s", Duration.ZERO),
        Arguments.of("30s", Duration.ofSeconds(30)),
        Arguments.of("1m30s", Duration.ofSeconds(90)),
        Arguments.of("1.5h", Duration.ofMinutes(90)),
        Arguments.of("500ms", Duration.ofMillis(500)),
        Arguments.of("2h45m10.5s", Duration.ofHours(2).plusMinutes(45).plusMillis(10_500)),
        Arguments.of("10us", Duration.ofNanos(10_000)),
        Arguments.of(".5s", Duration.ofMillis(500)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valid")
  void parse_acceptsGoDurations(String text, Duration expected) {
    assertThat(GoDuration.parse(text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] ''{0}''")
  @ValueSource(strings = {"", "30", "s", "-1s", "1x", "1s2", "1 s", "99999999999999h"})
  void parse_refusesWhatGoRefuses_quotingTheText(String text) {
    assertThatThrownBy(() -> GoDuration.parse(text)).isInstanceOf(TypeConversionException.class)
        .hasMessageContaining("'" + text + "'");
  }
}
