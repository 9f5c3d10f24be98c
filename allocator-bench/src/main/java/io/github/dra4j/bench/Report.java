package io.github.dra4j.bench;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.openjdk.jmh.results.RunResult;

/**
 * Turns JMH results and the JOL footprint into the tables of docs/performance.md: every score,
 * then the ratio of each performance target with a verdict, plus the chart of feasibleNodes against N.
 * A benchmark timed per operation ({@code Mode.SampleTime}) has its percentiles among the
 * secondary results; the simulation's targets use the median.
 */
final class Report {
  /** The secondary result in which JMH gives a sampled benchmark's median, in its time unit. */
  static final String MEDIAN = "p0.50";

  /**
   * One JMH score.
   *
   * @param benchmark the simple class name and method, such as {@code AllocateBenchmark.cold}
   * @param params the parameters sorted by name, such as {@code form=MIXIN, selector=SEMVER}
   * @param score the average time in µs per operation
   * @param error the 99.9% error half-width
   * @param secondary the secondary (auxiliary counter) results by name
   */
  record Score(String benchmark, String params, double score, double error, Map<String, Double> secondary) {
    Score {
      secondary = Map.copyOf(secondary);
    }
  }

  /**
   * One performance target (docs/performance.md).
   *
   * @param id T1..T6
   * @param measure what is compared
   * @param value the measured value as printed, or "not measured"
   * @param target the target as printed
   * @param verdict met, missed or not measured
   */
  record Target(String id, String measure, String value, String target, String verdict) {}

  /**
   * The heap a built DGX A100 cluster holds ({@link SimulationBenchmark#retainedBytes}).
   *
   * @param nodes the cluster's nodes
   * @param bytes the retained bytes
   */
  record Retained(int nodes, long bytes) {}

  private static final int SIMULATION_NODES = 10_000;
  private static final double GIB = 1024.0 * 1024 * 1024;

  private final List<Score> scores;
  private final Footprint.@Nullable Result footprint;
  private final List<PairedRounds.Result> paired;
  private final @Nullable Retained retained;

  Report(List<Score> scores, Footprint.@Nullable Result footprint) {
    this(scores, footprint, List.of(), null);
  }

  /**
   * @param paired alternating rounds of ratio targets; where present, their verdict replaces the
   *     main run's ratio for that target
   */
  Report(List<Score> scores, Footprint.@Nullable Result footprint, List<PairedRounds.Result> paired) {
    this(scores, footprint, paired, null);
  }

  /** @param retained the heap SimulationBenchmark's largest cluster holds, or null when not measured */
  Report(List<Score> scores, Footprint.@Nullable Result footprint, List<PairedRounds.Result> paired,
      @Nullable Retained retained) {
    this.scores = List.copyOf(scores);
    this.footprint = footprint;
    this.paired = List.copyOf(paired);
    this.retained = retained;
  }

  /** {@return the scores of JMH run results} */
  static List<Score> scores(Collection<RunResult> results) {
    List<Score> scores = new ArrayList<>();
    for (RunResult run : results) {
      String name = run.getParams().getBenchmark();
      String[] parts = name.split("\\.", -1);
      String benchmark = parts[parts.length - 2] + "." + parts[parts.length - 1];
      String params = run.getParams().getParamsKeys().stream().sorted()
          .map(k -> k + "=" + run.getParams().getParam(k))
          .collect(Collectors.joining(", "));
      Map<String, Double> secondary = new TreeMap<>();
      run.getSecondaryResults().forEach((key, result) -> secondary.put(key, result.getScore()));
      scores.add(new Score(benchmark, params, run.getPrimaryResult().getScore(),
          run.getPrimaryResult().getScoreError(), secondary));
    }
    return scores;
  }

  /** {@return the score of a benchmark with exactly these parameters, or null} */
  @Nullable Double score(String benchmark, String params) {
    for (Score s : scores) {
      if (s.benchmark().equals(benchmark) && s.params().equals(params)) {
        return s.score();
      }
    }
    return null;
  }

  /** {@return the median of a sampled benchmark with exactly these parameters, or null} */
  @Nullable Double median(String benchmark, String params) {
    for (Score s : scores) {
      if (s.benchmark().equals(benchmark) && s.params().equals(params)) {
        return s.secondary().get(MEDIAN);
      }
    }
    return null;
  }

  /** {@return the performance targets with the measured values} */
  List<Target> targets() {
    List<Target> targets = new ArrayList<>();
    targets.add(withRounds(ratio("T1", "allocate last device, cold snapshot: mixin / flattened",
        score("AllocateBenchmark.cold", "form=MIXIN"), score("AllocateBenchmark.cold", "form=FLATTENED"),
        "<= 1.15x", r -> r <= 1.15), "AllocateBenchmark.cold"));
    targets.add(ratio("T1", "allocate last device, warm snapshot: mixin / flattened",
        score("AllocateBenchmark.warm", "form=MIXIN"), score("AllocateBenchmark.warm", "form=FLATTENED"),
        "<= 1.15x", r -> r <= 1.15));
    if (footprint != null) {
      targets.add(new Target("T2", "retained heap of the decoded slices: mixin / flattened",
          footprint.slices().toString(), "<= 0.5x", verdict(footprint.slices().ratio() <= 0.5)));
      targets.add(new Target("T2", "slices + resolved mixin views: mixin / flattened",
          footprint.resolved().toString(), "reported", "reported"));
      targets.add(new Target("T2", "freshly indexed snapshot: mixin / flattened",
          footprint.snapshot().toString(), "reported", "reported"));
      targets.add(new Target("T2", "one DGX A100 node (real-world sharing): mixin / flattened",
          footprint.dgxNode().toString(), "reported", "reported"));
      targets.add(new Target("T2", "bound: decoded slices without maps and lists (values, strings, records)",
          footprint.bound().toString(), "reported", "reported"));
    } else {
      targets.add(new Target("T2", "retained heap: mixin / flattened", "not measured", "<= 0.5x", "not measured"));
    }
    targets.add(withRounds(ratio("T3", "fill a DGX A100 node, 24 claims, from a new snapshot: counters / no counters",
        score("DgxFillBenchmark.fill", "counters=true"), score("DgxFillBenchmark.fill", "counters=false"),
        "<= 1.5x", r -> r <= 1.5), "DgxFillBenchmark.fill"));
    targets.add(ratio("T3", "the same fill from an informer-maintained snapshot: counters / no counters",
        score("DgxFillBenchmark.fillCycles", "counters=true"), score("DgxFillBenchmark.fillCycles", "counters=false"),
        "<= 1.5x", r -> r <= 1.5));
    Double cold = score("AllocateBenchmark.cold", "form=MIXIN");
    Double warm = score("AllocateBenchmark.warm", "form=MIXIN");
    targets.add(ratio("T4", "cold / warm allocation on the worst-case slice (mixin form)", cold, warm,
        ">= 5x faster", r -> r >= 5));
    targets.add(absolute("T4", "warm allocation of a single-device claim", warm, "µs", 10));
    Double n1000 = score("FeasibilityBenchmark.feasibleNodes", "nodes=1000");
    targets.add(absolute("T5", "which of 1,000 DGX nodes fit one claim (parallel)",
        n1000 == null ? null : n1000 / 1000, "ms", 20));
    targets.add(withRounds(linearity(), "FeasibilityBenchmark.feasibleNodes"));
    targets.add(workPerNode());
    for (CelBenchmark.Selector selector : CelBenchmark.Selector.values()) {
      targets.add(ratio("T6", "CEL " + selector.name().toLowerCase(Locale.ROOT) + " per device: mixin / flattened",
          score("CelBenchmark.matchPerDevice", "form=MIXIN, selector=" + selector),
          score("CelBenchmark.matchPerDevice", "form=FLATTENED, selector=" + selector),
          "<= 1.2x", r -> r <= 1.2));
    }
    targets.addAll(simulation());
    return targets;
  }

  /** T7: the simulation's scheduling loop (SimulationBenchmark) and the cluster it runs on. */
  private List<Target> simulation() {
    List<Target> targets = new ArrayList<>();
    String placeOne = "SimulationBenchmark.placeOne";
    targets.add(absolute("T7", "median placement on 1,000 DGX A100 MIG nodes (first fit)",
        median(placeOne, "nodes=1000"), "µs", 50));
    targets.add(ratio("T7", "median placement, 10,000 nodes / 100 nodes",
        median(placeOne, "nodes=" + SIMULATION_NODES), median(placeOne, "nodes=100"), "<= 1.5x", r -> r <= 1.5));
    Double build = score("SimulationBenchmark.buildCluster", "nodes=" + SIMULATION_NODES);
    targets.add(absolute("T7", "build a 10,000-node cluster from a DGX A100 node template",
        build == null ? null : build / 1e6, "s", 2));
    String heap = "retained heap of that cluster (stamped-out objects and snapshot)";
    if (retained == null) {
      targets.add(new Target("T7", heap, "not measured", "<= 2 GiB", "not measured"));
    } else if (retained.nodes() != SIMULATION_NODES) {
      targets.add(new Target("T7", heap, String.format(Locale.ROOT, "%.3f GiB at %,d nodes",
          retained.bytes() / GIB, retained.nodes()), "<= 2 GiB at 10,000 nodes", "not measured"));
    } else {
      targets.add(absolute("T7", heap, retained.bytes() / GIB, "GiB", 2));
    }
    return targets;
  }

  /** The target decided by alternating rounds where they ran, with the main run's ratio beside them. */
  private Target withRounds(Target main, String benchmark) {
    for (PairedRounds.Result r : paired) {
      if (r.pair().benchmark().equals(benchmark)) {
        String value = r.pair().scale() == 1 ? r.describe()
            : String.format(Locale.ROOT, "time per node %s (slope %.2f)", r.describe(),
                slope(r.geometricMean() / r.pair().scale(), 1 / r.pair().scale()));
        return new Target(main.id(), main.measure(), value + "; main run: " + main.value(), main.target(),
            r.verdict());
      }
    }
    return main;
  }

  /** {@return the log-log slope of time against N: time grew by timeRatio while N grew by nRatio} */
  private static double slope(double timeRatio, double nRatio) {
    return Math.log(timeRatio) / Math.log(nRatio);
  }

  /** T5 is linear when the time per node barely grows from the smallest to the largest N. */
  private Target linearity() {
    NavigableMap<Integer, Double> byN = feasibilityByNodes();
    String measure = "time per node, smallest N vs largest N (log-log slope)";
    if (byN.size() < 2) {
      return new Target("T5", measure, "not measured", "slope <= 1.1", "not measured");
    }
    int n0 = byN.firstKey();
    int n1 = byN.lastKey();
    double t0 = byN.firstEntry().getValue();
    double t1 = byN.lastEntry().getValue();
    double slope = slope(t1 / t0, (double) n1 / n0);
    String value = String.format(Locale.ROOT, "%.2f µs/node at N=%d, %.2f µs/node at N=%d, slope %.2f",
        t0 / n0, n0, t1 / n1, n1, slope);
    return new Target("T5", measure, value, "linear: slope <= 1.1", verdict(slope <= 1.1));
  }

  /**
   * T5's search work per node: allocateOne calls per node at each N. A search whose work per node
   * does not depend on N is linear; the time per node can still grow once the nodes' data no
   * longer fits in the CPU caches, which this count does not see.
   */
  private Target workPerNode() {
    TreeMap<Integer, Double> perNode = new TreeMap<>();
    for (Score s : scores) {
      Double invocations = s.secondary().get("allocateOneInvocations");
      Double calls = s.secondary().get("calls");
      if (s.benchmark().equals("FeasibilityBenchmark.feasibleNodes") && invocations != null && calls != null
          && calls > 0) {
        int n = Integer.parseInt(s.params().substring("nodes=".length()));
        perNode.put(n, invocations / calls / n);
      }
    }
    String measure = "search work per node (allocateOne calls per node and question)";
    String target = "constant in N (within 10%)";
    if (perNode.size() < 2) {
      return new Target("T5", measure, "not measured", target, "not measured");
    }
    String value = perNode.entrySet().stream()
        .map(e -> String.format(Locale.ROOT, "%.2f at N=%d", e.getValue(), e.getKey()))
        .collect(Collectors.joining(", "));
    double min = perNode.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = perNode.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return new Target("T5", measure, value, target, verdict(max <= 1.1 * min));
  }

  private NavigableMap<Integer, Double> feasibilityByNodes() {
    TreeMap<Integer, Double> byN = new TreeMap<>();
    for (Score s : scores) {
      if (s.benchmark().equals("FeasibilityBenchmark.feasibleNodes")) {
        byN.put(Integer.parseInt(s.params().substring("nodes=".length())), s.score());
      }
    }
    return byN;
  }

  private static Target ratio(String id, String measure, @Nullable Double a, @Nullable Double b, String target,
      java.util.function.DoublePredicate met) {
    if (a == null || b == null) {
      return new Target(id, measure, "not measured", target, "not measured");
    }
    double r = a / b;
    String value = String.format(Locale.ROOT, "%s / %s µs = %.2fx", fmt(a), fmt(b), r);
    return new Target(id, measure, value, target, verdict(met.test(r)));
  }

  private static Target absolute(String id, String measure, @Nullable Double value, String unit, double limit) {
    String target = String.format(Locale.ROOT, "<= %s %s", fmt(limit), unit);
    if (value == null) {
      return new Target(id, measure, "not measured", target, "not measured");
    }
    return new Target(id, measure, fmt(value) + " " + unit, target, verdict(value <= limit));
  }

  private static String verdict(boolean met) {
    return met ? "met" : "MISSED";
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : "%.2f", v);
  }

  /** {@return the JMH table and the targets table, in Markdown} */
  String markdown(String environment) {
    StringBuilder md = new StringBuilder();
    md.append("Environment: ").append(environment).append("\n\n");
    md.append("| benchmark | params | avg µs/op | ± (99.9%) | secondary |\n");
    md.append("| --- | --- | ---: | ---: | --- |\n");
    for (Score s : scores) {
      md.append("| ").append(s.benchmark()).append(" | ").append(s.params()).append(" | ")
          .append(fmt(s.score())).append(" | ").append(Double.isNaN(s.error()) ? "" : fmt(s.error()))
          .append(" | ").append(secondary(s)).append(" |\n");
    }
    md.append("\n| target | measures | value | target | verdict |\n");
    md.append("| --- | --- | --- | --- | --- |\n");
    for (Target t : targets()) {
      md.append("| ").append(t.id()).append(" | ").append(t.measure()).append(" | ").append(t.value())
          .append(" | ").append(t.target()).append(" | ").append(t.verdict()).append(" |\n");
    }
    for (PairedRounds.Result r : paired) {
      PairedRounds.Pair p = r.pair();
      String side = p.param() + "=" + p.side();
      String base = p.param() + "=" + p.base();
      md.append("\nAlternating rounds of ").append(p.benchmark()).append(", ").append(side).append(" / ")
          .append(base).append(p.scale() == 1 ? "" : " per node").append(": ").append(r.describe())
          .append("\n\n| round | ").append(side).append(" µs/op | ").append(base).append(" µs/op | ")
          .append(p.scale() == 1 ? "ratio" : "ratio per node").append(" |\n| ---: | ---: | ---: | ---: |\n");
      for (int i = 0; i < r.rounds(); i++) {
        md.append(String.format(Locale.ROOT, "| %d | %s | %s | %.2fx |\n", i + 1, fmt(r.sides().get(i)),
            fmt(r.bases().get(i)), r.ratio(i)));
      }
    }
    return md.toString();
  }

  /** Prints search effort per call when the benchmark counted it. */
  private static String secondary(Score s) {
    Double invocations = s.secondary().get("allocateOneInvocations");
    Double calls = s.secondary().get("calls");
    if (invocations != null && calls != null && calls > 0) {
      return "allocateOne/op=" + fmt(invocations / calls);
    }
    return s.secondary().entrySet().stream()
        .map(e -> e.getKey() + "=" + fmt(e.getValue())).collect(Collectors.joining(", "));
  }

  /**
   * Writes the T5 chart: time per "which nodes fit" question against N.
   *
   * @param png the file to write
   * @return whether there was anything to draw
   * @throws IOException when the file cannot be written
   */
  @CanIgnoreReturnValue
  boolean writeT5Chart(Path png) throws IOException {
    NavigableMap<Integer, Double> byN = feasibilityByNodes();
    if (byN.isEmpty()) {
      return false;
    }
    double[] x = byN.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
    double[] y = byN.values().stream().mapToDouble(us -> us / 1000).toArray();
    XYChart chart = new XYChartBuilder().width(800).height(500)
        .title("T5: which DGX A100 nodes fit one MIG claim (parallel, one snapshot)")
        .xAxisTitle("nodes (N)").yAxisTitle("ms per question").build();
    chart.getStyler().setLegendVisible(true);
    chart.addSeries("dra4j", x, y);
    chart.addSeries("target 20 ms at N=1000, linear", new double[] {0, x[x.length - 1]},
        new double[] {0, 20.0 * x[x.length - 1] / 1000});
    Files.createDirectories(png.toAbsolutePath().getParent());
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    return true;
  }
}
