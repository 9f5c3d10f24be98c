package io.github.dra4j.api.simulation;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a pod of a kind runs once it is placed, in simulated time: fixed, or drawn for each
 * pod from the simulation's seed. Written {@code 30m} (fixed), {@code {distribution: exponential,
 * mean: 30m}} or {@code {distribution: uniform, min: 10m, max: 1h}} in a simulation document.
 */
public sealed interface DurationDistribution {
  /** {@return the mean duration, what a planner sizes the cluster for} */
  Duration mean();

  /**
   * {@return every pod runs for the same time}
   *
   * @param duration the time, above 0
   */
  static DurationDistribution fixed(Duration duration) {
    return new Fixed(duration);
  }

  /**
   * {@return memoryless run times with the given mean, as service times in queueing models}
   *
   * @param mean the mean, above 0
   */
  static DurationDistribution exponential(Duration mean) {
    return new Exponential(mean);
  }

  /**
   * {@return run times spread evenly between two bounds}
   *
   * @param min the shortest, above 0
   * @param max the longest, at least {@code min}
   */
  static DurationDistribution uniform(Duration min, Duration max) {
    return new Uniform(min, max);
  }

  /**
   * Every pod runs for the same time.
   *
   * @param duration the time, above 0
   */
  record Fixed(Duration duration) implements DurationDistribution {
    /** Checks that the duration is positive. */
    public Fixed {
      positive(duration, "duration");
    }

    @Override
    public Duration mean() {
      return duration;
    }
  }

  /**
   * Exponentially distributed run times.
   *
   * @param mean the mean, above 0
   */
  record Exponential(Duration mean) implements DurationDistribution {
    /** Checks that the mean is positive. */
    public Exponential {
      positive(mean, "mean");
    }
  }

  /**
   * Run times uniform between two bounds.
   *
   * @param min the shortest, above 0
   * @param max the longest, at least {@code min}
   */
  record Uniform(Duration min, Duration max) implements DurationDistribution {
    /** Checks the bounds. */
    public Uniform {
      positive(min, "min");
      positive(max, "max");
      if (max.compareTo(min) < 0) {
        throw new IllegalArgumentException("max " + max + " is below min " + min);
      }
    }

    @Override
    public Duration mean() {
      return min.plus(max).dividedBy(2);
    }
  }

  private static void positive(Duration d, String name) {
    Objects.requireNonNull(d, name);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be above 0, got " + d);
    }
  }
}
