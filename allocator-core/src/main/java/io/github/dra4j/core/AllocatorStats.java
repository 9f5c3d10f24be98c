package io.github.dra4j.core;

/**
 * Counters of a {@link ClusterSnapshot}, summed over every call made against it. A narrow view:
 * tests use it to assert that pruning works, benchmarks to report search effort.
 */
public interface AllocatorStats {

  /** {@return how often the backtracking step {@code allocateOne} ran, as in the Go reference's stats} */
  long allocateOneInvocations();
}
