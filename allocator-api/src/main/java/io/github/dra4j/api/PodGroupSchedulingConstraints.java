package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The scheduling constraints of a pod group ({@code schedulingConstraints},
 * TopologyAwareWorkloadScheduling).
 *
 * @param topology the topology constraints; the API allows at most one
 */
public record PodGroupSchedulingConstraints(List<TopologyConstraint> topology) {
  public PodGroupSchedulingConstraints {
    topology = Copies.list(topology);
  }

  /** {@return constraints with one topology constraint on this node label key} */
  public static PodGroupSchedulingConstraints topology(String key) {
    return new PodGroupSchedulingConstraints(List.of(TopologyConstraint.of(key)));
  }

  /** {@return the label key of the first topology constraint, or null when there is none} */
  public @Nullable String topologyKey() {
    return topology.isEmpty() ? null : topology.get(0).key();
  }
}
