package io.github.dra4j.cel;

import io.github.dra4j.core.CompiledAttribute;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceSelectorCompiler;
import io.github.dra4j.core.Features;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

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
 * <p>Instances are thread-safe. Successfully compiled selectors are kept in a bounded LRU cache,
 * keyed by the expression and the environment.
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
  private final ConcurrentMap<CelEnvironment.Variant, CelEnvironment> environments = new ConcurrentHashMap<>();

  /** A selector, or the program of a derived attribute ({@code derived}). */
  private record Key(CelEnvironment.Variant variant, String expression, boolean derived) {}

  private CelCompiler(boolean newExpressions, int cacheSize) {
    this.newExpressions = newExpressions;
    this.cache = new CelCache<>(cacheSize);
  }

  /**
   * Returns a compiler with the environment the allocator uses: every field and function is
   * declared whatever the feature gates (the reference compiles selectors as stored
   * expressions), so a selector that the API server once accepted keeps compiling.
   *
   * @return a compiler with a cache of {@value #DEFAULT_CACHE_SIZE} selectors
   */
  public static CelCompiler create() {
    return new CelCompiler(false, DEFAULT_CACHE_SIZE);
  }

  /**
   * Returns a compiler like {@link #create()} with a cache of the given size.
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
   * @return the compiler, with a cache of {@value #DEFAULT_CACHE_SIZE} selectors
   */
  public static CelCompiler forNewExpressions() {
    return new CelCompiler(true, DEFAULT_CACHE_SIZE);
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
    return cache.getOrCompile(new Key(variant(features), expression, false),
        key -> environments.computeIfAbsent(key.variant(), CelEnvironment::new).compile(key.expression()));
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
        key -> environments.computeIfAbsent(key.variant(), CelEnvironment::new).compileAttribute(key.expression())));
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
    return environments.computeIfAbsent(variant(Objects.requireNonNull(features, "features")), CelEnvironment::new)
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
