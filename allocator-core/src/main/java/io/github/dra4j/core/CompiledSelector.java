package io.github.dra4j.core;

import org.jspecify.annotations.Nullable;

/** A compiled device selector: thread-safe and reusable across allocations. */
public interface CompiledSelector {

  /** {@return the expression as written} */
  String expression();

  /** {@return the compile error, or null when the expression compiled} */
  @Nullable String compileError();

  /**
   * Evaluates the selector.
   *
   * @param device the device, with mixins applied lazily
   * @return whether the device is selected
   * @throws SelectorEvaluationException when evaluation fails (such as a missing key), or
   *     when the selector has a compile error
   */
  boolean matches(DeviceView device);

  /**
   * Evaluates the selector for an allocation call that has a deadline or can be cancelled. An
   * implementation whose evaluation can take long calls {@link EvaluationInterrupt#check()}
   * often enough to stop within milliseconds of the deadline; this default checks once, before
   * {@link #matches(DeviceView)}.
   *
   * @param device the device, with mixins applied lazily
   * @param interrupt polled during the evaluation
   * @return whether the device is selected
   * @throws SelectorEvaluationException as {@link #matches(DeviceView)}
   * @throws AllocationCancelledException from {@code interrupt}, unchanged
   */
  default boolean matches(DeviceView device, EvaluationInterrupt interrupt) {
    interrupt.check();
    return matches(device);
  }
}
