package io.github.dra4j.cel;

import static java.util.Arrays.asList;

import com.google.api.expr.v1alpha1.Expr;
import com.google.api.expr.v1alpha1.Type;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.cel.OpaqueValue.QuantityValue;
import io.github.dra4j.cel.OpaqueValue.SemverValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.jspecify.annotations.Nullable;
import org.projectnessie.cel.EnvOption;
import org.projectnessie.cel.ProgramOption;
import org.projectnessie.cel.checker.Decls;
import org.projectnessie.cel.common.ErrorWithLocation;
import org.projectnessie.cel.common.types.DoubleT;
import org.projectnessie.cel.common.types.Err;
import org.projectnessie.cel.common.types.IntT;
import org.projectnessie.cel.common.types.ListT;
import org.projectnessie.cel.common.types.StringT;
import org.projectnessie.cel.common.types.Types;
import org.projectnessie.cel.common.types.ref.Val;
import org.projectnessie.cel.common.types.traits.Adder;
import org.projectnessie.cel.common.types.traits.Comparer;
import org.projectnessie.cel.common.types.traits.Lister;
import org.projectnessie.cel.interpreter.Activation;
import org.projectnessie.cel.interpreter.Interpretable;
import org.projectnessie.cel.interpreter.Interpretable.InterpretableCall;
import org.projectnessie.cel.interpreter.Interpretable.InterpretableConst;
import org.projectnessie.cel.interpreter.InterpretableDecorator;
import org.projectnessie.cel.interpreter.functions.Overload;
import org.projectnessie.cel.parser.ExprHelper;
import org.projectnessie.cel.parser.Macro;

/*
 * The function libraries of the Kubernetes CEL base environment that DRA selectors use, written
 * for cel-java: quantity and semver (k8s.io/apiserver/pkg/cel/library quantity.go,
 * semverlib.go), lists (lists.go), regex (regex.go), the strings extension (cel-go ext/strings,
 * version 2 plus reverse), cel.bind (cel-go ext/bindings) and DRA's own `includes`.
 *
 * cel-java 0.6.0 dispatches a call by function name only (the planner never uses the checked
 * overload id), so every function name has one runtime implementation that looks at the
 * argument values: `compareTo` serves quantities and versions, `indexOf` strings and lists.
 * The checker still sees one declaration per overload, so argument types are checked at compile
 * time as in the reference.
 */
final class KubernetesLibrary {

  /** The reference's ResourceSliceMaxAttributeValuesPerDevice: the longest list `includes` accepts. */
  static final int MAX_INCLUDES_LIST = 48;

  private static final Type QUANTITY = Decls.newObjectType(OpaqueValue.QUANTITY_TYPE_NAME);
  private static final Type SEMVER = Decls.newObjectType(OpaqueValue.SEMVER_TYPE_NAME);
  private static final Type LIST_STRING = Decls.newListType(Decls.String);
  private static final Type PARAM_A = Decls.newTypeParamType("A");
  private static final Type LIST_A = Decls.newListType(PARAM_A);

  /** Quantity.parse says "quantity \"x\" is invalid: <reason>"; the reason is Kubernetes' message. */
  private static final String INVALID = " is invalid: ";


  private KubernetesLibrary() {}

  /* --- declarations --- */

  /** {@return the compile-time declarations; includes only when asked} */
  static EnvOption declarations(boolean withIncludes) {
    List<com.google.api.expr.v1alpha1.Decl> decls = new ArrayList<>();
    // Quantity.
    decls.add(Decls.newFunction("quantity", Decls.newOverload("string_to_quantity", asList(Decls.String), QUANTITY)));
    decls.add(Decls.newFunction("isQuantity", Decls.newOverload("is_quantity_string", asList(Decls.String), Decls.Bool)));
    decls.add(Decls.newFunction("sign", Decls.newOverload("quantity_sign", asList(QUANTITY), Decls.Int)));
    decls.add(Decls.newFunction("isGreaterThan",
        member("quantity_is_greater_than", Decls.Bool, QUANTITY, QUANTITY),
        member("semver_is_greater_than", Decls.Bool, SEMVER, SEMVER)));
    decls.add(Decls.newFunction("isLessThan",
        member("quantity_is_less_than", Decls.Bool, QUANTITY, QUANTITY),
        member("semver_is_less_than", Decls.Bool, SEMVER, SEMVER)));
    decls.add(Decls.newFunction("compareTo",
        member("quantity_compare_to", Decls.Int, QUANTITY, QUANTITY),
        member("semver_compare_to", Decls.Int, SEMVER, SEMVER)));
    decls.add(Decls.newFunction("asApproximateFloat", member("quantity_get_float", Decls.Double, QUANTITY)));
    decls.add(Decls.newFunction("asInteger", member("quantity_get_int", Decls.Int, QUANTITY)));
    decls.add(Decls.newFunction("isInteger", member("quantity_is_integer", Decls.Bool, QUANTITY)));
    decls.add(Decls.newFunction("add",
        member("quantity_add", QUANTITY, QUANTITY, QUANTITY),
        member("quantity_add_int", QUANTITY, QUANTITY, Decls.Int)));
    decls.add(Decls.newFunction("sub",
        member("quantity_sub", QUANTITY, QUANTITY, QUANTITY),
        member("quantity_sub_int", QUANTITY, QUANTITY, Decls.Int)));
    // Semver.
    decls.add(Decls.newFunction("semver",
        Decls.newOverload("string_to_semver", asList(Decls.String), SEMVER),
        Decls.newOverload("string_bool_to_semver", asList(Decls.String, Decls.Bool), SEMVER)));
    decls.add(Decls.newFunction("isSemver",
        Decls.newOverload("is_semver_string", asList(Decls.String), Decls.Bool),
        Decls.newOverload("is_semver_string_bool", asList(Decls.String, Decls.Bool), Decls.Bool)));
    decls.add(Decls.newFunction("major", member("semver_major", Decls.Int, SEMVER)));
    decls.add(Decls.newFunction("minor", member("semver_minor", Decls.Int, SEMVER)));
    decls.add(Decls.newFunction("patch", member("semver_patch", Decls.Int, SEMVER)));
    // Lists.
    List<com.google.api.expr.v1alpha1.Decl.FunctionDecl.Overload> isSorted = new ArrayList<>();
    List<com.google.api.expr.v1alpha1.Decl.FunctionDecl.Overload> min = new ArrayList<>();
    List<com.google.api.expr.v1alpha1.Decl.FunctionDecl.Overload> max = new ArrayList<>();
    for (Type t : asList(Decls.Int, Decls.Uint, Decls.Double, Decls.Bool, Decls.String, Decls.Bytes,
        Decls.Duration, Decls.Timestamp)) {
      String n = typeId(t);
      isSorted.add(member("list_" + n + "_is_sorted", Decls.Bool, Decls.newListType(t)));
      min.add(member("list_" + n + "_min", t, Decls.newListType(t)));
      max.add(member("list_" + n + "_max", t, Decls.newListType(t)));
    }
    decls.add(Decls.newFunction("isSorted", isSorted));
    decls.add(Decls.newFunction("min", min));
    decls.add(Decls.newFunction("max", max));
    List<com.google.api.expr.v1alpha1.Decl.FunctionDecl.Overload> sum = new ArrayList<>();
    for (Type t : asList(Decls.Int, Decls.Uint, Decls.Double, Decls.Duration)) {
      sum.add(member("list_" + typeId(t) + "_sum", t, Decls.newListType(t)));
    }
    decls.add(Decls.newFunction("sum", sum));
    decls.add(Decls.newFunction("indexOf",
        member("string_index_of_string", Decls.Int, Decls.String, Decls.String),
        member("string_index_of_string_int", Decls.Int, Decls.String, Decls.String, Decls.Int),
        Decls.newParameterizedInstanceOverload("list_a_index_of_a", asList(LIST_A, PARAM_A), Decls.Int, asList("A"))));
    decls.add(Decls.newFunction("lastIndexOf",
        member("string_last_index_of_string", Decls.Int, Decls.String, Decls.String),
        member("string_last_index_of_string_int", Decls.Int, Decls.String, Decls.String, Decls.Int),
        Decls.newParameterizedInstanceOverload("list_a_last_index_of_a", asList(LIST_A, PARAM_A), Decls.Int, asList("A"))));
    // Regex. cel-java declares matches only in receiver style; CEL also has matches(s, re).
    decls.add(Decls.newFunction("matches", Decls.newOverload("matches", asList(Decls.String, Decls.String), Decls.Bool)));
    decls.add(Decls.newFunction("find", member("string_find_string", Decls.String, Decls.String, Decls.String)));
    decls.add(Decls.newFunction("findAll",
        member("string_find_all_string", LIST_STRING, Decls.String, Decls.String),
        member("string_find_all_string_int", LIST_STRING, Decls.String, Decls.String, Decls.Int)));
    // Strings extension.
    decls.add(Decls.newFunction("charAt", member("string_char_at_int", Decls.String, Decls.String, Decls.Int)));
    decls.add(Decls.newFunction("join",
        member("list_join", Decls.String, LIST_STRING),
        member("list_join_string", Decls.String, LIST_STRING, Decls.String)));
    decls.add(Decls.newFunction("lowerAscii", member("string_lower_ascii", Decls.String, Decls.String)));
    decls.add(Decls.newFunction("upperAscii", member("string_upper_ascii", Decls.String, Decls.String)));
    decls.add(Decls.newFunction("replace",
        member("string_replace_string_string", Decls.String, Decls.String, Decls.String, Decls.String),
        member("string_replace_string_string_int", Decls.String, Decls.String, Decls.String, Decls.String, Decls.Int)));
    decls.add(Decls.newFunction("split",
        member("string_split_string", LIST_STRING, Decls.String, Decls.String),
        member("string_split_string_int", LIST_STRING, Decls.String, Decls.String, Decls.Int)));
    decls.add(Decls.newFunction("substring",
        member("string_substring_int", Decls.String, Decls.String, Decls.Int),
        member("string_substring_int_int", Decls.String, Decls.String, Decls.Int, Decls.Int)));
    decls.add(Decls.newFunction("trim", member("string_trim", Decls.String, Decls.String)));
    decls.add(Decls.newFunction("reverse", member("string_reverse", Decls.String, Decls.String)));
    // cel.CrossTypeNumericComparisons(true) of the Kubernetes base environment: 1 < 1.5 and
    // 1 >= 1u compile; the standard runtime comparison already orders across numeric types.
    String[][] operators = {{"_<_", "less"}, {"_<=_", "less_equals"}, {"_>_", "greater"}, {"_>=_", "greater_equals"}};
    Type[][] pairs = {{Decls.Int, Decls.Double}, {Decls.Double, Decls.Int}, {Decls.Int, Decls.Uint},
        {Decls.Uint, Decls.Int}, {Decls.Uint, Decls.Double}, {Decls.Double, Decls.Uint}};
    for (String[] op : operators) {
      List<com.google.api.expr.v1alpha1.Decl.FunctionDecl.Overload> overloads = new ArrayList<>();
      for (Type[] pair : pairs) {
        overloads.add(Decls.newOverload(op[1] + "_" + numberId(pair[0]) + "_" + numberId(pair[1]),
            asList(pair[0], pair[1]), Decls.Bool));
      }
      decls.add(Decls.newFunction(op[0], overloads));
    }
    if (withIncludes) {
      decls.add(Decls.newFunction("includes", member("dra_includes_dyn_dyn", Decls.Bool, Decls.Dyn, Decls.Dyn)));
    }
    return EnvOption.declarations(decls);
  }

  private static com.google.api.expr.v1alpha1.Decl.FunctionDecl.Overload member(String id, Type result, Type... args) {
    return Decls.newInstanceOverload(id, asList(args), result);
  }

  private static String numberId(Type t) {
    return t == Decls.Int ? "int64" : t == Decls.Uint ? "uint64" : "double";
  }

  private static String typeId(Type t) {
    if (t == QUANTITY) {
      return "quantity";
    }
    if (t == SEMVER) {
      return "semver";
    }
    if (t.hasWellKnown()) {
      return t.getWellKnown().name().toLowerCase(java.util.Locale.ROOT);
    }
    return t.getPrimitive().name().toLowerCase(java.util.Locale.ROOT);
  }

  /** {@return the cel.bind macro: cel.bind(name, init, expr) evaluates expr with name bound to init} */
  static Macro bindMacro() {
    return Macro.newReceiverMacro("bind", 3, KubernetesLibrary::expandBind);
  }

  private static @Nullable Expr expandBind(ExprHelper eh, Expr target, List<Expr> args) throws ErrorWithLocation {
    if (target == null || target.getExprKindCase() != Expr.ExprKindCase.IDENT_EXPR
        || !target.getIdentExpr().getName().equals("cel")) {
      return null;
    }
    Expr name = args.get(0);
    if (name.getExprKindCase() != Expr.ExprKindCase.IDENT_EXPR) {
      throw new ErrorWithLocation(eh.offsetLocation(name.getId()), "cel.bind() variable names must be simple identifiers");
    }
    String var = name.getIdentExpr().getName();
    // A fold over an empty list: the accumulator holds the bound value, the result is expr.
    return eh.fold("#unused", eh.newList(), var, args.get(1), eh.literalBool(false), eh.ident(var), args.get(2));
  }

  /* --- runtime --- */

  private static final java.util.Set<String> FOLDABLE = java.util.Set.of("quantity", "semver", "isQuantity", "isSemver");

  /**
   * Returns a decorator that parses {@code quantity("1Gi")} and {@code semver("1.0.0")} with
   * literal arguments once, when the program is planned, instead of at every evaluation. A
   * literal that does not parse is left alone, so the error still appears at run time as in
   * the reference.
   */
  static InterpretableDecorator foldConstantParsing() {
    return i -> {
      if (!(i instanceof InterpretableCall) || !FOLDABLE.contains(((InterpretableCall) i).function())) {
        return i;
      }
      for (Interpretable arg : ((InterpretableCall) i).args()) {
        if (!(arg instanceof InterpretableConst)) {
          return i;
        }
      }
      Val v = i.eval(Activation.emptyActivation());
      return Err.isError(v) ? i : Interpretable.newConstValue(i.id(), v);
    };
  }

  /** {@return the runtime implementations, one per function name} */
  static ProgramOption functions(boolean withIncludes) {
    List<Overload> fns = new ArrayList<>(asList(
        Overload.unary("quantity", KubernetesLibrary::quantity),
        Overload.unary("isQuantity", v -> v instanceof StringT ? Types.boolOf(parseQuantity((String) v.value()) != null) : noSuchOverload(v, "isQuantity")),
        Overload.unary("sign", v -> v instanceof QuantityValue ? IntT.intOf(((QuantityValue) v).value.signum()) : noSuchOverload(v, "sign")),
        Overload.binary("isGreaterThan", (a, b) -> compare(a, b, "isGreaterThan", c -> Types.boolOf(c > 0))),
        Overload.binary("isLessThan", (a, b) -> compare(a, b, "isLessThan", c -> Types.boolOf(c < 0))),
        Overload.binary("compareTo", (a, b) -> compare(a, b, "compareTo", c -> IntT.intOf(c))),
        Overload.unary("asApproximateFloat", v -> v instanceof QuantityValue ? DoubleT.doubleOf(((QuantityValue) v).value.value().doubleValue()) : noSuchOverload(v, "asApproximateFloat")),
        Overload.unary("asInteger", KubernetesLibrary::asInteger),
        Overload.unary("isInteger", v -> v instanceof QuantityValue ? Types.boolOf(asLong(((QuantityValue) v).value) != null) : noSuchOverload(v, "isInteger")),
        Overload.binary("add", (a, b) -> arithmetic(a, b, "add", false)),
        Overload.binary("sub", (a, b) -> arithmetic(a, b, "sub", true)),
        Overload.overload("semver", null, v -> semver(v, Types.boolOf(false)), KubernetesLibrary::semver, null),
        Overload.overload("isSemver", null, v -> isSemver(v, Types.boolOf(false)), KubernetesLibrary::isSemver, null),
        Overload.unary("major", v -> v instanceof SemverValue ? IntT.intOf(((SemverValue) v).value.major()) : noSuchOverload(v, "major")),
        Overload.unary("minor", v -> v instanceof SemverValue ? IntT.intOf(((SemverValue) v).value.minor()) : noSuchOverload(v, "minor")),
        Overload.unary("patch", v -> v instanceof SemverValue ? IntT.intOf(((SemverValue) v).value.patch()) : noSuchOverload(v, "patch")),
        Overload.unary("isSorted", KubernetesLibrary::isSorted),
        Overload.unary("sum", KubernetesLibrary::sum),
        Overload.unary("min", v -> extreme(v, "min", -1)),
        Overload.unary("max", v -> extreme(v, "max", 1)),
        Overload.overload("indexOf", null, null, (a, b) -> indexOf(a, b, false), args -> StringFunctions.indexOf(args, false)),
        Overload.overload("lastIndexOf", null, null, (a, b) -> indexOf(a, b, true), args -> StringFunctions.indexOf(args, true)),
        Overload.binary("find", KubernetesLibrary::find),
        Overload.overload("findAll", null, null, (a, b) -> findAll(a, b, IntT.intOf(-1)), args -> args.length == 3 ? findAll(args[0], args[1], args[2]) : noSuchOverload(args[0], "findAll")),
        Overload.binary("charAt", StringFunctions::charAt),
        Overload.overload("join", null, v -> StringFunctions.join(v, StringT.stringOf("")), StringFunctions::join, null),
        Overload.unary("lowerAscii", v -> StringFunctions.ascii(v, false)),
        Overload.unary("upperAscii", v -> StringFunctions.ascii(v, true)),
        Overload.function("replace", StringFunctions::replace),
        Overload.overload("split", null, null, (a, b) -> StringFunctions.split(a, b, IntT.intOf(-1)), args -> args.length == 3 ? StringFunctions.split(args[0], args[1], args[2]) : noSuchOverload(args[0], "split")),
        Overload.overload("substring", null, null, (a, b) -> StringFunctions.substring(a, b, null), args -> args.length == 3 ? StringFunctions.substring(args[0], args[1], args[2]) : noSuchOverload(args[0], "substring")),
        Overload.unary("trim", StringFunctions::trim),
        Overload.unary("reverse", StringFunctions::reverse)));
    if (withIncludes) {
      fns.add(Overload.binary("includes", KubernetesLibrary::includes));
    }
    return ProgramOption.functions(fns.toArray(new Overload[0]));
  }

  static Val noSuchOverload(Val v, String function) {
    return Err.isError(v) ? v : Err.newErr("no such overload: %s(%s)", function, v.type().typeName());
  }

  private static Val noSuchOverload(Val a, Val b, String function) {
    if (Err.isError(a)) {
      return a;
    }
    if (Err.isError(b)) {
      return b;
    }
    return Err.newErr("no such overload: %s.%s(%s)", a.type().typeName(), function, b.type().typeName());
  }

  /* --- quantity --- */

  private static @Nullable Quantity parseQuantity(String s) {
    try {
      return Quantity.parse(s);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Parses as resource.ParseQuantity does; the error is its message ("unable to parse quantity's suffix"). */
  private static Val quantity(Val v) {
    if (!(v instanceof StringT)) {
      return noSuchOverload(v, "quantity");
    }
    try {
      return new QuantityValue(Quantity.parse((String) v.value()));
    } catch (IllegalArgumentException e) {
      String message = String.valueOf(e.getMessage());
      int reason = message.indexOf(INVALID);
      return Err.newErr("%s", reason < 0 ? message : message.substring(reason + INVALID.length()));
    }
  }

  private static @Nullable Long asLong(Quantity q) {
    BigDecimal v = q.value();
    try {
      return v.longValueExact();
    } catch (ArithmeticException e) {
      return null;
    }
  }

  private static Val asInteger(Val v) {
    if (!(v instanceof QuantityValue)) {
      return noSuchOverload(v, "asInteger");
    }
    Long l = asLong(((QuantityValue) v).value);
    return l == null ? Err.newErr("cannot convert value to integer") : IntT.intOf(l);
  }

  private static Val arithmetic(Val a, Val b, String function, boolean subtract) {
    if (!(a instanceof QuantityValue)) {
      return noSuchOverload(a, b, function);
    }
    Quantity left = ((QuantityValue) a).value;
    Quantity right;
    if (b instanceof QuantityValue) {
      right = ((QuantityValue) b).value;
    } else if (b instanceof IntT) {
      right = Quantity.of(BigDecimal.valueOf(b.intValue()), Quantity.Format.DECIMAL_EXPONENT);
    } else {
      return noSuchOverload(a, b, function);
    }
    return new QuantityValue(subtract ? left.subtract(right) : left.add(right));
  }

  /** Compares two quantities or two versions. */
  private static Val compare(Val a, Val b, String function, java.util.function.IntFunction<Val> result) {
    if (a instanceof QuantityValue && b instanceof QuantityValue) {
      return result.apply(Integer.signum(((QuantityValue) a).value.compareTo(((QuantityValue) b).value)));
    }
    if (a instanceof SemverValue && b instanceof SemverValue) {
      return result.apply(((SemverValue) a).value.compareTo(((SemverValue) b).value));
    }
    return noSuchOverload(a, b, function);
  }

  /* --- semver --- */

  private static Val semver(Val v, Val normalize) {
    if (!(v instanceof StringT) || !(normalize instanceof org.projectnessie.cel.common.types.BoolT)) {
      return noSuchOverload(v, normalize, "semver");
    }
    String s = (String) v.value();
    try {
      return new SemverValue(normalize.booleanValue() ? Semver.parseTolerant(s) : Semver.parse(s));
    } catch (IllegalArgumentException e) {
      return Err.newErr("%s", e.getMessage());
    }
  }

  private static Val isSemver(Val v, Val normalize) {
    Val r = semver(v, normalize);
    if (r instanceof SemverValue) {
      return Types.boolOf(true);
    }
    return v instanceof StringT ? Types.boolOf(false) : r;
  }

  /* --- lists --- */

  /*
   * isSorted, min and max follow lists.go: elements must be comparable CEL values (quantities
   * and versions are not), and a failed comparison between two elements counts as "not out of
   * order" / "not better" rather than as an error.
   */
  private static Val isSorted(Val v) {
    if (!(v instanceof Lister)) {
      return noSuchOverload(v, "isSorted");
    }
    Lister l = (Lister) v;
    long n = l.size().intValue();
    Val prev = null;
    for (long i = 0; i < n; i++) {
      Val next = l.get(IntT.intOf(i));
      if (!(next instanceof Comparer)) {
        return noSuchOverload(next, "isSorted");
      }
      if (prev != null && compares(((Comparer) prev).compare(next), 1)) {
        return Types.boolOf(false);
      }
      prev = next;
    }
    return Types.boolOf(true);
  }

  private static Val sum(Val v) {
    if (!(v instanceof Lister)) {
      return noSuchOverload(v, "sum");
    }
    Lister l = (Lister) v;
    long n = l.size().intValue();
    if (n == 0) {
      return IntT.IntZero;
    }
    Val acc = l.get(IntT.IntZero);
    for (long i = 1; i < n; i++) {
      if (!(acc instanceof Adder)) {
        return noSuchOverload(acc, "sum");
      }
      acc = ((Adder) acc).add(l.get(IntT.intOf(i)));
      if (Err.isError(acc)) {
        return acc;
      }
    }
    return acc;
  }

  private static boolean compares(Val comparison, int expected) {
    return comparison instanceof IntT && comparison.intValue() == expected;
  }

  private static Val extreme(Val v, String function, int sign) {
    if (!(v instanceof Lister)) {
      return noSuchOverload(v, function);
    }
    Lister l = (Lister) v;
    long n = l.size().intValue();
    Val best = null;
    for (long i = 0; i < n; i++) {
      Val next = l.get(IntT.intOf(i));
      if (!(next instanceof Comparer)) {
        return noSuchOverload(next, function);
      }
      // min replaces the best when it compares greater than the next element, max when less.
      if (best == null || compares(((Comparer) best).compare(next), -sign)) {
        best = next;
      }
    }
    return best != null ? best : Err.newErr("%s called on empty list", function);
  }

  private static Val indexOf(Val a, Val b, boolean last) {
    if (a instanceof StringT) {
      return StringFunctions.indexOf(new Val[] {a, b}, last);
    }
    if (!(a instanceof Lister)) {
      return noSuchOverload(a, b, last ? "lastIndexOf" : "indexOf");
    }
    Lister l = (Lister) a;
    long n = l.size().intValue();
    for (long k = 0; k < n; k++) {
      long i = last ? n - 1 - k : k;
      if (CelEquality.equal(l.get(IntT.intOf(i)), b) == Types.boolOf(true)) {
        return IntT.intOf(i);
      }
    }
    return IntT.IntNegOne;
  }

  /** DRA's {@code includes}: list membership for list attributes, equality for scalars. */
  private static Val includes(Val target, Val arg) {
    if (target instanceof Lister) {
      Lister l = (Lister) target;
      long n = l.size().intValue();
      for (long i = 0; i < n; i++) {
        if (i >= MAX_INCLUDES_LIST) {
          return Err.newErr("'includes' function cannot be applied to lists longer than %d values", MAX_INCLUDES_LIST);
        }
        if (CelEquality.equal(l.get(IntT.intOf(i)), arg) == Types.boolOf(true)) {
          return Types.boolOf(true);
        }
      }
      return Types.boolOf(false);
    }
    return Types.boolOf(CelEquality.equal(target, arg) == Types.boolOf(true));
  }

  /* --- regex --- */

  private static Val find(Val s, Val re) {
    if (!(s instanceof StringT) || !(re instanceof StringT)) {
      return noSuchOverload(s, re, "find");
    }
    try {
      Matcher m = Regexes.compile((String) re.value()).matcher((String) s.value());
      return StringT.stringOf(m.find() ? m.group() : "");
    } catch (IllegalArgumentException e) {
      return Err.newErr("%s", e.getMessage());
    }
  }

  private static Val findAll(Val s, Val re, Val limit) {
    if (!(s instanceof StringT) || !(re instanceof StringT) || !(limit instanceof IntT)) {
      return noSuchOverload(s, re, "findAll");
    }
    long n = limit.intValue();
    List<String> found = new ArrayList<>();
    try {
      Matcher m = Regexes.compile((String) re.value()).matcher((String) s.value());
      while ((n < 0 || found.size() < n) && m.find()) {
        found.add(m.group());
      }
    } catch (IllegalArgumentException e) {
      return Err.newErr("%s", e.getMessage());
    }
    return ListT.newStringArrayList(found.toArray(new String[0]));
  }
}
