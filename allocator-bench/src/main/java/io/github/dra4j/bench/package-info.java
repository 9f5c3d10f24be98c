/**
 * JMH benchmarks of the dra4j allocator, the fixtures they run on, the JOL footprint measurement
 * and the report writer. The fixtures are public so that users can measure their own code on
 * the same inputs: {@link io.github.dra4j.bench.WorstCaseSlices} (one pool at every
 * ResourceSlice limit of KEP-5234), {@link io.github.dra4j.bench.DgxA100} (DGX A100 nodes with
 * MIG partitions, counters and mixins) and the {@link io.github.dra4j.bench.BenchCluster} they
 * return; the benchmarks, the footprint and the report are internal.
 *
 * <p>Run the suite with {@code allocator-bench/run-benchmarks.sh} (see docs/performance.md).
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.bench;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
