package io.github.dra4j.cel;

import com.google.common.collect.ImmutableList;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.ast.CelReference;
import dev.cel.common.types.CelKind;
import dev.cel.common.types.CelType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/*
 * cel-go's && and || take any operand that is not a bool as an error ("no such overload"), which
 * the other operand absorbs: `x && false` is false and `x || true` is true whatever x is
 * (interpreter.evalAnd, evalOr). CEL-Java's throw a type error for a non-bool operand that no
 * operand absorbs. So the operands the checker could not prove bool (dyn attribute values) are
 * wrapped in a call that turns a non-bool value into an error; CEL-Java's && and || absorb errors
 * as cel-go does.
 */
final class LogicalOperands {

  /** The wrapping call; free in the cost accounting, as it is not in the reference's program. */
  static final String FUNCTION = "@dra_logical_operand";
  private static final String OVERLOAD = "dra_logical_operand";

  private final Map<Long, CelReference> references;
  private final Map<Long, CelType> types;
  private long nextId;

  private LogicalOperands(CelAbstractSyntaxTree ast, long maxId) {
    references = new LinkedHashMap<>(ast.getReferenceMap());
    types = new LinkedHashMap<>(ast.getTypeMap());
    nextId = maxId + 1;
  }

  /** {@return the binding of the wrapping call: a bool is itself, anything else an error} */
  static CelFunctionBinding binding() {
    return CelFunctionBinding.from(OVERLOAD, Object.class, v -> {
      if (v instanceof Boolean) {
        return v;
      }
      throw new CelEvaluationException("no such overload");
    });
  }

  /** {@return the checked expression with the operands of && and || that may not be bool wrapped; itself if none} */
  static CelAbstractSyntaxTree wrap(CelAbstractSyntaxTree ast) {
    long[] max = {0};
    if (!needsWrapping(ast, ast.getExpr(), max)) {
      return ast;
    }
    LogicalOperands w = new LogicalOperands(ast, max[0]);
    CelExpr root = w.rewrite(ast, ast.getExpr());
    return CelAbstractSyntaxTree.newCheckedAst(root, ast.getSource(), w.references, w.types);
  }

  private static boolean isLogical(CelExpr e) {
    if (e.getKind() != CelExpr.ExprKind.Kind.CALL) {
      return false;
    }
    String f = e.call().function();
    return f.equals("_&&_") || f.equals("_||_");
  }

  private static boolean mayNotBeBool(CelAbstractSyntaxTree ast, CelExpr e) {
    return ast.getType(e.id()).map(t -> t.kind() != CelKind.BOOL).orElse(true);
  }

  /** Scans the whole tree: whether any operand needs wrapping, and the largest id. */
  private static boolean needsWrapping(CelAbstractSyntaxTree ast, CelExpr e, long[] max) {
    max[0] = Math.max(max[0], e.id());
    boolean found = false;
    if (isLogical(e)) {
      for (CelExpr a : e.call().args()) {
        found |= mayNotBeBool(ast, a);
      }
    }
    for (CelExpr child : children(e)) {
      found |= needsWrapping(ast, child, max);
    }
    return found;
  }

  private static ImmutableList<CelExpr> children(CelExpr e) {
    ImmutableList.Builder<CelExpr> c = ImmutableList.builder();
    switch (e.getKind()) {
      case CALL:
        e.call().target().ifPresent(c::add);
        c.addAll(e.call().args());
        break;
      case SELECT:
        c.add(e.select().operand());
        break;
      case LIST:
        c.addAll(e.list().elements());
        break;
      case MAP:
        e.map().entries().forEach(en -> c.add(en.key(), en.value()));
        break;
      case STRUCT:
        e.struct().entries().forEach(en -> c.add(en.value()));
        break;
      case COMPREHENSION:
        CelExpr.CelComprehension comp = e.comprehension();
        c.add(comp.iterRange(), comp.accuInit(), comp.loopCondition(), comp.loopStep(), comp.result());
        break;
      default:
        break;
    }
    return c.build();
  }

  private CelExpr rewrite(CelAbstractSyntaxTree ast, CelExpr e) {
    switch (e.getKind()) {
      case CALL: {
        CelExpr.CelCall call = e.call();
        boolean logical = isLogical(e);
        ImmutableList.Builder<CelExpr> args = ImmutableList.builder();
        for (CelExpr a : call.args()) {
          CelExpr r = rewrite(ast, a);
          args.add(logical && mayNotBeBool(ast, a) ? operand(r) : r);
        }
        return CelExpr.ofCall(e.id(), call.target().map(t -> rewrite(ast, t)), call.function(), args.build());
      }
      case SELECT:
        return CelExpr.ofSelect(e.id(), rewrite(ast, e.select().operand()), e.select().field(), e.select().testOnly());
      case LIST: {
        ImmutableList.Builder<CelExpr> elements = ImmutableList.builder();
        e.list().elements().forEach(el -> elements.add(rewrite(ast, el)));
        return CelExpr.ofList(e.id(), elements.build(), e.list().optionalIndices());
      }
      case MAP: {
        ImmutableList.Builder<CelExpr.CelMap.Entry> entries = ImmutableList.builder();
        e.map().entries().forEach(en -> entries.add(CelExpr.ofMapEntry(en.id(), rewrite(ast, en.key()),
            rewrite(ast, en.value()), en.optionalEntry())));
        return CelExpr.ofMap(e.id(), entries.build());
      }
      case STRUCT: {
        ImmutableList.Builder<CelExpr.CelStruct.Entry> entries = ImmutableList.builder();
        e.struct().entries().forEach(en -> entries.add(CelExpr.ofStructEntry(en.id(), en.fieldKey(),
            rewrite(ast, en.value()), en.optionalEntry())));
        return CelExpr.ofStruct(e.id(), e.struct().messageName(), entries.build());
      }
      case COMPREHENSION: {
        CelExpr.CelComprehension c = e.comprehension();
        return CelExpr.ofComprehension(e.id(), c.iterVar(), c.iterVar2(), rewrite(ast, c.iterRange()), c.accuVar(),
            rewrite(ast, c.accuInit()), rewrite(ast, c.loopCondition()), rewrite(ast, c.loopStep()),
            rewrite(ast, c.result()));
      }
      default:
        return e;
    }
  }

  private CelExpr operand(CelExpr e) {
    long id = nextId++;
    references.put(id, CelReference.newBuilder().setName(FUNCTION).addOverloadIds(OVERLOAD).build());
    types.put(id, SimpleType.BOOL);
    return CelExpr.ofCall(id, Optional.empty(), FUNCTION, ImmutableList.of(e));
  }
}
