package io.github.dra4j.core;

/**
 * Polled by a selector while it evaluates, so that the deadline and cancellation of the
 * allocation call it evaluates for ({@link AllocationOptions#deadline()}, {@link
 * AllocationOptions#cancellation()}) hold inside a single long evaluation too: a selector that
 * spends seconds on one device (a regular expression over a long attribute value, a
 * comprehension over a long list) would otherwise run on until the search polls again.
 *
 * <p>The allocator passes its own implementation to {@link CompiledSelector#matches(DeviceView,
 * EvaluationInterrupt)}; selector implementations only call {@link #check()}.
 */
@FunctionalInterface
public interface EvaluationInterrupt {

  /** Never interrupts: for evaluations outside an allocation call. */
  EvaluationInterrupt NONE = () -> {};

  /**
   * Returns normally while the evaluation may go on. Cheap (a clock read), so an evaluation can
   * call it every few microseconds of work.
   *
   * @throws AllocationCancelledException when the call was cancelled or ran past its deadline;
   *     the evaluation lets it propagate unchanged
   */
  void check();
}
