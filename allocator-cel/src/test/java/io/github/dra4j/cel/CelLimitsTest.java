package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

final class CelLimitsTest {

  private static final CelCompiler COMPILER = CelCompiler.create();
  private static final String TEN = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
  /** 10^7 inner iterations: far over the budget of 1,000,000 units. */
  static final String EXPENSIVE = nested(7);

  private static String nested(int depth) {
    String body = "int('1'.find('[0-9]*')) < 100";
    for (int i = 0; i < depth; i++) {
      body = TEN + ".all(x" + i + ", " + body + ")";
    }
    return body;
  }

  private static CompiledSelector compile(String expression) {
    CompiledSelector s = COMPILER.compile(expression, Features.none());
    assertThat(s.compileError()).isNull();
    return s;
  }

  @Test
  void length_atLimitCompiles() {
    String expression = "true" + " ".repeat(CelEnvironment.MAX_EXPRESSION_BYTES - 4);
    assertThat(compile(expression).matches(TestDevice.of("d"))).isTrue();
  }

  @Test
  void length_overLimitRejected() {
    String expression = "true" + " ".repeat(CelEnvironment.MAX_EXPRESSION_BYTES - 3);
    assertThat(COMPILER.compile(expression, Features.none()).compileError())
        .isEqualTo("expression too long: 10241 bytes, may not be more than 10240 bytes");
  }

  @Test
  void length_countsUtf8Bytes() {
    // 3,414 characters but 10,242 bytes: the limit is in bytes, as in the API.
    String expression = "\"" + "€".repeat(3413) + "\" != \"\"";
    assertThat(expression.length()).isLessThan(CelEnvironment.MAX_EXPRESSION_BYTES);
    assertThat(COMPILER.compile(expression, Features.none()).compileError()).contains("may not be more than 10240 bytes");
  }

  @Test
  void cost_expensiveExpressionStops() {
    assertThatThrownBy(() -> compile(EXPENSIVE).matches(TestDevice.of("d")))
        .isInstanceOf(SelectorEvaluationException.class)
        .hasMessage("operation cancelled: actual cost limit exceeded");
  }

  @Test
  void cost_underLimitRuns() {
    // 10^4 iterations of a small body: well under the budget.
    assertThat(compile(nested(4)).matches(TestDevice.of("d"))).isTrue();
  }

  @Test
  void cost_errorIsNotAbsorbedByOr() {
    assertThatThrownBy(() -> compile("(" + EXPENSIVE + ") || true").matches(TestDevice.of("d")))
        .isInstanceOf(SelectorEvaluationException.class)
        .hasMessageContaining("actual cost limit exceeded");
    assertThat(compile("true || (" + EXPENSIVE + ")").matches(TestDevice.of("d"))).as("short-circuit costs nothing").isTrue();
  }

  @Test
  void cost_budgetIsPerEvaluation() {
    CompiledSelector cheap = compile("device.attributes[\"d\"].a == 1");
    TestDevice device = TestDevice.of("d").attr("a", DeviceAttribute.ofInt(1));
    assertThatThrownBy(() -> compile(EXPENSIVE).matches(device)).isInstanceOf(SelectorEvaluationException.class);
    // The same thread starts the next evaluation with a full budget.
    for (int i = 0; i < 1000; i++) {
      assertThat(cheap.matches(device)).isTrue();
    }
  }

  @Test
  void cost_budgetIsPerThread() throws Exception {
    CompiledSelector medium = compile(nested(4));
    CompletableFuture<Boolean> other = CompletableFuture.supplyAsync(() -> {
      boolean all = true;
      for (int i = 0; i < 20; i++) {
        all &= medium.matches(TestDevice.of("d"));
      }
      return all;
    });
    assertThatThrownBy(() -> compile(EXPENSIVE).matches(TestDevice.of("d"))).isInstanceOf(SelectorEvaluationException.class);
    assertThat(other.get(2, TimeUnit.MINUTES)).isTrue();
  }
}
