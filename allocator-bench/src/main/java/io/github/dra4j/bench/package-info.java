/**
 * JMH benchmarks of the dra4j allocator (issue #8), the fixtures they run on, the JOL footprint
 * measurement and the report writer. Not API: nothing here is published.
 *
 * <p>Run the suite with {@code allocator-bench/run-benchmarks.sh} (see docs/performance.md).
 */
@NullMarked
package io.github.dra4j.bench;

import org.jspecify.annotations.NullMarked;
