package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.testing.SlowSelectors;
import org.junit.jupiter.api.Test;

/**
 * {@code allocate --timeout} holds inside selector evaluation: a valid cluster whose selector
 * spends seconds on each device (a regular expression over attribute values of a million
 * characters, within the cost limit) ends with exit 2 and the deadline named, instead of running
 * to the end of every evaluation.
 */
final class DeadlineCliTest {

  private static final String INPUT = SlowSelectors.cluster(SlowSelectors.REGEX, 3, 1_000_000);

  @Test
  void timeout_stopsASlowSelectorWithExit2() {
    Cli.Result r = Cli.stdin(INPUT, "allocate", "--node", "node-1", "-f", "-", "--timeout", "300ms");
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("filter operation aborted: deadline ").contains(" exceeded")
        .contains("(--timeout reached; raise it to search longer)").doesNotContain("\tat ");
  }
}
