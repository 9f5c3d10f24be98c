package io.github.dra4j.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.exceptions.CelAttributeNotFoundException;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import io.github.dra4j.core.AllocationCancelledException;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.EvaluationInterrupt;
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
 * when it can prove the program's answer; the program decides everything else, and is made on
 * the first evaluation that needs it.
 *
 * <p>An evaluation stops at the cost limit (tracked selectors, see CelEnvironment) and at the
 * allocation call's deadline or cancellation: the cost accounting polls the interrupt every few
 * hundred nodes, and a regular expression while it reads a long string.
 */
final class CelSelector implements CompiledSelector {

  static final String NO_SUCH_KEY_HINT =
      ". consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields";

  /** The program of a checked expression, made once on first use; racing threads may each make one. */
  static final class Program {
    private final CelEnvironment environment;
    private final CelAbstractSyntaxTree checked;
    private final boolean usesRegex;
    private volatile CelRuntime.@Nullable Program program;

    Program(CelEnvironment environment, CelAbstractSyntaxTree checked) {
      this.environment = environment;
      this.checked = checked;
      this.usesRegex = StaticChecks.usesRegex(checked);
    }

    CelRuntime.Program get() {
      CelRuntime.Program p = program;
      if (p == null) {
        try {
          p = environment.program(checked);
        } catch (CelEvaluationException | RuntimeException e) {
          throw new SelectorEvaluationException("program instantiation failed: " + e.getMessage(), e);
        }
        program = p;
      }
      return p;
    }
  }

  /** What the checked expression gives: the program and how its evaluations count their cost. */
  private record Checked(Program program, CostBudget.Model costModel, boolean tracked) {}

  private final String expression;
  private final @Nullable String compileError;
  private final FastSelector.@Nullable Node fast;
  /** The environment that compiles the expression on first need, for a selector read without it. */
  private final CelEnvironment.@Nullable Variant variant;
  private volatile @Nullable Checked checked;

  /**
   * @param tracked whether evaluations account their cost against the limit; false for
   *     selectors whose worst-case estimate is far below it (see CelEnvironment)
   */
  CelSelector(String expression, Program program, FastSelector.@Nullable Node fast, CostBudget.Model costModel,
      boolean tracked) {
    this(expression, null, fast, null, new Checked(program, costModel, tracked));
  }

  private CelSelector(String expression, @Nullable String compileError, FastSelector.@Nullable Node fast,
      CelEnvironment.@Nullable Variant variant, @Nullable Checked checked) {
    this.expression = expression;
    this.compileError = compileError;
    this.fast = fast;
    this.variant = variant;
    this.checked = checked;
  }

  /** {@return a selector that did not compile} */
  static CelSelector failed(String expression, String compileError) {
    return new CelSelector(expression, compileError, null, null, null);
  }

  /**
   * {@return a selector of {@link SimpleSelectors}' subset, which always compiles: its fast tree
   * decides without CEL, and the variant's environment compiles it when a device needs the
   * program} Racing threads may each compile it once.
   */
  static CelSelector simple(String expression, FastSelector.Node fast, CelEnvironment.Variant variant) {
    return new CelSelector(expression, null, fast, variant, null);
  }

  private Checked checked() {
    Checked c = checked;
    if (c != null) {
      return c;
    }
    String error = compileError;
    CelEnvironment.Variant v = variant;
    if (v != null) {
      CelSelector compiled = CelEnvironment.of(v).compile(expression);
      c = compiled.checked;
      error = compiled.compileError;
    }
    if (c == null) {
      throw new SelectorEvaluationException("CEL compile error: " + error);
    }
    checked = c;
    return c;
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
    return checked().tracked();
  }

  /** {@return the fast tree that decides simple selectors without the program, or null} */
  FastSelector.@Nullable Node fastTree() {
    return fast;
  }

  @Override
  public boolean matches(DeviceView device) {
    return matches(device, EvaluationInterrupt.NONE);
  }

  @Override
  public boolean matches(DeviceView device, EvaluationInterrupt interrupt) {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(interrupt, "interrupt");
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
    return evaluate(device, interrupt);
  }

  /** {@return the program's answer, as {@link #matches} gives it when the fast tree does not decide} */
  boolean evaluate(DeviceView device) {
    return evaluate(device, EvaluationInterrupt.NONE);
  }

  private boolean evaluate(DeviceView device, EvaluationInterrupt interrupt) {
    Checked c = checked();
    Program p = c.program();
    interrupt.check();
    // An untracked selector needs a budget only for its regular expressions, which read it to
    // fail before a match that would exceed the limit.
    CostBudget budget = c.tracked() || p.usesRegex ? budget(CostBudget.MAX_COST, interrupt) : null;
    return evaluate(device, p, c.tracked() ? budget : null, budget);
  }

  private CostBudget budget(long limit, EvaluationInterrupt interrupt) {
    return new CostBudget(limit, checked().costModel(), interrupt);
  }

  /**
   * {@return the runtime cost of evaluating the program on the device, as the limit counts it;
   * for tests of the cost model}
   */
  long cost(DeviceView device) {
    CostBudget budget = budget(Long.MAX_VALUE, EvaluationInterrupt.NONE);
    try {
      var unused = evaluate(device, checked().program(), budget, budget);
    } catch (SelectorEvaluationException e) {
      // An evaluation error still has the cost of what was evaluated.
    }
    return budget.cost();
  }

  /**
   * @param listener the budget that accounts every node, or null to evaluate without accounting
   * @param budget the budget the regular expressions read, or null
   */
  private boolean evaluate(DeviceView device, Program program, @Nullable CostBudget listener,
      @Nullable CostBudget budget) {
    Object result = value(device, program, listener, budget);
    if (result instanceof Boolean) {
      return (Boolean) result;
    }
    throw new SelectorEvaluationException(
        "CEL result of type " + typeName(result) + " could not be converted to bool");
  }

  /**
   * {@return the program's value on the device, of whatever type: a derived attribute's value}
   * Limited as a selector is: the cost limit and the interrupt's deadline or cancellation.
   */
  Object value(DeviceView device, EvaluationInterrupt interrupt) {
    Checked c = checked();
    Program p = c.program();
    interrupt.check();
    CostBudget budget = c.tracked() || p.usesRegex ? budget(CostBudget.MAX_COST, interrupt) : null;
    return value(device, p, c.tracked() ? budget : null, budget);
  }

  private Object value(DeviceView device, Program program, @Nullable CostBudget listener,
      @Nullable CostBudget budget) {
    CelRuntime.Program p = program.get();
    Object result;
    CostBudget previous = budget != null && program.usesRegex ? budget.enter() : null;
    try {
      result = listener == null ? p.eval(CelEnvironment.activation(device))
          : p.trace(CelEnvironment.activation(device), listener);
    } catch (CelEvaluationException e) {
      stopped(budget);
      // A CEL error, which && and || absorb as cel-go's error values: no Java cause.
      throw new SelectorEvaluationException(runtimeMessage(e));
    } catch (DeviceValue.InvalidAttributeException e) {
      throw new SelectorEvaluationException(e.getMessage(), e);
    } catch (RuntimeException e) {
      stopped(budget);
      throw new SelectorEvaluationException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
    } finally {
      if (budget != null && program.usesRegex) {
        CostBudget.exit(previous);
      }
    }
    // && and || may have absorbed the error that stopped the evaluation, as cel-go's cannot.
    stopped(budget);
    return result;
  }

  /** Throws what stopped the evaluation, if the budget or the interrupt did. */
  private static void stopped(@Nullable CostBudget budget) {
    if (budget == null) {
      return;
    }
    AllocationCancelledException cancelled = budget.cancelled();
    if (cancelled != null) {
      throw cancelled;
    }
    if (budget.exceeded()) {
      throw new SelectorEvaluationException(CostBudget.LIMIT_EXCEEDED);
    }
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
