package io.github.dra4j.simulation;

import io.github.dra4j.api.simulation.DurationDistribution;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.Timeline;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/*
 * When each arrival of a workload in time comes and how long its pod runs once placed, in
 * nanoseconds of simulated time. The kinds are ArrivalDraw's (a trace's kinds are its order).
 *
 * With a rate, inter-arrival times are exponential with mean 1/rate (a Poisson process), drawn
 * from one stream split off SplittableRandom(seed) and run times from a second, so the kinds
 * drawn by weight are the same as without a rate and a seed repeats the whole run. Like the
 * kinds, times are drawn as they are read, never held: reading in order costs one draw per
 * arrival, reading backwards replays from the seed.
 */
final class TimedArrivals {
  /** A run time for pods that never leave. */
  static final long FOREVER = -1;

  private final List<PodKind> kinds;
  private final Timeline timeline;
  private final long seed;
  private SplittableRandom times;
  private SplittableRandom runs;
  private int last = -1;
  private double lastAtNanos;
  private long lastRun;

  TimedArrivals(List<PodKind> kinds, Timeline timeline, long seed) {
    this.kinds = kinds;
    this.timeline = timeline;
    this.seed = seed;
    SplittableRandom root = new SplittableRandom(seed);
    this.times = root.split();
    this.runs = root.split();
  }

  int size() {
    return kinds.size();
  }

  PodKind kind(int index) {
    return kinds.get(index);
  }

  /** {@return when arrival {@code index} comes, in nanoseconds from the start} */
  synchronized long at(int index) {
    advance(index);
    return Math.round(lastAtNanos);
  }

  /** {@return how long the pod of arrival {@code index} runs once placed, or {@link #FOREVER}} */
  synchronized long runTime(int index) {
    advance(index);
    return lastRun;
  }

  /** {@return the time of the last arrival, or the expected one with a rate, for the sample interval} */
  long horizon() {
    if (kinds.isEmpty()) {
      return 0;
    }
    Double rate = timeline.rate();
    return rate == null ? timeline.trace().get(kinds.size() - 1).at().toNanos() : Math.round(kinds.size() / rate * 1e9);
  }

  private void advance(int index) {
    Objects.checkIndex(index, kinds.size());
    if (index < last) {
      SplittableRandom root = new SplittableRandom(seed);
      times = root.split();
      runs = root.split();
      last = -1;
      lastAtNanos = 0;
    }
    while (last < index) {
      last++;
      Double rate = timeline.rate();
      if (rate == null) {
        Timeline.TraceArrival a = timeline.trace().get(last);
        lastAtNanos = a.at().toNanos();
        lastRun = a.duration() != null ? a.duration().toNanos() : draw(kinds.get(last));
      } else {
        lastAtNanos += exponential(times, 1e9 / rate);
        lastRun = draw(kinds.get(last));
      }
    }
  }

  private long draw(PodKind kind) {
    DurationDistribution d = timeline.durations().get(kind.name());
    if (d == null) {
      return FOREVER;
    }
    double nanos;
    if (d instanceof DurationDistribution.Exponential e) {
      nanos = exponential(runs, (double) e.mean().toNanos());
    } else if (d instanceof DurationDistribution.Uniform u) {
      nanos = u.min().toNanos() + runs.nextDouble() * u.max().minus(u.min()).toNanos();
    } else {
      nanos = d.mean().toNanos();
    }
    return Math.max(1, Math.round(nanos));
  }

  /* Inversion: -mean ln(1 - U) with U in [0, 1), so the logarithm's argument is in (0, 1]. */
  private static double exponential(SplittableRandom random, double mean) {
    return -mean * Math.log(1 - random.nextDouble());
  }

  /** {@return the sample interval: the timeline's, or a hundredth of the horizon (at least 1 ns)} */
  long sampleInterval() {
    Duration given = timeline.sampleInterval();
    return given != null ? given.toNanos() : Math.max(1, horizon() / 100);
  }
}
