package io.github.dra4j.fabric8;

import java.time.Duration;
import java.util.Objects;

/**
 * How long {@link ClaimAllocator} waits before it tries again after a conflict or an API error:
 * exponential growth from {@code initial} by {@code factor}, capped at {@code max}, plus up to
 * {@code jitter} times that much at random, so that schedulers that failed together do not retry
 * together. The shape is client-go's {@code wait.Backoff} ({@code retry.DefaultBackoff}: 10 ms,
 * factor 5, jitter 0.1), which kube-scheduler's callers use for the same purpose; the number of
 * tries is bounded separately ({@link ClaimAllocator.Builder#maxAttempts}), and so is the total
 * time (the deadline of {@link io.github.dra4j.core.AllocationOptions}).
 *
 * <p>A plain policy rather than a retry library: the client has no retry library to offer, and
 * the rules (which errors, what to read again before retrying) belong to the allocator, not to a
 * generic retrier.
 *
 * @param initial the wait before the first retry, positive
 * @param factor how much each further wait grows, at least 1
 * @param max the largest wait before jitter, at least {@code initial}
 * @param jitter the largest random extra, as a fraction of the wait, from 0 to 1
 */
public record Backoff(Duration initial, double factor, Duration max, double jitter) {
  private static final Backoff DEFAULTS = new Backoff(Duration.ofMillis(10), 5, Duration.ofSeconds(10), 0.1);

  /**
   * Checks the policy.
   *
   * @param initial see the record component
   * @param factor see the record component
   * @param max see the record component
   * @param jitter see the record component
   * @throws IllegalArgumentException when a value is out of range
   */
  public Backoff {
    Objects.requireNonNull(initial, "initial");
    Objects.requireNonNull(max, "max");
    if (initial.isNegative() || initial.isZero()) {
      throw new IllegalArgumentException("initial must be positive, got " + initial);
    }
    if (!(factor >= 1)) {
      throw new IllegalArgumentException("factor must be at least 1, got " + factor);
    }
    if (max.compareTo(initial) < 0) {
      throw new IllegalArgumentException("max must be at least initial (" + initial + "), got " + max);
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("jitter must be from 0 to 1, got " + jitter);
    }
  }

  /** {@return 10 ms, growing fivefold, capped at 10 s, with 10% jitter} */
  public static Backoff defaults() {
    return DEFAULTS;
  }

  /**
   * Returns the wait before a retry.
   *
   * @param retry which retry, 1 for the first
   * @param random a number from 0 (inclusive) to 1 (exclusive) that picks the jitter
   * @return {@code min(max, initial * factor^(retry-1)) * (1 + jitter * random)}
   * @throws IllegalArgumentException when {@code retry} is below 1 or {@code random} out of range
   */
  public Duration delay(int retry, double random) {
    if (retry < 1) {
      throw new IllegalArgumentException("retry must be at least 1, got " + retry);
    }
    if (!(random >= 0 && random < 1)) {
      throw new IllegalArgumentException("random must be from 0 to 1 (exclusive), got " + random);
    }
    double nanos = (double) initial.toNanos() * Math.pow(factor, retry - 1.0);
    double capped = Math.min(nanos, (double) max.toNanos());
    return Duration.ofNanos((long) (capped * (1 + jitter * random)));
  }
}
