package io.github.dra4j.core;

/** A selector failed at run time, or was used although it did not compile. */
public class SelectorEvaluationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message the evaluator's message, without claim context (callers add it)
   */
  public SelectorEvaluationException(String message) {
    super(message);
  }

  /**
   * Creates the exception with a cause.
   *
   * @param message the evaluator's message
   * @param cause the underlying failure
   */
  public SelectorEvaluationException(String message, Throwable cause) {
    super(message, cause);
  }
}
