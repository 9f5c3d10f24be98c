package io.github.dra4j.cel;

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
import io.github.dra4j.core.DeviceView;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/*
 * One CEL environment of the DRA selector language. Mirrors newCompiler and
 * CompileCELExpression in compile.go.
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

  private final dev.cel.compiler.CelCompiler compiler;
  private final CelRuntime runtime;
  private final CelType attributeType;

  CelEnvironment(Variant variant) {
    boolean multi = variant.storedExpressions() || variant.consumableCapacity();
    boolean lists = variant.storedExpressions() || variant.listTypeAttributes();
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
        .setTypeProvider(types)
        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
        .addVar(DEVICE, types.device())
        .addFunctionDeclarations(KubernetesLibrary.declarations(lists))
        .addMacros(KubernetesLibrary.bindMacro())
        .addLibraries(CelExtensions.optional())
        .build();
    runtime = CelRuntimeFactory.legacyCelRuntimeBuilder()
        .setOptions(OPTIONS)
        // matches, ==, != and `in` are bound by this library (see KubernetesLibrary).
        .setStandardEnvironmentEnabled(false)
        .setStandardFunctions(CelStandardFunctions.newBuilder()
            .excludeFunctions(StandardFunction.MATCHES, StandardFunction.IN, StandardFunction.EQUALS,
                StandardFunction.NOT_EQUALS)
            .build())
        .addFunctionBindings(KubernetesLibrary.bindings(lists))
        .addFunctionBindings(KubernetesLibrary.operatorBindings())
        .addLibraries(CelExtensions.optional())
        .build();
  }

  /**
   * Returns the compiled selector, or one carrying the compile error in the reference's words.
   *
   * @return the selector
   */
  CelSelector compile(String expression) {
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
    if (!result.equals(SimpleType.BOOL) && !result.equals(attributeType)) {
      return failed(expression, "must evaluate to bool or the unknown type, not " + CelTypes.format(result));
    }
    String badRegex = StaticChecks.checkRegexes(ast);
    if (badRegex != null) {
      return failed(expression, "program instantiation failed: " + badRegex);
    }
    CelRuntime.Program program;
    try {
      program = runtime.createProgram(KubernetesLibrary.narrowListOverloads(ast));
    } catch (CelEvaluationException | RuntimeException e) {
      return failed(expression, "program instantiation failed: " + e.getMessage());
    }
    return new CelSelector(expression, program, null, FastSelector.analyse(ast), CostBudget.Model.of(ast));
  }

  private static final java.util.regex.Pattern ANTLR_ERROR = java.util.regex.Pattern.compile(
      "(ERROR: [^\\n]*?:\\d+:\\d+: )(extraneous input|mismatched input|no viable alternative|missing |token recognition error)");

  /** Says parse errors as cel-go does: the grammar's errors are "Syntax error: ...". */
  private static String syntaxError(String message) {
    return ANTLR_ERROR.matcher(message).replaceAll("$1Syntax error: $2");
  }

  private CelSelector failed(String expression, String error) {
    return new CelSelector(expression, null, error, null, null);
  }

  /** {@return the variables of one evaluation: {@code device} bound to the view} */
  static Map<String, Object> activation(DeviceView view) {
    return Map.of(DEVICE, new DeviceValue(view));
  }
}
