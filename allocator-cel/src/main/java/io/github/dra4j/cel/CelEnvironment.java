package io.github.dra4j.cel;

import com.google.api.expr.v1alpha1.Type;
import io.github.dra4j.core.DeviceView;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.projectnessie.cel.Env;
import org.projectnessie.cel.Env.AstIssuesTuple;
import org.projectnessie.cel.EnvOption;
import org.projectnessie.cel.Program;
import org.projectnessie.cel.ProgramOption;
import org.projectnessie.cel.checker.Decls;
import org.projectnessie.cel.common.types.pb.ProtoTypeRegistry;
import org.projectnessie.cel.common.types.ref.TypeAdapter;
import org.projectnessie.cel.common.types.ref.Val;
import org.projectnessie.cel.interpreter.Activation;
import org.projectnessie.cel.interpreter.ResolvedValue;

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

  private final Env env;
  private final TypeAdapter adapter;
  private final Type attributeType;
  private final ProgramOption functions;
  private final ProgramOption folding = ProgramOption.customDecorator(KubernetesLibrary.foldConstantParsing());
  private final ProgramOption equality = ProgramOption.customDecorator(CelEquality.decorator());
  private final ProgramOption regexes = ProgramOption.customDecorator(Regexes.decorator());
  private final ProgramOption costDecorator = ProgramOption.customDecorator(CostBudget.decorator());

  CelEnvironment(Variant variant) {
    boolean multi = variant.storedExpressions() || variant.consumableCapacity();
    boolean lists = variant.storedExpressions() || variant.listTypeAttributes();
    // Without list attributes the reference declares attribute values as google.protobuf.Any,
    // which cannot be iterated; Dyn lets the macros run over list attributes.
    attributeType = lists ? Decls.Dyn : Decls.Any;
    Map<String, Type> fields = new HashMap<>();
    fields.put(DRIVER, Decls.String);
    fields.put(ATTRIBUTES, Decls.newMapType(Decls.String, Decls.newMapType(Decls.String, attributeType)));
    fields.put(CAPACITY, Decls.newMapType(Decls.String,
        Decls.newMapType(Decls.String, Decls.newObjectType(OpaqueValue.QUANTITY_TYPE_NAME))));
    if (multi) {
      fields.put(ALLOW_MULTIPLE_ALLOCATIONS, Decls.Bool);
    }
    ProtoTypeRegistry registry = ProtoTypeRegistry.newRegistry();
    // cel-java adapts the result of every attribute qualification; the values of this
    // environment are already CEL values, so skip the registry's type lookups for them.
    adapter = value -> value instanceof Val ? (Val) value : registry.nativeToValue(value);
    env = Env.newEnv(
        EnvOption.customTypeAdapter(adapter),
        EnvOption.customTypeProvider(new DraTypeProvider(registry, fields)),
        EnvOption.declarations(Decls.newVar(DEVICE, Decls.newObjectType(DeviceValue.TYPE_NAME))),
        KubernetesLibrary.declarations(lists),
        EnvOption.macros(KubernetesLibrary.bindMacro()));
    functions = KubernetesLibrary.functions(lists);
  }

  /**
   * Returns the compiled selector, or one carrying the compile error in the reference's words.
   * Compilation is serialized per environment: cel-java's checker and planner are not
   * documented as thread-safe, and the cache makes compilation rare. Evaluation of the
   * resulting programs is concurrent.
   *
   * @return the selector
   */
  synchronized CelSelector compile(String expression) {
    int bytes = expression.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_EXPRESSION_BYTES) {
      return failed(expression, "expression too long: " + bytes + " bytes, may not be more than "
          + MAX_EXPRESSION_BYTES + " bytes");
    }
    AstIssuesTuple compiled;
    try {
      compiled = env.parse(expression);
      if (!compiled.hasIssues()) {
        compiled = env.check(compiled.getAst());
      }
    } catch (RuntimeException e) {
      return failed(expression, "compilation failed: " + e.getMessage());
    }
    if (compiled.hasIssues()) {
      return failed(expression, "compilation failed: " + compiled.getIssues());
    }
    String badEquality = StaticChecks.check(compiled.getAst());
    if (badEquality != null) {
      return failed(expression, "compilation failed: " + badEquality);
    }
    Type result = compiled.getAst().getResultType();
    if (!result.equals(Decls.Bool) && !result.equals(attributeType)) {
      return failed(expression, "must evaluate to bool or the unknown type, not "
          + org.projectnessie.cel.checker.Types.formatCheckedType(result));
    }
    String badRegex = StaticChecks.checkRegexes(compiled.getAst());
    if (badRegex != null) {
      return failed(expression, "program instantiation failed: " + badRegex);
    }
    Program program;
    try {
      program = env.program(compiled.getAst(), functions, folding, equality, regexes, costDecorator);
    } catch (RuntimeException e) {
      return failed(expression, "program instantiation failed: " + e.getMessage());
    }
    return new CelSelector(expression, this, program, null, FastSelector.analyse(compiled.getAst()));
  }

  private CelSelector failed(String expression, String error) {
    return new CelSelector(expression, this, null, error, null);
  }

  /** {@return the activation binding {@code device} to the view} */
  Activation activation(DeviceView view) {
    DeviceValue device = new DeviceValue(view, adapter);
    return new Activation() {
      @Override
      public ResolvedValue resolveName(String name) {
        return DEVICE.equals(name) ? ResolvedValue.resolvedValue(device) : ResolvedValue.ABSENT;
      }

      @Override
      public Activation parent() {
        return null;
      }
    };
  }
}
