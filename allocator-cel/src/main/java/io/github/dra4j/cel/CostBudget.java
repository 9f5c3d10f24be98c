package io.github.dra4j.cel;

import dev.cel.common.ast.CelExpr;
import dev.cel.runtime.CelEvaluationListener;

/*
 * Runtime cost accounting for one evaluation. CEL-Java has no runtime cost tracking (cel-go's
 * cel.CostLimit), so every evaluated node of the program (calls, selections, identifiers,
 * literals, each comprehension step's sub-expressions) is charged one unit through CEL-Java's
 * evaluation listener, and evaluation stops once the limit is passed. This approximates
 * cel-go's tracker, which also charges about one unit per node and per comprehension
 * iteration; it does not add cel-go's size-proportional charges for string and list functions
 * (those inputs are bounded by the API's size limits).
 */
final class CostBudget implements CelEvaluationListener {

  /** The reference's limit (resourceapi.CELSelectorExpressionMaxCost). */
  static final long MAX_COST = 1_000_000;

  static final String LIMIT_EXCEEDED = "operation cancelled: actual cost limit exceeded";

  private long remaining;
  private boolean exceeded;

  /** Thrown out of the evaluation when the budget is spent. */
  static final class ExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ExceededException() {
      super(LIMIT_EXCEEDED, null, false, false);
    }
  }

  CostBudget(long limit) {
    this.remaining = limit;
  }

  /** {@return whether the budget ran out during the evaluation} */
  boolean exceeded() {
    return exceeded;
  }

  @Override
  public void callback(CelExpr expr, Object result) {
    if (--remaining < 0) {
      exceeded = true;
      throw new ExceededException();
    }
  }
}
