package io.github.dra4j.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.DeviceView;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * A fast path for the smallest selectors, which are most of them in practice:
 * `device.driver == "x"`, `device.attributes["d"].id == literal`, a bool attribute on its own,
 * a capacity or version attribute compared with a literal (`isGreaterThan`, `isLessThan`,
 * `compareTo(...) OP n`), and && / || / ! of those. The checked AST is analysed once; evaluation reads the DeviceView
 * directly, without the interpreter's activation, attribute resolution or value adaptation, and
 * allocates nothing.
 *
 * The program compiled by CEL-Java stays the source of truth. A node answers TRUE or FALSE only
 * when that is provably what the program returns; otherwise the selector evaluates the program
 * and its value, error or cost-limit failure is the answer:
 * - an equality answers only when the attribute exists with the literal's exact kind (string,
 *   int, bool): the program then compares two values of one type by content (CelEquality);
 *   a missing attribute ("no such key"), another scalar kind or a list is a VALUE, a version
 *   (parsed on access) or anything else is UNKNOWN;
 * - && and || follow the interpreter's left-to-right short-circuit (EvalAnd, EvalOr): a decided
 *   left operand decides alone; a decided right operand decides only when the left one is known to
 *   evaluate to a value without throwing, because a left operand that throws (cost limit, an
 *   exception in a function) makes the whole program throw;
 * - any other sub-expression (function calls, macros, ternaries, ...) is an opaque node, which is
 *   never decided and may throw.
 * Where the tree decides, the program cannot reach the runtime cost limit (1,000,000 units): it
 * evaluates no opaque node then, at most a few units per node (an equality of strings costs a
 * tenth of a unit per character), and a 10 KiB expression is far below the limit.
 */
final class FastSelector {

  /** The program returns false. */
  static final int FALSE = 0;
  /** The program returns true. */
  static final int TRUE = 1;
  /** The program returns some value (a bool, another value or an error value), without throwing. */
  static final int VALUE = 2;
  /** Not decided here: the program may return anything or throw. */
  static final int UNKNOWN = 3;

  private FastSelector() {}

  /** One node of the fast tree. */
  sealed interface Node permits Literal, Driver, AttributeEquals, BareBoolAttribute, Ordered,
      And, Or, Not, Opaque {
    /** {@return FALSE, TRUE, VALUE or UNKNOWN for the device} */
    int eval(DeviceView device);

    /** {@return whether some device may get TRUE or FALSE from this node} */
    boolean decides();
  }

  /** {@code true} or {@code false}. */
  record Literal(boolean value) implements Node {
    @Override
    public int eval(DeviceView device) {
      return value ? TRUE : FALSE;
    }

    @Override
    public boolean decides() {
      return true;
    }
  }

  /** {@code device.driver == "x"}, or {@code !=} when negated. */
  record Driver(String driver, boolean negated) implements Node {
    @Override
    public int eval(DeviceView device) {
      return device.driver().equals(driver) != negated ? TRUE : FALSE;
    }

    @Override
    public boolean decides() {
      return true;
    }
  }

  /**
   * {@code device.attributes[domain][id] == literal} (a string, int or bool literal, held as the
   * attribute it equals), or {@code !=} when negated. Decides only for an attribute of the
   * literal's own kind: two records of one kind are equal exactly when their values are.
   */
  record AttributeEquals(String domain, String id, DeviceAttribute literal, boolean negated) implements Node {
    @Override
    public int eval(DeviceView device) {
      DeviceAttribute a = device.attribute(domain, id);
      if (a != null && a.getClass() == literal.getClass()) {
        return a.equals(literal) != negated ? TRUE : FALSE;
      }
      return undecided(a);
    }

    @Override
    public boolean decides() {
      return true;
    }
  }

  /** {@code device.attributes[domain][id]} used as a condition. */
  record BareBoolAttribute(String domain, String id) implements Node {
    @Override
    public int eval(DeviceView device) {
      DeviceAttribute a = device.attribute(domain, id);
      if (a instanceof DeviceAttribute.OfBool) {
        return ((DeviceAttribute.OfBool) a).value() ? TRUE : FALSE;
      }
      // A missing attribute and a value of another kind are errors that && and || absorb; a
      // version is parsed on access, which may fail the whole evaluation.
      return a instanceof DeviceAttribute.OfVersion || a instanceof DeviceAttribute.OfVersions ? UNKNOWN : VALUE;
    }

    @Override
    public boolean decides() {
      return true;
    }
  }

  /**
   * What the program makes of an attribute the fast path does not compare: a missing one is the
   * error value "no such key", and DeviceValue converts the scalar kinds and their lists without
   * throwing; versions (parsed on access) and anything else are left entirely to the program.
   */
  private static int undecided(@Nullable DeviceAttribute a) {
    return a == null
        || a instanceof DeviceAttribute.OfString || a instanceof DeviceAttribute.OfInt || a instanceof DeviceAttribute.OfBool
        || a instanceof DeviceAttribute.OfStrings || a instanceof DeviceAttribute.OfInts || a instanceof DeviceAttribute.OfBools
        ? VALUE : UNKNOWN;
  }

  /**
   * A capacity compared with a quantity literal, or a version attribute with a semver literal:
   * {@code x.isGreaterThan(lit)}, {@code x.isLessThan(lit)} or {@code x.compareTo(lit) OP n}.
   * {@code accepts} maps the sign of the comparison (-1, 0, 1) to the answer. Decides only when
   * the value exists with the literal's kind; a missing one is the program's "no such key",
   * anything else (another kind, an invalid version) is left to the program.
   */
  record Ordered(String domain, String id, Comparable<?> literal, java.util.function.IntPredicate accepts)
      implements Node {
    @Override
    @SuppressWarnings("unchecked")
    public int eval(DeviceView device) {
      Comparable<Object> lit = (Comparable<Object>) literal;
      if (literal instanceof io.github.dra4j.api.Quantity) {
        io.github.dra4j.api.DeviceCapacity c = device.capacity(domain, id);
        if (c == null) {
          return VALUE;
        }
        return accepts.test(-Integer.signum(lit.compareTo(c.value()))) ? TRUE : FALSE;
      }
      DeviceAttribute a = device.attribute(domain, id);
      if (a == null) {
        return VALUE;
      }
      if (!(a instanceof DeviceAttribute.OfVersion)) {
        return UNKNOWN;
      }
      Semver v;
      try {
        v = Semver.parseCached(((DeviceAttribute.OfVersion) a).value());
      } catch (IllegalArgumentException e) {
        return UNKNOWN;
      }
      return accepts.test(-Integer.signum(lit.compareTo(v))) ? TRUE : FALSE;
    }

    @Override
    public boolean decides() {
      return true;
    }
  }

  /** {@code left && right}, evaluated as CEL's && (left to right, errors absorbed by a false operand). */
  record And(Node left, Node right) implements Node {
    @Override
    public int eval(DeviceView device) {
      int l = left.eval(device);
      if (l == FALSE || l == UNKNOWN) {
        return l;
      }
      int r = right.eval(device);
      if (r == FALSE) {
        return FALSE;
      }
      if (r == UNKNOWN) {
        return UNKNOWN;
      }
      return l == TRUE && r == TRUE ? TRUE : VALUE;
    }

    @Override
    public boolean decides() {
      return left.decides() || right.decides();
    }
  }

  /** {@code left || right}, evaluated as CEL's || (left to right, errors absorbed by a true operand). */
  record Or(Node left, Node right) implements Node {
    @Override
    public int eval(DeviceView device) {
      int l = left.eval(device);
      if (l == TRUE || l == UNKNOWN) {
        return l;
      }
      int r = right.eval(device);
      if (r == TRUE) {
        return TRUE;
      }
      if (r == UNKNOWN) {
        return UNKNOWN;
      }
      return l == FALSE && r == FALSE ? FALSE : VALUE;
    }

    @Override
    public boolean decides() {
      return left.decides() || right.decides();
    }
  }

  /** {@code !operand}; only a decided operand is negated here. */
  record Not(Node operand) implements Node {
    @Override
    public int eval(DeviceView device) {
      int v = operand.eval(device);
      return v == TRUE ? FALSE : v == FALSE ? TRUE : UNKNOWN;
    }

    @Override
    public boolean decides() {
      return operand.decides();
    }
  }

  /** Any other operand of && or ||: never decided here. */
  enum Opaque implements Node {
    INSTANCE;

    @Override
    public int eval(DeviceView device) {
      return UNKNOWN;
    }

    @Override
    public boolean decides() {
      return false;
    }
  }

  /**
   * Analyses a checked expression.
   *
   * @return the fast tree, or null when no device could be decided without the program
   */
  static @Nullable Node analyse(CelAbstractSyntaxTree ast) {
    Node n = node(ast.getExpr());
    return n.decides() ? n : null;
  }

  private static Node node(CelExpr e) {
    if (e.getKind() == CelExpr.ExprKind.Kind.CONSTANT && e.constant().getKind() == CelConstant.Kind.BOOLEAN_VALUE) {
      return new Literal(e.constant().booleanValue());
    }
    String[] name = attributeName(e);
    if (name != null) {
      return new BareBoolAttribute(name[0], name[1]);
    }
    if (e.getKind() != CelExpr.ExprKind.Kind.CALL) {
      return Opaque.INSTANCE;
    }
    CelExpr.CelCall call = e.call();
    if (call.target().isPresent()) {
      String f = call.function();
      if (f.equals("isGreaterThan") || f.equals("isLessThan")) {
        Node n = ordered(e, f.equals("isGreaterThan") ? c -> c > 0 : c -> c < 0);
        return orOpaque(n);
      }
      return Opaque.INSTANCE;
    }
    List<CelExpr> args = call.args();
    Node compared = compareTo(call);
    if (compared != null) {
      return compared;
    }
    // The parser balances a chain `a && b && c` into binary calls, keeping the order.
    switch (call.function()) {
      case "_&&_":
        return args.size() == 2 ? new And(node(args.get(0)), node(args.get(1))) : Opaque.INSTANCE;
      case "_||_":
        return args.size() == 2 ? new Or(node(args.get(0)), node(args.get(1))) : Opaque.INSTANCE;
      case "!_":
        return args.size() == 1 ? new Not(node(args.get(0))) : Opaque.INSTANCE;
      case "_==_":
      case "_!=_":
        if (args.size() != 2) {
          return Opaque.INSTANCE;
        }
        boolean negated = call.function().equals("_!=_");
        Node n = comparison(args.get(0), args.get(1), negated);
        return n != null ? n : orOpaque(comparison(args.get(1), args.get(0), negated));
      default:
        return Opaque.INSTANCE;
    }
  }

  /** {@code x.compareTo(lit) OP n} with an int literal n, either side. */
  private static @Nullable Node compareTo(CelExpr.CelCall call) {
    if (call.args().size() != 2) {
      return null;
    }
    CelExpr left = call.args().get(0);
    CelExpr right = call.args().get(1);
    String op = call.function();
    if (isIntLiteral(left)) {
      CelExpr t = left;
      left = right;
      right = t;
      op = switch (op) {
        case "_<_" -> "_>_";
        case "_<=_" -> "_>=_";
        case "_>_" -> "_<_";
        case "_>=_" -> "_<=_";
        default -> op;
      };
    }
    if (!isIntLiteral(right) || left.getKind() != CelExpr.ExprKind.Kind.CALL
        || !left.call().function().equals("compareTo")) {
      return null;
    }
    long n = right.constant().int64Value();
    java.util.function.IntPredicate accepts = switch (op) {
      case "_==_" -> c -> c == n;
      case "_!=_" -> c -> c != n;
      case "_<_" -> c -> c < n;
      case "_<=_" -> c -> c <= n;
      case "_>_" -> c -> c > n;
      case "_>=_" -> c -> c >= n;
      default -> null;
    };
    return accepts == null ? null : ordered(left, accepts);
  }

  private static boolean isIntLiteral(CelExpr e) {
    return e.getKind() == CelExpr.ExprKind.Kind.CONSTANT && e.constant().getKind() == CelConstant.Kind.INT64_VALUE;
  }

  /**
   * {@return the node of {@code x.f(quantity("lit"))} or {@code x.f(semver("lit"))} where x is a
   * capacity (quantities) or an attribute (versions), or null for another shape or a literal
   * that does not parse (the program reports that)}
   */
  private static @Nullable Node ordered(CelExpr call, java.util.function.IntPredicate accepts) {
    CelExpr.CelCall c = call.call();
    if (c.target().isEmpty() || c.args().size() != 1) {
      return null;
    }
    CelExpr arg = c.args().get(0);
    if (arg.getKind() != CelExpr.ExprKind.Kind.CALL || arg.call().target().isPresent()
        || arg.call().args().size() != 1 || arg.call().args().get(0).getKind() != CelExpr.ExprKind.Kind.CONSTANT
        || arg.call().args().get(0).constant().getKind() != CelConstant.Kind.STRING_VALUE) {
      return null;
    }
    String text = arg.call().args().get(0).constant().stringValue();
    CelExpr subject = c.target().get();
    try {
      if (arg.call().function().equals("quantity")) {
        String[] name = entryName(subject, CelEnvironment.CAPACITY);
        return name == null ? null : new Ordered(name[0], name[1], io.github.dra4j.api.Quantity.parse(text), accepts);
      }
      if (arg.call().function().equals("semver")) {
        String[] name = attributeName(subject);
        return name == null ? null : new Ordered(name[0], name[1], Semver.parseCached(text), accepts);
      }
    } catch (IllegalArgumentException e) {
      return null;
    }
    return null;
  }

  private static Node orOpaque(@Nullable Node n) {
    return n != null ? n : Opaque.INSTANCE;
  }

  /** {@return the node of {@code subject == literal}, or null when it is another shape} */
  private static @Nullable Node comparison(CelExpr subject, CelExpr literal, boolean negated) {
    if (literal.getKind() != CelExpr.ExprKind.Kind.CONSTANT) {
      return null;
    }
    CelConstant c = literal.constant();
    if (isDeviceField(subject, CelEnvironment.DRIVER)) {
      return c.getKind() == CelConstant.Kind.STRING_VALUE ? new Driver(c.stringValue(), negated) : null;
    }
    String[] name = attributeName(subject);
    if (name == null) {
      return null;
    }
    switch (c.getKind()) {
      case STRING_VALUE:
        return new AttributeEquals(name[0], name[1], DeviceAttribute.ofString(c.stringValue()), negated);
      case INT64_VALUE:
        return new AttributeEquals(name[0], name[1], DeviceAttribute.ofInt(c.int64Value()), negated);
      case BOOLEAN_VALUE:
        return new AttributeEquals(name[0], name[1], DeviceAttribute.ofBool(c.booleanValue()), negated);
      default:
        return null;
    }
  }

  /**
   * {@return domain and id of {@code device.attributes["domain"]["id"]} (either key also as a
   * field selection), or null for any other expression}
   */
  private static String @Nullable [] attributeName(CelExpr e) {
    return entryName(e, CelEnvironment.ATTRIBUTES);
  }

  /** {@return domain and id of {@code device.<field>["domain"]["id"]}, or null} */
  private static String @Nullable [] entryName(CelExpr e, String field) {
    CelExpr domains = mapOperand(e);
    String id = mapKey(e);
    if (domains == null || id == null) {
      return null;
    }
    CelExpr attributes = mapOperand(domains);
    String domain = mapKey(domains);
    if (attributes == null || domain == null || !isDeviceField(attributes, field)) {
      return null;
    }
    return new String[] {domain, id};
  }

  private static boolean isSelect(CelExpr e) {
    return e.getKind() == CelExpr.ExprKind.Kind.SELECT && !e.select().testOnly();
  }

  /** {@return the map of {@code m.key} or {@code m["key"]}, or null} */
  private static @Nullable CelExpr mapOperand(CelExpr e) {
    if (isSelect(e)) {
      return e.select().operand();
    }
    if (isStringIndex(e)) {
      return e.call().args().get(0);
    }
    return null;
  }

  /** {@return the key of {@code m.key} or {@code m["key"]}, or null} */
  private static @Nullable String mapKey(CelExpr e) {
    if (isSelect(e)) {
      return e.select().field();
    }
    if (isStringIndex(e)) {
      return e.call().args().get(1).constant().stringValue();
    }
    return null;
  }

  private static boolean isStringIndex(CelExpr e) {
    if (e.getKind() != CelExpr.ExprKind.Kind.CALL) {
      return false;
    }
    CelExpr.CelCall call = e.call();
    return call.target().isEmpty() && call.function().equals("_[_]") && call.args().size() == 2
        && call.args().get(1).getKind() == CelExpr.ExprKind.Kind.CONSTANT
        && call.args().get(1).constant().getKind() == CelConstant.Kind.STRING_VALUE;
  }

  /** {@return whether the expression is {@code device.<field>}} */
  private static boolean isDeviceField(CelExpr e, String field) {
    return isSelect(e) && e.select().field().equals(field)
        && e.select().operand().getKind() == CelExpr.ExprKind.Kind.IDENT
        && e.select().operand().ident().name().equals(CelEnvironment.DEVICE);
  }
}
