package io.github.dra4j.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.navigation.CelNavigableAst;
import dev.cel.common.navigation.CelNavigableExpr;
import dev.cel.common.values.CelByteString;
import dev.cel.runtime.CelEvaluationListener;
import io.github.dra4j.core.AllocationCancelledException;
import io.github.dra4j.core.EvaluationInterrupt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * Runtime cost accounting for one evaluation, with the unit costs of cel-go's runtime cost
 * tracker (interpreter/runtimecost.go) and of the Kubernetes library's CallCost
 * (k8s.io/apiserver/pkg/cel/library cost.go), which the reference limits to
 * resourceapi.CELSelectorExpressionMaxCost. CEL-Java has no cost tracking, so its evaluation
 * listener, called once per evaluated expression node (each comprehension iteration again),
 * charges:
 * - constants, comprehensions, &&, || and ?: nothing (their operands are charged);
 * - a variable, a field selection and an index: 1; a presence test (has()) nothing, as the
 *   Kubernetes base environment sets interpreter.PresenceTestHasCost(false);
 * - a list literal 10, a map literal 30, a message literal 40;
 * - a call 1, except the size-dependent calls. cel-go's: startsWith and endsWith
 *   ceil(0.1 * length), and so the conversions between strings and bytes; `in` on a list its
 *   size; ==, != and the orderings of strings and bytes ceil(0.1 * the smaller size); string
 *   and bytes + ceil(0.1 * (m + n)); matches ceil(0.1 * (1 + length)) * ceil(0.25 * pattern
 *   length); contains
 *   ceil(0.1 * length) * ceil(0.1 * substring length). The Kubernetes library's: isSorted, sum,
 *   min, max, indexOf, lastIndexOf and includes the traversal of the receiver (0.1 per UTF-8
 *   byte of a string, rounded down, summed over list elements, 1 for any other value);
 *   lowerAscii, upperAscii, substring and trim ceil(0.1 * length); replace and split
 *   ceil(0.2 * length); join ceil(0.2 * result length); find and findAll as matches; quantity,
 *   isQuantity, semver and isSemver ceil(0.1 * length).
 * Sizes are cel-go's: code points of a string, bytes, list and map entries, the value of a
 * present optional, 1 for anything else.
 */
final class CostBudget implements CelEvaluationListener {

  /** The reference's limit (resourceapi.CELSelectorExpressionMaxCost). */
  static final long MAX_COST = 1_000_000;

  static final String LIMIT_EXCEEDED = "operation cancelled: actual cost limit exceeded";

  private static final double STRING_TRAVERSAL_FACTOR = 0.1;
  private static final double REGEX_LENGTH_FACTOR = 0.25;
  private static final long LIST_CREATE = 10;
  private static final long MAP_CREATE = 30;
  private static final long STRUCT_CREATE = 40;

  private static final Set<String> FREE_CALLS = Set.of("_&&_", "_||_", "_?_:_", LogicalOperands.FUNCTION);
  private static final Set<String> SIZED_CALLS = Set.of("startsWith", "endsWith", "@in", "_==_", "_!=_",
      "_<_", "_<=_", "_>_", "_>=_", "_+_", "matches", "contains",
      "isSorted", "sum", "min", "max", "indexOf", "lastIndexOf", "includes", "lowerAscii", "upperAscii",
      "substring", "trim", "replace", "split", "join", "find", "findAll", "quantity", "isQuantity", "semver",
      "isSemver", "bytes", "string");

  /**
   * What a program's cost accounting needs from its checked expression, indexed by expression
   * id: which values are arguments of size-dependent calls (kept during an evaluation), and
   * the argument ids of each such call, the receiver first.
   */
  static final class Model {
    private final boolean[] sizedArgument;
    private final long[] @Nullable [] callArguments;

    private Model(boolean[] sizedArgument, long[] @Nullable [] callArguments) {
      this.sizedArgument = sizedArgument;
      this.callArguments = callArguments;
    }

    static Model of(CelAbstractSyntaxTree ast) {
      List<CelExpr> nodes = CelNavigableAst.fromAst(ast).getRoot().allNodes().map(CelNavigableExpr::expr).toList();
      int size = 1 + (int) nodes.stream().mapToLong(CelExpr::id).max().orElse(0);
      boolean[] sized = new boolean[size];
      long[][] calls = new long[size][];
      for (CelExpr e : nodes) {
        if (e.getKind() == CelExpr.ExprKind.Kind.CALL && SIZED_CALLS.contains(e.call().function())) {
          long[] ids = arguments(e).stream().mapToLong(CelExpr::id).toArray();
          calls[(int) e.id()] = ids;
          for (long id : ids) {
            sized[(int) id] = true;
          }
        }
      }
      return new Model(sized, calls);
    }

    boolean isSizedArgument(long id) {
      return id < sizedArgument.length && sizedArgument[(int) id];
    }

    long @Nullable [] callArguments(long id) {
      return id < callArguments.length ? callArguments[(int) id] : null;
    }
  }

  /** How many expression nodes are evaluated between two polls of the interrupt. */
  private static final int POLL_NODES = 128;
  /** How many characters a regular expression reads between two polls of the interrupt. */
  static final int POLL_CHARS = 1024;

  /** The budget of the evaluation running on this thread, for the bindings (see {@link #current()}). */
  private static final ThreadLocal<@Nullable CostBudget> CURRENT = new ThreadLocal<>();

  private final long limit;
  private final Model model;
  private final EvaluationInterrupt interrupt;
  private long cost;
  private boolean exceeded;
  private int nodes;
  private @Nullable AllocationCancelledException cancelled;
  /** The values of the arguments of size-dependent calls, by expression id. */
  private Object @Nullable [] values;

  /** Thrown out of the evaluation when the budget is spent. */
  static final class ExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ExceededException() {
      super(LIMIT_EXCEEDED, null, false, false);
    }
  }

  CostBudget(long limit, Model model) {
    this(limit, model, EvaluationInterrupt.NONE);
  }

  /**
   * @param interrupt polled every {@value #POLL_NODES} evaluated nodes and while a regular
   *     expression reads a long string
   */
  CostBudget(long limit, Model model, EvaluationInterrupt interrupt) {
    this.limit = limit;
    this.model = model;
    this.interrupt = interrupt;
  }

  /** {@return whether the budget ran out during the evaluation} */
  boolean exceeded() {
    return exceeded;
  }

  /** {@return the interrupt's exception if it stopped the evaluation, else null} */
  @Nullable AllocationCancelledException cancelled() {
    return cancelled;
  }

  /**
   * {@return the budget of the evaluation running on this thread, or null} CEL-Java's function
   * bindings receive only their arguments; the regular expression functions reach their
   * evaluation's budget and interrupt through this.
   */
  static @Nullable CostBudget current() {
    return CURRENT.get();
  }

  /** Makes this the budget {@link #current()} returns on this thread; returns the one it replaces. */
  @Nullable CostBudget enter() {
    CostBudget previous = CURRENT.get();
    CURRENT.set(this);
    return previous;
  }

  /** Restores the budget that {@link #enter()} replaced. */
  static void exit(@Nullable CostBudget previous) {
    if (previous == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(previous);
    }
  }

  /** Polls the interrupt, remembering its exception: CEL-Java may wrap it, or && and || absorb it. */
  void poll() {
    AllocationCancelledException stop = cancelled;
    if (stop != null) {
      throw stop;
    }
    try {
      interrupt.check();
    } catch (AllocationCancelledException e) {
      cancelled = e;
      throw e;
    }
  }

  /**
   * Charges nothing but fails, before the match runs, when matching the pattern against s would
   * take the cost over the limit: the cost of a match is known from the sizes alone, and cel-go
   * would fail right after the match, which on a long string can take seconds.
   */
  void beforeRegex(String s, String pattern) {
    if (interrupt != EvaluationInterrupt.NONE) {
      poll();
    }
    long charge = regexCost(size(s), size(pattern));
    if (charge > limit || cost > limit - charge) {
      exceeded = true;
      throw new ExceededException();
    }
  }

  /** {@return the input of a regular expression: s, read through a sequence that polls the interrupt when it is long} */
  CharSequence regexInput(String s) {
    return interrupt == EvaluationInterrupt.NONE || s.length() < POLL_CHARS ? s : new PolledChars(s, this);
  }

  /** {@return the cost charged so far} */
  long cost() {
    return cost;
  }

  @Override
  public void callback(CelExpr expr, Object result) {
    AllocationCancelledException stop = cancelled;
    if (stop != null) {
      // Throwing at every node unwinds the evaluation through the comprehensions, && and ||
      // that absorb an error, instead of letting them run on; the limit does the same below.
      throw stop;
    }
    cost += cost(expr, result);
    if (model.isSizedArgument(expr.id())) {
      Object[] v = values;
      if (v == null) {
        v = new Object[model.sizedArgument.length];
        values = v;
      }
      v[(int) expr.id()] = result;
    }
    if (cost > limit) {
      exceeded = true;
      throw new ExceededException();
    }
    if (++nodes == POLL_NODES) {
      nodes = 0;
      poll();
    }
  }

  private long cost(CelExpr expr, Object result) {
    switch (expr.getKind()) {
      case IDENT:
        return 1;
      case SELECT:
        return expr.select().testOnly() ? 0 : 1;
      case LIST:
        return LIST_CREATE;
      case MAP:
        return MAP_CREATE;
      case STRUCT:
        return STRUCT_CREATE;
      case CALL:
        return callCost(expr, result);
      default:
        return 0;
    }
  }

  private long callCost(CelExpr expr, Object result) {
    String function = expr.call().function();
    if (FREE_CALLS.contains(function)) {
      return 0;
    }
    if (!SIZED_CALLS.contains(function)) {
      return 1;
    }
    long[] ids = model.callArguments(expr.id());
    Object[] known = values;
    if (ids == null || known == null) {
      return 1;
    }
    List<Object> v = new ArrayList<>(ids.length);
    for (long id : ids) {
      Object value = known[(int) id];
      if (value == null) {
        // An operand that failed or was not evaluated: cel-go charges such a call nothing extra.
        return 1;
      }
      v.add(value);
    }
    switch (function) {
      case "isSorted":
      case "sum":
      case "min":
      case "max":
      case "indexOf":
      case "lastIndexOf":
      case "includes":
        return traversalCost(v.get(0));
      case "lowerAscii":
      case "upperAscii":
      case "substring":
      case "trim":
      case "quantity":
      case "isQuantity":
      case "semver":
      case "isSemver":
        return traversal(size(v.get(0)));
      case "replace":
      case "split":
        return (long) Math.ceil((double) size(v.get(0)) * 2 * STRING_TRAVERSAL_FACTOR);
      case "join":
        return (long) Math.ceil((double) size(result) * 2 * STRING_TRAVERSAL_FACTOR);
      case "find":
      case "findAll":
        // The Kubernetes library charges these as cel-go charges matches.
      case "matches":
        return regexCost(size(v.get(0)), size(v.get(1)));
      case "bytes":
        // Converting a string to bytes and bytes to a string traverse them.
        return v.get(0) instanceof String ? traversal(size(v.get(0))) : 1;
      case "string":
        return v.get(0) instanceof CelByteString ? traversal(size(v.get(0))) : 1;
      case "startsWith":
      case "endsWith":
        return v.get(0) instanceof String ? traversal(size(v.get(0))) : 1;
      case "@in":
        return v.get(1) instanceof List ? size(v.get(1)) : 1;
      case "_==_":
      case "_!=_":
        return traversal(Math.min(size(v.get(0)), size(v.get(1))));
      case "_+_":
        return isText(v.get(0)) ? traversal(size(v.get(0)) + size(v.get(1))) : 1;
      case "contains":
        return traversal(size(v.get(0))) * traversal(size(v.get(1)));
      default:
        // The orderings: by size for strings and bytes, 1 for numbers and the rest.
        return isText(v.get(0)) ? traversal(Math.min(size(v.get(0)), size(v.get(1)))) : 1;
    }
  }

  /** {@return cel-go's cost of matching a pattern of that many code points against a string of that many} */
  private static long regexCost(long stringSize, long patternSize) {
    return (long) Math.ceil((1.0 + stringSize) * STRING_TRAVERSAL_FACTOR)
        * (long) Math.ceil(patternSize * REGEX_LENGTH_FACTOR);
  }

  /** The Kubernetes library's traversalCost: the walk over a value as a data tree. */
  private static long traversalCost(@Nullable Object v) {
    if (v instanceof String) {
      return (long) (utf8Length((String) v) * STRING_TRAVERSAL_FACTOR);
    }
    if (v instanceof CelByteString) {
      return (long) (((CelByteString) v).size() * STRING_TRAVERSAL_FACTOR);
    }
    if (v instanceof List) {
      long cost = 0;
      for (Object e : (List<?>) v) {
        cost += traversalCost(e);
      }
      return cost;
    }
    if (v instanceof Map) {
      long cost = 0;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        cost += traversalCost(e.getKey()) + traversalCost(e.getValue());
      }
      return cost;
    }
    return 1;
  }

  private static long utf8Length(String s) {
    long n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n++;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }

  private static long traversal(long size) {
    return (long) Math.ceil(size * STRING_TRAVERSAL_FACTOR);
  }

  private static boolean isText(Object v) {
    return v instanceof String || v instanceof CelByteString;
  }

  /** cel-go's actualSize. */
  private static long size(Object v) {
    if (v instanceof String) {
      String s = (String) v;
      return s.codePointCount(0, s.length());
    }
    if (v instanceof CelByteString) {
      return ((CelByteString) v).size();
    }
    if (v instanceof List) {
      return ((List<?>) v).size();
    }
    if (v instanceof Map) {
      return ((Map<?, ?>) v).size();
    }
    if (v instanceof Optional && ((Optional<?>) v).isPresent()) {
      return size(((Optional<?>) v).get());
    }
    return 1;
  }

  /** {@return the operands of a call as cel-go lists them: the receiver first} */
  private static List<CelExpr> arguments(CelExpr call) {
    List<CelExpr> args = new ArrayList<>(call.call().args().size() + 1);
    call.call().target().ifPresent(args::add);
    args.addAll(call.call().args());
    return args;
  }

  /**
   * A long regular expression input that polls the interrupt every {@value #POLL_CHARS}
   * characters read: re2j runs in time linear in the input but proportional to the pattern too,
   * so one match over a MiB can take seconds, and it reads its input only through charAt.
   */
  private static final class PolledChars implements CharSequence {
    private final String s;
    private final CostBudget budget;
    private int untilPoll = POLL_CHARS;

    PolledChars(String s, CostBudget budget) {
      this.s = s;
      this.budget = budget;
    }

    @Override
    public int length() {
      return s.length();
    }

    @Override
    public char charAt(int index) {
      if (--untilPoll == 0) {
        untilPoll = POLL_CHARS;
        budget.poll();
      }
      return s.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return s.substring(start, end);
    }

    @Override
    public String toString() {
      return s;
    }
  }
}
