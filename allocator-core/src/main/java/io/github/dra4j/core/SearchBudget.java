package io.github.dra4j.core;

import java.time.Instant;

/**
 * The step budget of one call, with the polls of its cancellation and deadline. Validation (a
 * request for all devices looks at every device) and the search count against the same budget.
 */
final class SearchBudget {
  private static final int POLL_INTERVAL = 1024;

  private final AllocationOptions options;
  private long steps;
  private long nextPoll = POLL_INTERVAL;

  SearchBudget(AllocationOptions options) {
    this.options = options;
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

  void poll() {
    if (options.cancellation() != null && options.cancellation().getAsBoolean()) {
      throw new AllocationCancelledException("filter operation aborted: allocation cancelled");
    }
    Instant deadline = options.deadline();
    if (deadline != null && Instant.now().isAfter(deadline)) {
      throw new AllocationCancelledException("filter operation aborted: deadline " + deadline + " exceeded");
    }
  }
}
