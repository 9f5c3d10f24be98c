package io.github.dra4j.core;

import io.github.dra4j.api.DeviceAttribute;
import org.jspecify.annotations.Nullable;

/**
 * A compiled derived attribute (KEP-6080, DRADerivedAttributes): an expression that computes a
 * virtual attribute of a device, which the claim's constraints read. Thread-safe and reusable
 * across allocations; part of the selector SPI, implemented by {@code allocator-cel}.
 */
public interface CompiledAttribute {

  /** {@return the expression as written} */
  String expression();

  /** {@return the compile error, or null when the expression compiled} */
  @Nullable String compileError();

  /**
   * Evaluates the expression on a device.
   *
   * @param device the device, with mixins applied lazily
   * @return the value: a string, int, bool or version, or a list of one of them
   * @throws SelectorEvaluationException when evaluation fails (a missing key, a result of another
   *     type), or when the expression has a compile error
   */
  DeviceAttribute evaluate(DeviceView device);

  /**
   * Evaluates the expression on a device within the call's deadline: as {@link
   * CompiledSelector#matches(DeviceView, EvaluationInterrupt)}, an implementation whose
   * evaluation can take long polls {@code interrupt}.
   *
   * @param device the device, with mixins applied lazily
   * @param interrupt polled during evaluation
   * @return the value
   * @throws SelectorEvaluationException as {@link #evaluate(DeviceView)}
   */
  default DeviceAttribute evaluate(DeviceView device, EvaluationInterrupt interrupt) {
    interrupt.check();
    return evaluate(device);
  }
}
