package io.github.dra4j.api.simulation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Cluster;
import java.util.ArrayList;
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

  /** {@return a builder with every list empty, sampleEvery 0 and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link SimulationSpec}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private @Nullable Cluster cluster;
    private final List<NodeGroup> nodeGroups = new ArrayList<>();
    private @Nullable Arrivals arrivals;
    private final List<String> policies = new ArrayList<>();
    private int sampleEvery;
    private @Nullable Timeline timeline;

    private Builder() {}

    private Builder(SimulationSpec r) {
      name = r.name();
      cluster = r.cluster();
      nodeGroups.addAll(r.nodeGroups());
      arrivals = r.arrivals();
      policies.addAll(r.policies());
      sampleEvery = r.sampleEvery();
      timeline = r.timeline();
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets {@code cluster}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder cluster(Cluster cluster) {
      this.cluster = Objects.requireNonNull(cluster, "cluster");
      return this;
    }

    /** Replaces {@code nodeGroups}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodeGroups(List<NodeGroup> nodeGroups) {
      this.nodeGroups.clear();
      nodeGroups.forEach(this::addNodeGroup);
      return this;
    }

    /** Appends to {@code nodeGroups}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addNodeGroup(NodeGroup item) {
      nodeGroups.add(Objects.requireNonNull(item, "nodeGroups item"));
      return this;
    }

    /** Sets {@code arrivals}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder arrivals(Arrivals arrivals) {
      this.arrivals = Objects.requireNonNull(arrivals, "arrivals");
      return this;
    }

    /** Replaces {@code policies}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder policies(List<String> policies) {
      this.policies.clear();
      policies.forEach(this::addPolicy);
      return this;
    }

    /** Appends to {@code policies}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addPolicy(String item) {
      policies.add(Objects.requireNonNull(item, "policies item"));
      return this;
    }

    /** Sets {@code sampleEvery}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder sampleEvery(int sampleEvery) {
      this.sampleEvery = sampleEvery;
      return this;
    }

    /** Sets or (with null) clears {@code timeline}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder timeline(@Nullable Timeline timeline) {
      this.timeline = timeline;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new SimulationSpec
     * @throws NullPointerException when {@code name}, {@code cluster}, {@code arrivals} is unset
     */
    public SimulationSpec build() {
      return new SimulationSpec(
          Objects.requireNonNull(name, "name"), Objects.requireNonNull(cluster, "cluster"), nodeGroups,
          Objects.requireNonNull(arrivals, "arrivals"), policies, sampleEvery, timeline);
    }
  }
}
