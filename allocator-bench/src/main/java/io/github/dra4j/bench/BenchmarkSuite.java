package io.github.dra4j.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the performance suite and writes the report: {@code jmh-results.json}, {@code
 * performance-results.md} (JMH table and target ratios) and {@code t5-feasibility.png} into the
 * output directory.
 *
 * <pre>{@code
 * java -cp allocator-bench/target/benchmarks.jar io.github.dra4j.bench.BenchmarkSuite \
 *     [--quick] [--out docs] [benchmark-regex ...]
 * }</pre>
 *
 * <p>The full mode uses 10 warm-up and 5 measured iterations of 1 s, in the forks each benchmark
 * class declares: three for those whose targets one fork could not decide (T1, T3, T5: scores
 * moved by up to 2x between forks), one for the others. Then T1 cold, T3 fill and T5's time
 * per node at N = 5,000 and 100 run in {@code --rounds} (default 10) alternating rounds of one fork
 * per side ({@link PairedRounds}), which decide those targets. {@code --quick} uses one fork, 1 and 2 iterations of 200 ms, N = 100
 * and 1,000 only, and one round, for a smoke run. When SimulationBenchmark ran, the heap its
 * largest cluster holds is measured last, in the suite's JVM.
 */
public final class BenchmarkSuite {
  private static final List<Class<?>> BENCHMARKS = List.of(
      AllocateBenchmark.class, DgxFillBenchmark.class, FeasibilityBenchmark.class, FeasibilityColdBenchmark.class,
      CelBenchmark.class, CelCompileBenchmark.class, GatherPoolsBenchmark.class, BacktrackingBenchmark.class,
      SimulationBenchmark.class, ReadBenchmark.class);

  private BenchmarkSuite() {}

  /**
   * Runs the suite.
   *
   * @param args {@code --quick}, {@code --out DIR}, {@code --no-footprint}, {@code --rounds N} (0: none),
   *     benchmark regexes
   * @throws RunnerException when JMH fails
   * @throws IOException when the report cannot be written
   */
  public static void main(String[] args) throws RunnerException, IOException {
    boolean quick = false;
    boolean footprint = true;
    int rounds = -1;
    Path out = Path.of("docs");
    List<String> includes = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> quick = true;
        case "--no-footprint" -> footprint = false;
        case "--out" -> out = Path.of(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        default -> includes.add(args[i]);
      }
    }
    if (rounds < 0) {
      rounds = !includes.isEmpty() ? 0 : quick ? 1 : 10;
    }
    if (includes.isEmpty()) {
      BENCHMARKS.forEach(c -> includes.add(c.getName() + "\\."));
    }
    Files.createDirectories(out);
    boolean smoke = quick;
    ChainedOptionsBuilder options = iterations(smoke)
        .resultFormat(ResultFormatType.JSON)
        .result(out.resolve("jmh-results.json").toString());
    includes.forEach(options::include);
    if (quick) {
      options.forks(1).param("nodes", "100", "1000");
    }
    String loadBefore = loadAverage();
    Collection<RunResult> results = new Runner(options.build()).run();
    List<PairedRounds.Result> paired = rounds > 0 ? PairedRounds.run(() -> iterations(smoke), rounds) : List.of();

    List<Report.Score> scores = Report.scores(results);
    Report report = new Report(scores, footprint ? Footprint.measure(1) : null, paired, retained(scores));
    String markdown = report.markdown(environment() + (quick ? " (quick mode)" : "")
        + "; load average (1/5/15 min) " + loadBefore + " before the run, " + loadAverage() + " after");
    Files.writeString(out.resolve("performance-results.md"), markdown, StandardCharsets.UTF_8);
    report.writeT5Chart(out.resolve("t5-feasibility.png"));
    System.out.println(markdown);
  }

  /**
   * {@return the heap held by the largest cluster SimulationBenchmark built, or null when it did
   * not run} Measured here, in the suite's JVM, after the forks have ended.
   */
  private static Report.@Nullable Retained retained(List<Report.Score> scores) {
    int nodes = scores.stream().filter(s -> s.benchmark().equals("SimulationBenchmark.buildCluster"))
        .mapToInt(s -> Integer.parseInt(s.params().substring("nodes=".length()))).max().orElse(0);
    return nodes == 0 ? null : new Report.Retained(nodes, SimulationBenchmark.retainedBytes(nodes));
  }

  /** {@return options with the suite's iterations; the caller adds what to run} */
  private static ChainedOptionsBuilder iterations(boolean quick) {
    return new OptionsBuilder()
        // Ten seconds: the fills and the 5,000-node question still speed up for six to twelve
        // one-second iterations (C2 recompiles the large snapshot-building methods, G1 settles
        // after the cluster's setup), and three left their scores far from steady state.
        .warmupIterations(quick ? 1 : 10)
        .warmupTime(TimeValue.milliseconds(quick ? 200 : 1000))
        .measurementIterations(quick ? 2 : 5)
        // No JVM options here: options given to the runner replace a benchmark's @Fork
        // jvmArgsAppend (the heap of the 5,000-node cluster), and only this JVM draws the chart.
        .measurementTime(TimeValue.milliseconds(quick ? 200 : 1000));
  }

  /** {@return the load averages from /proc/loadavg: other work on the machine skews every score} */
  static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ", -1);
      return fields[0] + " / " + fields[1] + " / " + fields[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** {@return the CPU, core count, JDK and OS the results were measured on} */
  static String environment() {
    String cpu = "unknown CPU";
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (Files.isReadable(cpuinfo)) {
      try (Stream<String> lines = Files.lines(cpuinfo)) {
        cpu = lines.filter(l -> l.startsWith("model name"))
            .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(cpu);
      } catch (IOException e) {
        cpu = "unknown CPU (" + e.getMessage() + ")";
      }
    }
    return String.format(Locale.ROOT, "%s, %d cores available, %s %s (%s), %s %s",
        cpu, Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"), System.getProperty("java.vm.vendor"),
        System.getProperty("os.name"), System.getProperty("os.arch"));
  }
}
