package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Checks the statistics and verdicts of alternating rounds, and how the report uses them. */
final class PairedRoundsTest {
  private static final PairedRounds.Pair T1 = PairedRounds.PAIRS.get(0);

  private static PairedRounds.Result rounds(double... ratios) {
    List<Double> sides = new ArrayList<>();
    List<Double> bases = new ArrayList<>();
    for (double r : ratios) {
      sides.add(100 * r);
      bases.add(100.0);
    }
    return new PairedRounds.Result(T1, sides, bases);
  }

  /* Each side's score is its run number: the order of the runs and where each score lands. */
  @Test
  void run_swapsTheSidesEveryRoundAndKeepsEachScoreWithItsSide() throws Exception {
    List<String> order = new ArrayList<>();
    List<PairedRounds.Result> results = PairedRounds.run(4, (pair, value) -> {
      order.add(pair.benchmark() + " " + value);
      return order.size();
    });

    String side = T1.benchmark() + " " + T1.side();
    String base = T1.benchmark() + " " + T1.base();
    assertThat(order.stream().filter(o -> o.startsWith(T1.benchmark() + " ")).toList())
        .containsExactly(side, base, base, side, side, base, base, side);
    assertThat(order).hasSize(4 * 2 * PairedRounds.PAIRS.size());
    PairedRounds.Result t1 = results.get(0);
    for (int r = 0; r < 4; r++) {
      assertThat(order.get((int) t1.sides().get(r).doubleValue() - 1)).as("round %d numerator", r).isEqualTo(side);
      assertThat(order.get((int) t1.bases().get(r).doubleValue() - 1)).as("round %d denominator", r).isEqualTo(base);
    }
  }

  @Test
  void result_givesTheGeometricMeanAndA95PercentInterval() {
    PairedRounds.Result r = rounds(1.0, 1.1, 1.21);

    assertThat(r.geometricMean()).isCloseTo(1.1, Offset.offset(1e-9));
    // t(0.975, 2) = 4.303 times the standard error of the log ratios, whose deviation is ln 1.1.
    double se = Math.log(1.1) / Math.sqrt(3);
    assertThat(r.interval()[0]).isCloseTo(1.1 * Math.exp(-4.303 * se), Offset.offset(1e-3));
    assertThat(r.interval()[1]).isCloseTo(1.1 * Math.exp(4.303 * se), Offset.offset(1e-3));
    assertThat(rounds(1.0, 1.21).interval()).as("two rounds").containsOnly(Double.NaN);
  }

  @Test
  void verdict_onlyWhenTheWholeIntervalIsOnOneSideOfTheLimit() {
    assertThat(T1.limit()).isEqualTo(1.15);
    assertThat(rounds(1.05, 1.06, 1.04, 1.05, 1.07, 1.05).verdict()).isEqualTo("met");
    assertThat(rounds(1.25, 1.27, 1.24, 1.26, 1.30, 1.25).verdict()).isEqualTo("MISSED");
    assertThat(rounds(1.02, 1.48, 1.18, 1.12, 1.22, 1.05).verdict()).isEqualTo("not decided");
    assertThat(rounds(1.01).verdict()).as("one round").isEqualTo("not decided");
    assertThat(rounds(1.01).describe()).contains("1.01x", "1 alternating round ", "no interval from fewer than 3");
  }

  @Test
  void t5_comparesTimePerNodeAgainstSlope1point1() {
    PairedRounds.Pair t5 = PairedRounds.PAIRS.get(2);
    assertThat(t5.limit()).isCloseTo(1.479, Offset.offset(1e-3));
    // 5,000 nodes in 60x the time of 100 nodes: 1.2x the time per node, slope 1.047; the main
    // run (80x, slope 1.12) would miss.
    PairedRounds.Result r = new PairedRounds.Result(t5, List.of(6000.0, 6000.0, 6000.0), List.of(100.0, 100.0, 100.0));
    assertThat(r.ratio(0)).isCloseTo(1.2, Offset.offset(1e-9));
    assertThat(r.verdict()).isEqualTo("met");

    Report report = new Report(List.of(
        new Report.Score("FeasibilityBenchmark.feasibleNodes", "nodes=100", 100, 0.1, Map.of()),
        new Report.Score("FeasibilityBenchmark.feasibleNodes", "nodes=5000", 8000, 0.1, Map.of())), null, List.of(r));
    Report.Target linearity = report.targets().stream()
        .filter(t -> t.measure().contains("log-log slope")).findFirst().orElseThrow();
    assertThat(linearity.verdict()).isEqualTo("met");
    assertThat(linearity.value()).startsWith("time per node 1.20x").contains("(slope 1.05)")
        .endsWith("slope 1.12");
    assertThat(report.markdown("test")).contains("| 1 | 6,000 | 100 | 1.20x |", "ratio per node");
  }

  @Test
  void result_needsOneScoreOfEachSidePerRound() {
    assertThatThrownBy(() -> new PairedRounds.Result(T1, List.of(1.0, 2.0), List.of(1.0)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PairedRounds.Result(T1, List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void include_matchesExactlyTheBenchmarkMethod() {
    assertThat("io.github.dra4j.bench.AllocateBenchmark.cold").containsPattern(T1.include());
    assertThat("io.github.dra4j.bench.AllocateBenchmark.coldConcurrent").doesNotContainPattern(T1.include());
    assertThat("io.github.dra4j.bench.DgxFillBenchmark.fillCycles")
        .doesNotContainPattern(PairedRounds.PAIRS.get(1).include());
  }

  @Test
  void report_takesTheVerdictOfTheRoundsAndKeepsTheMainRunBesideIt() {
    List<Report.Score> scores = List.of(
        new Report.Score("AllocateBenchmark.cold", "form=MIXIN", 130, 0.1, Map.of()),
        new Report.Score("AllocateBenchmark.cold", "form=FLATTENED", 100, 0.1, Map.of()));
    Report report = new Report(scores, null, List.of(rounds(1.05, 1.06, 1.04, 1.05, 1.07, 1.05)));

    Report.Target cold = report.targets().get(0);

    assertThat(cold.verdict()).isEqualTo("met");
    assertThat(cold.value()).startsWith("1.05x, geometric mean of 6 alternating rounds (95% interval 1.04-1.06x)")
        .endsWith("main run: 130 / 100 µs = 1.30x");
    assertThat(new Report(scores, null).targets().get(0).verdict()).isEqualTo("MISSED");
    assertThat(report.markdown("test")).contains(
        "Alternating rounds of AllocateBenchmark.cold, form=MIXIN / form=FLATTENED",
        "| 2 | 106 | 100 | 1.06x |");
  }
}
