package io.github.dra4j.simulation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * The planner's first question: how many more pods of this shape fit on the cluster as it is now,
 * and what stops each node from taking one more?
 *
 * <p>The answer is defined as placing pods of the shape one after another with {@link
 * PodScheduler} (the real scheduler path: its filters, then DRA allocation of all the pod's
 * claims) until the first one stays pending; a node's headroom is how many of them it took, and
 * its limit is why the next one does not fit there. When every ResourceSlice belongs to one node
 * (the usual case), a node's answer depends only on that node, so each node is filled on its own
 * (pods with {@code spec.nodeName} set, in parallel over nodes), and nodes that are alike (equal
 * but for their name, uid and hostname label, with equal slices but for names, nothing allocated
 * on them and no DeviceTaintRule in the cluster) are filled once for all: headroom of one MIG
 * kind on 1,000 DGX nodes costs one DGX node's fill. Otherwise the pods are placed across the
 * cluster until the first fails, exactly as the definition says. Either way the counts are those
 * of the plain loop ({@code HeadroomTest} checks it).
 *
 * <pre>{@code
 * HeadroomResult r = Headroom.builder(allocator).cluster(cluster).build().of(kind);
 * System.out.println(r.total() + " more fit; gpu-3 stops at " + r.node("gpu-3").limit());
 * }</pre>
 *
 * <p>Instances are immutable and may be asked again; each call starts from the cluster given.
 */
public final class Headroom {
  /** The default of {@link Builder#maxPerNode}. */
  public static final int DEFAULT_MAX_PER_NODE = 10_000;

  private final StructuredAllocator allocator;
  private final Cluster cluster;
  private final Map<String, String> groupOfNode;
  private final List<String> groups;
  private final Consumer<PodScheduler.Builder> settings;
  private final int maxPerNode;
  private final @Nullable ClusterSnapshot snapshot;

  private Headroom(Builder b) {
    this.allocator = b.allocator;
    this.cluster = b.cluster;
    Map<String, String> groupOf = new HashMap<>(b.groupOfNode);
    List<String> names = new ArrayList<>();
    for (Node n : cluster.nodes()) {
      String g = groupOf.computeIfAbsent(n.name(), x -> Simulation.EXPLICIT_GROUP);
      if (!names.contains(g)) {
        names.add(g);
      }
    }
    this.groupOfNode = groupOf;
    this.groups = List.copyOf(names);
    this.settings = b.settings;
    this.maxPerNode = b.maxPerNode;
    this.snapshot = b.snapshot;
  }

  /**
   * Starts configuring headroom questions.
   *
   * @param allocator the allocator (features and selector compiler) the scheduler uses
   * @return a builder
   */
  public static Builder builder(StructuredAllocator allocator) {
    return new Builder(Objects.requireNonNull(allocator, "allocator"));
  }

  /** {@return the cluster the questions are asked on} */
  public Cluster cluster() {
    return cluster;
  }

  /**
   * How many more pods of a kind fit: the kind's pod, its claims made from the kind's templates
   * (and the cluster's).
   *
   * @param kind the pod kind
   * @return the headroom
   * @throws AllocationException when the allocator rejects the input (an unknown DeviceClass, a
   *     CEL error)
   */
  public HeadroomResult of(PodKind kind) {
    Objects.requireNonNull(kind, "kind");
    List<ResourceClaimTemplate> templates = new ArrayList<>(cluster.templates());
    templates.addAll(kind.templates());
    Cluster withTemplates = kind.templates().isEmpty() ? cluster : cluster.toBuilder().templates(templates).build();
    return new Fill(withTemplates, kind).run();
  }

  /**
   * How many more of a pod fit, its claims made from the cluster's templates or for its extended
   * resources.
   *
   * @param pod the pod; a {@code resourceClaimName} is refused, since every copy would share that claim
   * @return the headroom, named after the pod
   * @throws IllegalArgumentException when the pod names a claim
   */
  public HeadroomResult of(Pod pod) {
    return of(new PodKind(Objects.requireNonNull(pod.name(), "pod metadata.name"), pod, List.of(), 1, null));
  }

  /**
   * Per node, the largest of several kinds that still fits: the kind with the fewest (but at
   * least one) more pods on the node; of equals the one given last, as kinds are usually listed
   * from small to large. A node that takes none is left out.
   *
   * @param results the headroom of each kind on this cluster
   * @return per node name, in node order, the kind's name
   */
  public static Map<String, String> largestFitting(List<HeadroomResult> results) {
    Map<String, String> out = new LinkedHashMap<>();
    Map<String, Integer> best = new HashMap<>();
    if (results.isEmpty()) {
      return out;
    }
    for (HeadroomResult.NodeHeadroom n : results.get(0).nodes()) {
      for (HeadroomResult r : results) {
        int fit = r.node(n.node()).fit();
        Integer now = best.get(n.node());
        if (fit > 0 && (now == null || fit <= now)) {
          best.put(n.node(), fit);
          out.put(n.node(), r.kind());
        }
      }
    }
    return out;
  }

  /* One question: the scheduler sessions, the fills and the answer. */
  private final class Fill {
    private final Cluster withTemplates;
    private final PodKind kind;
    private final List<Node> nodes;
    private final ClusterSnapshot start;

    Fill(Cluster withTemplates, PodKind kind) {
      this.withTemplates = withTemplates;
      this.kind = kind;
      this.nodes = withTemplates.nodes();
      this.start = snapshot != null ? snapshot : allocator.snapshot(withTemplates);
    }

    HeadroomResult run() {
      int[] fit = new int[nodes.size()];
      SchedulingResult.Unschedulable[] stop = new SchedulingResult.Unschedulable[nodes.size()];
      // The node whose scheduler answer stands for each node's (an alike node's, or its own).
      int[] asked = IntStream.range(0, nodes.size()).toArray();
      boolean nodeLocal = withTemplates.slices().stream().allMatch(s -> s.spec().nodeName() != null);
      if (nodeLocal) {
        fillEachNode(fit, stop, asked);
      } else {
        fillCluster(fit, stop);
      }
      return answer(fit, stop, asked);
    }

    private PodScheduler scheduler() {
      PodScheduler.Builder b = PodScheduler.builder(allocator);
      settings.accept(b);
      return b.cluster(withTemplates).snapshot(start).scorer(NodeScorer.first()).preemption(false).build();
    }

    private Pod pod(@Nullable String node, int nodeIndex, int i) {
      Pod template = kind.pod();
      String name = template.name() + "-headroom-" + (nodeIndex < 0 ? "" : nodeIndex + "-") + i;
      return new Pod(template.metadata().toBuilder().name(name).uid(null).build(),
          template.spec().toBuilder().nodeName(node).build(), template.status());
    }

    /* Each node alone, pods bound to it by name; alike nodes once. Parallel over the nodes filled. */
    private void fillEachNode(int[] fit, SchedulingResult.Unschedulable[] stop, int[] asked) {
      int[] representative = NodeLikeness.representatives(withTemplates, start, nodes);
      int[] filled = IntStream.range(0, nodes.size()).filter(i -> representative[i] == i).toArray();
      RuntimeException[] errors = new RuntimeException[filled.length];
      IntStream.range(0, filled.length).parallel().forEach(k -> {
        try {
          int i = filled[k];
          PodScheduler scheduler = scheduler();
          Node node = nodes.get(i);
          while (true) {
            SchedulingResult r = scheduler.schedule(pod(node.name(), i, fit[i]));
            if (r instanceof SchedulingResult.Unschedulable u) {
              stop[i] = u;
              break;
            }
            if (++fit[i] >= maxPerNode) {
              break;
            }
          }
        } catch (RuntimeException e) {
          errors[k] = e;
        }
      });
      for (RuntimeException e : errors) {
        if (e != null) {
          throw e;
        }
      }
      for (int i = 0; i < nodes.size(); i++) {
        fit[i] = fit[representative[i]];
        asked[i] = representative[i];
      }
    }

    /* Shared pools: the plain loop over the cluster, then each node asked why the next pod does not fit. */
    private void fillCluster(int[] fit, SchedulingResult.Unschedulable[] stop) {
      PodScheduler scheduler = scheduler();
      IdentityHashMap<Node, Integer> position = new IdentityHashMap<>();
      for (int i = 0; i < nodes.size(); i++) {
        position.put(nodes.get(i), i);
      }
      long cap = (long) maxPerNode * nodes.size();
      for (int placed = 0; placed < cap; placed++) {
        SchedulingResult r = scheduler.schedule(pod(null, -1, placed));
        if (!(r instanceof SchedulingResult.Scheduled s)) {
          break;
        }
        int i = Objects.requireNonNull(position.get(s.node())); // one of the scheduler's nodes
        fit[i]++;
      }
      for (int i = 0; i < nodes.size(); i++) {
        if (fit[i] < maxPerNode
            && scheduler.schedule(pod(nodes.get(i).name(), i, fit[i])) instanceof SchedulingResult.Unschedulable u) {
          stop[i] = u;
        }
      }
    }

    private HeadroomResult answer(int[] fit, SchedulingResult.@Nullable Unschedulable[] stop, int[] asked) {
      Map<String, Integer> perGroup = new LinkedHashMap<>();
      groups.forEach(g -> perGroup.put(g, 0));
      List<HeadroomResult.NodeHeadroom> perNode = new ArrayList<>(nodes.size());
      int total = 0;
      boolean capped = false;
      // The limit read once per node asked; alike nodes take it with their own name.
      HeadroomLimit[] read = new HeadroomLimit[nodes.size()];
      for (int i = 0; i < nodes.size(); i++) {
        String node = Objects.requireNonNull(nodes.get(i).name()); // nodes are named
        String group = Objects.requireNonNull(groupOfNode.get(node)); // every node has a group
        SchedulingResult.Unschedulable u = stop[asked[i]];
        String askedName = Objects.requireNonNull(nodes.get(asked[i]).name());
        if (u != null && read[asked[i]] == null) {
          read[asked[i]] = HeadroomLimit.of(u, askedName);
        }
        HeadroomLimit limit = u == null ? HeadroomLimit.CAPPED : Objects.requireNonNull(read[asked[i]]).on(askedName, node);
        capped |= u == null;
        perNode.add(new HeadroomResult.NodeHeadroom(node, group, fit[i], limit.limit(), limit.detail()));
        total += fit[i];
        perGroup.merge(group, fit[i], Integer::sum);
      }
      return new HeadroomResult(kind.name(), total, perGroup, perNode, capped);
    }
  }

  /** Configures {@link Headroom}. Not thread-safe. */
  public static final class Builder {
    private final StructuredAllocator allocator;
    private Cluster cluster = Cluster.empty();
    private final Map<String, String> groupOfNode = new HashMap<>();
    private Consumer<PodScheduler.Builder> settings = b -> { };
    private int maxPerNode = DEFAULT_MAX_PER_NODE;
    private @Nullable ClusterSnapshot snapshot;

    private Builder(StructuredAllocator allocator) {
      this.allocator = allocator;
    }

    /**
     * Sets the cluster as it is now: Nodes, ResourceSlices, DeviceClasses, ResourceClaims
     * (allocated ones hold their devices), ResourceClaimTemplates and DeviceTaintRules.
     *
     * @param cluster the cluster
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder cluster(Cluster cluster) {
      this.cluster = Objects.requireNonNull(cluster, "cluster");
      return this;
    }

    /**
     * Takes a simulation document's cluster with its node groups stamped out (as {@link
     * Simulation} does, copy {@code i} of node {@code n} named {@code n-i}) and their names; the
     * workload is not used (ask {@link #of(PodKind)} for its kinds).
     *
     * @param spec the document
     * @return this builder
     * @throws IllegalArgumentException when two nodes or groups share a name or there is no node
     */
    @CanIgnoreReturnValue
    public Builder spec(SimulationSpec spec) {
      return nodeGroups(spec.cluster(), spec.nodeGroups());
    }

    /**
     * Sets the cluster to explicit objects (their nodes in the group {@value
     * Simulation#EXPLICIT_GROUP}) plus stamped-out node groups.
     *
     * @param explicit the explicit objects
     * @param nodeGroups the node groups
     * @return this builder
     * @throws IllegalArgumentException when two nodes or groups share a name or there is no node
     */
    @CanIgnoreReturnValue
    public Builder nodeGroups(Cluster explicit, List<NodeGroup> nodeGroups) {
      NodeGroups stamped = NodeGroups.stamp(explicit, nodeGroups);
      this.cluster = stamped.cluster;
      groupOfNode.clear();
      groupOfNode.putAll(stamped.groupOfNode);
      return this;
    }

    /**
     * Names the node group of some nodes (the others are in {@value Simulation#EXPLICIT_GROUP}),
     * for the per-group sums; {@code dra4j headroom --group-label} groups by a node label.
     *
     * @param groupOfNode the group by node name
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder groups(Map<String, String> groupOfNode) {
      this.groupOfNode.putAll(groupOfNode);
      return this;
    }

    /**
     * Sets how each scheduler the questions are answered with is configured: a kube-scheduler
     * configuration ({@link PodScheduler.Builder#configuration}: a pod kind is placed with the
     * profile its {@code spec.schedulerName} picks, whose Filter plugins and arguments, such as
     * NodeAffinity's {@code addedAffinity}, decide where it fits), feature gates, the allocator
     * options (step budget, deadline, cancellation of each node's search). One setting for all
     * the scheduler's options, the same a {@link Simulation} takes, so that a planner asks its
     * questions with the scheduler its simulations run. Applied to a fresh {@link
     * PodScheduler.Builder} for each scheduler, possibly on several threads at once; then the
     * cluster, the snapshot, the scorer ({@link NodeScorer#first()}: where a pod goes does not
     * change how many fit on a node) and preemption (off: headroom is free capacity) are set.
     *
     * @param settings sets options of a scheduler builder
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder scheduler(Consumer<PodScheduler.Builder> settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * Caps the pods placed on one node (default {@value #DEFAULT_MAX_PER_NODE}): a pod that
     * nothing modelled limits (no claims) would otherwise fit without end.
     *
     * @param max the cap, at least 1
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder maxPerNode(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxPerNode must be >= 1, got " + max);
      }
      this.maxPerNode = max;
      return this;
    }

    /**
     * Asks on this snapshot instead of building one from the cluster (whose slices, classes,
     * allocated claims and rules it must have been built from): a planner asking several
     * questions, or a scheduler that keeps its snapshot, spares the build.
     *
     * @param snapshot the snapshot
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder snapshot(ClusterSnapshot snapshot) {
      this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
      return this;
    }

    /**
     * Builds the question set.
     *
     * @return the headroom
     */
    public Headroom build() {
      return new Headroom(this);
    }
  }
}
