package io.github.dra4j.cel;

import com.google.api.expr.v1alpha1.CheckedExpr;
import com.google.api.expr.v1alpha1.Expr;
import com.google.api.expr.v1alpha1.Type;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.projectnessie.cel.Ast;
import org.projectnessie.cel.CEL;
import org.projectnessie.cel.checker.Types;
import org.projectnessie.cel.common.Errors;
import org.projectnessie.cel.common.Location;

/*
 * Checks on the checked AST that cel-java's checker does not make.
 *
 * Equality: the compile-time half of cel-go's equality. cel-java's checker accepts `device.driver == 1`
 * and `1 in ["a"]`; cel-go declares ==, != as (A, A) and `in` as (A, list(A)) / (A, map(A, B)),
 * so these are compile errors ("found no matching overload for '_==_' applied to
 * '(string, int)'"). This pass reports the same, with cel-java's error layout and position.
 * dyn (attribute values) matches anything, so `device.attributes["d"].x == 1` stays valid.
 *
 * Regular expressions: cel-go compiles constant patterns of matches, find and findAll when the
 * program is built, so a bad literal pattern fails compilation ("program instantiation failed:
 * error parsing regexp: ...") instead of evaluation.
 */
final class StaticChecks {

  private StaticChecks() {}

  /** {@return the error text, or null when every ==, != and in is well typed} */
  static @Nullable String check(Ast ast) {
    CheckedExpr checked = CEL.astToCheckedExpr(ast);
    Errors errors = new Errors(ast.getSource());
    walk(checked.getExpr(), checked.getTypeMapMap(), ast, errors);
    return errors.hasErrors() ? errors.toDisplayString() : null;
  }

  private static void walk(Expr e, Map<Long, Type> types, Ast ast, Errors errors) {
    switch (e.getExprKindCase()) {
      case CALL_EXPR:
        Expr.Call call = e.getCallExpr();
        if (call.hasTarget()) {
          walk(call.getTarget(), types, ast, errors);
        }
        for (Expr arg : call.getArgsList()) {
          walk(arg, types, ast, errors);
        }
        checkCall(e, call, types, ast, errors);
        break;
      case SELECT_EXPR:
        walk(e.getSelectExpr().getOperand(), types, ast, errors);
        break;
      case LIST_EXPR:
        for (Expr el : e.getListExpr().getElementsList()) {
          walk(el, types, ast, errors);
        }
        break;
      case STRUCT_EXPR:
        for (Expr.CreateStruct.Entry en : e.getStructExpr().getEntriesList()) {
          if (en.hasMapKey()) {
            walk(en.getMapKey(), types, ast, errors);
          }
          walk(en.getValue(), types, ast, errors);
        }
        break;
      case COMPREHENSION_EXPR:
        Expr.Comprehension c = e.getComprehensionExpr();
        for (Expr sub : List.of(c.getIterRange(), c.getAccuInit(), c.getLoopCondition(), c.getLoopStep(), c.getResult())) {
          walk(sub, types, ast, errors);
        }
        break;
      default:
        break;
    }
  }

  /** {@return the error for a constant regular expression that does not compile, or null} */
  static @Nullable String checkRegexes(Ast ast) {
    return firstBadRegex(CEL.astToCheckedExpr(ast).getExpr());
  }

  private static @Nullable String firstBadRegex(Expr e) {
    switch (e.getExprKindCase()) {
      case CALL_EXPR: {
        Expr.Call call = e.getCallExpr();
        String f = call.getFunction();
        if (f.equals("matches") || f.equals("find") || f.equals("findAll")) {
          int index = call.hasTarget() ? 0 : 1;
          if (call.getArgsCount() > index && call.getArgs(index).hasConstExpr()
              && call.getArgs(index).getConstExpr().hasStringValue()) {
            try {
              Regexes.compile(call.getArgs(index).getConstExpr().getStringValue());
            } catch (IllegalArgumentException ex) {
              return ex.getMessage();
            }
          }
        }
        List<Expr> subs = new java.util.ArrayList<>(call.getArgsList());
        if (call.hasTarget()) {
          subs.add(call.getTarget());
        }
        return firstBadRegex(subs);
      }
      case SELECT_EXPR:
        return firstBadRegex(e.getSelectExpr().getOperand());
      case LIST_EXPR:
        return firstBadRegex(e.getListExpr().getElementsList());
      case STRUCT_EXPR: {
        List<Expr> subs = new java.util.ArrayList<>();
        for (Expr.CreateStruct.Entry en : e.getStructExpr().getEntriesList()) {
          if (en.hasMapKey()) {
            subs.add(en.getMapKey());
          }
          subs.add(en.getValue());
        }
        return firstBadRegex(subs);
      }
      case COMPREHENSION_EXPR: {
        Expr.Comprehension c = e.getComprehensionExpr();
        return firstBadRegex(List.of(c.getIterRange(), c.getAccuInit(), c.getLoopCondition(), c.getLoopStep(), c.getResult()));
      }
      default:
        return null;
    }
  }

  private static @Nullable String firstBadRegex(List<Expr> exprs) {
    for (Expr x : exprs) {
      String bad = firstBadRegex(x);
      if (bad != null) {
        return bad;
      }
    }
    return null;
  }

  private static void checkCall(Expr e, Expr.Call call, Map<Long, Type> types, Ast ast, Errors errors) {
    String f = call.getFunction();
    if (call.hasTarget() || call.getArgsCount() != 2
        || !(f.equals("_==_") || f.equals("_!=_") || f.equals("@in"))) {
      return;
    }
    Type a = types.get(call.getArgs(0).getId());
    Type b = types.get(call.getArgs(1).getId());
    if (a == null || b == null) {
      return;
    }
    boolean ok;
    if (f.equals("@in")) {
      if (b.hasListType()) {
        ok = compatible(a, b.getListType().getElemType());
      } else if (b.hasMapType()) {
        ok = compatible(a, b.getMapType().getKeyType());
      } else {
        ok = true;
      }
    } else {
      ok = compatible(a, b);
    }
    if (!ok) {
      Integer offset = ast.getSourceInfo().getPositionsMap().get(e.getId());
      Location l = offset == null ? Location.NoLocation : ast.getSource().offsetLocation(offset);
      errors.reportError(l, "found no matching overload for '%s' applied to '(%s, %s)'",
          f, Types.formatCheckedType(a), Types.formatCheckedType(b));
    }
  }

  /** Whether two checked types unify, with dyn (and type parameters, errors, null) matching anything. */
  static boolean compatible(Type a, Type b) {
    if (loose(a) || loose(b)) {
      return true;
    }
    if (a.hasListType() && b.hasListType()) {
      return compatible(a.getListType().getElemType(), b.getListType().getElemType());
    }
    if (a.hasMapType() && b.hasMapType()) {
      return compatible(a.getMapType().getKeyType(), b.getMapType().getKeyType())
          && compatible(a.getMapType().getValueType(), b.getMapType().getValueType());
    }
    if (a.hasType() && b.hasType()) {
      return compatible(a.getType(), b.getType());
    }
    if (a.hasWrapper() && b.hasPrimitive()) {
      return a.getWrapper() == b.getPrimitive();
    }
    if (b.hasWrapper() && a.hasPrimitive()) {
      return b.getWrapper() == a.getPrimitive();
    }
    return a.equals(b);
  }

  private static boolean loose(Type t) {
    return t.hasDyn() || t.hasError() || t.hasTypeParam() || t.hasNull()
        || (t.hasWellKnown() && t.getWellKnown() == Type.WellKnownType.ANY)
        || (t.hasType() && t.getType().equals(Type.getDefaultInstance()));
  }
}
