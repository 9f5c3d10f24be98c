package io.github.dra4j.cel;

import com.google.common.primitives.UnsignedLong;
import com.google.re2j.Matcher;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelIssue;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.ast.CelReference;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.TypeParamType;
import dev.cel.parser.CelMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.cel.OpaqueValue.QuantityValue;
import io.github.dra4j.cel.OpaqueValue.SemverValue;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/*
 * The function libraries of the Kubernetes CEL base environment that DRA selectors use, written
 * for CEL-Java: quantity and semver (k8s.io/apiserver/pkg/cel/library quantity.go,
 * semverlib.go), lists (lists.go), regex (regex.go), the strings extension (cel-go ext/strings,
 * version 2 plus reverse) and DRA's own `includes`, and cel.bind (cel-go ext/bindings). The optional
 * types come from CEL-Java's own extension.
 *
 * The checker sees one declaration per overload, so argument types are checked at compile time
 * as in the reference; at run time CEL-Java picks the binding among the overloads the checker
 * left, by the Java classes of the arguments.
 */
final class KubernetesLibrary {

  /** The reference's ResourceSliceMaxAttributeValuesPerDevice: the longest list `includes` accepts. */
  static final int MAX_INCLUDES_LIST = 48;

  static final CelType QUANTITY = OpaqueValue.QUANTITY_TYPE;
  static final CelType SEMVER = OpaqueValue.SEMVER_TYPE;
  private static final CelType STRING = SimpleType.STRING;
  private static final CelType INT = SimpleType.INT;
  private static final CelType BOOL = SimpleType.BOOL;
  private static final CelType DOUBLE = SimpleType.DOUBLE;
  private static final CelType LIST_STRING = ListType.create(STRING);
  private static final CelType PARAM_A = TypeParamType.create("A");
  private static final CelType LIST_A = ListType.create(PARAM_A);

  /** Element types of the list functions, with the overload id's type name. */
  private static final Map<String, CelType> ORDERED = orderedTypes();

  /** Quantity.parse says "quantity \"x\" is invalid: <reason>"; the reason is Kubernetes' message. */
  private static final String INVALID = " is invalid: ";

  private KubernetesLibrary() {}

  private static Map<String, CelType> orderedTypes() {
    Map<String, CelType> m = new LinkedHashMap<>();
    m.put("int", INT);
    m.put("uint", SimpleType.UINT);
    m.put("double", DOUBLE);
    m.put("bool", BOOL);
    m.put("string", STRING);
    m.put("bytes", SimpleType.BYTES);
    m.put("duration", SimpleType.DURATION);
    m.put("timestamp", SimpleType.TIMESTAMP);
    return m;
  }

  /* --- declarations --- */

  /** {@return the compile-time declarations; includes only when asked} */
  static List<CelFunctionDecl> declarations(boolean withIncludes) {
    List<CelFunctionDecl> d = new ArrayList<>();
    // Quantity.
    d.add(fn("quantity", CelOverloadDecl.newGlobalOverload("string_to_quantity", QUANTITY, STRING)));
    d.add(fn("isQuantity", CelOverloadDecl.newGlobalOverload("is_quantity_string", BOOL, STRING)));
    d.add(fn("sign", CelOverloadDecl.newGlobalOverload("quantity_sign", INT, QUANTITY)));
    d.add(fn("isGreaterThan", member("quantity_is_greater_than", BOOL, QUANTITY, QUANTITY),
        member("semver_is_greater_than", BOOL, SEMVER, SEMVER)));
    d.add(fn("isLessThan", member("quantity_is_less_than", BOOL, QUANTITY, QUANTITY),
        member("semver_is_less_than", BOOL, SEMVER, SEMVER)));
    d.add(fn("compareTo", member("quantity_compare_to", INT, QUANTITY, QUANTITY),
        member("semver_compare_to", INT, SEMVER, SEMVER)));
    d.add(fn("asApproximateFloat", member("quantity_get_float", DOUBLE, QUANTITY)));
    d.add(fn("asInteger", member("quantity_get_int", INT, QUANTITY)));
    d.add(fn("isInteger", member("quantity_is_integer", BOOL, QUANTITY)));
    d.add(fn("add", member("quantity_add", QUANTITY, QUANTITY, QUANTITY),
        member("quantity_add_int", QUANTITY, QUANTITY, INT)));
    d.add(fn("sub", member("quantity_sub", QUANTITY, QUANTITY, QUANTITY),
        member("quantity_sub_int", QUANTITY, QUANTITY, INT)));
    // Semver.
    d.add(fn("semver", CelOverloadDecl.newGlobalOverload("string_to_semver", SEMVER, STRING),
        CelOverloadDecl.newGlobalOverload("string_bool_to_semver", SEMVER, STRING, BOOL)));
    d.add(fn("isSemver", CelOverloadDecl.newGlobalOverload("is_semver_string", BOOL, STRING),
        CelOverloadDecl.newGlobalOverload("is_semver_string_bool", BOOL, STRING, BOOL)));
    d.add(fn("major", member("semver_major", INT, SEMVER)));
    d.add(fn("minor", member("semver_minor", INT, SEMVER)));
    d.add(fn("patch", member("semver_patch", INT, SEMVER)));
    // Lists.
    List<CelOverloadDecl> isSorted = new ArrayList<>();
    List<CelOverloadDecl> min = new ArrayList<>();
    List<CelOverloadDecl> max = new ArrayList<>();
    ORDERED.forEach((n, t) -> {
      isSorted.add(member("list_" + n + "_is_sorted", BOOL, ListType.create(t)));
      min.add(member("list_" + n + "_min", t, ListType.create(t)));
      max.add(member("list_" + n + "_max", t, ListType.create(t)));
    });
    d.add(CelFunctionDecl.newFunctionDeclaration("isSorted", isSorted));
    d.add(CelFunctionDecl.newFunctionDeclaration("min", min));
    d.add(CelFunctionDecl.newFunctionDeclaration("max", max));
    List<CelOverloadDecl> sum = new ArrayList<>();
    for (String n : List.of("int", "uint", "double", "duration")) {
      CelType t = Objects.requireNonNull(ORDERED.get(n)); // every name listed is ordered
      sum.add(member("list_" + n + "_sum", t, ListType.create(t)));
    }
    d.add(CelFunctionDecl.newFunctionDeclaration("sum", sum));
    d.add(fn("indexOf", member("string_index_of_string", INT, STRING, STRING),
        member("string_index_of_string_int", INT, STRING, STRING, INT),
        member("list_a_index_of_a", INT, LIST_A, PARAM_A)));
    d.add(fn("lastIndexOf", member("string_last_index_of_string", INT, STRING, STRING),
        member("string_last_index_of_string_int", INT, STRING, STRING, INT),
        member("list_a_last_index_of_a", INT, LIST_A, PARAM_A)));
    // Regex (matches is CEL's own).
    d.add(fn("find", member("string_find_string", STRING, STRING, STRING)));
    d.add(fn("findAll", member("string_find_all_string", LIST_STRING, STRING, STRING),
        member("string_find_all_string_int", LIST_STRING, STRING, STRING, INT)));
    // Strings extension.
    d.add(fn("charAt", member("string_char_at_int", STRING, STRING, INT)));
    d.add(fn("join", member("list_join", STRING, LIST_STRING),
        member("list_join_string", STRING, LIST_STRING, STRING)));
    d.add(fn("lowerAscii", member("string_lower_ascii", STRING, STRING)));
    d.add(fn("upperAscii", member("string_upper_ascii", STRING, STRING)));
    d.add(fn("replace", member("string_replace_string_string", STRING, STRING, STRING, STRING),
        member("string_replace_string_string_int", STRING, STRING, STRING, STRING, INT)));
    d.add(fn("split", member("string_split_string", LIST_STRING, STRING, STRING),
        member("string_split_string_int", LIST_STRING, STRING, STRING, INT)));
    d.add(fn("substring", member("string_substring_int", STRING, STRING, INT),
        member("string_substring_int_int", STRING, STRING, INT, INT)));
    d.add(fn("trim", member("string_trim", STRING, STRING)));
    d.add(fn("reverse", member("string_reverse", STRING, STRING)));
    if (withIncludes) {
      d.add(fn("includes", member("dra_includes_dyn_dyn", BOOL, SimpleType.DYN, SimpleType.DYN)));
    }
    return d;
  }

  private static CelFunctionDecl fn(String name, CelOverloadDecl... overloads) {
    return CelFunctionDecl.newFunctionDeclaration(name, overloads);
  }

  private static CelOverloadDecl member(String id, CelType result, CelType... args) {
    return CelOverloadDecl.newMemberOverload(id, result, args);
  }

  /**
   * Narrows the overloads of the list functions to one when the checker left several (a list of
   * dyn, such as a list attribute): all of them have the same binding, which CEL-Java would
   * otherwise reject as ambiguous. The reference dispatches such calls by the runtime type.
   */
  static CelAbstractSyntaxTree narrowListOverloads(CelAbstractSyntaxTree ast) {
    Map<Long, CelReference> refs = new LinkedHashMap<>(ast.getReferenceMap());
    boolean changed = false;
    for (Map.Entry<Long, CelReference> e : refs.entrySet()) {
      List<String> ids = e.getValue().overloadIds();
      if (ids.size() > 1 && ids.stream().allMatch(KubernetesLibrary::isListFunctionOverload)) {
        e.setValue(CelReference.newBuilder().setName(e.getValue().name()).addOverloadIds(ids.get(0)).build());
        changed = true;
      }
    }
    return changed ? CelAbstractSyntaxTree.newCheckedAst(ast.getExpr(), ast.getSource(), refs, ast.getTypeMap()) : ast;
  }

  private static boolean isListFunctionOverload(String id) {
    return id.startsWith("list_") && (id.endsWith("_is_sorted") || id.endsWith("_min") || id.endsWith("_max")
        || id.endsWith("_sum"));
  }

  /**
   * {@return the cel.bind macro of cel-go's ext.Bindings: {@code cel.bind(name, init, expr)}
   * evaluates expr with name bound to init, which is evaluated in the enclosing scope}
   *
   * <p>CEL-Java's own bindings extension evaluates init lazily in the scope of the binding, so
   * {@code cel.bind(device, device.attributes["d"], ...)} recurses without end; this expansion is
   * cel-go's: a fold over an empty list whose accumulator holds the bound value.
   */
  static CelMacro bindMacro() {
    return CelMacro.newReceiverMacro("bind", 3, (factory, target, args) -> {
      if (target.getKind() != CelExpr.ExprKind.Kind.IDENT || !target.ident().name().equals("cel")) {
        return Optional.empty();
      }
      CelExpr name = args.get(0);
      if (name.getKind() != CelExpr.ExprKind.Kind.IDENT) {
        return Optional.of(factory.reportError(CelIssue.formatError(factory.getSourceLocation(name),
            "cel.bind() variable names must be simple identifiers")));
      }
      String var = name.ident().name();
      return Optional.of(factory.fold("#bind", factory.newList(), var, args.get(1), factory.newBoolLiteral(false),
          factory.newIdentifier(var), args.get(2)));
    });
  }

  /* --- runtime --- */

  /** {@return the runtime bindings, one per overload} */
  static List<CelFunctionBinding> bindings(boolean withIncludes) {
    List<CelFunctionBinding> b = new ArrayList<>();
    b.add(CelFunctionBinding.from("string_to_quantity", String.class, KubernetesLibrary::quantity));
    b.add(CelFunctionBinding.from("is_quantity_string", String.class, s -> parseQuantity(s) != null));
    b.add(CelFunctionBinding.from("quantity_sign", QuantityValue.class, q -> (long) q.value.signum()));
    b.add(CelFunctionBinding.from("quantity_is_greater_than", QuantityValue.class, QuantityValue.class,
        (x, y) -> x.value.compareTo(y.value) > 0));
    b.add(CelFunctionBinding.from("semver_is_greater_than", SemverValue.class, SemverValue.class,
        (x, y) -> x.value.compareTo(y.value) > 0));
    b.add(CelFunctionBinding.from("quantity_is_less_than", QuantityValue.class, QuantityValue.class,
        (x, y) -> x.value.compareTo(y.value) < 0));
    b.add(CelFunctionBinding.from("semver_is_less_than", SemverValue.class, SemverValue.class,
        (x, y) -> x.value.compareTo(y.value) < 0));
    b.add(CelFunctionBinding.from("quantity_compare_to", QuantityValue.class, QuantityValue.class,
        (x, y) -> (long) Integer.signum(x.value.compareTo(y.value))));
    b.add(CelFunctionBinding.from("semver_compare_to", SemverValue.class, SemverValue.class,
        (x, y) -> (long) Integer.signum(x.value.compareTo(y.value))));
    b.add(CelFunctionBinding.from("quantity_get_float", QuantityValue.class, q -> q.value.value().doubleValue()));
    b.add(CelFunctionBinding.from("quantity_get_int", QuantityValue.class, KubernetesLibrary::asInteger));
    b.add(CelFunctionBinding.from("quantity_is_integer", QuantityValue.class, q -> asLong(q.value) != null));
    b.add(CelFunctionBinding.from("quantity_add", QuantityValue.class, QuantityValue.class,
        (x, y) -> new QuantityValue(x.value.add(y.value))));
    b.add(CelFunctionBinding.from("quantity_add_int", QuantityValue.class, Long.class,
        (x, y) -> new QuantityValue(x.value.add(integer(y)))));
    b.add(CelFunctionBinding.from("quantity_sub", QuantityValue.class, QuantityValue.class,
        (x, y) -> new QuantityValue(x.value.subtract(y.value))));
    b.add(CelFunctionBinding.from("quantity_sub_int", QuantityValue.class, Long.class,
        (x, y) -> new QuantityValue(x.value.subtract(integer(y)))));
    b.add(CelFunctionBinding.from("string_to_semver", String.class, s -> semver(s, false)));
    b.add(CelFunctionBinding.from("string_bool_to_semver", String.class, Boolean.class, KubernetesLibrary::semver));
    b.add(CelFunctionBinding.from("is_semver_string", String.class, s -> isSemver(s, false)));
    b.add(CelFunctionBinding.from("is_semver_string_bool", String.class, Boolean.class, KubernetesLibrary::isSemver));
    b.add(CelFunctionBinding.from("semver_major", SemverValue.class, v -> v.value.major()));
    b.add(CelFunctionBinding.from("semver_minor", SemverValue.class, v -> v.value.minor()));
    b.add(CelFunctionBinding.from("semver_patch", SemverValue.class, v -> v.value.patch()));
    for (String n : ORDERED.keySet()) {
      b.add(CelFunctionBinding.from("list_" + n + "_is_sorted", List.class, KubernetesLibrary::isSorted));
      b.add(CelFunctionBinding.from("list_" + n + "_min", List.class, l -> extreme(l, "min", -1)));
      b.add(CelFunctionBinding.from("list_" + n + "_max", List.class, l -> extreme(l, "max", 1)));
    }
    for (String n : List.of("int", "uint", "double", "duration")) {
      b.add(CelFunctionBinding.from("list_" + n + "_sum", List.class, l -> sum(l, n)));
    }
    b.add(CelFunctionBinding.from("string_index_of_string", String.class, String.class,
        (s, sub) -> StringFunctions.indexOf(s, sub, null, false)));
    b.add(CelFunctionBinding.from("string_index_of_string_int", List.of(String.class, String.class, Long.class),
        args -> StringFunctions.indexOf((String) args[0], (String) args[1], (Long) args[2], false)));
    b.add(CelFunctionBinding.from("list_a_index_of_a", List.class, Object.class, (l, x) -> indexOf(l, x, false)));
    b.add(CelFunctionBinding.from("string_last_index_of_string", String.class, String.class,
        (s, sub) -> StringFunctions.indexOf(s, sub, null, true)));
    b.add(CelFunctionBinding.from("string_last_index_of_string_int", List.of(String.class, String.class, Long.class),
        args -> StringFunctions.indexOf((String) args[0], (String) args[1], (Long) args[2], true)));
    b.add(CelFunctionBinding.from("list_a_last_index_of_a", List.class, Object.class, (l, x) -> indexOf(l, x, true)));
    b.add(CelFunctionBinding.from("matches", String.class, String.class, KubernetesLibrary::matches));
    b.add(CelFunctionBinding.from("matches_string", String.class, String.class, KubernetesLibrary::matches));
    b.add(CelFunctionBinding.from("string_find_string", String.class, String.class, KubernetesLibrary::find));
    b.add(CelFunctionBinding.from("string_find_all_string", String.class, String.class, (s, re) -> findAll(s, re, -1)));
    b.add(CelFunctionBinding.from("string_find_all_string_int", List.of(String.class, String.class, Long.class),
        args -> findAll((String) args[0], (String) args[1], (Long) args[2])));
    b.add(CelFunctionBinding.from("string_char_at_int", String.class, Long.class, StringFunctions::charAt));
    b.add(CelFunctionBinding.from("list_join", List.class, l -> StringFunctions.join(l, "")));
    b.add(CelFunctionBinding.from("list_join_string", List.class, String.class, StringFunctions::join));
    b.add(CelFunctionBinding.from("string_lower_ascii", String.class, s -> StringFunctions.ascii(s, false)));
    b.add(CelFunctionBinding.from("string_upper_ascii", String.class, s -> StringFunctions.ascii(s, true)));
    b.add(CelFunctionBinding.from("string_replace_string_string", List.of(String.class, String.class, String.class),
        args -> StringFunctions.replace((String) args[0], (String) args[1], (String) args[2], -1)));
    b.add(CelFunctionBinding.from("string_replace_string_string_int",
        List.of(String.class, String.class, String.class, Long.class),
        args -> StringFunctions.replace((String) args[0], (String) args[1], (String) args[2], (Long) args[3])));
    b.add(CelFunctionBinding.from("string_split_string", String.class, String.class,
        (s, sep) -> StringFunctions.split(s, sep, -1)));
    b.add(CelFunctionBinding.from("string_split_string_int", List.of(String.class, String.class, Long.class),
        args -> StringFunctions.split((String) args[0], (String) args[1], (Long) args[2])));
    b.add(CelFunctionBinding.from("string_substring_int", String.class, Long.class,
        (s, from) -> StringFunctions.substring(s, from, null)));
    b.add(CelFunctionBinding.from("string_substring_int_int", List.of(String.class, Long.class, Long.class),
        args -> StringFunctions.substring((String) args[0], (Long) args[1], (Long) args[2])));
    b.add(CelFunctionBinding.from("string_trim", String.class, StringFunctions::trim));
    b.add(CelFunctionBinding.from("string_reverse", String.class, StringFunctions::reverse));
    if (withIncludes) {
      b.add(CelFunctionBinding.from("dra_includes_dyn_dyn", Object.class, Object.class, KubernetesLibrary::includes));
    }
    return b;
  }

  /**
   * {@return CEL's ==, != and {@code in}, bound here as the reference has them: comparing a
   * quantity or a version with a value of another type is an error ("no such overload"), not
   * false; {@code x in device.attributes} sees only the domains that have entries, while
   * selecting any domain yields a (possibly empty) map}
   */
  static List<CelFunctionBinding> operatorBindings() {
    return List.of(
        CelFunctionBinding.from("equals", Object.class, Object.class, KubernetesLibrary::equal),
        CelFunctionBinding.from("not_equals", Object.class, Object.class, (a, b) -> !equal(a, b)),
        CelFunctionBinding.from("in_list", Object.class, List.class, (x, l) -> indexOf(l, x, false) >= 0),
        CelFunctionBinding.from("in_map", Object.class, Map.class, KubernetesLibrary::inMap));
  }

  private static boolean equal(Object a, Object b) throws CelEvaluationException {
    // cel-go asks the left operand: Quantity.Equal and Semver.Equal reject other types, while
    // String.Equal(semver) is just false.
    if (a instanceof OpaqueValue && a.getClass() != b.getClass()) {
      throw noSuchOverload("_==_", a, b);
    }
    return CelEquality.equal(a, b);
  }

  private static boolean inMap(Object key, Map<?, ?> map) {
    if (map instanceof ReadOnlyMap) {
      return key instanceof String && ((ReadOnlyMap) map).hasKey((String) key);
    }
    if (map.containsKey(key)) {
      return true;
    }
    // Numeric keys compare by value across int, uint and double.
    for (Object k : map.keySet()) {
      if (CelEquality.equal(k, key)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the error "no such overload" in cel-go's words} */
  static CelEvaluationException noSuchOverload(String function, Object... args) {
    StringBuilder b = new StringBuilder("no such overload: ").append(function).append('(');
    for (int i = 0; i < args.length; i++) {
      b.append(i > 0 ? ", " : "").append(CelSelector.typeName(args[i]));
    }
    return new CelEvaluationException(b.append(')').toString());
  }

  /* --- quantity --- */

  private static @Nullable Quantity parseQuantity(String s) {
    try {
      return Quantity.parse(s);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Parsed quantity literals: CEL-Java evaluates {@code quantity("40Gi")} at every evaluation,
   * and selectors repeat a few literals.
   */
  private static final Map<String, QuantityValue> QUANTITIES = new ConcurrentHashMap<>();
  private static final int MAX_CACHED_QUANTITIES = 256;

  /** Parses as resource.ParseQuantity does; the error is its message ("unable to parse quantity's suffix"). */
  private static QuantityValue quantity(String s) throws CelEvaluationException {
    QuantityValue cached = QUANTITIES.get(s);
    if (cached != null) {
      return cached;
    }
    try {
      QuantityValue q = new QuantityValue(Quantity.parse(s));
      if (QUANTITIES.size() < MAX_CACHED_QUANTITIES) {
        QUANTITIES.putIfAbsent(s, q);
      }
      return q;
    } catch (IllegalArgumentException e) {
      String message = String.valueOf(e.getMessage());
      int reason = message.indexOf(INVALID);
      throw new CelEvaluationException(reason < 0 ? message : message.substring(reason + INVALID.length()));
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

  private static long asInteger(QuantityValue q) throws CelEvaluationException {
    Long l = asLong(q.value);
    if (l == null) {
      throw new CelEvaluationException("cannot convert value to integer");
    }
    return l;
  }

  private static Quantity integer(long i) {
    return Quantity.of(BigDecimal.valueOf(i), Quantity.Format.DECIMAL_EXPONENT);
  }

  /* --- semver --- */

  private static SemverValue semver(String s, boolean normalize) throws CelEvaluationException {
    try {
      return new SemverValue(normalize ? Semver.parseTolerant(s) : Semver.parseCached(s));
    } catch (IllegalArgumentException e) {
      throw new CelEvaluationException(String.valueOf(e.getMessage()));
    }
  }

  private static boolean isSemver(String s, boolean normalize) {
    try {
      var unused = semver(s, normalize);
      return true;
    } catch (CelEvaluationException e) {
      return false;
    }
  }

  /* --- lists --- */

  /*
   * isSorted, min and max follow lists.go: elements must be comparable CEL values (quantities
   * and versions are not).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b, String function) throws CelEvaluationException {
    if (a instanceof Comparable && a.getClass() == b.getClass() && !(a instanceof OpaqueValue)) {
      return Integer.signum(((Comparable) a).compareTo(b));
    }
    throw noSuchOverload(function, a);
  }

  private static boolean isSorted(List<?> l) throws CelEvaluationException {
    for (int i = 1; i < l.size(); i++) {
      if (compare(l.get(i - 1), l.get(i), "isSorted") > 0) {
        return false;
      }
    }
    return true;
  }

  private static Object extreme(List<?> l, String function, int sign) throws CelEvaluationException {
    if (l.isEmpty()) {
      throw new CelEvaluationException(function + " called on empty list");
    }
    Object best = l.get(0);
    for (int i = 1; i < l.size(); i++) {
      // min replaces the best when it compares greater than the next element, max when less.
      if (compare(best, l.get(i), function) == -sign) {
        best = l.get(i);
      }
    }
    return best;
  }

  private static Object sum(List<?> l, String type) throws CelEvaluationException {
    switch (type) {
      case "int": {
        long acc = 0;
        for (Object o : l) {
          try {
            acc = Math.addExact(acc, (Long) o);
          } catch (ArithmeticException e) {
            throw new CelEvaluationException("integer overflow");
          }
        }
        return acc;
      }
      case "uint": {
        UnsignedLong acc = UnsignedLong.ZERO;
        for (Object o : l) {
          UnsignedLong next = acc.plus((UnsignedLong) o);
          if (next.compareTo(acc) < 0) {
            throw new CelEvaluationException("unsigned integer overflow");
          }
          acc = next;
        }
        return acc;
      }
      case "double": {
        double acc = 0;
        for (Object o : l) {
          acc += (Double) o;
        }
        return acc;
      }
      default: {
        Duration acc = Duration.ZERO;
        for (Object o : l) {
          acc = acc.plus((Duration) o);
        }
        return acc;
      }
    }
  }

  private static long indexOf(List<?> l, Object x, boolean last) {
    int n = l.size();
    for (int k = 0; k < n; k++) {
      int i = last ? n - 1 - k : k;
      if (CelEquality.equal(l.get(i), x)) {
        return i;
      }
    }
    return -1;
  }

  /** DRA's {@code includes}: list membership for list attributes, equality for scalars. */
  private static boolean includes(Object target, Object arg) throws CelEvaluationException {
    if (target instanceof List) {
      List<?> l = (List<?>) target;
      for (int i = 0; i < l.size(); i++) {
        if (i >= MAX_INCLUDES_LIST) {
          throw new CelEvaluationException(
              "'includes' function cannot be applied to lists longer than " + MAX_INCLUDES_LIST + " values");
        }
        if (CelEquality.equal(l.get(i), arg)) {
          return true;
        }
      }
      return false;
    }
    return CelEquality.equal(target, arg);
  }

  /* --- regex --- */

  private static com.google.re2j.Pattern pattern(String re) throws CelEvaluationException {
    try {
      return Regexes.compile(re);
    } catch (IllegalArgumentException e) {
      throw new CelEvaluationException(String.valueOf(e.getMessage()));
    }
  }

  /** A matcher bounded as its evaluation is: by the cost limit before it runs, then by the deadline (CostBudget). */
  private static Matcher matcher(String s, String re) throws CelEvaluationException {
    com.google.re2j.Pattern p = pattern(re);
    CostBudget budget = CostBudget.current();
    if (budget == null) {
      return p.matcher(s);
    }
    budget.beforeRegex(s, re);
    return p.matcher(budget.regexInput(s));
  }

  private static boolean matches(String s, String re) throws CelEvaluationException {
    return matcher(s, re).find();
  }

  private static String find(String s, String re) throws CelEvaluationException {
    Matcher m = matcher(s, re);
    return m.find() ? m.group() : "";
  }

  private static List<String> findAll(String s, String re, long n) throws CelEvaluationException {
    List<String> found = new ArrayList<>();
    Matcher m = matcher(s, re);
    while ((n < 0 || found.size() < n) && m.find()) {
      found.add(m.group());
    }
    return found;
  }
}
