package io.github.dra4j.api.simulation;

import io.github.dra4j.api.Cluster;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A whole simulation as one {@code simulation.dra4j.io/v1} document describes it.
 *
 * @param name {@code metadata.name}
 * @param cluster the cluster's explicit objects (Nodes, ResourceSlices, DeviceClasses,
 *     ResourceClaims, ResourceClaimTemplates, DeviceTaintRules), from files and inline
 * @param nodeGroups the node groups, stamped out after the explicit nodes
 * @param arrivals the pods that arrive ({@code spec.workload} in the document)
 * @param policies the built-in scorer names to compare, in report order
 * @param sampleEvery how many arrivals apart utilization and stranded capacity are sampled; 0
 *     lets the simulation choose (about 100 samples)
 * @param timeline arrivals in simulated time ({@code spec.workload.rate} or {@code trace}), or
 *     null for arrivals counted in steps
 */
public record SimulationSpec(String name, Cluster cluster, List<NodeGroup> nodeGroups, Arrivals arrivals,
    List<String> policies, int sampleEvery, @Nullable Timeline timeline) {
  /** Copies the lists. */
  public SimulationSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(arrivals, "arrivals");
    nodeGroups = List.copyOf(nodeGroups);
    policies = List.copyOf(policies);
  }

  /**
   * A simulation whose arrivals are counted in steps.
   *
   * @param name see the record component
   * @param cluster see the record component
   * @param nodeGroups see the record component
   * @param arrivals see the record component
   * @param policies see the record component
   * @param sampleEvery see the record component
   */
  public SimulationSpec(String name, Cluster cluster, List<NodeGroup> nodeGroups, Arrivals arrivals,
      List<String> policies, int sampleEvery) {
    this(name, cluster, nodeGroups, arrivals, policies, sampleEvery, null);
  }
}
