package io.github.dra4j.cel;

import dev.cel.checker.CelStandardDeclarations;
import dev.cel.checker.CelStandardDeclarations.StandardFunction.Overload.Comparison;
import dev.cel.checker.CelStandardDeclarations.StandardFunction.Overload.Conversions;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypes;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import dev.cel.runtime.CelStandardFunctions;
import dev.cel.runtime.CelStandardFunctions.StandardFunction;
import dev.cel.runtime.CelVariableResolver;
import io.github.dra4j.core.DeviceView;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jspecify.annotations.Nullable;

/*
 * One CEL environment of the DRA selector language. Mirrors newCompiler and
 * CompileCELExpression in compile.go, and GetCompiler: there is one environment per variant in
 * the process (of(variant)), shared by every CelCompiler, because building one costs milliseconds
 * warm and over a second of class loading in a fresh JVM.
 *
 * CEL-Java's checker builds its standard declarations (some 250 overloads) anew for every check
 * unless it is given them: STANDARD holds them, built once with the filter its own standard
 * environment applies for these options, and every variant's checker adds them from there. The
 * runtime is built on the first evaluation the fast tree cannot decide (runtime()), so a run whose
 * selectors are all simple never loads CEL-Java's interpreter.
 *
 * The reference keeps four declarations of the device type, chosen by feature gates, but the
 * allocator compiles with environment.StoredExpressions, which ignores the gates: every field
 * (allowMultipleAllocations too), the Dyn attribute type and `includes` are always declared.
 * Variant.stored() is that environment. The gated variants are what the API server uses for new
 * expressions (environment.NewExpressions).
 */
final class CelEnvironment {

  static final String DEVICE = "device";
  static final String DRIVER = "driver";
  static final String ALLOW_MULTIPLE_ALLOCATIONS = "allowMultipleAllocations";
  static final String ATTRIBUTES = "attributes";
  static final String CAPACITY = "capacity";

  /** The reference's resourceapi.CELSelectorExpressionMaxLength, in bytes. */
  static final int MAX_EXPRESSION_BYTES = 10 * 1024;

  /**
   * The options of the Kubernetes base environment that CEL-Java has: optional syntax,
   * cel.CrossTypeNumericComparisons, and RE2's partial-match semantics for {@code matches}.
   * Canonical types evaluate to native values because the bindings take Java's own types; the
   * option is deprecated in 0.14.0 with no replacement that keeps that behaviour.
   */
  @SuppressWarnings("deprecation")
  private static final CelOptions OPTIONS = CelOptions.current()
      .enableOptionalSyntax(true)
      .enableHeterogeneousNumericComparisons(true)
      .enableRegexPartialMatch(true)
      .evaluateCanonicalTypesToNativeValues(true)
      .build();

  /**
   * The standard declarations CEL-Java's checker declares for {@link #OPTIONS} (Env.standard):
   * all of them but int(int) without unsigned longs, timestamp(int) without epoch timestamps and
   * the comparisons of mixed numeric types without heterogeneous comparisons.
   */
  private static final CelStandardDeclarations STANDARD = CelStandardDeclarations.newBuilder()
      .filterFunctions((function, overload) -> (OPTIONS.enableUnsignedLongs() || !Conversions.INT64_TO_INT64.equals(overload))
          && (OPTIONS.enableTimestampEpoch() || !Conversions.INT64_TO_TIMESTAMP.equals(overload))
          && (OPTIONS.enableHeterogeneousNumericComparisons() || !(overload instanceof Comparison)
              || !((Comparison) overload).isHeterogeneousComparison()))
      .build();

  /** The environments of the process, at most one per variant (five exist). */
  private static final ConcurrentMap<Variant, CelEnvironment> ENVIRONMENTS = new ConcurrentHashMap<>();

  /**
   * Which environment.
   *
   * @param storedExpressions all fields and functions, as for stored expressions
   * @param consumableCapacity with {@code allowMultipleAllocations} (gated variants only)
   * @param listTypeAttributes with list attribute values and {@code includes} (gated variants only)
   */
  record Variant(boolean storedExpressions, boolean consumableCapacity, boolean listTypeAttributes) {
    static Variant stored() {
      return new Variant(true, true, true);
    }
  }

  /**
   * The reference's error for a new expression whose worst-case cost exceeds
   * resourceapi.CELSelectorExpressionMaxCost (validateCELSelector in the API server's validation).
   */
  static final String TOO_COMPLEX = "too complex, exceeds cost limit";

  /**
   * The largest worst-case estimate of a selector evaluated without per-node cost accounting,
   * a thousandth of the limit: with values within the API's size limits its runtime cost cannot
   * exceed the estimate, and reaching the limit would take values a thousand times larger than
   * those limits. The accounting's evaluation listener costs CEL-Java an allocation per node.
   */
  static final long UNTRACKED_MAX_ESTIMATE = CostBudget.MAX_COST / 1000;

  private final dev.cel.compiler.CelCompiler compiler;
  private final boolean lists;
  private volatile @Nullable CelRuntime runtime;
  private final CelType attributeType;
  private final boolean limitEstimatedCost;

  /** {@return the process's environment of the variant} */
  static CelEnvironment of(Variant variant) {
    CelEnvironment env = ENVIRONMENTS.get(variant);
    return env != null ? env : ENVIRONMENTS.computeIfAbsent(variant, CelEnvironment::new);
  }

  private CelEnvironment(Variant variant) {
    boolean multi = variant.storedExpressions() || variant.consumableCapacity();
    lists = variant.storedExpressions() || variant.listTypeAttributes();
    // The API server rejects new expressions by their worst-case cost; the allocator compiles
    // stored ones without estimating it (DisableCostEstimation in cache.go).
    limitEstimatedCost = !variant.storedExpressions();
    // Without list attributes the reference declares attribute values as google.protobuf.Any,
    // which cannot be iterated; dyn lets the macros run over list attributes.
    attributeType = lists ? SimpleType.DYN : SimpleType.ANY;
    Map<String, CelType> fields = new HashMap<>();
    fields.put(DRIVER, SimpleType.STRING);
    fields.put(ATTRIBUTES, MapType.create(SimpleType.STRING, MapType.create(SimpleType.STRING, attributeType)));
    fields.put(CAPACITY, MapType.create(SimpleType.STRING, MapType.create(SimpleType.STRING, KubernetesLibrary.QUANTITY)));
    if (multi) {
      fields.put(ALLOW_MULTIPLE_ALLOCATIONS, SimpleType.BOOL);
    }
    DraTypeProvider types = new DraTypeProvider(fields);
    compiler = CelCompilerFactory.standardCelCompilerBuilder()
        .setOptions(OPTIONS)
        .setStandardEnvironmentEnabled(false)
        .setStandardDeclarations(STANDARD)
        .setTypeProvider(types)
        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
        .addVar(DEVICE, types.device())
        .addFunctionDeclarations(KubernetesLibrary.declarations(lists))
        .addMacros(KubernetesLibrary.bindMacro())
        .addLibraries(CelExtensions.optional())
        .build();
  }

  /** {@return the runtime of this environment, built on first use} */
  private CelRuntime runtime() {
    CelRuntime r = runtime;
    if (r == null) {
      synchronized (this) {
        r = runtime;
        if (r == null) {
          r = buildRuntime(lists);
          runtime = r;
        }
      }
    }
    return r;
  }

  private static CelRuntime buildRuntime(boolean lists) {
    return CelRuntimeFactory.legacyCelRuntimeBuilder()
        .setOptions(OPTIONS)
        // matches, ==, != and `in` are bound by this library (see KubernetesLibrary).
        .setStandardEnvironmentEnabled(false)
        .setStandardFunctions(CelStandardFunctions.newBuilder()
            .excludeFunctions(StandardFunction.MATCHES, StandardFunction.IN, StandardFunction.EQUALS,
                StandardFunction.NOT_EQUALS)
            .build())
        .addFunctionBindings(KubernetesLibrary.bindings(lists))
        .addFunctionBindings(KubernetesLibrary.operatorBindings())
        .addFunctionBindings(LogicalOperands.binding())
        .addLibraries(CelExtensions.optional())
        .build();
  }

  /**
   * Returns the compiled selector, or one carrying the compile error in the reference's words.
   *
   * @return the selector
   */
  CelSelector compile(String expression) {
    return compile(expression, false);
  }

  /**
   * Returns the program of a derived attribute (DRADerivedAttributes): compiled as a selector,
   * but its result must be a value a constraint can compare rather than a bool.
   *
   * @return the program, or one carrying the compile error in the reference's words
   */
  CelSelector compileAttribute(String expression) {
    return compile(expression, true);
  }

  private CelSelector compile(String expression, boolean derivedAttribute) {
    int bytes = expression.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_EXPRESSION_BYTES) {
      return failed(expression, "expression too long: " + bytes + " bytes, may not be more than "
          + MAX_EXPRESSION_BYTES + " bytes");
    }
    CelAbstractSyntaxTree ast;
    try {
      ast = compiler.parse(expression).getAst();
    } catch (CelValidationException e) {
      return failed(expression, "compilation failed: " + syntaxError(String.valueOf(e.getMessage())));
    }
    try {
      ast = compiler.check(ast).getAst();
    } catch (CelValidationException e) {
      return failed(expression, "compilation failed: " + e.getMessage());
    }
    CelType result = ast.getResultType();
    String typeError = derivedAttribute ? CelDerivedAttribute.typeError(result, lists)
        : result.equals(SimpleType.BOOL) || result.equals(attributeType) ? null
        : "must evaluate to bool or the unknown type, not " + CelTypes.format(result);
    if (typeError != null) {
      return failed(expression, typeError);
    }
    String badRegex = StaticChecks.checkRegexes(ast);
    if (badRegex != null) {
      return failed(expression, "program instantiation failed: " + badRegex);
    }
    long estimate;
    try {
      estimate = CostEstimator.estimate(ast).max();
    } catch (RuntimeException e) {
      // An expression shape the estimator does not know: as in the reference, an internal
      // error for a new expression; a stored one keeps the runtime limit.
      if (limitEstimatedCost) {
        return failed(expression, "cost estimation failed: " + e);
      }
      estimate = CostEstimator.Range.UNBOUNDED;
    }
    if (limitEstimatedCost && Long.compareUnsigned(estimate, CostBudget.MAX_COST) > 0) {
      return failed(expression, TOO_COMPLEX);
    }
    boolean tracked = Long.compareUnsigned(estimate, UNTRACKED_MAX_ESTIMATE) > 0;
    return new CelSelector(expression, new CelSelector.Program(this, ast), FastSelector.analyse(ast),
        CostBudget.Model.of(ast), tracked);
  }

  /**
   * {@return the program of a checked expression}
   *
   * @throws CelEvaluationException when CEL-Java cannot make one (its legacy runtime only wraps a
   *     checked expression, so this is not expected)
   */
  CelRuntime.Program program(CelAbstractSyntaxTree checked) throws CelEvaluationException {
    return runtime().createProgram(KubernetesLibrary.narrowListOverloads(LogicalOperands.wrap(checked)));
  }

  /**
   * {@return the cost range of an expression of any result type, with the given sizes of values
   * the expression does not define; for tests of the cost model}
   *
   * @throws IllegalArgumentException if the expression does not compile
   */
  CostEstimator.Range estimateCost(String expression, CostEstimator.Sizes sizes) {
    return CostEstimator.estimate(checked(expression), sizes);
  }

  /**
   * {@return the runtime cost of evaluating an expression of any result type on the device; for
   * tests of the cost model}
   *
   * @throws IllegalArgumentException if the expression does not compile or evaluate
   */
  long runtimeCost(String expression, DeviceView device) {
    CelAbstractSyntaxTree ast = checked(expression);
    CostBudget budget = new CostBudget(Long.MAX_VALUE, CostBudget.Model.of(ast));
    try {
      program(ast).trace(activation(device), budget);
    } catch (CelEvaluationException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return budget.cost();
  }

  /**
   * {@return the worst-case cost estimate of an expression that compiles, as the API server's
   * validation sums it over a claim's derived attributes; Long.MAX_VALUE when it cannot be had}
   */
  long worstCaseCost(String expression) {
    try {
      long max = CostEstimator.estimate(checked(expression)).max();
      return max < 0 ? Long.MAX_VALUE : max; // an unsigned estimate beyond Long.MAX_VALUE
    } catch (RuntimeException e) {
      return Long.MAX_VALUE;
    }
  }

  private CelAbstractSyntaxTree checked(String expression) {
    try {
      return compiler.compile(expression).getAst();
    } catch (CelValidationException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static final java.util.regex.Pattern ANTLR_ERROR = java.util.regex.Pattern.compile(
      "(ERROR: [^\\n]*?:\\d+:\\d+: )(extraneous input|mismatched input|no viable alternative|missing |token recognition error)");

  /** Says parse errors as cel-go does: the grammar's errors are "Syntax error: ...". */
  private static String syntaxError(String message) {
    return ANTLR_ERROR.matcher(message).replaceAll("$1Syntax error: $2");
  }

  private static CelSelector failed(String expression, String error) {
    return CelSelector.failed(expression, error);
  }

  /**
   * {@return the variables of one evaluation: {@code device} bound to the view} A resolver
   * rather than a map: CEL-Java copies a map into an activation at every evaluation.
   */
  static CelVariableResolver activation(DeviceView view) {
    Optional<Object> device = Optional.of(new DeviceValue(view));
    return name -> DEVICE.equals(name) ? device : Optional.empty();
  }
}
