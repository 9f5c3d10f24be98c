package io.github.dra4j.cel;

import org.projectnessie.cel.common.types.Err;
import org.projectnessie.cel.common.types.IntT;
import org.projectnessie.cel.common.types.Types;
import org.projectnessie.cel.common.types.Util;
import org.projectnessie.cel.common.types.ref.TypeEnum;
import org.projectnessie.cel.common.types.ref.Val;
import org.projectnessie.cel.common.types.traits.Lister;
import org.projectnessie.cel.common.types.traits.Mapper;
import org.projectnessie.cel.interpreter.Activation;
import org.projectnessie.cel.interpreter.Interpretable;
import org.projectnessie.cel.interpreter.Interpretable.InterpretableCall;
import org.projectnessie.cel.interpreter.InterpretableDecorator;

/*
 * cel-go's equality for ==, != and `in`.
 *
 * cel-java 0.6.0 converts across types when comparing: 1 == "1" and "1" in [1] are true. In
 * cel-go (and the reference) values of different types are unequal, except numbers, which
 * compare by value. Attribute values are dyn, so `device.attributes["d"].count == "1"` compiles
 * and must be false, not true. The decorator replaces cel-java's ==, != and `in` nodes with
 * these rules.
 */
final class CelEquality {

  private CelEquality() {}

  /** {@return cel-go's {@code a == b}: a bool, or an error} */
  static Val equal(Val a, Val b) {
    if (Util.isUnknownOrError(a)) {
      return a;
    }
    if (Util.isUnknownOrError(b)) {
      return b;
    }
    if (a instanceof OpaqueValue) {
      // The Kubernetes types answer "no such overload" for another type, as in the reference.
      return a.equal(b);
    }
    TypeEnum ta = a.type().typeEnum();
    TypeEnum tb = b.type().typeEnum();
    if (isNumber(ta) && isNumber(tb)) {
      return a.equal(b);
    }
    if (ta != tb) {
      return Types.boolOf(false);
    }
    if (a instanceof Lister && b instanceof Lister) {
      Lister la = (Lister) a;
      Lister lb = (Lister) b;
      long n = la.size().intValue();
      if (n != lb.size().intValue()) {
        return Types.boolOf(false);
      }
      for (long i = 0; i < n; i++) {
        if (equal(la.get(IntT.intOf(i)), lb.get(IntT.intOf(i))) == Types.boolOf(false)) {
          return Types.boolOf(false);
        }
      }
      return Types.boolOf(true);
    }
    if (a instanceof Mapper && b instanceof Mapper) {
      Mapper ma = (Mapper) a;
      Mapper mb = (Mapper) b;
      if (ma.size().intValue() != mb.size().intValue()) {
        return Types.boolOf(false);
      }
      var keys = ma.iterator();
      while (keys.hasNext() == Types.boolOf(true)) {
        Val key = keys.next();
        if (mb.contains(key) != Types.boolOf(true)
            || equal(ma.get(key), mb.get(key)) == Types.boolOf(false)) {
          return Types.boolOf(false);
        }
      }
      return Types.boolOf(true);
    }
    return a.equal(b);
  }

  private static boolean isNumber(TypeEnum t) {
    return t == TypeEnum.Int || t == TypeEnum.Uint || t == TypeEnum.Double;
  }

  /** {@return cel-go's {@code x in container}} */
  static Val in(Val x, Val container) {
    if (Util.isUnknownOrError(x)) {
      return x;
    }
    if (container instanceof Lister) {
      Lister l = (Lister) container;
      long n = l.size().intValue();
      for (long i = 0; i < n; i++) {
        if (equal(l.get(IntT.intOf(i)), x) == Types.boolOf(true)) {
          return Types.boolOf(true);
        }
      }
      return Types.boolOf(false);
    }
    if (container instanceof Mapper) {
      return ((Mapper) container).contains(x);
    }
    return Util.isUnknownOrError(container) ? container : Err.newErr("no such overload: @in(%s, %s)",
        x.type().typeName(), container.type().typeName());
  }

  /** {@return the decorator that replaces cel-java's ==, != and in} */
  static InterpretableDecorator decorator() {
    return i -> {
      if (!(i instanceof InterpretableCall) || ((InterpretableCall) i).args().length != 2) {
        return i;
      }
      InterpretableCall call = (InterpretableCall) i;
      switch (call.function()) {
        case "_==_":
        case "_!=_":
        case "@in":
          return new Call(call);
        default:
          return i;
      }
    };
  }

  /** A binary ==, != or in with cel-go's semantics. */
  private static final class Call implements InterpretableCall {
    private final long id;
    private final String function;
    private final String overload;
    private final Interpretable lhs;
    private final Interpretable rhs;

    Call(InterpretableCall original) {
      this.id = original.id();
      this.function = original.function();
      this.overload = original.overloadID();
      this.lhs = original.args()[0];
      this.rhs = original.args()[1];
    }

    @Override
    public long id() {
      return id;
    }

    @Override
    public Val eval(Activation activation) {
      Val a = lhs.eval(activation);
      Val b = rhs.eval(activation);
      switch (function) {
        case "@in":
          return in(a, b);
        case "_!=_":
          Val eq = equal(a, b);
          return Util.isUnknownOrError(eq) ? eq : Types.boolOf(eq != Types.boolOf(true));
        default:
          return equal(a, b);
      }
    }

    @Override
    public String function() {
      return function;
    }

    @Override
    public String overloadID() {
      return overload;
    }

    @Override
    public Interpretable[] args() {
      return new Interpretable[] {lhs, rhs};
    }
  }
}
