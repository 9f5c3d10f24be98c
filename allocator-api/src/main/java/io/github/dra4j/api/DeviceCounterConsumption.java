package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The counters a device consumes from one counter set of its pool.
 *
 * @param counterSet the counter set consumed from
 * @param counters the consumed amount of each counter
 * @param includes names of consumption mixins (KEP-5234) applied in order; own counters win
 * @param compatibilityGroups opaque group names (KEP-5963, gate {@code DRADeviceCompatibilityGroups}):
 *     devices drawing from the same counter set are allocated together only when their groups
 *     intersect; a device without groups only with others without groups
 */
public record DeviceCounterConsumption(
    String counterSet, Map<String, Counter> counters, List<String> includes, List<String> compatibilityGroups) {
  public DeviceCounterConsumption {
    Objects.requireNonNull(counterSet, "counterSet");
    counters = Copies.map(counters);
    includes = Copies.list(includes);
    compatibilityGroups = Copies.list(compatibilityGroups);
  }

  /** The consumption without {@code compatibilityGroups}, as before Kubernetes 1.37. */
  public DeviceCounterConsumption(String counterSet, Map<String, Counter> counters, List<String> includes) {
    this(counterSet, counters, includes, List.of());
  }

  /** {@return the same consumption with these compatibility groups} */
  public DeviceCounterConsumption withCompatibilityGroups(List<String> groups) {
    return new DeviceCounterConsumption(counterSet, counters, includes, groups);
  }

  /** {@return a builder with every component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link DeviceCounterConsumption}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String counterSet;
    private final Map<String, Counter> counters = new LinkedHashMap<>();
    private final List<String> includes = new ArrayList<>();
    private final List<String> compatibilityGroups = new ArrayList<>();

    private Builder() {}

    private Builder(DeviceCounterConsumption r) {
      counterSet = r.counterSet();
      counters.putAll(r.counters());
      includes.addAll(r.includes());
      compatibilityGroups.addAll(r.compatibilityGroups());
    }

    /** Sets {@code counterSet}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder counterSet(String counterSet) {
      this.counterSet = Objects.requireNonNull(counterSet, "counterSet");
      return this;
    }

    /** Replaces {@code counters}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder counters(Map<String, Counter> counters) {
      this.counters.clear();
      counters.forEach(this::putCounter);
      return this;
    }

    /** Puts one entry into {@code counters}, replacing any of the same key; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putCounter(String key, Counter value) {
      counters.put(Objects.requireNonNull(key, "counters key"), Objects.requireNonNull(value, "counters value"));
      return this;
    }

    /** Replaces {@code includes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder includes(List<String> includes) {
      this.includes.clear();
      includes.forEach(this::addInclude);
      return this;
    }

    /** Appends to {@code includes}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addInclude(String item) {
      includes.add(Objects.requireNonNull(item, "includes item"));
      return this;
    }

    /** Replaces {@code compatibilityGroups}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder compatibilityGroups(List<String> compatibilityGroups) {
      this.compatibilityGroups.clear();
      compatibilityGroups.forEach(this::addCompatibilityGroup);
      return this;
    }

    /** Appends to {@code compatibilityGroups}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addCompatibilityGroup(String item) {
      compatibilityGroups.add(Objects.requireNonNull(item, "compatibilityGroups item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new DeviceCounterConsumption
     * @throws NullPointerException when {@code counterSet} is unset
     */
    public DeviceCounterConsumption build() {
      return new DeviceCounterConsumption(Objects.requireNonNull(counterSet, "counterSet"), counters, includes, compatibilityGroups);
    }
  }
}
