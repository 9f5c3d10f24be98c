package io.github.dra4j.bench;

import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.MixinFlattener;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * T6: CEL selector cost per device on the 128 devices of the worst-case slice, mixin views vs
 * flattened devices. The selectors read keys of the first include (layer 0), which a lazy lookup
 * finds last. Compilation happens in setup, as in the reference's {@code BenchmarkDeviceMatches};
 * {@link CelCompileBenchmark} measures the cold compile for contrast.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh CelBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
public class CelBenchmark {

  /** The selector kinds of T6. */
  public enum Selector {
    EQUALITY(WorstCaseSlices.EQUALITY),
    QUANTITY(WorstCaseSlices.QUANTITY),
    SEMVER(WorstCaseSlices.SEMVER);

    final String expression;

    Selector(String expression) {
      this.expression = expression;
    }
  }

  @Param({"EQUALITY", "QUANTITY", "SEMVER"})
  Selector selector;

  @Param({"MIXIN", "FLATTENED"})
  Form form;

  private List<DeviceView> devices;
  private CompiledSelector compiled;

  /** Resolves the device slice, compiles the selector and checks that it selects every device. */
  @Setup
  public void setup() {
    BenchCluster cluster = form.worstCase(1);
    devices = MixinFlattener.views(cluster.slices().get(0));
    compiled = CelCompiler.create().compile(selector.expression, Features.all());
    if (compiled.compileError() != null) {
      throw new IllegalStateException(selector + ": " + compiled.compileError());
    }
    int matched = matchPerDevice();
    if (matched != WorstCaseSlices.DEVICES_PER_SLICE) {
      throw new IllegalStateException(selector + " matched " + matched + " devices");
    }
  }

  /** {@return how many devices match; the time is reported per device} */
  @Benchmark
  @OperationsPerInvocation(WorstCaseSlices.DEVICES_PER_SLICE)
  public int matchPerDevice() {
    int matched = 0;
    for (DeviceView device : devices) {
      if (compiled.matches(device)) {
        matched++;
      }
    }
    return matched;
  }
}
