package io.github.dra4j.api;

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
}
