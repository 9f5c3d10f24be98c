/**
 * The structured allocator: cluster snapshots, pools, mixins, counters, the backtracking search
 * and its explanations, and the selector SPI. Only {@code io.github.dra4j.core} is exported;
 * scheduling, simulations and benchmarks use it as any user does.
 */
module io.github.dra4j.core {
  requires transitive io.github.dra4j.api;
  requires static transitive org.jspecify;
  requires static transitive com.google.errorprone.annotations;

  exports io.github.dra4j.core;
}
