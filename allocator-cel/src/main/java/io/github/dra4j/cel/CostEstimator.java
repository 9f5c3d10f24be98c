package io.github.dra4j.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.ast.CelReference;
import dev.cel.common.types.CelKind;
import dev.cel.common.types.CelType;
import dev.cel.common.types.SimpleType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The worst-case cost of a checked selector, computed as the reference computes
 * CompilationResult.MaxCost: cel-go's estimator (checker/cost.go) with the Kubernetes library
 * estimates (k8s.io/apiserver/pkg/cel/library cost.go, EstimateCallCost), DRA's estimate for
 * `includes` (draCostEstimator in compile.go) and DRA's sizes of the `device` fields
 * (sizeEstimator in compile.go, from the resource.k8s.io validation limits). Presence tests
 * (has()) cost nothing themselves, as the Kubernetes base environment configures
 * (checker.PresenceTestHasCost(false)).
 *
 * Sizes and costs are unsigned 64-bit ranges that saturate at 2^64-1, as in Go: an unknown size
 * is [0, 2^64-1].
 */
final class CostEstimator {

  static final double STRING_TRAVERSAL_FACTOR = 0.1;
  static final double REGEX_LENGTH_FACTOR = 0.25;
  static final long LIST_CREATE = 10;
  static final long MAP_CREATE = 30;
  static final long STRUCT_CREATE = 40;

  /** The reference's resourceapi.ResourceSliceMaxAttributeValuesPerDevice: the longest list attribute. */
  private static final long MAX_ATTRIBUTE_VALUES = KubernetesLibrary.MAX_INCLUDES_LIST;

  private static final Set<String> ACCUMULATORS = Set.of("@result", "__result__");

  /** An unsigned range [min, max]; 2^64-1 is -1L. */
  record Range(long min, long max) {
    static final long UNBOUNDED = -1L;
    static final Range UNKNOWN = new Range(0, UNBOUNDED);
    static final Range ZERO = fixed(0);
    static final Range ONE = fixed(1);

    static Range fixed(long v) {
      return new Range(v, v);
    }

    Range add(Range o) {
      return new Range(add(min, o.min), add(max, o.max));
    }

    Range multiply(Range o) {
      return new Range(multiply(min, o.min), multiply(max, o.max));
    }

    Range byFactor(double factor) {
      return new Range(byFactor(min, factor), byFactor(max, factor));
    }

    Range union(Range o) {
      return new Range(Long.compareUnsigned(o.min, min) < 0 ? o.min : min,
          Long.compareUnsigned(o.max, max) > 0 ? o.max : max);
    }

    private static long add(long x, long y) {
      return y != 0 && Long.compareUnsigned(x, UNBOUNDED - y) > 0 ? UNBOUNDED : x + y;
    }

    private static long multiply(long x, long y) {
      return y != 0 && Long.compareUnsigned(x, Long.divideUnsigned(UNBOUNDED, y)) > 0 ? UNBOUNDED : x * y;
    }

    /** cel-go's multiplyByCostFactor: the product rounded up, saturating. */
    private static long byFactor(long x, double factor) {
      double xf = unsignedToDouble(x);
      if (xf > 0 && factor > 0 && xf > TWO_TO_64 / factor) {
        return UNBOUNDED;
      }
      double ceil = Math.ceil(xf * factor);
      if (ceil >= TWO_TO_64) {
        return UNBOUNDED;
      }
      return ceil >= 0x1p63 ? (long) (ceil - 0x1p63) ^ Long.MIN_VALUE : (long) ceil;
    }

    private static double unsignedToDouble(long x) {
      return x >= 0 ? x : ((x >>> 1) | (x & 1)) * 2.0;
    }

    @Override
    public String toString() {
      return "[" + Long.toUnsignedString(min) + ", " + Long.toUnsignedString(max) + "]";
    }
  }

  private static final double TWO_TO_64 = 0x1p64;

  /** cel-go's CallEstimate: a cost and, for strings, bytes, lists and maps, the result's size. */
  private record Call(Range cost, @Nullable Range resultSize) {}

  /** cel-go's AstNode: a path from the variable, the checked type, and the size CEL computed. */
  private record Node(@Nullable List<String> path, CelType type, @Nullable Range computedSize,
      @Nullable CelExpr expr) {
    /** {@return the value of an int literal, or null} */
    @Nullable Long literalInt() {
      return expr != null && expr.getKind() == CelExpr.ExprKind.Kind.CONSTANT
          && expr.constant().getKind() == CelConstant.Kind.INT64_VALUE ? expr.constant().int64Value() : null;
    }
  }

  /** The size of the entries of a list or map. */
  private record Entry(CelKind container, Range key, Range value) {
    @Nullable Entry union(@Nullable Entry other) {
      return other == null ? null : new Entry(container, key.union(other.key), value.union(other.value));
    }
  }

  private record Local(List<String> path, @Nullable Range size, @Nullable Entry entry) {}

  /* --- the DRA sizes (sizeEstimator in compile.go) --- */

  /** apiservercel.DeclType reduced to what the size estimator reads. */
  private record Decl(long maxElements, Map<String, Decl> fields, @Nullable Decl key, @Nullable Decl elem) {
    static Decl scalar(long maxElements) {
      return new Decl(maxElements, Map.of(), null, null);
    }

    static Decl map(Decl key, Decl elem, long maxElements) {
      return new Decl(maxElements, Map.of(), key, elem);
    }
  }

  // resourceapi: DeviceMaxDomainLength, DeviceMaxIDLength, DriverNameMaxLength,
  // ResourceSliceMaxAttributesAndCapacitiesPerDevice, and for an attribute value the larger of
  // DeviceAttributeMaxValueLength and ResourceSliceMaxAttributeValuesPerDevice.
  private static final Decl DOMAIN = Decl.scalar(63);
  private static final Decl ID = Decl.scalar(32);
  private static final long PER_DEVICE = 32;
  private static final Decl ATTRIBUTE = Decl.scalar(Math.max(64, MAX_ATTRIBUTE_VALUES));
  private static final Decl ATTRIBUTES = Decl.map(DOMAIN, Decl.map(ID, ATTRIBUTE, PER_DEVICE), PER_DEVICE);
  private static final Decl CAPACITY = Decl.map(DOMAIN, Decl.map(ID, Decl.scalar(0), PER_DEVICE), PER_DEVICE);
  private static final Decl DEVICE = new Decl(0, Map.of(
      CelEnvironment.DRIVER, Decl.scalar(63),
      CelEnvironment.ALLOW_MULTIPLE_ALLOCATIONS, Decl.scalar(1),
      CelEnvironment.ATTRIBUTES, ATTRIBUTES,
      CelEnvironment.CAPACITY, CAPACITY), null, null);

  /**
   * cel-go's EstimateSize: the largest size of a value the expression does not define itself,
   * or null when unknown.
   */
  interface Sizes {
    @Nullable Range estimateSize(@Nullable List<String> path, CelType type);
  }

  /** The sizes of the {@code device} fields, as the reference's sizeEstimator has them. */
  static final Sizes DRA_SIZES = (path, type) -> draSize(path);

  @SuppressWarnings("ReferenceEquality") // the declarations are constants: identity names the one meant
  private static @Nullable Range draSize(@Nullable List<String> path) {
    if (path == null || path.isEmpty() || !path.get(0).equals(CelEnvironment.DEVICE)) {
      return null;
    }
    Decl current = DEVICE;
    for (String name : path.subList(1, path.size())) {
      switch (name) {
        case "@items":
        case "@values":
          current = current.elem();
          break;
        case "@keys":
          current = current.key();
          break;
        default:
          Decl field = current.fields().get(name);
          // Every attribute of a domain has the attribute value's size, whatever its name.
          current = field != null ? field : current.elem() == ATTRIBUTE ? ATTRIBUTE : null;
      }
      if (current == null) {
        return null;
      }
    }
    return new Range(0, current.maxElements());
  }

  /* --- the estimator --- */

  private final CelAbstractSyntaxTree ast;
  private final Sizes estimator;
  private final Map<Long, List<String>> paths = new HashMap<>();
  private final Map<Long, Range> sizes = new HashMap<>();
  private final Map<Long, Entry> entries = new HashMap<>();
  private final Map<String, Deque<Local>> locals = new HashMap<>();

  private CostEstimator(CelAbstractSyntaxTree ast, Sizes estimator) {
    this.ast = ast;
    this.estimator = estimator;
  }

  /** {@return the worst-case cost of a checked selector, as CompilationResult.MaxCost} */
  static Range estimate(CelAbstractSyntaxTree ast) {
    return estimate(ast, DRA_SIZES);
  }

  /** {@return the cost range of a checked expression whose unknown sizes the estimator gives} */
  static Range estimate(CelAbstractSyntaxTree ast, Sizes estimator) {
    return new CostEstimator(ast, estimator).cost(ast.getExpr());
  }

  private Range cost(CelExpr e) {
    switch (e.getKind()) {
      case CONSTANT:
        return Range.ZERO;
      case IDENT:
        Local local = peek(e.ident().name());
        paths.put(e.id(), local != null ? local.path() : List.of(e.ident().name()));
        return Range.ONE;
      case SELECT:
        return select(e);
      case CALL:
        return call(e);
      case LIST:
        return list(e);
      case MAP:
        return map(e);
      case STRUCT:
        Range sum = Range.ZERO;
        for (CelExpr.CelStruct.Entry f : e.struct().entries()) {
          sum = sum.add(cost(f.value()));
        }
        return sum.add(Range.fixed(STRUCT_CREATE));
      case COMPREHENSION:
        return isBind(e) ? bind(e) : comprehension(e);
      default:
        return Range.ZERO;
    }
  }

  private Range select(CelExpr e) {
    CelExpr.CelSelect sel = e.select();
    if (sel.testOnly()) {
      // The presence test itself is free; its operand is not.
      return cost(sel.operand());
    }
    Range sum = cost(sel.operand());
    CelKind kind = type(sel.operand()).kind();
    if (kind == CelKind.MAP || kind == CelKind.STRUCT || kind == CelKind.TYPE_PARAM) {
      sum = sum.add(Range.ONE);
    }
    paths.put(e.id(), append(path(sel.operand()), sel.field()));
    return sum;
  }

  private Range call(CelExpr e) {
    CelExpr.CelCall call = e.call();
    List<CelExpr> args = call.args();
    if (call.function().equals("dyn") && args.size() == 1) {
      Range argCost = cost(args.get(0));
      copySizes(e, args.get(0));
      return Range.ONE.add(argCost);
    }
    List<Node> argNodes = new ArrayList<>(args.size());
    List<Range> argCosts = new ArrayList<>(args.size());
    for (CelExpr a : args) {
      argCosts.add(cost(a));
      argNodes.add(node(a));
    }
    List<String> overloads = ast.getReference(e.id()).<List<String>>map(CelReference::overloadIds).orElse(List.of());
    if (overloads.isEmpty()) {
      return Range.ZERO;
    }
    Range sum = Range.ZERO;
    Node target = null;
    if (call.target().isPresent()) {
      sum = sum.add(cost(call.target().get()));
      target = node(call.target().get());
    }
    Range fnCost = new Range(Range.UNBOUNDED, 0);
    Range resultSize = null;
    for (String overload : overloads) {
      Call c = functionCost(e, call.function(), overload, target, argNodes, argCosts);
      fnCost = fnCost.union(c.cost());
      if (c.resultSize() != null) {
        resultSize = resultSize == null ? c.resultSize() : resultSize.union(c.resultSize());
      }
      if ((overload.equals("index_list") || overload.equals("index_map")) && !args.isEmpty()) {
        Entry entry = entry(args.get(0));
        resultSize = entry == null ? null : entry.value();
        paths.put(e.id(), append(path(args.get(0)), overload.equals("index_list") ? "@items" : "@values"));
      }
      if (resultSize == null) {
        resultSize = size(e);
      }
    }
    if (resultSize != null) {
      sizes.put(e.id(), resultSize);
    }
    return sum.add(fnCost);
  }

  private Range list(CelExpr e) {
    Range sum = Range.ZERO;
    List<CelExpr> elements = e.list().elements();
    Range item = new Range(elements.isEmpty() ? 0 : Range.UNBOUNDED, 0);
    for (CelExpr el : elements) {
      sum = sum.add(cost(el));
      item = item.union(sizeOrUnknown(el));
    }
    entries.put(e.id(), new Entry(CelKind.LIST, Range.ONE, item));
    return sum.add(Range.fixed(LIST_CREATE));
  }

  private Range map(CelExpr e) {
    Range sum = Range.ZERO;
    List<CelExpr.CelMap.Entry> mapEntries = e.map().entries();
    long initialMin = mapEntries.isEmpty() ? 0 : Range.UNBOUNDED;
    Range key = new Range(initialMin, 0);
    Range value = new Range(initialMin, 0);
    for (CelExpr.CelMap.Entry entry : mapEntries) {
      sum = sum.add(cost(entry.key())).add(cost(entry.value()));
      key = key.union(sizeOrUnknown(entry.key()));
      value = value.union(sizeOrUnknown(entry.value()));
    }
    entries.put(e.id(), new Entry(CelKind.MAP, key, value));
    return sum.add(Range.fixed(MAP_CREATE));
  }

  private Range comprehension(CelExpr e) {
    CelExpr.CelComprehension comp = e.comprehension();
    Range sum = cost(comp.iterRange()).add(cost(comp.accuInit()));
    pushLocal(comp.accuVar(), comp.accuInit());
    pushIterSingle(comp.iterVar(), comp.iterRange());
    Range loopCost = cost(comp.loopCondition());
    Range stepCost = cost(comp.loopStep());
    pop(comp.iterVar());
    sum = sum.add(cost(comp.result()));
    pop(comp.accuVar());
    Range rangeCount = sizeOrUnknown(comp.iterRange());
    sum = sum.add(rangeCount.multiply(stepCost.add(loopCost)));
    switch (comp.accuInit().getKind()) {
      case CONSTANT:
        Range s = size(comp.accuInit());
        if (s != null) {
          sizes.put(e.id(), s);
        }
        break;
      case LIST:
      case MAP:
        sizes.put(e.id(), rangeCount);
        Entry stepEntry = entry(comp.loopStep());
        if (stepEntry != null) {
          entries.put(e.id(), stepEntry);
        }
        break;
      default:
        break;
    }
    return sum;
  }

  /** cel.bind's expansion: a fold over an empty list whose accumulator is the bound variable. */
  private static boolean isBind(CelExpr e) {
    CelExpr.CelComprehension comp = e.comprehension();
    CelExpr range = comp.iterRange();
    CelExpr cond = comp.loopCondition();
    return range.getKind() == CelExpr.ExprKind.Kind.LIST && range.list().elements().isEmpty()
        && cond.getKind() == CelExpr.ExprKind.Kind.CONSTANT
        && cond.constant().getKind() == CelConstant.Kind.BOOLEAN_VALUE && !cond.constant().booleanValue()
        && !comp.accuVar().equals("@result");
  }

  private Range bind(CelExpr e) {
    CelExpr.CelComprehension comp = e.comprehension();
    // Bindings are lazy; the empty range is still charged, as in cel-go.
    Range sum = cost(comp.iterRange()).add(cost(comp.accuInit()));
    pushLocal(comp.accuVar(), comp.accuInit());
    sum = sum.add(cost(comp.result()));
    pop(comp.accuVar());
    copySizes(e, comp.result());
    return sum;
  }

  /* --- function costs: the Kubernetes library, DRA's includes, then cel-go's defaults --- */

  private Call functionCost(CelExpr e, String function, String overload, @Nullable Node target, List<Node> args,
      List<Range> argCosts) {
    Range argSum = Range.ZERO;
    for (Range r : argCosts) {
      argSum = argSum.add(r);
    }
    Call library = libraryCost(function, overload, target, args);
    if (library != null) {
      return new Call(library.cost().add(argSum), library.resultSize());
    }
    switch (overload) {
      case "string_to_bytes": {
        Range sz = sizeOrUnknown(args.get(0));
        return new Call(sz.byFactor(STRING_TRAVERSAL_FACTOR).add(argSum),
            new Range(sz.min(), Range.fixed(sz.max()).multiply(Range.fixed(4)).max()));
      }
      case "bytes_to_string": {
        Range sz = sizeOrUnknown(args.get(0));
        return new Call(sz.byFactor(STRING_TRAVERSAL_FACTOR).add(argSum),
            new Range(Long.divideUnsigned(sz.min(), 4), sz.max()));
      }
      case "starts_with_string":
      case "ends_with_string":
        if (args.size() == 1) {
          return new Call(sizeOrUnknown(args.get(0)).byFactor(STRING_TRAVERSAL_FACTOR).add(argSum), null);
        }
        break;
      case "in_list":
        if (args.size() == 2) {
          return new Call(sizeOrUnknown(args.get(1)).byFactor(1).add(argSum), null);
        }
        break;
      case "matches_string":
        if (target != null && args.size() == 1) {
          Range str = sizeOrUnknown(target).add(Range.ONE).byFactor(STRING_TRAVERSAL_FACTOR);
          Range regex = sizeOrUnknown(args.get(0)).byFactor(REGEX_LENGTH_FACTOR);
          return new Call(str.multiply(regex).add(argSum), null);
        }
        break;
      case "contains_string":
        if (target != null && args.size() == 1) {
          Range str = sizeOrUnknown(target).byFactor(STRING_TRAVERSAL_FACTOR);
          Range sub = sizeOrUnknown(args.get(0)).byFactor(STRING_TRAVERSAL_FACTOR);
          return new Call(str.multiply(sub).add(argSum), null);
        }
        break;
      case "logical_or":
      case "logical_and": {
        Range lhs = argCosts.get(0);
        // A short circuit costs the left operand only.
        return new Call(new Range(lhs.min(), lhs.add(argCosts.get(1)).max()), null);
      }
      case "conditional": {
        CelExpr.CelCall call = e.call();
        Range size = sizeOrUnknown(args.get(1)).union(sizeOrUnknown(args.get(2)));
        Entry t = entry(call.args().get(1));
        Entry merged = t == null ? null : t.union(entry(call.args().get(2)));
        if (merged != null) {
          entries.put(e.id(), merged);
        }
        return new Call(argCosts.get(0).add(argCosts.get(1).union(argCosts.get(2))), size);
      }
      case "add_string":
      case "add_bytes":
      case "add_list":
        if (args.size() == 2) {
          CelExpr.CelCall call = e.call();
          Range result = sizeOrUnknown(args.get(0)).add(sizeOrUnknown(args.get(1)));
          Entry left = entry(call.args().get(0));
          Entry merged = left == null ? null : left.union(entry(call.args().get(1)));
          if (merged != null) {
            entries.put(e.id(), merged);
          }
          Range cost = overload.equals("add_list") ? Range.ONE : result.byFactor(STRING_TRAVERSAL_FACTOR);
          return new Call(cost.add(argSum), result);
        }
        break;
      case "less_string":
      case "greater_string":
      case "less_equals_string":
      case "greater_equals_string":
      case "less_bytes":
      case "greater_bytes":
      case "less_equals_bytes":
      case "greater_equals_bytes":
      case "equals":
      case "not_equals": {
        long lhs = sizeOrUnknown(args.get(0)).max();
        long rhs = sizeOrUnknown(args.get(1)).max();
        long smallestMax = Long.compareUnsigned(rhs, lhs) < 0 ? rhs : lhs;
        // Equality of two scalars costs 1.
        return new Call(new Range(smallestMax != 0 ? 1 : 0, smallestMax).byFactor(STRING_TRAVERSAL_FACTOR).add(argSum),
            null);
      }
      default:
        break;
    }
    return new Call(Range.ONE.add(argSum), null);
  }

  /** EstimateCallCost of the Kubernetes library (cost.go) and of draCostEstimator, or null. */
  private @Nullable Call libraryCost(String function, String overload, @Nullable Node target, List<Node> args) {
    switch (function) {
      case "includes":
        if (overload.equals("dra_includes_dyn_dyn") && target != null) {
          // Like `x in list`, linear in the longest list attribute.
          return new Call(new Range(0, MAX_ATTRIBUTE_VALUES), null);
        }
        return listFunction(function, target);
      case "isSorted":
      case "sum":
      case "max":
      case "min":
      case "indexOf":
      case "lastIndexOf":
        return listFunction(function, target);
      case "lowerAscii":
      case "upperAscii":
      case "substring":
      case "trim":
        if (target != null) {
          Range sz = librarySize(target);
          return new Call(sz.byFactor(STRING_TRAVERSAL_FACTOR), sz);
        }
        return null;
      case "replace":
        return target != null && args.size() >= 2 ? replace(target, args) : null;
      case "split":
        if (target != null) {
          Range sz = librarySize(target);
          long max = sz.max();
          Long limit = args.size() > 1 ? args.get(1).literalInt() : null;
          if (limit != null) {
            max = limit;
          }
          return new Call(sz.byFactor(2 * STRING_TRAVERSAL_FACTOR), new Range(0, max));
        }
        return null;
      case "join":
        if (target != null) {
          Range listSize = librarySize(target);
          Node element = elementNode(target);
          Range sz = element == null ? Range.ZERO : listSize.multiply(librarySize(element));
          if (!args.isEmpty()) {
            Range separators = new Range(listSize.min() != 0 ? listSize.min() - 1 : 0,
                listSize.max() != 0 ? listSize.max() - 1 : 0);
            sz = sz.add(librarySize(args.get(0)).multiply(separators));
          }
          return new Call(sz.byFactor(STRING_TRAVERSAL_FACTOR), sz);
        }
        return null;
      case "find":
      case "findAll":
        if (target != null && !args.isEmpty()) {
          Range sz = librarySize(target);
          Range str = sz.add(Range.ONE).byFactor(STRING_TRAVERSAL_FACTOR);
          Range regex = librarySize(args.get(0)).byFactor(REGEX_LENGTH_FACTOR);
          return new Call(str.multiply(regex), new Range(0, sz.max()));
        }
        return null;
      case "quantity":
      case "isQuantity":
      case "semver":
      case "isSemver":
        return args.isEmpty() ? null : new Call(librarySize(args.get(0)).byFactor(STRING_TRAVERSAL_FACTOR), null);
      case "sign":
      case "asInteger":
      case "isInteger":
      case "asApproximateFloat":
      case "isGreaterThan":
      case "isLessThan":
      case "compareTo":
      case "add":
      case "sub":
      case "major":
      case "minor":
      case "patch":
        return new Call(Range.ONE, null);
      case "_==_":
        // Quantities and versions compare in constant time.
        if (args.size() == 2 && isQuantityOrVersion(args.get(0).type())
            && args.get(0).type().equals(args.get(1).type())) {
          return new Call(Range.ONE, null);
        }
        return null;
      default:
        return null;
    }
  }

  private static boolean isQuantityOrVersion(CelType t) {
    return t.equals(OpaqueValue.QUANTITY_TYPE) || t.equals(OpaqueValue.SEMVER_TYPE);
  }

  private @Nullable Call listFunction(String function, @Nullable Node target) {
    if (target == null) {
      return null;
    }
    Node element = elementNode(target);
    if (element != null) {
      // One unit per element compared, plus the traversal of string and bytes elements.
      Range perElement = Range.ONE;
      CelKind k = element.type().kind();
      if (k == CelKind.STRING || k == CelKind.BYTES) {
        perElement = perElement.add(librarySize(element).byFactor(STRING_TRAVERSAL_FACTOR));
      }
      return new Call(librarySize(target).multiply(perElement), null);
    }
    if (function.equals("includes")) {
      return new Call(librarySize(target), null);
    }
    // indexOf and lastIndexOf on a string.
    return new Call(librarySize(target).byFactor(STRING_TRAVERSAL_FACTOR), null);
  }

  private Call replace(Node target, List<Node> args) {
    Range sz = librarySize(target);
    Range from = librarySize(args.get(0));
    Range with = librarySize(args.get(1));
    long countMax;
    long countMin;
    long retainedMax = 0;
    long retainedMin = 0;
    if (from.min() == 0) {
      // Replacing "" surrounds every character with the replacement.
      countMax = sz.max() != Range.UNBOUNDED ? sz.max() + 1 : sz.max();
      retainedMax = sz.max();
    } else if (Long.compareUnsigned(with.max(), from.min()) <= 0) {
      countMax = 0;
      retainedMax = sz.max();
    } else {
      countMax = ceilDivide(sz.max(), from.min());
    }
    if (from.max() == 0) {
      countMin = sz.min() != Range.UNBOUNDED ? sz.min() + 1 : sz.min();
      retainedMin = sz.min();
    } else if (Long.compareUnsigned(from.max(), with.min()) <= 0) {
      countMin = 0;
      retainedMin = sz.min();
    } else {
      countMin = ceilDivide(sz.min(), from.max());
    }
    Range size = new Range(countMin, countMax).multiply(with).add(new Range(retainedMin, retainedMax));
    return new Call(sz.byFactor(2 * STRING_TRAVERSAL_FACTOR), size);
  }

  /** uint64(math.Ceil(float64(x) / float64(y))). */
  private static long ceilDivide(long x, long y) {
    return Range.fixed(x).byFactor(1.0 / Range.unsignedToDouble(y)).max();
  }

  /** The library's sizeEstimate: the computed size, else the DRA size, else unknown. */
  private Range librarySize(Node n) {
    Range computed = n.computedSize();
    if (computed != null) {
      return computed;
    }
    Range estimated = estimator.estimateSize(n.path(), n.type());
    return estimated != null ? estimated : Range.UNKNOWN;
  }

  /** The library's listElementNode: the element type, with the path to it when there is one. */
  private static @Nullable Node elementNode(Node list) {
    List<CelType> params = list.type().parameters();
    if (params.isEmpty()) {
      return null;
    }
    List<String> path = list.path();
    return new Node(path == null ? null : append(path, "@items"), params.get(0), null, null);
  }

  /* --- sizes, paths and local variables --- */

  private CelType type(CelExpr e) {
    return ast.getType(e.id()).orElse(SimpleType.DYN);
  }

  private List<String> path(CelExpr e) {
    if (e.getKind() == CelExpr.ExprKind.Kind.IDENT) {
      Local local = peek(e.ident().name());
      if (local != null) {
        return local.path();
      }
    }
    return paths.getOrDefault(e.id(), List.of());
  }

  private static List<String> append(List<String> path, String element) {
    List<String> p = new ArrayList<>(path.size() + 1);
    p.addAll(path);
    p.add(element);
    return List.copyOf(p);
  }

  private Node node(CelExpr e) {
    List<String> path = path(e);
    // Only paths from root variables reach the size estimator, not from accumulators.
    List<String> p = !path.isEmpty() && ACCUMULATORS.contains(path.get(0)) ? null : path;
    return new Node(p, type(e), size(e), e);
  }

  private Range sizeOrUnknown(CelExpr e) {
    Range s = size(e);
    return s != null ? s : Range.UNKNOWN;
  }

  private static Range sizeOrUnknown(Node n) {
    Range s = n.computedSize();
    return s != null ? s : Range.UNKNOWN;
  }

  private void copySizes(CelExpr dst, CelExpr src) {
    Range s = size(src);
    if (s != null) {
      sizes.put(dst.id(), s);
    }
    Entry en = entry(src);
    if (en != null) {
      entries.put(dst.id(), en);
    }
  }

  /** cel-go's computeSize. */
  private @Nullable Range size(CelExpr e) {
    Range known = sizes.get(e.id());
    if (known != null) {
      return known;
    }
    Range literal = literalSize(e);
    if (literal != null) {
      return literal;
    }
    Range estimated = estimator.estimateSize(path(e), type(e));
    if (estimated != null) {
      sizes.put(e.id(), estimated);
      return estimated;
    }
    if (isScalar(type(e))) {
      return Range.ONE;
    }
    if (e.getKind() == CelExpr.ExprKind.Kind.IDENT) {
      Local local = peek(e.ident().name());
      if (local != null && local.size() != null) {
        return local.size();
      }
    }
    return null;
  }

  private static @Nullable Range literalSize(CelExpr e) {
    switch (e.getKind()) {
      case CONSTANT:
        CelConstant c = e.constant();
        switch (c.getKind()) {
          case STRING_VALUE:
            String s = c.stringValue();
            return Range.fixed(s.codePointCount(0, s.length()));
          case BYTES_VALUE:
            return Range.fixed(c.bytesValue().size());
          case NOT_SET:
            return null;
          default:
            return Range.ONE;
        }
      case LIST:
        return Range.fixed(e.list().elements().size());
      case MAP:
        return Range.fixed(e.map().entries().size());
      default:
        return null;
    }
  }

  private static boolean isScalar(CelType t) {
    switch (t.kind()) {
      case BOOL:
      case DOUBLE:
      case DURATION:
      case INT:
      case TIMESTAMP:
      case UINT:
        return true;
      case OPAQUE:
        return t.name().equals("optional_type") && !t.parameters().isEmpty() && isScalar(t.parameters().get(0));
      default:
        return false;
    }
  }

  private @Nullable Entry entry(CelExpr e) {
    Entry known = entries.get(e.id());
    if (known != null) {
      return known;
    }
    if (e.getKind() == CelExpr.ExprKind.Kind.IDENT) {
      Local local = peek(e.ident().name());
      if (local != null) {
        return local.entry();
      }
    }
    return null;
  }

  private @Nullable Local peek(String name) {
    Deque<Local> stack = locals.get(name);
    return stack == null || stack.isEmpty() ? null : stack.peek();
  }

  private void push(String name, Local local) {
    locals.computeIfAbsent(name, n -> new ArrayDeque<>()).push(local);
  }

  private void pop(String name) {
    Objects.requireNonNull(locals.get(name)).pop(); // pushed when its scope began
  }

  private void pushLocal(String name, CelExpr init) {
    push(name, new Local(path(init), size(init), entry(init)));
  }

  private void pushIterSingle(String name, CelExpr range) {
    Entry entry = entry(range);
    CelKind container = entry != null ? entry.container() : type(range).kind();
    boolean list = container == CelKind.LIST;
    Range size = entry == null ? null : list ? entry.value() : entry.key();
    push(name, new Local(append(path(range), list ? "@items" : "@keys"), size, null));
  }
}
