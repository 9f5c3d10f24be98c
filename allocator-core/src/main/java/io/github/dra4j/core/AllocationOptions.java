package io.github.dra4j.core;

import java.time.Instant;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Bounds for one {@link ClusterSnapshot#allocate(io.github.dra4j.api.Node, java.util.List,
 * AllocationOptions) allocate} call. The Go reference relies on the scheduler's context to stop
 * a runaway search; dra4j bounds every call instead, so a pathological input (for example a
 * {@code matchAttribute} constraint that no combination satisfies across hundreds of devices)
 * ends with {@link SearchBudgetExceededException} rather than running for minutes.
 *
 * <p>A step is one call of the backtracking step {@code allocateOne} or one device examined by
 * it. With pruning, no input of the test suites takes more than 2,048 steps, the hard instances
 * on which the plain search takes millions included; what the default budget, {@value
 * #DEFAULT_STEP_BUDGET} steps, must still allow is a linear pass per request over the largest
 * nodes (a request that no device of a 100,000-device pool matches takes 100,000 steps). A search
 * the bounds do not decide ends within about a second.
 *
 * @param stepBudget the maximum number of search steps, at least 1
 * @param deadline the instant after which the call fails with {@link
 *     AllocationCancelledException}, or null for none
 * @param cancellation polled during the search; when it returns true the call fails with
 *     {@link AllocationCancelledException}; null for none
 * @param pruneAfterSteps after how many steps the search makes its bounds and from then on cuts
 *     the subtrees they prove hold no solution (docs/allocation.md, "Pruning"): {@link
 *     #AUTOMATIC_PRUNING} (the default) at its first backtrack after a few dozen steps (a search
 *     that first fit decides never pays for them), 0 from the first step, {@link #NO_PRUNING}
 *     never (the reference's plain backtracking). The answer is the same in every case; only
 *     the steps differ.
 */
public record AllocationOptions(
    long stepBudget, @Nullable Instant deadline, @Nullable BooleanSupplier cancellation, long pruneAfterSteps) {

  /** The default step budget. */
  public static final long DEFAULT_STEP_BUDGET = 1_000_000L;

  /** {@link #pruneAfterSteps()}: make the bounds at the first backtrack after a few dozen steps. */
  public static final long AUTOMATIC_PRUNING = -1;

  /** {@link #pruneAfterSteps()}: never prune, search like the reference. */
  public static final long NO_PRUNING = Long.MAX_VALUE;

  private static final AllocationOptions DEFAULTS =
      new AllocationOptions(DEFAULT_STEP_BUDGET, null, null, AUTOMATIC_PRUNING);

  /**
   * Checks the budget.
   *
   * @param stepBudget see the record component
   * @param deadline see the record component
   * @param cancellation see the record component
   * @param pruneAfterSteps see the record component
   * @throws IllegalArgumentException when {@code stepBudget} is below 1 or {@code
   *     pruneAfterSteps} below {@link #AUTOMATIC_PRUNING}
   */
  public AllocationOptions {
    if (stepBudget < 1) {
      throw new IllegalArgumentException("stepBudget must be at least 1, got " + stepBudget);
    }
    if (pruneAfterSteps < AUTOMATIC_PRUNING) {
      throw new IllegalArgumentException("pruneAfterSteps must be at least -1 (automatic), got " + pruneAfterSteps);
    }
  }

  /**
   * Options with automatic pruning.
   *
   * @param stepBudget see the record component
   * @param deadline see the record component
   * @param cancellation see the record component
   * @throws IllegalArgumentException when {@code stepBudget} is below 1
   */
  public AllocationOptions(long stepBudget, @Nullable Instant deadline, @Nullable BooleanSupplier cancellation) {
    this(stepBudget, deadline, cancellation, AUTOMATIC_PRUNING);
  }

  /**
   * {@return the default options: the default step budget, no deadline, no cancellation,
   * automatic pruning}
   */
  public static AllocationOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Returns these options with another step budget.
   *
   * @param steps the budget, at least 1
   * @return the changed options
   */
  public AllocationOptions withStepBudget(long steps) {
    return new AllocationOptions(steps, deadline, cancellation, pruneAfterSteps);
  }

  /**
   * Returns these options with a deadline.
   *
   * @param at the instant after which the call is abandoned, or null for none
   * @return the changed options
   */
  public AllocationOptions withDeadline(@Nullable Instant at) {
    return new AllocationOptions(stepBudget, at, cancellation, pruneAfterSteps);
  }

  /**
   * Returns these options with a cancellation signal.
   *
   * @param cancelled polled during the search, or null for none
   * @return the changed options
   */
  public AllocationOptions withCancellation(@Nullable BooleanSupplier cancelled) {
    return new AllocationOptions(stepBudget, deadline, cancelled, pruneAfterSteps);
  }

  /**
   * Returns these options with automatic pruning or none.
   *
   * @param on whether the search prunes; off runs plain backtracking, with the same answers in
   *     as many steps or more
   * @return the changed options
   */
  public AllocationOptions withPruning(boolean on) {
    return withPruneAfterSteps(on ? AUTOMATIC_PRUNING : NO_PRUNING);
  }

  /**
   * Returns these options with the bounds made after that many steps.
   *
   * @param steps see {@link #pruneAfterSteps()}
   * @return the changed options
   */
  public AllocationOptions withPruneAfterSteps(long steps) {
    return new AllocationOptions(stepBudget, deadline, cancellation, steps);
  }

  /**
   * Checks the cancellation and the deadline as a search polls them, for a caller that answers
   * from results it remembered instead of searching again (a scheduler's cache): a cancelled
   * or late call then fails the same way whether or not it searched.
   *
   * @throws AllocationCancelledException when cancelled or past the deadline
   */
  public void checkCancelled() {
    new SearchBudget(this).poll();
  }
}
