package io.github.dra4j.cel;

import com.google.api.expr.v1alpha1.Constant;
import com.google.api.expr.v1alpha1.Expr;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.DeviceView;
import org.jspecify.annotations.Nullable;
import org.projectnessie.cel.Ast;
import org.projectnessie.cel.CEL;

/*
 * A fast path for the smallest selectors, which are most of them in practice:
 * `device.driver == "x"`, `device.attributes["d"].id == literal`, a bool attribute on its own,
 * and && / || / ! of those. The checked AST is analysed once; evaluation reads the DeviceView
 * directly, without the interpreter's activation, attribute resolution or value adaptation, and
 * allocates nothing.
 *
 * The program compiled by cel-java stays the source of truth. A node answers TRUE or FALSE only
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
 * evaluates no opaque node then, one unit per node, and a 10 KiB expression has far fewer nodes.
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
  sealed interface Node permits Literal, Driver, AttributeEquals, BareBoolAttribute,
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
      return undecided(a);
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

  /** {@code left && right}, evaluated as cel-java's EvalAnd. */
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

  /** {@code left || right}, evaluated as cel-java's EvalOr. */
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
  static @Nullable Node analyse(Ast ast) {
    Node n = node(CEL.astToCheckedExpr(ast).getExpr());
    return n.decides() ? n : null;
  }

  private static Node node(Expr e) {
    if (e.hasConstExpr() && e.getConstExpr().getConstantKindCase() == Constant.ConstantKindCase.BOOL_VALUE) {
      return new Literal(e.getConstExpr().getBoolValue());
    }
    String[] name = attributeName(e);
    if (name != null) {
      return new BareBoolAttribute(name[0], name[1]);
    }
    if (!e.hasCallExpr()) {
      return Opaque.INSTANCE;
    }
    Expr.Call call = e.getCallExpr();
    if (call.hasTarget()) {
      return Opaque.INSTANCE;
    }
    // cel-java's parser balances a chain `a && b && c` into binary calls, keeping the order.
    switch (call.getFunction()) {
      case "_&&_":
        return call.getArgsCount() == 2 ? new And(node(call.getArgs(0)), node(call.getArgs(1))) : Opaque.INSTANCE;
      case "_||_":
        return call.getArgsCount() == 2 ? new Or(node(call.getArgs(0)), node(call.getArgs(1))) : Opaque.INSTANCE;
      case "!_":
        return call.getArgsCount() == 1 ? new Not(node(call.getArgs(0))) : Opaque.INSTANCE;
      case "_==_":
      case "_!=_":
        if (call.getArgsCount() != 2) {
          return Opaque.INSTANCE;
        }
        boolean negated = call.getFunction().equals("_!=_");
        Node n = comparison(call.getArgs(0), call.getArgs(1), negated);
        return n != null ? n : orOpaque(comparison(call.getArgs(1), call.getArgs(0), negated));
      default:
        return Opaque.INSTANCE;
    }
  }

  private static Node orOpaque(@Nullable Node n) {
    return n != null ? n : Opaque.INSTANCE;
  }

  /** {@return the node of {@code subject == literal}, or null when it is another shape} */
  private static @Nullable Node comparison(Expr subject, Expr literal, boolean negated) {
    if (!literal.hasConstExpr()) {
      return null;
    }
    Constant c = literal.getConstExpr();
    if (isDeviceField(subject, CelEnvironment.DRIVER)) {
      return c.getConstantKindCase() == Constant.ConstantKindCase.STRING_VALUE
          ? new Driver(c.getStringValue(), negated) : null;
    }
    String[] name = attributeName(subject);
    if (name == null) {
      return null;
    }
    switch (c.getConstantKindCase()) {
      case STRING_VALUE:
        return new AttributeEquals(name[0], name[1], DeviceAttribute.ofString(c.getStringValue()), negated);
      case INT64_VALUE:
        return new AttributeEquals(name[0], name[1], DeviceAttribute.ofInt(c.getInt64Value()), negated);
      case BOOL_VALUE:
        return new AttributeEquals(name[0], name[1], DeviceAttribute.ofBool(c.getBoolValue()), negated);
      default:
        return null;
    }
  }

  /**
   * {@return domain and id of {@code device.attributes["domain"]["id"]} (either key also as a
   * field selection), or null for any other expression}
   */
  private static String @Nullable [] attributeName(Expr e) {
    Expr domains = mapOperand(e);
    String id = mapKey(e);
    if (domains == null || id == null) {
      return null;
    }
    Expr attributes = mapOperand(domains);
    String domain = mapKey(domains);
    if (attributes == null || domain == null || !isDeviceField(attributes, CelEnvironment.ATTRIBUTES)) {
      return null;
    }
    return new String[] {domain, id};
  }

  /** {@return the map of {@code m.key} or {@code m["key"]}, or null} */
  private static @Nullable Expr mapOperand(Expr e) {
    if (e.hasSelectExpr() && !e.getSelectExpr().getTestOnly()) {
      return e.getSelectExpr().getOperand();
    }
    if (isStringIndex(e)) {
      return e.getCallExpr().getArgs(0);
    }
    return null;
  }

  /** {@return the key of {@code m.key} or {@code m["key"]}, or null} */
  private static @Nullable String mapKey(Expr e) {
    if (e.hasSelectExpr() && !e.getSelectExpr().getTestOnly()) {
      return e.getSelectExpr().getField();
    }
    if (isStringIndex(e)) {
      return e.getCallExpr().getArgs(1).getConstExpr().getStringValue();
    }
    return null;
  }

  private static boolean isStringIndex(Expr e) {
    if (!e.hasCallExpr()) {
      return false;
    }
    Expr.Call call = e.getCallExpr();
    return !call.hasTarget() && call.getFunction().equals("_[_]") && call.getArgsCount() == 2
        && call.getArgs(1).hasConstExpr()
        && call.getArgs(1).getConstExpr().getConstantKindCase() == Constant.ConstantKindCase.STRING_VALUE;
  }

  /** {@return whether the expression is {@code device.<field>}} */
  private static boolean isDeviceField(Expr e, String field) {
    return e.hasSelectExpr() && !e.getSelectExpr().getTestOnly() && e.getSelectExpr().getField().equals(field)
        && e.getSelectExpr().getOperand().hasIdentExpr()
        && e.getSelectExpr().getOperand().getIdentExpr().getName().equals(CelEnvironment.DEVICE);
  }
}
