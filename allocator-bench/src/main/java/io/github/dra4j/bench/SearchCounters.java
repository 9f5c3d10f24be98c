package io.github.dra4j.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Search effort reported next to the time: {@code allocateOne} invocations from the snapshot's
 * {@code AllocatorStats}, and how many benchmark calls they were summed over, so the report can
 * print invocations per call.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class SearchCounters {
  /** {@code allocateOne} invocations summed over the calls of an iteration. */
  public long allocateOneInvocations;

  /** Benchmark calls in the iteration. */
  public long calls;

  /** Adds one call's invocations. */
  void record(long invocations) {
    allocateOneInvocations += invocations;
    calls++;
  }
}
