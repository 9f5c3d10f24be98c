package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A core/v1 TopologySpreadConstraint: how unevenly the pods that {@code labelSelector} selects
 * may spread over the domains of {@code topologyKey}.
 *
 * @param maxSkew the largest difference allowed between a domain's count and the smallest
 * @param topologyKey the node label whose values are the domains
 * @param whenUnsatisfiable {@code DoNotSchedule} (a filter) or {@code ScheduleAnyway} (a score)
 * @param labelSelector the pods counted; null counts none
 * @param minDomains with DoNotSchedule, fewer eligible domains than this count as a global
 *     minimum of 0; null for 1
 * @param nodeAffinityPolicy {@code Honor} (default: only nodes the pod's node affinity admits
 *     count) or {@code Ignore}
 * @param nodeTaintsPolicy {@code Ignore} (default) or {@code Honor} (only nodes whose taints the
 *     pod tolerates count)
 * @param matchLabelKeys labels of the incoming pod whose values the counted pods must share
 */
public record TopologySpreadConstraint(int maxSkew, String topologyKey, String whenUnsatisfiable,
    @Nullable LabelSelector labelSelector, @Nullable Integer minDomains, @Nullable String nodeAffinityPolicy,
    @Nullable String nodeTaintsPolicy, List<String> matchLabelKeys) {
  /** The constraint is a filter. */
  public static final String DO_NOT_SCHEDULE = "DoNotSchedule";
  /** The constraint is a score. */
  public static final String SCHEDULE_ANYWAY = "ScheduleAnyway";

  public TopologySpreadConstraint {
    Objects.requireNonNull(topologyKey, "topologyKey");
    Objects.requireNonNull(whenUnsatisfiable, "whenUnsatisfiable");
    matchLabelKeys = Copies.list(matchLabelKeys);
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
   * Builds {@link TopologySpreadConstraint}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private int maxSkew;
    private @Nullable String topologyKey;
    private @Nullable String whenUnsatisfiable;
    private @Nullable LabelSelector labelSelector;
    private @Nullable Integer minDomains;
    private @Nullable String nodeAffinityPolicy;
    private @Nullable String nodeTaintsPolicy;
    private final List<String> matchLabelKeys = new ArrayList<>();

    private Builder() {}

    private Builder(TopologySpreadConstraint r) {
      maxSkew = r.maxSkew();
      topologyKey = r.topologyKey();
      whenUnsatisfiable = r.whenUnsatisfiable();
      labelSelector = r.labelSelector();
      minDomains = r.minDomains();
      nodeAffinityPolicy = r.nodeAffinityPolicy();
      nodeTaintsPolicy = r.nodeTaintsPolicy();
      matchLabelKeys.addAll(r.matchLabelKeys());
    }

    /** Sets {@code maxSkew}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder maxSkew(int maxSkew) {
      this.maxSkew = maxSkew;
      return this;
    }

    /** Sets {@code topologyKey}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder topologyKey(String topologyKey) {
      this.topologyKey = Objects.requireNonNull(topologyKey, "topologyKey");
      return this;
    }

    /** Sets {@code whenUnsatisfiable}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder whenUnsatisfiable(String whenUnsatisfiable) {
      this.whenUnsatisfiable = Objects.requireNonNull(whenUnsatisfiable, "whenUnsatisfiable");
      return this;
    }

    /** Sets or (with null) clears {@code labelSelector}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder labelSelector(@Nullable LabelSelector labelSelector) {
      this.labelSelector = labelSelector;
      return this;
    }

    /** Sets or (with null) clears {@code minDomains}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder minDomains(@Nullable Integer minDomains) {
      this.minDomains = minDomains;
      return this;
    }

    /** Sets or (with null) clears {@code nodeAffinityPolicy}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeAffinityPolicy(@Nullable String nodeAffinityPolicy) {
      this.nodeAffinityPolicy = nodeAffinityPolicy;
      return this;
    }

    /** Sets or (with null) clears {@code nodeTaintsPolicy}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeTaintsPolicy(@Nullable String nodeTaintsPolicy) {
      this.nodeTaintsPolicy = nodeTaintsPolicy;
      return this;
    }

    /** Replaces {@code matchLabelKeys}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder matchLabelKeys(List<String> matchLabelKeys) {
      this.matchLabelKeys.clear();
      matchLabelKeys.forEach(this::addMatchLabelKey);
      return this;
    }

    /** Appends to {@code matchLabelKeys}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addMatchLabelKey(String item) {
      matchLabelKeys.add(Objects.requireNonNull(item, "matchLabelKeys item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new TopologySpreadConstraint
     * @throws NullPointerException when {@code topologyKey} or {@code whenUnsatisfiable} is unset
     */
    public TopologySpreadConstraint build() {
      return new TopologySpreadConstraint(maxSkew, Objects.requireNonNull(topologyKey, "topologyKey"), Objects.requireNonNull(whenUnsatisfiable, "whenUnsatisfiable"), labelSelector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys);
    }
  }
}
