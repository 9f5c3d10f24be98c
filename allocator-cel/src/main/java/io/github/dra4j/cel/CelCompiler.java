package io.github.dra4j.cel;

import io.github.dra4j.core.CompiledAttribute;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceSelectorCompiler;
import io.github.dra4j.core.Features;
import java.util.Objects;

/**
 * Compiles DRA device selectors in the Kubernetes CEL environment of
 * {@code k8s.io/dynamic-resource-allocation/cel} and evaluates them against lazy device views,
 * so ResourceSlice mixins are never flattened.
 *
 * <p>The environment declares the variable {@code device} with {@code driver},
 * {@code attributes} (domain to id to value), {@code capacity} (domain to id to quantity) and
 * {@code allowMultipleAllocations}, plus the Kubernetes quantity, semver, lists, regex and
 * strings libraries, {@code cel.bind} and {@code includes}. See {@code docs/cel.md}.
 *
 * <p>A bad expression is a value, not an exception: {@link CompiledSelector#compileError()}
 * holds the message ("compilation failed: ERROR: &lt;input&gt;:1:5: ..."). Evaluation failures
 * such as a missing attribute ("no such key: model") or an expression over the cost limit throw
 * {@link io.github.dra4j.core.SelectorEvaluationException}.
 *
 * <p>Instances are thread-safe. As the reference's {@code GetCompiler} and its scheduler plugin's
 * CEL cache, the compilers of {@link #create()} and {@link #forNewExpressions()} are one per
 * process: a scheduler that builds a new allocator every cycle still compiles each selector
 * once. Successfully compiled selectors are kept in a bounded cache (Caffeine, size-based),
 * keyed by the expression and the environment; the environments themselves (the CEL
 * declarations and runtime of each feature-gate variant) are built once per process and shared
 * by every compiler.
 *
 * <pre>{@code
 * CompiledSelector s = CelCompiler.create().compile(
 *     "device.attributes[\"gpu.example.com\"].memory.compareTo(quantity(\"40Gi\")) >= 0", features);
 * boolean selected = s.matches(deviceView);
 * }</pre>
 */
public final class CelCompiler implements DeviceSelectorCompiler {

  /** Cache size of {@link #create()}. */
  public static final int DEFAULT_CACHE_SIZE = 1024;

  private final boolean newExpressions;
  private final CelCache<Key> cache;

  /** A selector, or the program of a derived attribute ({@code derived}). */
  private record Key(CelEnvironment.Variant variant, String expression, boolean derived) {}

  /** The process's compilers, made on first use. */
  private static final class Shared {
    static final CelCompiler STORED = new CelCompiler(false, DEFAULT_CACHE_SIZE);
  }

  private static final class SharedNew {
    static final CelCompiler NEW_EXPRESSIONS = new CelCompiler(true, DEFAULT_CACHE_SIZE);
  }

  private CelCompiler(boolean newExpressions, int cacheSize) {
    this.newExpressions = newExpressions;
    this.cache = new CelCache<>(cacheSize);
  }

  /**
   * Returns the process's compiler with the environment the allocator uses: every field and
   * function is declared whatever the feature gates (the reference compiles selectors as stored
   * expressions), so a selector that the API server once accepted keeps compiling. Every call
   * returns the same compiler, so its cache serves every allocator of the process.
   *
   * @return the shared compiler, with a cache of {@value #DEFAULT_CACHE_SIZE} selectors
   */
  public static CelCompiler create() {
    return Shared.STORED;
  }

  /**
   * Returns a new compiler like {@link #create()} with a cache of its own, of the given size. It
   * shares the process's environments, so only its selectors are compiled anew.
   *
   * @param cacheSize the most compiled selectors kept
   * @return the compiler
   * @throws IllegalArgumentException if the size is not positive
   */
  public static CelCompiler create(int cacheSize) {
    return new CelCompiler(false, cacheSize);
  }

  /**
   * The compile error of a {@link #forNewExpressions()} compiler for an expression whose
   * worst-case cost estimate exceeds the limit; the API server reports it as a forbidden field
   * rather than an invalid value, so callers that build field errors need to tell it apart.
   */
  public static final String TOO_COMPLEX = CelEnvironment.TOO_COMPLEX;

  /**
   * Returns a compiler with the stricter environment the API server uses for new expressions:
   * {@code device.allowMultipleAllocations} exists only with DRAConsumableCapacity, and
   * {@code includes} and iteration over attribute values only with DRAListTypeAttributes. As
   * the API server's validation does, it also rejects an expression whose worst-case cost
   * estimate exceeds the limit of 1,000,000 ("too complex, exceeds cost limit"); the allocator's
   * compiler ({@link #create()}) only limits the cost at run time.
   *
   * @return the process's compiler for new expressions, with a cache of {@value
   *     #DEFAULT_CACHE_SIZE} selectors
   */
  public static CelCompiler forNewExpressions() {
    return SharedNew.NEW_EXPRESSIONS;
  }

  /**
   * Compiles an expression, or returns the cached result.
   *
   * @param expression the selector expression
   * @param features the enabled features; only {@link #forNewExpressions()} compilers use them
   * @return the selector, carrying the compile error if there is one
   */
  @Override
  public CompiledSelector compile(String expression, Features features) {
    Objects.requireNonNull(expression, "expression");
    Objects.requireNonNull(features, "features");
    return cache.getOrCompile(new Key(variant(features), expression, false), key -> {
      FastSelector.Node simple = SimpleSelectors.parse(key.expression());
      return simple != null ? CelSelector.simple(key.expression(), simple, key.variant())
          : CelEnvironment.of(key.variant()).compile(key.expression());
    });
  }

  /**
   * Compiles the expression of a derived attribute (DRADerivedAttributes), or returns the cached
   * result: over the same {@code device} as a selector, yielding a string, int, bool or semver,
   * or a list of one of them (a list also without DRAListTypeAttributes, as the reference
   * compiles stored expressions). Mirrors GetOrCompileDerivedAttribute in cache.go and
   * EvaluateDerivedAttribute in compile.go.
   *
   * @param expression the expression
   * @param features the enabled features; only {@link #forNewExpressions()} compilers use them
   * @return the attribute, carrying the compile error if there is one
   */
  @Override
  public CompiledAttribute compileAttribute(String expression, Features features) {
    Objects.requireNonNull(expression, "expression");
    Objects.requireNonNull(features, "features");
    return new CelDerivedAttribute(cache.getOrCompile(new Key(variant(features), expression, true),
        key -> CelEnvironment.of(key.variant()).compileAttribute(key.expression())));
  }

  /**
   * Returns the worst-case cost estimate of an expression in this compiler's environment, as the
   * API server's validation sums it over the derived attributes of a claim (at most 1,000,000
   * together).
   *
   * @param expression an expression that compiles
   * @param features the enabled features
   * @return the estimate; {@link Long#MAX_VALUE} when the expression does not compile or its
   *     cost cannot be estimated
   */
  public long worstCaseCost(String expression, Features features) {
    Objects.requireNonNull(expression, "expression");
    return CelEnvironment.of(variant(Objects.requireNonNull(features, "features")))
        .worstCaseCost(expression);
  }

  private CelEnvironment.Variant variant(Features features) {
    return newExpressions
        ? new CelEnvironment.Variant(false, features.consumableCapacity(), features.listTypeAttributes())
        : CelEnvironment.Variant.stored();
  }

  /** {@return the number of cached selectors, for tests and monitoring} */
  int cachedSelectors() {
    return cache.size();
  }
}
