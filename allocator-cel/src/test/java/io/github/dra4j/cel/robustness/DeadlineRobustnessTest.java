package io.github.dra4j.cel.robustness;

import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.node;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationCancelledException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.CelException;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.SlowSelectors;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The deadline and cancellation of an allocation call hold inside a single selector evaluation:
 * the cost accounting polls them every few hundred nodes and a regular expression while it reads
 * a long string, so a selector that costs seconds on one device stops at the next poll. A
 * counting cancellation signal shows where the polls happen without timing anything.
 */
final class DeadlineRobustnessTest {

  private static final String SLOW_REGEX = SlowSelectors.REGEX;
  /** Thousands of evaluated nodes, within the cost limit, so the evaluation accounts its cost. */
  private static final String LONG_COMPREHENSION;

  static {
    String list = IntStream.range(0, 100).mapToObj(Integer::toString).collect(Collectors.joining(", ", "[", "]"));
    LONG_COMPREHENSION = list + ".all(x, " + list + ".all(y, x + y >= 0))";
  }

  @Test
  void regexOverALongString_pollsWhileItReads() {
    Polls polls = new Polls(Integer.MAX_VALUE);
    AllocationOutcome outcome = snapshot(SLOW_REGEX, 100_000).allocate(node("node-1"), List.of(claim()),
        AllocationOptions.defaults().withCancellation(polls));
    assertThat(outcome).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(polls.count()).as("a poll every 1,024 characters read").isGreaterThan(100_000 / 1024);
  }

  @Test
  void regexOverALongString_stopsAtTheFirstPollThatCancels() {
    Polls polls = new Polls(20);
    assertThatThrownBy(() -> snapshot(SLOW_REGEX, 1_000_000).allocate(node("node-1"), List.of(claim()),
        AllocationOptions.defaults().withCancellation(polls)))
        .isInstanceOf(AllocationCancelledException.class)
        .hasMessage("filter operation aborted: allocation cancelled");
    assertThat(polls.count()).as("nothing runs after the cancelling poll").isEqualTo(20);
  }

  @Test
  void regexOverALongString_stopsAtTheDeadline() {
    assertThatThrownBy(() -> snapshot(SLOW_REGEX, 1_000_000).allocate(node("node-1"), List.of(claim()),
        AllocationOptions.defaults().withDeadline(Instant.now().plusMillis(200))))
        .isInstanceOf(AllocationCancelledException.class)
        .hasMessageContaining("filter operation aborted: deadline ")
        .hasMessageEndingWith(" exceeded");
  }

  @Test
  void longComprehension_pollsWhileItEvaluates() {
    Polls polls = new Polls(Integer.MAX_VALUE);
    AllocationOutcome outcome = snapshot(LONG_COMPREHENSION, 1).allocate(node("node-1"), List.of(claim()),
        AllocationOptions.defaults().withCancellation(polls));
    assertThat(outcome).isInstanceOf(AllocationOutcome.Allocated.class);
    assertThat(polls.count()).as("a poll every 128 nodes of 10,000 iterations").isGreaterThan(100);
  }

  @Test
  void longComprehension_stopsAtTheFirstPollThatCancels() {
    Polls polls = new Polls(10);
    assertThatThrownBy(() -> snapshot(LONG_COMPREHENSION, 1).allocate(node("node-1"), List.of(claim()),
        AllocationOptions.defaults().withCancellation(polls)))
        .isInstanceOf(AllocationCancelledException.class);
    assertThat(polls.count()).isEqualTo(10);
  }

  /**
   * A match whose cost (known from the lengths: 100,001 characters and a pattern of 40) is over
   * the limit fails before it runs, as cel-go's would right after running.
   */
  @Test
  void regexOverTheCostLimit_failsBeforeMatching() {
    Polls polls = new Polls(Integer.MAX_VALUE);
    String pattern = "(.*a){10}b" + "c".repeat(30);
    assertThatThrownBy(() -> snapshot("device.attributes[\"driver-a\"].text.matches(\"" + pattern + "\")", 1_000_000)
        .allocate(node("node-1"), List.of(claim()), AllocationOptions.defaults().withCancellation(polls)))
        .isInstanceOf(CelException.class)
        .hasMessageContaining("operation cancelled: actual cost limit exceeded");
    assertThat(polls.count()).as("no character read, so no poll while reading").isLessThan(5);
  }

  private static ResourceClaim claim() {
    return io.github.dra4j.testing.Builders.claim("claim-0", request("req-0", "slow", 1)).build();
  }

  private static ClusterSnapshot snapshot(String selector, int textLength) {
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(Features.all())
        .selectorCompiler(CelCompiler.create())
        .build();
    return allocator.snapshot(
        List.of(slice("slice-0", "driver-a", "pool-0", "node-1", device("dev-0").attr("text", "a".repeat(textLength)))
            .build()),
        List.of(deviceClass("slow", selector)), List.of());
  }

  /** A cancellation signal that counts its polls and cancels from the given one on. */
  private static final class Polls implements BooleanSupplier {
    private final int cancelAt;
    private final AtomicInteger count = new AtomicInteger();

    Polls(int cancelAt) {
      this.cancelAt = cancelAt;
    }

    @Override
    public boolean getAsBoolean() {
      return count.incrementAndGet() >= cancelAt;
    }

    int count() {
      return count.get();
    }
  }
}
