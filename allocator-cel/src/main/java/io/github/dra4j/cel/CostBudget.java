package io.github.dra4j.cel;

import org.projectnessie.cel.interpreter.InterpretableDecorator;

/*
 * Runtime cost accounting. cel-java 0.6.0 has no runtime cost tracking (cel-go's
 * cel.CostLimit), so every evaluated node of the program (calls, selections, identifiers,
 * literals, each comprehension step's sub-expressions) is charged one unit through an
 * evaluation observer, and evaluation stops once the limit is passed. This approximates
 * cel-go's tracker, which also charges about one unit per node and per comprehension
 * iteration; it does not add cel-go's size-proportional charges for string and list functions
 * (those inputs are bounded by the API's size limits).
 *
 * The counter is per thread: a compiled program is shared by all threads, and one evaluation
 * runs on one thread from start to end.
 */
final class CostBudget {

  /** The reference's limit (resourceapi.CELSelectorExpressionMaxCost). */
  static final long MAX_COST = 1_000_000;

  static final String LIMIT_EXCEEDED = "operation cancelled: actual cost limit exceeded";

  private static final ThreadLocal<CostBudget> CURRENT = ThreadLocal.withInitial(CostBudget::new);

  // Outside an evaluation (a program being planned) the budget is unlimited.
  private long remaining = Long.MAX_VALUE;
  private boolean exceeded;

  /** Thrown out of the evaluation when the budget is spent. */
  static final class ExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ExceededException() {
      super(LIMIT_EXCEEDED, null, false, false);
    }
  }

  /** {@return this thread's budget, reset to the given limit} */
  static CostBudget start(long limit) {
    CostBudget b = CURRENT.get();
    b.remaining = limit;
    b.exceeded = false;
    return b;
  }

  /** Ends the evaluation: the thread's budget is unlimited again. */
  void finish() {
    remaining = Long.MAX_VALUE;
  }

  /** {@return whether the budget ran out during the evaluation} */
  boolean exceeded() {
    return exceeded;
  }

  private void charge() {
    if (--remaining < 0) {
      exceeded = true;
      throw new ExceededException();
    }
  }

  /** {@return the decorator that charges one unit per evaluated node} */
  static InterpretableDecorator decorator() {
    return InterpretableDecorator.decObserveEval((id, value) -> CURRENT.get().charge());
  }
}
