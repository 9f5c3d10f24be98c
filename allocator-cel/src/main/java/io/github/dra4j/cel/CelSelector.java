package io.github.dra4j.cel;

import dev.cel.common.exceptions.CelAttributeNotFoundException;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A compiled selector: immutable and thread-safe. Mirrors DeviceMatches in compile.go, without
 * building the per-device maps. Simple selectors are decided by a {@link FastSelector} tree
 * when it can prove the program's answer; the program decides everything else.
 */
final class CelSelector implements CompiledSelector {

  static final String NO_SUCH_KEY_HINT =
      ". consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields";

  private final String expression;
  private final CelRuntime.@Nullable Program program;
  private final @Nullable String compileError;
  private final FastSelector.@Nullable Node fast;
  private final CostBudget.@Nullable Model costModel;
  private final boolean tracked;

  /**
   * @param tracked whether evaluations account their cost against the limit; false for
   *     selectors whose worst-case estimate is far below it (see CelEnvironment)
   */
  CelSelector(String expression, CelRuntime.@Nullable Program program, @Nullable String compileError,
      FastSelector.@Nullable Node fast, CostBudget.@Nullable Model costModel, boolean tracked) {
    this.expression = expression;
    this.program = program;
    this.compileError = compileError;
    this.fast = fast;
    this.costModel = costModel;
    this.tracked = tracked;
  }

  @Override
  public String expression() {
    return expression;
  }

  @Override
  public @Nullable String compileError() {
    return compileError;
  }

  /** {@return whether evaluations account their cost against the runtime limit} */
  boolean costTracked() {
    return tracked;
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
    return evaluate(device, tracked ? budget(CostBudget.MAX_COST) : null);
  }

  private CostBudget budget(long limit) {
    CostBudget.Model m = costModel;
    if (program == null || m == null) {
      throw new SelectorEvaluationException("CEL compile error: " + compileError);
    }
    return new CostBudget(limit, m);
  }

  /**
   * {@return the runtime cost of evaluating the program on the device, as the limit counts it;
   * for tests of the cost model}
   */
  long cost(DeviceView device) {
    CostBudget budget = budget(Long.MAX_VALUE);
    try {
      var unused = evaluate(device, budget);
    } catch (SelectorEvaluationException e) {
      // An evaluation error still has the cost of what was evaluated.
    }
    return budget.cost();
  }

  private boolean evaluate(DeviceView device, @Nullable CostBudget budget) {
    Object result = value(device, budget);
    if (result instanceof Boolean) {
      return (Boolean) result;
    }
    throw new SelectorEvaluationException(
        "CEL result of type " + typeName(result) + " could not be converted to bool");
  }

  /** {@return the program's value on the device, of whatever type: a derived attribute's value} */
  Object value(DeviceView device) {
    return value(device, tracked ? budget(CostBudget.MAX_COST) : null);
  }

  private Object value(DeviceView device, @Nullable CostBudget budget) {
    CelRuntime.Program p = program;
    if (p == null) {
      throw new SelectorEvaluationException("CEL compile error: " + compileError);
    }
    Object result;
    try {
      result = budget == null ? p.eval(CelEnvironment.activation(device))
          : p.trace(CelEnvironment.activation(device), budget);
    } catch (CelEvaluationException e) {
      if (budget != null && budget.exceeded()) {
        throw new SelectorEvaluationException(CostBudget.LIMIT_EXCEEDED);
      }
      // A CEL error, which && and || absorb as cel-go's error values: no Java cause.
      throw new SelectorEvaluationException(runtimeMessage(e));
    } catch (DeviceValue.InvalidAttributeException e) {
      throw new SelectorEvaluationException(e.getMessage(), e);
    } catch (RuntimeException e) {
      if (budget != null && budget.exceeded()) {
        throw new SelectorEvaluationException(CostBudget.LIMIT_EXCEEDED);
      }
      throw new SelectorEvaluationException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
    }
    return result;
  }

  private static final Pattern POSITION = Pattern.compile("^evaluation error(?: at [^:]*:\\d+)?: ");
  private static final Pattern MISSING_KEY = Pattern.compile("^key '(.*)' is not present in map\\.?$");
  private static final Pattern NOT_ITERABLE =
      Pattern.compile("expected a list or a map for iteration range but got '(\\w+)'");
  private static final Pattern NO_OVERLOAD = Pattern.compile("^No matching overload for function '([^']*)'.*");
  private static final Map<String, String> GO_TYPES = Map.of("Long", "types.Int", "Boolean", "types.Bool",
      "String", "types.String", "Double", "types.Double", "UnsignedLong", "types.Uint",
      "SemverValue", "cel.Semver", "QuantityValue", "cel.Quantity");

  /**
   * The reference's words for an evaluation error: CEL-Java's position prefix dropped, and its
   * messages for a missing map key, a non-iterable range and a missing overload said as cel-go
   * says them ("no such key: model", with the hint of EnhanceRuntimeError in errors.go).
   */
  static String runtimeMessage(CelEvaluationException e) {
    Throwable cause = e.getCause();
    if (cause instanceof CelAttributeNotFoundException) {
      Matcher missing = MISSING_KEY.matcher(String.valueOf(cause.getMessage()));
      String key = missing.matches() ? missing.group(1) : String.valueOf(cause.getMessage());
      return "no such key: " + key + NO_SUCH_KEY_HINT;
    }
    String m = POSITION.matcher(String.valueOf(e.getMessage())).replaceFirst("");
    Matcher notIterable = NOT_ITERABLE.matcher(m);
    if (notIterable.find()) {
      return "got '" + GO_TYPES.getOrDefault(notIterable.group(1), notIterable.group(1)) + "', expected iterable type";
    }
    if (m.startsWith("Function 'optional_value' failed")) {
      return "optional.none() dereference";
    }
    Matcher noOverload = NO_OVERLOAD.matcher(m);
    if (noOverload.matches()) {
      return "no such overload: " + noOverload.group(1);
    }
    return m;
  }

  /** {@return the CEL type name of a runtime value, as cel-go's errors print it} */
  static String typeName(@Nullable Object value) {
    if (value == null) {
      return "null_type";
    }
    if (value instanceof Boolean) {
      return "bool";
    }
    if (value instanceof Long) {
      return "int";
    }
    if (value instanceof Double) {
      return "double";
    }
    if (value instanceof String) {
      return "string";
    }
    if (value instanceof List) {
      return "list";
    }
    if (value instanceof Map) {
      return "map";
    }
    if (value instanceof OpaqueValue.QuantityValue) {
      return OpaqueValue.QUANTITY_TYPE_NAME;
    }
    if (value instanceof OpaqueValue.SemverValue) {
      return OpaqueValue.SEMVER_TYPE_NAME;
    }
    return value.getClass().getSimpleName();
  }

  @Override
  public String toString() {
    return compileError == null ? expression : expression + " (" + compileError + ")";
  }
}
