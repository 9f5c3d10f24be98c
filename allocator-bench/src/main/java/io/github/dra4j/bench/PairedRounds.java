package io.github.dra4j.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.util.ListStatistics;

/**
 * The two sides of a ratio target (T1 cold, T3 fill, T5 linearity) timed in alternating
 * single-fork runs, so that both sides of each round see the same machine. On a shared 2-vCPU
 * machine one benchmark's score moves by up to 2x within minutes, and in the suite's main run the
 * forks of one side follow each other: the same code gave T1 cold 1.01x in one run and 1.26x in
 * the next. The two sides swap places from one round to the next, so that a machine drifting
 * within a round does not bias every ratio the same way. Each round yields one ratio; the verdict
 * comes from the 95% confidence interval of
 * their geometric mean, so a target is met or missed only when the whole interval is on one side
 * of its limit, and "not decided" otherwise.
 */
final class PairedRounds {

  /**
   * A ratio target whose sides differ in one JMH parameter.
   *
   * @param benchmark the score name in the report, such as {@code AllocateBenchmark.cold}
   * @param param the parameter that tells the sides apart
   * @param side the numerator's value
   * @param base the denominator's value
   * @param scale what each round's score ratio is multiplied by: 1, or the base's N over the
   *     side's N for a ratio of times per node
   * @param limit the largest (scaled) ratio that meets the target
   */
  record Pair(String benchmark, String param, String side, String base, double scale, double limit) {
    /** {@return the JMH include pattern of exactly this benchmark method} */
    String include() {
      return "\\." + benchmark.replace(".", "\\.") + "$";
    }
  }

  /** T5 linearity compares these numbers of nodes. */
  static final int T5_SMALL = 100;
  static final int T5_LARGE = 5000;
  /** Slope 1.1 on a log-log chart from N = 100 to 5,000: time per node may grow by 50^0.1. */
  static final double T5_PER_NODE_LIMIT = Math.pow((double) T5_LARGE / T5_SMALL, 0.1);

  /**
   * T1 cold and T3 fill, and T5's time per node at the largest N over the smallest: the targets
   * that the main run could not decide.
   */
  static final List<Pair> PAIRS = List.of(
      new Pair("AllocateBenchmark.cold", "form", "MIXIN", "FLATTENED", 1, 1.15),
      new Pair("DgxFillBenchmark.fill", "counters", "true", "false", 1, 1.5),
      new Pair("FeasibilityBenchmark.feasibleNodes", "nodes", String.valueOf(T5_LARGE), String.valueOf(T5_SMALL),
          (double) T5_SMALL / T5_LARGE, T5_PER_NODE_LIMIT));

  /**
   * The rounds of one pair.
   *
   * @param pair the target
   * @param sides the numerator's score of each round, µs per operation
   * @param bases the denominator's score of each round
   */
  record Result(Pair pair, List<Double> sides, List<Double> bases) {
    Result {
      sides = List.copyOf(sides);
      bases = List.copyOf(bases);
      if (sides.size() != bases.size() || sides.isEmpty()) {
        throw new IllegalArgumentException("one score of each side per round, and at least one round");
      }
    }

    int rounds() {
      return sides.size();
    }

    /** {@return the (scaled) ratio of round {@code r}} */
    double ratio(int r) {
      return sides.get(r) / bases.get(r) * pair.scale();
    }

    /** {@return the geometric mean of the rounds' ratios} */
    double geometricMean() {
      return Math.exp(logRatios().getMean());
    }

    /** {@return the 95% confidence interval of the geometric mean: {lower, upper}; NaN below 3 rounds, as in JMH} */
    double[] interval() {
      double[] logs = logRatios().getConfidenceIntervalAt(0.95);
      return new double[] {Math.exp(logs[0]), Math.exp(logs[1])};
    }

    /** {@return met or MISSED when the interval lies on one side of the limit, else not decided} */
    String verdict() {
      double[] ci = interval();
      if (ci[1] <= pair.limit()) {
        return "met";
      }
      return ci[0] > pair.limit() ? "MISSED" : "not decided";
    }

    /** {@return the geometric mean, interval and rounds, as the report prints them} */
    String describe() {
      double[] ci = interval();
      String interval = Double.isNaN(ci[0]) ? "no interval from fewer than 3 rounds"
          : String.format(Locale.ROOT, "95%% interval %.2f-%.2fx", ci[0], ci[1]);
      return String.format(Locale.ROOT, "%.2fx, geometric mean of %d alternating round%s (%s)",
          geometricMean(), rounds(), rounds() == 1 ? "" : "s", interval);
    }

    private ListStatistics logRatios() {
      ListStatistics s = new ListStatistics();
      for (int r = 0; r < rounds(); r++) {
        s.addValue(Math.log(ratio(r)));
      }
      return s;
    }
  }

  private PairedRounds() {}

  /** Times one side of a pair: one fork's score. */
  @FunctionalInterface
  interface Scorer {
    double score(Pair pair, String value) throws RunnerException;
  }

  /**
   * Runs the rounds with JMH, one fork per side and round.
   *
   * @param options a fresh builder with the suite's iteration settings, for each run
   * @param rounds how many rounds
   * @return one result per pair, in {@link #PAIRS} order
   * @throws RunnerException when JMH fails
   */
  static List<Result> run(Supplier<ChainedOptionsBuilder> options, int rounds) throws RunnerException {
    return run(rounds, (pair, value) -> score(options.get(), pair, value));
  }

  /**
   * Runs the rounds: in each, one fork of every pair's two sides back to back, the numerator
   * first in even rounds and the denominator first in odd ones. A machine that speeds up or slows
   * down within a round (over the half minute of two forks) then moves the ratios of alternate
   * rounds in opposite directions, instead of biasing every round the same way.
   *
   * @param rounds how many rounds
   * @param scorer times one side
   * @return one result per pair, in {@link #PAIRS} order
   * @throws RunnerException when JMH fails
   */
  static List<Result> run(int rounds, Scorer scorer) throws RunnerException {
    List<List<Double>> sides = new ArrayList<>();
    List<List<Double>> bases = new ArrayList<>();
    for (int p = 0; p < PAIRS.size(); p++) {
      sides.add(new ArrayList<>());
      bases.add(new ArrayList<>());
    }
    for (int r = 0; r < rounds; r++) {
      for (int p = 0; p < PAIRS.size(); p++) {
        Pair pair = PAIRS.get(p);
        if (r % 2 == 0) {
          sides.get(p).add(scorer.score(pair, pair.side()));
          bases.get(p).add(scorer.score(pair, pair.base()));
        } else {
          bases.get(p).add(scorer.score(pair, pair.base()));
          sides.get(p).add(scorer.score(pair, pair.side()));
        }
      }
    }
    List<Result> results = new ArrayList<>();
    for (int p = 0; p < PAIRS.size(); p++) {
      results.add(new Result(PAIRS.get(p), sides.get(p), bases.get(p)));
    }
    return results;
  }

  private static double score(ChainedOptionsBuilder options, Pair pair, String value) throws RunnerException {
    Collection<RunResult> results = new Runner(options.include(pair.include()).param(pair.param(), value).forks(1)
        .build()).run();
    if (results.size() != 1) {
      throw new IllegalStateException(pair.benchmark() + " " + pair.param() + "=" + value + ": expected one result, got "
          + results.size());
    }
    return results.iterator().next().getPrimaryResult().getScore();
  }
}
