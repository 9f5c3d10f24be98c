package io.github.dra4j.api.simulation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Arrivals in simulated time rather than as a sequence of steps: pods arrive by a rate (a
 * Poisson process: exponential inter-arrival times drawn from the simulation's seed) or at the
 * times of a trace, run for a duration once placed, and wait in a queue while nothing fits,
 * retried whenever pods leave, as kube-scheduler retries unschedulable pods on cluster events.
 * The kinds of rate-driven arrivals are chosen as in {@link Arrivals} (order or weights).
 *
 * @param rate arrivals per second of a Poisson process; null with a trace
 * @param trace the arrivals of a trace, in time order; empty with a rate
 * @param durations how long a pod of each kind (by name) runs; a kind without one never leaves
 *     (a trace line may give its own)
 * @param sampleInterval the simulated time between samples; null lets the simulation take
 *     about 100 samples
 */
public record Timeline(@Nullable Double rate, List<TraceArrival> trace, Map<String, DurationDistribution> durations,
    @Nullable Duration sampleInterval) {
  /**
   * Checks the components and copies the collections.
   *
   * @throws IllegalArgumentException when neither or both of a rate and a trace are given, the
   *     rate is not a positive finite number, the trace goes back in time, or the interval is not
   *     positive
   */
  public Timeline {
    trace = List.copyOf(trace);
    durations = Collections.unmodifiableMap(new TreeMap<>(durations));
    if ((rate == null) == trace.isEmpty()) {
      throw new IllegalArgumentException("a timeline needs either a rate or a trace");
    }
    if (rate != null && (!(rate > 0) || rate.isInfinite())) {
      throw new IllegalArgumentException("rate must be a finite number above 0, got " + rate);
    }
    for (int i = 1; i < trace.size(); i++) {
      if (trace.get(i).at().compareTo(trace.get(i - 1).at()) < 0) {
        throw new IllegalArgumentException("trace arrival " + i + " at " + trace.get(i).at() + " is before arrival "
            + (i - 1) + " at " + trace.get(i - 1).at());
      }
    }
    if (sampleInterval != null && (sampleInterval.isNegative() || sampleInterval.isZero())) {
      throw new IllegalArgumentException("sampleInterval must be above 0, got " + sampleInterval);
    }
  }

  /**
   * {@return Poisson arrivals}
   *
   * @param perSecond the mean number of arrivals per second
   * @param durations how long pods of each kind run
   * @param sampleInterval the time between samples, or null for about 100
   */
  public static Timeline poisson(double perSecond, Map<String, DurationDistribution> durations,
      @Nullable Duration sampleInterval) {
    return new Timeline(perSecond, List.of(), durations, sampleInterval);
  }

  /**
   * {@return arrivals replayed from a trace}
   *
   * @param trace the arrivals, in time order, at least one
   * @param durations how long pods of each kind run when a line gives no duration
   * @param sampleInterval the time between samples, or null for about 100
   */
  public static Timeline replay(List<TraceArrival> trace, Map<String, DurationDistribution> durations,
      @Nullable Duration sampleInterval) {
    return new Timeline(null, trace, durations, sampleInterval);
  }

  /**
   * One arrival of a trace.
   *
   * @param at when it arrives, from the start of the simulation
   * @param kind the pod kind's name
   * @param duration how long it runs once placed; null for its kind's duration
   */
  public record TraceArrival(Duration at, String kind, @Nullable Duration duration) {
    /** Checks the components. */
    public TraceArrival {
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(kind, "kind");
      if (at.isNegative()) {
        throw new IllegalArgumentException("arrival time must not be negative, got " + at);
      }
      if (duration != null && (duration.isNegative() || duration.isZero())) {
        throw new IllegalArgumentException("duration must be above 0, got " + duration);
      }
    }
  }

  /** {@return a builder with no rate, an empty trace, no durations and no sample interval} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link Timeline}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable Double rate;
    private final List<TraceArrival> trace = new ArrayList<>();
    private final Map<String, DurationDistribution> durations = new LinkedHashMap<>();
    private @Nullable Duration sampleInterval;

    private Builder() {}

    private Builder(Timeline r) {
      rate = r.rate();
      trace.addAll(r.trace());
      durations.putAll(r.durations());
      sampleInterval = r.sampleInterval();
    }

    /** Sets or (with null) clears {@code rate}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder rate(@Nullable Double rate) {
      this.rate = rate;
      return this;
    }

    /** Replaces {@code trace}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder trace(List<TraceArrival> trace) {
      this.trace.clear();
      trace.forEach(this::addTraceArrival);
      return this;
    }

    /** Appends to {@code trace}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addTraceArrival(TraceArrival item) {
      trace.add(Objects.requireNonNull(item, "trace item"));
      return this;
    }

    /** Replaces {@code durations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder durations(Map<String, DurationDistribution> durations) {
      this.durations.clear();
      durations.forEach(this::putDuration);
      return this;
    }

    /** Adds or replaces one entry of {@code durations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putDuration(String key, DurationDistribution value) {
      durations.put(Objects.requireNonNull(key, "durations key"), Objects.requireNonNull(value, "durations value"));
      return this;
    }

    /** Sets or (with null) clears {@code sampleInterval}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder sampleInterval(@Nullable Duration sampleInterval) {
      this.sampleInterval = sampleInterval;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new Timeline
     * @throws IllegalArgumentException as the record's constructor does
     */
    public Timeline build() {
      return new Timeline(rate, trace, durations, sampleInterval);
    }
  }
}
