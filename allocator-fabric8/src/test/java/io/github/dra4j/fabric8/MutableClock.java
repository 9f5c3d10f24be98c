package io.github.dra4j.fabric8;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand, so that staleness and deadlines never depend on how fast the machine is. */
public final class MutableClock extends Clock {
  private volatile Instant now;

  /** A clock at a fixed instant, for staleness. */
  public MutableClock() {
    this(Instant.parse("2026-01-01T00:00:00Z"));
  }

  /**
   * A clock starting at {@code start}: the current time when deadlines are also checked by the
   * allocator, which uses the system clock.
   */
  public MutableClock(Instant start) {
    this.now = start;
  }

  /** Moves the clock forward. */
  public void advance(Duration by) {
    now = now.plus(by);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a test clock has one zone");
  }
}
