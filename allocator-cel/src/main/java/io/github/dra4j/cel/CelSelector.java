package io.github.dra4j.cel;

import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.projectnessie.cel.Program;
import org.projectnessie.cel.common.types.BoolT;
import org.projectnessie.cel.common.types.Err;
import org.projectnessie.cel.common.types.ref.Val;

/**
 * A compiled selector: immutable and thread-safe. Mirrors DeviceMatches in compile.go, without
 * building the per-device maps. Simple selectors are decided by a {@link FastSelector} tree
 * when it can prove the program's answer; the program decides everything else.
 */
final class CelSelector implements CompiledSelector {

  private static final String NO_SUCH_KEY_HINT =
      ". consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields";

  private final String expression;
  private final CelEnvironment environment;
  private final @Nullable Program program;
  private final @Nullable String compileError;
  private final FastSelector.@Nullable Node fast;

  CelSelector(String expression, CelEnvironment environment, @Nullable Program program, @Nullable String compileError,
      FastSelector.@Nullable Node fast) {
    this.expression = expression;
    this.environment = environment;
    this.program = program;
    this.compileError = compileError;
    this.fast = fast;
  }

  @Override
  public String expression() {
    return expression;
  }

  @Override
  public @Nullable String compileError() {
    return compileError;
  }

  /** {@return the fast tree that decides simple selectors without the program, or null} */
  FastSelector.@Nullable Node fastTree() {
    return fast;
  }

  @Override
  public boolean matches(DeviceView device) {
    Objects.requireNonNull(device, "device");
    FastSelector.Node f = fast;
    if (f != null) {
      int decided;
      try {
        decided = f.eval(device);
      } catch (RuntimeException e) {
        // A failing view: the program reports it in its own words.
        decided = FastSelector.UNKNOWN;
      }
      if (decided == FastSelector.TRUE || decided == FastSelector.FALSE) {
        return decided == FastSelector.TRUE;
      }
    }
    return evaluate(device);
  }

  /** {@return the program's answer, as {@link #matches} gives it when the fast tree does not decide} */
  boolean evaluate(DeviceView device) {
    Program p = program;
    if (p == null) {
      throw new SelectorEvaluationException("CEL compile error: " + compileError);
    }
    CostBudget budget = CostBudget.start(CostBudget.MAX_COST);
    Val result;
    try {
      result = p.eval(environment.activation(device)).getVal();
    } catch (RuntimeException e) {
      if (budget.exceeded()) {
        throw new SelectorEvaluationException(CostBudget.LIMIT_EXCEEDED);
      }
      throw new SelectorEvaluationException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
    } finally {
      budget.finish();
    }
    if (budget.exceeded()) {
      throw new SelectorEvaluationException(CostBudget.LIMIT_EXCEEDED);
    }
    if (result instanceof BoolT) {
      return result.booleanValue();
    }
    if (result instanceof Err) {
      throw new SelectorEvaluationException(enhance(result.toString()));
    }
    throw new SelectorEvaluationException(
        "CEL result of type " + result.type().typeName() + " could not be converted to bool");
  }

  private static final Pattern CEL_JAVA_TYPE = Pattern.compile("org\\.projectnessie\\.cel\\.common\\.types\\.(\\w+)T\\b");

  /**
   * Adds the reference's hint to "no such key" errors (EnhanceRuntimeError in errors.go) and
   * names value types as cel-go does ("got 'types.Int', expected iterable type").
   */
  static String enhance(String message) {
    String m = message;
    if (m.contains("org.projectnessie.cel.common.types.")) {
      m = CEL_JAVA_TYPE.matcher(m).replaceAll("types.$1");
    }
    m = m.replace(OpaqueValue.SemverValue.class.getName(), "cel.Semver")
        .replace(OpaqueValue.QuantityValue.class.getName(), "cel.Quantity");
    return m.contains("no such key:") ? m + NO_SUCH_KEY_HINT : m;
  }

  @Override
  public String toString() {
    return compileError == null ? expression : expression + " (" + compileError + ")";
  }
}
