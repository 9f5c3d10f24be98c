/**
 * The structured allocator: cluster snapshots, pools, mixins, counters, the backtracking search
 * and its explanations. {@code io.github.dra4j.core.internal.mixin} is not API and may change
 * without notice: only allocator-bench's footprint and CEL benchmarks, which measure it, see it.
 */
// "module": allocator-bench is not built before this module, so javac cannot find it
@SuppressWarnings("module")
module io.github.dra4j.core {
  requires transitive io.github.dra4j.api;
  requires static transitive org.jspecify;
  requires static transitive com.google.errorprone.annotations;

  exports io.github.dra4j.core;
  exports io.github.dra4j.core.internal.mixin to io.github.dra4j.bench;
}
