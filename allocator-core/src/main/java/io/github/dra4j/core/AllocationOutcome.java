package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import java.util.List;
import java.util.Objects;

/**
 * What an allocation call returns when it does not fail: every claim got a result, or no
 * allocation exists on the node for all claims together. Failures (invalid input, selector
 * errors, invalid pools blocking allocation, cancellation, budget) are {@link
 * AllocationException}s instead, as the Go reference returns an error for them.
 */
public sealed interface AllocationOutcome
    permits AllocationOutcome.Allocated, AllocationOutcome.Unsatisfiable {

  /** {@return whether every claim was allocated} */
  boolean isAllocated();

  /**
   * Every claim to allocate got a result.
   *
   * @param results one result per claim, in the order the claims were given; the caller stores
   *     each in its claim's {@code status.allocation}
   */
  record Allocated(List<AllocationResult> results) implements AllocationOutcome {
  /**
     * Copies the results.
     *
     * @param results see the record component
     */
    public Allocated {
      results = List.copyOf(results);
    }

    @Override
    public boolean isAllocated() {
      return true;
    }
  }

  /**
   * No allocation exists on this node for all claims together; this includes pools that are
   * being updated (incomplete), as in the reference.
   *
   * @param explanation why, per claim and request
   */
  record Unsatisfiable(Explanation explanation) implements AllocationOutcome {
  /**
     * Checks the explanation.
     *
     * @param explanation see the record component
     */
    public Unsatisfiable {
      Objects.requireNonNull(explanation, "explanation");
    }

    @Override
    public boolean isAllocated() {
      return false;
    }
  }
}
