package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks the ratio arithmetic and verdicts of the report, and the T5 chart file. */
final class ReportTest {

  private static Report.Score score(String benchmark, String params, double us) {
    return new Report.Score(benchmark, params, us, 0.1, Map.of());
  }

  /** A T5 score whose search made perNode allocateOne calls per node in each of 20 calls. */
  private static Report.Score feasibility(int nodes, double us, double perNode) {
    return new Report.Score("FeasibilityBenchmark.feasibleNodes", "nodes=" + nodes, us, 0.1,
        Map.of("allocateOneInvocations", perNode * nodes * 20, "calls", 20.0));
  }

  private static final List<Report.Score> SCORES = List.of(
      new Report.Score("AllocateBenchmark.cold", "form=MIXIN", 110, 0.1,
          Map.of("allocateOneInvocations", 40.0, "calls", 10.0)),
      score("AllocateBenchmark.cold", "form=FLATTENED", 100),
      score("AllocateBenchmark.warm", "form=MIXIN", 12),
      score("AllocateBenchmark.warm", "form=FLATTENED", 8),
      score("DgxFillBenchmark.fill", "counters=true", 300),
      score("DgxFillBenchmark.fill", "counters=false", 100),
      score("DgxFillBenchmark.fillCycles", "counters=true", 140),
      score("DgxFillBenchmark.fillCycles", "counters=false", 100),
      feasibility(100, 1_000, 3.0),
      feasibility(1000, 10_000, 3.1),
      feasibility(5000, 50_000, 3.2),
      score("CelBenchmark.matchPerDevice", "form=MIXIN, selector=EQUALITY", 1.1),
      score("CelBenchmark.matchPerDevice", "form=FLATTENED, selector=EQUALITY", 1.0));

  @Test
  void targets_giveRatiosAndVerdicts() {
    Report report = new Report(SCORES, new Footprint.Result(
        new Footprint.Sizes(40, 100), new Footprint.Sizes(60, 120), new Footprint.Sizes(80, 90),
        new Footprint.Sizes(10, 50), new Footprint.Bound(60, 100, 10, 40, 5)));

    List<Report.Target> targets = report.targets();

    assertThat(targets).extracting(Report.Target::id, Report.Target::verdict).containsExactly(
        org.assertj.core.groups.Tuple.tuple("T1", "met"),
        org.assertj.core.groups.Tuple.tuple("T1", "MISSED"),
        org.assertj.core.groups.Tuple.tuple("T2", "met"),
        org.assertj.core.groups.Tuple.tuple("T2", "reported"),
        org.assertj.core.groups.Tuple.tuple("T2", "reported"),
        org.assertj.core.groups.Tuple.tuple("T2", "reported"),
        org.assertj.core.groups.Tuple.tuple("T2", "reported"),
        org.assertj.core.groups.Tuple.tuple("T3", "MISSED"),
        org.assertj.core.groups.Tuple.tuple("T3", "met"),
        org.assertj.core.groups.Tuple.tuple("T4", "met"),
        org.assertj.core.groups.Tuple.tuple("T4", "MISSED"),
        org.assertj.core.groups.Tuple.tuple("T5", "met"),
        org.assertj.core.groups.Tuple.tuple("T5", "met"),
        org.assertj.core.groups.Tuple.tuple("T5", "met"),
        org.assertj.core.groups.Tuple.tuple("T6", "met"),
        org.assertj.core.groups.Tuple.tuple("T6", "not measured"),
        org.assertj.core.groups.Tuple.tuple("T6", "not measured"),
        org.assertj.core.groups.Tuple.tuple("T7", "not measured"),
        org.assertj.core.groups.Tuple.tuple("T7", "not measured"),
        org.assertj.core.groups.Tuple.tuple("T7", "not measured"),
        org.assertj.core.groups.Tuple.tuple("T7", "not measured"));
    assertThat(targets.get(0).value()).isEqualTo("110 / 100 µs = 1.10x");
    assertThat(targets.get(6).value()).isEqualTo("60 B vs 100 B (0.600x) with maps and lists free;"
        + " <= 0.5x needs >= 1 B of map structure per entry (now 5 B; 10 vs 40 entries)");
    assertThat(targets.get(9).value()).isEqualTo("110 / 12.00 µs = 9.17x");
    assertThat(targets.get(11).value()).isEqualTo("10.00 ms");
    assertThat(targets.get(12).value()).contains("slope 1.00");
    assertThat(targets.get(13).value()).isEqualTo("3.00 at N=100, 3.10 at N=1000, 3.20 at N=5000");
  }

  /*
   * (mixin + mixinEntries * s) / (flattened + flattenedEntries * s) = 0.5 at the break-even s;
   * (60 + 10 * 1) / (100 + 40 * 1) = 0.5.
   */
  @Test
  void bound_breakEvenIsTheStructurePerEntryAtHalf() {
    assertThat(new Footprint.Bound(60, 100, 10, 40, 5).breakEven()).isEqualTo(1.0);
    assertThat(new Footprint.Bound(40, 100, 10, 40, 5).breakEven()).as("already below").isZero();
    assertThat(new Footprint.Bound(60, 100, 20, 40, 5).breakEven()).as("entry ratio 0.5").isInfinite();
    assertThat(new Footprint.Bound(60, 100, 20, 40, 5).toString())
        .contains("no amount of map structure per entry reaches <= 0.5x");
  }

  @Test
  void targets_simulationUsesMediansTheBuildTimeAndTheRetainedHeap() {
    List<Report.Score> scores = List.of(
        new Report.Score("SimulationBenchmark.placeOne", "nodes=100", 90, 1, Map.of(Report.MEDIAN, 30.0)),
        new Report.Score("SimulationBenchmark.placeOne", "nodes=1000", 400, 1, Map.of(Report.MEDIAN, 40.0)),
        new Report.Score("SimulationBenchmark.placeOne", "nodes=10000", 9000, 1, Map.of(Report.MEDIAN, 48.0)),
        score("SimulationBenchmark.buildCluster", "nodes=10000", 2_500_000));

    List<Report.Target> simulation = new Report(scores, null, List.of(),
        new Report.Retained(10_000, 3L << 29)).targets().stream().filter(t -> t.id().equals("T7")).toList();

    assertThat(simulation).extracting(Report.Target::value, Report.Target::verdict).containsExactly(
        org.assertj.core.groups.Tuple.tuple("40.00 µs", "met"),
        org.assertj.core.groups.Tuple.tuple("48.00 / 30.00 µs = 1.60x", "MISSED"),
        org.assertj.core.groups.Tuple.tuple("2.50 s", "MISSED"),
        org.assertj.core.groups.Tuple.tuple("1.50 GiB", "met"));
    assertThat(new Report(scores, null, List.of(), new Report.Retained(1000, 1L << 28)).targets().stream()
        .filter(t -> t.measure().startsWith("retained heap of that cluster")).findFirst().orElseThrow().value())
        .isEqualTo("0.250 GiB at 1,000 nodes");
  }

  @Test
  void targets_workPerNodeThatGrowsWithNIsMissed() {
    List<Report.Score> scores = List.of(feasibility(100, 1_000, 3.0), feasibility(5000, 50_000, 3.4));

    Report.Target work = new Report(scores, null).targets().stream()
        .filter(t -> t.measure().startsWith("search work per node")).findFirst().orElseThrow();

    assertThat(work.value()).isEqualTo("3.00 at N=100, 3.40 at N=5000");
    assertThat(work.verdict()).isEqualTo("MISSED");
  }

  @Test
  void targets_withoutFootprintOrScores_areNotMeasured() {
    List<Report.Target> targets = new Report(List.of(), null).targets();

    assertThat(targets).extracting(Report.Target::verdict).containsOnly("not measured");
  }

  @Test
  void markdown_listsEveryScore() {
    String md = new Report(SCORES, null).markdown("test machine");

    assertThat(md).startsWith("Environment: test machine")
        .contains("| AllocateBenchmark.cold | form=MIXIN | 110 | 0.10 | allocateOne/op=4.00 |")
        .contains("| T3 | fill a DGX A100 node, 24 claims, from a new snapshot: counters / no counters"
            + " | 300 / 100 µs = 3.00x")
        .contains("| T3 | the same fill from an informer-maintained snapshot: counters / no counters"
            + " | 140 / 100 µs = 1.40x");
  }

  @Test
  void t5Chart_isPng(@TempDir Path dir) throws Exception {
    Path png = dir.resolve("t5.png");

    assertThat(new Report(SCORES, null).writeT5Chart(png)).isTrue();

    byte[] bytes = Files.readAllBytes(png);
    assertThat(bytes).hasSizeGreaterThan(1000);
    assertThat(new String(bytes, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
    assertThat(new Report(List.of(), null).writeT5Chart(dir.resolve("none.png"))).isFalse();
  }
}
