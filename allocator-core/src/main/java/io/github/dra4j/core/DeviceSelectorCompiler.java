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

  /**
   * Compiles the expression of a derived attribute (KEP-6080): like a selector, over
   * {@code device}, but yielding a value instead of a decision. A bad expression is not an
   * exception: the returned attribute carries the error, reported only if the allocator needs
   * the attribute. A compiler that does not implement derived attributes returns one whose
   * compile error says so.
   *
   * @param expression the expression
   * @param features the enabled features (they change the environment)
   * @return the compiled attribute, possibly carrying a compile error
   */
  default CompiledAttribute compileAttribute(String expression, Features features) {
    return new CompiledAttribute() {
      @Override
      public String expression() {
        return expression;
      }

      @Override
      public String compileError() {
        return "derived attributes are not supported by " + DeviceSelectorCompiler.this.getClass().getName();
      }

      @Override
      public io.github.dra4j.api.DeviceAttribute evaluate(DeviceView device) {
        throw new SelectorEvaluationException(compileError());
      }
    };
  }
}
