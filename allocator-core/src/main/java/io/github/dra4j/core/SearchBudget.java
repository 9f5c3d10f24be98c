package io.github.dra4j.core;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The step budget of one call, with the polls of its cancellation and deadline. Validation (a
 * request for all devices looks at every device) and the search count against the same budget.
 * Selectors poll it too while they evaluate ({@link EvaluationInterrupt}), since a single
 * evaluation can outlast many steps.
 */
final class SearchBudget implements EvaluationInterrupt {
  private static final int POLL_INTERVAL = 1024;

  private final AllocationOptions options;
  private final @Nullable BooleanSupplier cancellation;
  /** The deadline on System.nanoTime's clock, which a poll reads for a fraction of Instant.now's cost. */
  private final long deadlineNanos;
  private final boolean hasDeadline;
  private long steps;
  private long nextPoll = POLL_INTERVAL;

  SearchBudget(AllocationOptions options) {
    this.options = options;
    this.cancellation = options.cancellation();
    Instant deadline = options.deadline();
    long now = System.nanoTime();
    long left = deadline == null ? Long.MAX_VALUE : nanosUntil(deadline);
    // A deadline too far off to count in nanoseconds from now is no deadline.
    this.hasDeadline = left != Long.MAX_VALUE;
    this.deadlineNanos = now + (hasDeadline ? left : 0);
  }

  private static long nanosUntil(Instant deadline) {
    try {
      long left = Duration.between(Instant.now(), deadline).toNanos();
      return left > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : left;
    } catch (ArithmeticException e) {
      return deadline.isBefore(Instant.now()) ? Long.MIN_VALUE / 2 : Long.MAX_VALUE;
    }
  }

  /** {@return the options of the call} */
  AllocationOptions options() {
    return options;
  }

  /** {@return the steps counted so far} */
  long steps() {
    return steps;
  }

  /** {@return AllocationOptions.pruneAfterSteps of the call} */
  long pruneAfterSteps() {
    return options.pruneAfterSteps();
  }

  void step() {
    skip(1);
  }

  /** Counts n steps at once: devices the search passes over without looking at them. */
  void skip(int n) {
    if (steps + n > options.stepBudget()) {
      steps = options.stepBudget() + 1;
      throw new SearchBudgetExceededException("allocation search stopped after " + options.stepBudget()
          + " steps (AllocationOptions.stepBudget) without a result; the claims may still be satisfiable",
          steps);
    }
    steps += n;
    if (steps >= nextPoll) {
      nextPoll = steps + POLL_INTERVAL;
      poll();
    }
  }

  @Override
  public void check() {
    if (hasDeadline || cancellation != null) {
      poll();
    }
  }

  void poll() {
    BooleanSupplier cancelled = cancellation;
    if (cancelled != null && cancelled.getAsBoolean()) {
      throw new AllocationCancelledException("filter operation aborted: allocation cancelled");
    }
    if (hasDeadline && System.nanoTime() - deadlineNanos > 0) {
      throw new AllocationCancelledException("filter operation aborted: deadline " + options.deadline() + " exceeded");
    }
  }
}
