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
 * it. The default budget, {@value #DEFAULT_STEP_BUDGET} steps, is far above what any realistic
 * claim needs (the largest Kubernetes test case takes fewer than a hundred) and small enough
 * that a hopeless search ends within about a second.
 *
 * @param stepBudget the maximum number of search steps, at least 1
 * @param deadline the instant after which the call fails with {@link
 *     AllocationCancelledException}, or null for none
 * @param cancellation polled during the search; when it returns true the call fails with
 *     {@link AllocationCancelledException}; null for none
 * @param pruning whether the search cuts subtrees that bounds prove hold no solution (see
 *     docs/allocation.md, "Pruning"); on by default. The answer is the same either way, only
 *     the steps differ: off runs the reference's plain backtracking, to compare with it.
 */
public record AllocationOptions(
    long stepBudget, @Nullable Instant deadline, @Nullable BooleanSupplier cancellation, boolean pruning) {

  /** The default step budget. */
  public static final long DEFAULT_STEP_BUDGET = 1_000_000L;

  private static final AllocationOptions DEFAULTS =
      new AllocationOptions(DEFAULT_STEP_BUDGET, null, null, true);

  /**
   * Checks the budget.
   *
   * @param stepBudget see the record component
   * @param deadline see the record component
   * @param cancellation see the record component
   * @param pruning see the record component
   * @throws IllegalArgumentException when {@code stepBudget} is below 1
   */
  public AllocationOptions {
    if (stepBudget < 1) {
      throw new IllegalArgumentException("stepBudget must be at least 1, got " + stepBudget);
    }
  }

  /**
   * Options with pruning on.
   *
   * @param stepBudget see the record component
   * @param deadline see the record component
   * @param cancellation see the record component
   * @throws IllegalArgumentException when {@code stepBudget} is below 1
   */
  public AllocationOptions(long stepBudget, @Nullable Instant deadline, @Nullable BooleanSupplier cancellation) {
    this(stepBudget, deadline, cancellation, true);
  }

  /**
   * {@return the default options: the default step budget, no deadline, no cancellation,
   * pruning on}
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
    return new AllocationOptions(steps, deadline, cancellation, pruning);
  }

  /**
   * Returns these options with a deadline.
   *
   * @param at the instant after which the call is abandoned, or null for none
   * @return the changed options
   */
  public AllocationOptions withDeadline(@Nullable Instant at) {
    return new AllocationOptions(stepBudget, at, cancellation, pruning);
  }

  /**
   * Returns these options with a cancellation signal.
   *
   * @param cancelled polled during the search, or null for none
   * @return the changed options
   */
  public AllocationOptions withCancellation(@Nullable BooleanSupplier cancelled) {
    return new AllocationOptions(stepBudget, deadline, cancelled, pruning);
  }

  /**
   * Returns these options with pruning on or off.
   *
   * @param on whether the search prunes; off runs plain backtracking, with the same answers in
   *     as many steps or more
   * @return the changed options
   */
  public AllocationOptions withPruning(boolean on) {
    return new AllocationOptions(stepBudget, deadline, cancellation, on);
  }
}
