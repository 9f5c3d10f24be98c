package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * && and || as cel-go evaluates them (interpreter.evalAnd, evalOr): an operand that is not a bool
 * is the error "no such overload", which a false operand of && or a true operand of || absorbs on
 * either side; otherwise the first error is the result. Checked both through the program alone
 * and through {@link CelSelector#matches}, whose fast path must agree.
 */
final class LogicalErrorAbsorptionTest {

  private static final String D = "dra.example.com";
  private static final String A = "device.attributes[\"" + D + "\"]";
  private static final DeviceView DEVICE = TestDevice.of(D)
      .attr("s", DeviceAttribute.ofString("fish"))
      .attr("i", DeviceAttribute.ofInt(1))
      .attr("b", DeviceAttribute.ofBool(true))
      .attr("l", DeviceAttribute.ofInts(List.of(1L, 2L)));
  private static final CelCompiler COMPILER = CelCompiler.create();

  static Stream<Arguments> absorbed() {
    return Stream.of(
        Arguments.of(A + ".s && false", false),
        Arguments.of("false && " + A + ".s", false),
        Arguments.of(A + ".s || true", true),
        Arguments.of("true || " + A + ".s", true),
        Arguments.of(A + ".i && !" + A + ".b", false),
        Arguments.of(A + ".l || " + A + ".b", true),
        Arguments.of(A + ".s && " + A + ".i && " + A + ".b == false", false),
        Arguments.of(A + ".missing && false", false),
        Arguments.of(A + ".s == \"fish\" && (" + A + ".i || " + A + ".b)", true),
        Arguments.of("[1, true].exists(x, x)", true),
        Arguments.of("[1, false].all(x, x)", false),
        Arguments.of("cel.bind(v, " + A + ".s, v || true)", true));
  }

  @ParameterizedTest
  @MethodSource("absorbed")
  void aDecidingOperandAbsorbsTheError(String expression, boolean expected) {
    CelSelector s = (CelSelector) COMPILER.compile(expression, Features.all());
    assertThat(s.compileError()).isNull();
    assertThat(s.evaluate(DEVICE)).isEqualTo(expected);
    assertThat(s.matches(DEVICE)).isEqualTo(expected);
  }

  static Stream<Arguments> notAbsorbed() {
    return Stream.of(
        Arguments.of(A + ".s && true", "no such overload"),
        Arguments.of("true && " + A + ".s", "no such overload"),
        Arguments.of(A + ".s || false", "no such overload"),
        Arguments.of(A + ".b && " + A + ".i", "no such overload"),
        Arguments.of(A + ".missing && " + A + ".s", "no such key: missing"),
        Arguments.of("!" + A + ".s || false", "no such overload: !_"));
  }

  @ParameterizedTest
  @MethodSource("notAbsorbed")
  void otherwiseTheFirstErrorIsTheResult(String expression, String error) {
    CelSelector s = (CelSelector) COMPILER.compile(expression, Features.all());
    assertThat(s.compileError()).isNull();
    assertThatThrownBy(() -> s.evaluate(DEVICE)).isInstanceOf(SelectorEvaluationException.class)
        .hasMessageStartingWith(error);
    assertThatThrownBy(() -> s.matches(DEVICE)).isInstanceOf(SelectorEvaluationException.class)
        .hasMessageStartingWith(error);
  }
}
