package io.github.dra4j.bench;

import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.Features;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cold side of {@link CelBenchmark}: compiling a T6 selector with a compiler of its own
 * ({@code CelCompiler.create(1)}), so no compiled-selector cache helps; the CEL environment is
 * the process's, built once, as every compiler shares it. It shows why the compiler caches.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh CelCompileBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
public class CelCompileBenchmark {

  @Param({"EQUALITY", "QUANTITY", "SEMVER"})
  CelBenchmark.Selector selector;

  /** Checks that the selector compiles. */
  @Setup
  public void setup() {
    String error = compile().compileError();
    if (error != null) {
      throw new IllegalStateException(selector + ": " + error);
    }
  }

  /** {@return the selector compiled by a compiler with an empty cache} */
  @Benchmark
  public CompiledSelector compile() {
    return CelCompiler.create(1).compile(selector.expression, Features.all());
  }
}
