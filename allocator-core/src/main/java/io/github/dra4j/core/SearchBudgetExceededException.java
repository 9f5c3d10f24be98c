package io.github.dra4j.core;

/**
 * The backtracking search used up {@link AllocationOptions#stepBudget()} steps without finding
 * an allocation or proving that none exists. Distinct from "unsatisfiable": a larger budget
 * might find an allocation.
 */
public final class SearchBudgetExceededException extends AllocationException {
  private static final long serialVersionUID = 1L;

  /** The steps taken when the search was stopped. */
  private final long steps;

  SearchBudgetExceededException(String message, long steps) {
    super(message, null, null, null);
    this.steps = steps;
  }

  /** {@return the number of search steps taken when the search was stopped} */
  public long steps() {
    return steps;
  }
}
