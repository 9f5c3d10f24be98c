package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The wait before each retry: exponential, capped, jittered upwards only. */
final class BackoffTest {
  static Stream<Arguments> delays() {
    return Stream.of(
        Arguments.of(Named.of("first retry, no jitter drawn", 1), 0.0, Duration.ofMillis(10)),
        Arguments.of(Named.of("first retry, most jitter", 1), 0.999, Duration.ofNanos(10_999_000)),
        Arguments.of(Named.of("second retry grows fivefold", 2), 0.0, Duration.ofMillis(50)),
        Arguments.of(Named.of("fourth retry", 4), 0.5, Duration.ofMillis(1312).plusNanos(500_000)),
        Arguments.of(Named.of("capped at 10 s before jitter", 9), 0.5, Duration.ofMillis(10_500)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("delays")
  void defaults(int retry, double random, Duration expected) {
    assertThat(Backoff.defaults().delay(retry, random)).isEqualTo(expected);
  }

  @Test
  void invalidPolicies_areRejected() {
    assertThatThrownBy(() -> new Backoff(Duration.ZERO, 2, Duration.ofSeconds(1), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("initial must be positive");
    assertThatThrownBy(() -> new Backoff(Duration.ofMillis(1), 0.5, Duration.ofSeconds(1), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("factor must be at least 1");
    assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), 2, Duration.ofSeconds(1), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max must be at least initial");
    assertThatThrownBy(() -> new Backoff(Duration.ofMillis(1), 2, Duration.ofSeconds(1), 1.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("jitter must be from 0 to 1");
    assertThatThrownBy(() -> Backoff.defaults().delay(0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("retry must be at least 1");
    assertThatThrownBy(() -> Backoff.defaults().delay(1, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("random must be from 0 to 1");
  }
}
