package io.github.dra4j.core;

/**
 * Compiles device selector expressions. The allocator depends only on this SPI, so it does
 * not depend on CEL; {@code allocator-cel} provides the implementation. Implementations are
 * thread-safe and may cache.
 */
public interface DeviceSelectorCompiler {

  /**
   * Compiles an expression. A bad expression is not an exception: the returned selector
   * carries the error, so the allocator reports it only if it needs the selector.
   *
   * @param expression the selector expression
   * @param features the enabled features (they change the environment)
   * @return the compiled selector, possibly carrying a compile error
   */
  CompiledSelector compile(String expression, Features features);
}
