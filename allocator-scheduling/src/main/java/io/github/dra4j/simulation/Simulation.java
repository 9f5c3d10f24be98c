package io.github.dra4j.simulation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.simulation.Arrivals;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.api.simulation.Timeline;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.GangSearch;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodGroupScheduler;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Capacity planning: schedules a stream of pods on a cluster with {@link PodScheduler}, once per
 * policy ({@link NodeScorer}), and reports how many pods of each kind fit, the first that did
 * not and why, utilization over time and <em>stranded capacity</em>: what is free on nodes on
 * which no pod kind of the arrivals fits any more (see docs/simulation.md).
 *
 * <p>A run has four parts: the node groups are stamped out into the cluster (copy {@code i} of
 * node {@code n} is {@code n-i}); the arrivals are fixed before any policy runs (by {@link
 * Arrivals#order()} or a weighted draw seeded with {@link Arrivals#seed()}), so that every
 * policy sees the same pods and a run repeats; each policy's loop schedules them, letting pods
 * leave when their lifetime ends; and each sample accounts usage and stranded capacity per node
 * group. Arrival {@code i} of kind {@code k} is the kind's pod named {@code k-i}; a kind with a
 * lifetime {@code L} leaves just before arrival {@code i + L}, freeing its claims. Arrival {@code
 * i} of a gang kind ({@link PodKind#gang()}) is the PodGroup {@code k-i} of pods {@code k-i-0},
 * {@code k-i-1}, ..., placed all or nothing by {@link PodGroupScheduler} (see {@link
 * Builder#gangSearch}) and leaving together.
 *
 * <pre>{@code
 * SimulationResult result = Simulation.builder(allocator)
 *     .cluster(Cluster.builder().classes(deviceClasses).build())
 *     .nodeGroup(new NodeGroup("dgx", 4, node, slices))
 *     .arrivals(new Arrivals(List.of(small, large), 40, 7, List.of()))
 *     .policy("first", NodeScorer.first())
 *     .policy("pack", NodeScorer.mostAllocated())
 *     .build()
 *     .run();
 * SimulationResult.Policy pack = result.policy("pack");
 * System.out.println(pack.placed() + " placed, " + pack.last().group("dgx").strandedDevices() + " devices stranded");
 * }</pre>
 *
 * <p>With a {@link Timeline} the arrivals come in simulated time instead: by a rate or a trace,
 * each pod runs for its kind's duration once placed, pods that fit nowhere wait and are tried
 * again whenever pods leave, and samples are taken every interval of simulated time with the
 * pods waiting per kind (see docs/simulation.md, "Arrivals in time").
 *
 * <p>Instances are immutable; {@link #run} may be called again and gives the same counts.
 */
public final class Simulation {
  /** The group name of nodes given as explicit objects. */
  public static final String EXPLICIT_GROUP = "cluster";

  private final StructuredAllocator allocator;
  private final NodeGroups cluster;
  private final Arrivals arrivals;
  private final Map<String, NodeScorer> policies;
  private final int sampleEvery;
  private final Consumer<PodScheduler.Builder> settings;
  private final GangSearch gangSearch;
  private final long gangSearchBudget;
  private final List<PodKind> drawn;
  private final @Nullable TimedArrivals timed;
  /**
   * The cluster as it starts, built at the first question and shared by every later one: a
   * snapshot is immutable, and the nodes' pools and first search layouts it builds as they are
   * first searched stay with it, so a question or run after the first does not build them again.
   */
  private @Nullable ClusterSnapshot start;

  private Simulation(Builder b) {
    this.allocator = b.allocator;
    this.arrivals = Objects.requireNonNull(b.arrivals, "arrivals");
    if (b.policies.isEmpty()) {
      throw new IllegalArgumentException("a simulation needs at least one policy");
    }
    if (!b.cluster.pods().isEmpty() || !b.cluster.controllers().isEmpty()) {
      throw new IllegalArgumentException("a simulation's cluster holds no pods or pod controllers: pods arrive "
          + "as pod kinds");
    }
    this.policies = new LinkedHashMap<>(b.policies);
    List<ResourceClaimTemplate> templates = new ArrayList<>(b.cluster.templates());
    for (PodKind k : arrivals.kinds()) {
      templates.addAll(k.templates());
    }
    this.cluster = NodeGroups.stamp(b.cluster.toBuilder().templates(templates).build(), b.groups);
    this.settings = b.settings;
    this.gangSearch = b.gangSearch;
    this.gangSearchBudget = b.gangSearchBudget;
    this.sampleEvery = b.sampleEvery > 0 ? b.sampleEvery : Math.max(1, (arrivals.count() + 99) / 100);
    this.drawn = ArrivalDraw.kinds(arrivals);
    this.timed = b.timeline == null ? null : new TimedArrivals(drawn, b.timeline, arrivals.seed());
  }

  /**
   * Starts configuring a simulation.
   *
   * @param allocator the allocator (features and selector compiler) every policy schedules with
   * @return a builder
   */
  public static Builder builder(StructuredAllocator allocator) {
    return new Builder(Objects.requireNonNull(allocator, "allocator"));
  }

  /** {@return the simulated cluster: the explicit objects, then each group's copies of its node and slices} */
  public Cluster cluster() {
    return cluster.cluster;
  }

  /** {@return every node of the cluster: explicit ones, then each group's copies} */
  public List<Node> nodes() {
    return cluster.cluster.nodes();
  }

  /** {@return every ResourceSlice of the cluster: explicit ones, then each group's copies} */
  public List<ResourceSlice> slices() {
    return cluster.cluster.slices();
  }

  /**
   * {@return the pod kind of each arrival, in order: an unmodifiable view drawn as it is read, so
   * that memory does not grow with the count}
   */
  public List<String> arrivals() {
    return ArrivalDraw.names(drawn);
  }

  /**
   * The pre-flight check: the pod kinds that fit no node even on the cluster as it starts (before
   * any arrival), asked with the scheduler as a first arrival would be. Such a kind stays pending
   * throughout, which says more about the input (a node selector no group matches, a device no
   * node has) than about capacity. A gang kind is asked as a whole: its PodGroup (at least
   * {@code minCount} pods, its group claims, its topology constraint), as its arrivals are placed.
   *
   * @return per such kind, in kind order, the scheduler's message for its first pod
   * @throws AllocationException when the allocator rejects the input
   */
  public Map<String, String> unplaceableKinds() {
    Map<String, String> out = new LinkedHashMap<>();
    ClusterSnapshot start = start();
    for (PodKind k : arrivals.kinds()) {
      PodScheduler scheduler = scheduler(start).preemption(false).build();
      if (k.gang() != null) {
        GangArrivals.Arrival a = gangs(scheduler).arrive(0, k);
        if (!a.result().scheduled()) {
          out.put(k.name(), a.why());
        }
      } else if (scheduler.schedule(ArrivalDraw.pod(k, -1)) instanceof SchedulingResult.Unschedulable u) {
        out.put(k.name(), u.message());
      }
    }
    return out;
  }

  /* The cluster as it starts: built once, by the first caller; a lock per question is nothing beside a run. */
  private synchronized ClusterSnapshot start() {
    ClusterSnapshot s = start;
    if (s == null) {
      s = allocator.snapshot(cluster.cluster);
      start = s;
    }
    return s;
  }

  /* A scheduler of the run: the caller's settings, then the cluster and the run's snapshot. */
  private PodScheduler.Builder scheduler(ClusterSnapshot start) {
    PodScheduler.Builder b = PodScheduler.builder(allocator);
    settings.accept(b);
    return b.cluster(cluster.cluster).snapshot(start);
  }

  private GangArrivals gangs(PodScheduler scheduler) {
    return new GangArrivals(scheduler, PodGroupScheduler.builder(scheduler).gangSearch(gangSearch)
        .jointStepBudget(gangSearchBudget).build());
  }

  /**
   * The smallest pod kind of the arrivals: the one of which most pods fit on the cluster as it
   * starts ({@link Headroom}), the first of equals. What it cannot use is capacity the workload
   * cannot use at all while such pods keep arriving ({@link SimulationResult.GroupUsage#strandedByKind}).
   *
   * @return the kind's name
   * @throws AllocationException when the allocator rejects the input
   */
  public String smallestKind() {
    Headroom headroom = Headroom.builder(allocator).cluster(cluster.cluster).snapshot(start()).scheduler(settings)
        .build();
    String best = arrivals.kinds().get(0).name();
    int most = -1;
    for (PodKind k : arrivals.kinds()) {
      int total = headroom.of(k).total();
      if (total > most) {
        most = total;
        best = k.name();
      }
    }
    return best;
  }

  /**
   * Runs every policy.
   *
   * @return the results
   * @throws AllocationException when the allocator rejects the input (an unknown DeviceClass, a CEL error)
   */
  public SimulationResult run() {
    return run(policy -> { });
  }

  /**
   * Runs every policy, telling a listener after each arrival, for progress.
   *
   * @param afterArrival called with the policy's name after each arrival is scheduled
   * @return the results
   * @throws AllocationException when the allocator rejects the input
   */
  public SimulationResult run(Consumer<String> afterArrival) {
    Objects.requireNonNull(afterArrival, "afterArrival");
    ClusterSnapshot start = start();
    List<SimulationResult.Policy> results = new ArrayList<>();
    for (Map.Entry<String, NodeScorer> p : policies.entrySet()) {
      PodScheduler scheduler = scheduler(start).scorer(p.getValue()).build();
      Accounting accounting = new Accounting(cluster, arrivals.kinds(), scheduler);
      GangArrivals gangs = gangs(scheduler);
      results.add(timed != null
          ? new TimedRun(p.getKey(), scheduler, arrivals.kinds(), timed, accounting, afterArrival, gangs).run()
          : new SimulationRun(p.getKey(), scheduler, arrivals.kinds(), drawn, sampleEvery, accounting,
              afterArrival, gangs).run());
    }
    return new SimulationResult(arrivals(), results);
  }

  /** Configures a {@link Simulation}. Not thread-safe. */
  public static final class Builder {
    private final StructuredAllocator allocator;
    private Cluster cluster = Cluster.empty();
    private final List<NodeGroup> groups = new ArrayList<>();
    private final Map<String, NodeScorer> policies = new LinkedHashMap<>();
    private @Nullable Arrivals arrivals;
    private @Nullable Timeline timeline;
    private int sampleEvery;
    private Consumer<PodScheduler.Builder> settings = b -> { };
    private GangSearch gangSearch = GangSearch.DEFAULT;
    private long gangSearchBudget = PodGroupScheduler.DEFAULT_JOINT_BUDGET;

    private Builder(StructuredAllocator allocator) {
      this.allocator = allocator;
    }

    /**
     * Sets the explicit cluster objects: Nodes (group {@value #EXPLICIT_GROUP}), ResourceSlices,
     * DeviceClasses, ResourceClaims (allocated ones hold their devices), ResourceClaimTemplates
     * and DeviceTaintRules. Pods arrive as pod kinds instead, so the cluster has none.
     *
     * @param cluster the objects
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder cluster(Cluster cluster) {
      this.cluster = Objects.requireNonNull(cluster, "cluster");
      return this;
    }

    /**
     * Adds a node group, stamped out after the explicit nodes and earlier groups.
     *
     * @param group the group
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder nodeGroup(NodeGroup group) {
      groups.add(Objects.requireNonNull(group, "group"));
      return this;
    }

    /**
     * Sets the arrivals: the pod kinds, how many pods arrive and in which order.
     *
     * @param arrivals the arrivals
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder arrivals(Arrivals arrivals) {
      this.arrivals = Objects.requireNonNull(arrivals, "arrivals");
      return this;
    }

    /**
     * Puts the arrivals in simulated time: when they come (a rate or a trace, whose kinds must
     * be the arrivals' order) and how long each kind's pods run; {@link #sampleEvery} then gives
     * way to the timeline's sample interval.
     *
     * @param timeline the timeline, or null for arrivals counted in steps (the default)
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder timeline(@Nullable Timeline timeline) {
      this.timeline = timeline;
      return this;
    }

    /**
     * Adds a policy to compare; policies run in the order added.
     *
     * @param name the policy's name in the results
     * @param scorer how it chooses among the nodes that fit
     * @return this builder
     * @throws IllegalArgumentException when a policy has the name already
     */
    @CanIgnoreReturnValue
    public Builder policy(String name, NodeScorer scorer) {
      if (policies.putIfAbsent(Objects.requireNonNull(name, "name"), Objects.requireNonNull(scorer, "scorer")) != null) {
        throw new IllegalArgumentException("two policies are named " + name);
      }
      return this;
    }

    /**
     * Sets how many arrivals apart the cluster is sampled; 0 (the default) takes about 100 samples.
     *
     * @param every the distance, 0 or more
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder sampleEvery(int every) {
      if (every < 0) {
        throw new IllegalArgumentException("sampleEvery must be >= 0, got " + every);
      }
      this.sampleEvery = every;
      return this;
    }

    /**
     * Sets how every scheduler of the simulation is configured: the kube-scheduler configuration
     * ({@link PodScheduler.Builder#configuration}: its profiles, Filter plugins and {@code
     * percentageOfNodesToScore}), feature gates, DefaultPreemption on or off and its arguments,
     * random ties, the allocator options. Applied to a fresh {@link PodScheduler.Builder} each
     * time the simulation makes a scheduler: for each policy's run, for the pre-flight check
     * ({@link Simulation#unplaceableKinds}, preemption then off) and for the {@link Headroom} behind
     * {@link Simulation#smallestKind}; so an option of the scheduler reaches every one of them without an option
     * of its own here. The simulation then sets the cluster, the snapshot and the policy's scorer
     * (which, after a configuration, chooses among the nodes found; {@code kube-scheduler} with
     * the profile's Score plugins and weights).
     *
     * <p>With preemption on (the default, as in kube-scheduler), an arrival of higher priority
     * that fits no node evicts lower-priority pods, counted per kind ({@link
     * SimulationResult.KindCount}); in simulated time an evicted arrival is recreated, as its
     * controller would: it waits in the queue again and, once placed, runs its whole run time anew.
     *
     * @param settings sets options of a scheduler builder; called once per scheduler made
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder scheduler(Consumer<PodScheduler.Builder> settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * Sets how every policy places the PodGroups of gang pod kinds (default {@link
     * GangSearch#DEFAULT}, as kube-scheduler; {@link GangSearch#JOINT} searches jointly for the
     * groups the default rejects).
     *
     * @param search the mode
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder gangSearch(GangSearch search) {
      this.gangSearch = Objects.requireNonNull(search, "search");
      return this;
    }

    /**
     * Sets the step budget of each joint search ({@link GangSearch#JOINT}; allocator calls per
     * group, default {@value PodGroupScheduler#DEFAULT_JOINT_BUDGET}): a larger budget finds
     * placements of groups whose search gave up, at the cost of time per rejected group.
     *
     * @param steps the budget, at least 1
     * @return this builder
     * @throws IllegalArgumentException when the budget is below 1
     */
    @CanIgnoreReturnValue
    public Builder gangSearchBudget(long steps) {
      if (steps < 1) {
        throw new IllegalArgumentException("gang search budget must be at least 1: " + steps);
      }
      this.gangSearchBudget = steps;
      return this;
    }

    /**
     * Takes everything from a simulation document: its cluster, node groups, arrivals, sampling
     * and its policies by their built-in names ({@link NodeScorer#named}).
     *
     * @param spec the document
     * @return this builder
     * @throws IllegalArgumentException for an unknown policy name
     */
    @CanIgnoreReturnValue
    public Builder spec(SimulationSpec spec) {
      cluster(spec.cluster());
      spec.nodeGroups().forEach(this::nodeGroup);
      arrivals(spec.arrivals());
      sampleEvery(spec.sampleEvery());
      timeline(spec.timeline());
      spec.policies().forEach(p -> policy(p, NodeScorer.named(p)));
      return this;
    }

    /**
     * Builds the simulation: stamps out the node groups and fixes the arrivals.
     *
     * @return the simulation
     * @throws IllegalArgumentException when there is no node, no arrivals or no policy, the
     *     cluster holds pods, or two nodes or groups share a name
     */
    public Simulation build() {
      if (arrivals == null) {
        throw new IllegalArgumentException("a simulation needs arrivals");
      }
      if (timeline != null && !timeline.trace().isEmpty() && (timeline.trace().size() != arrivals.count()
          || !timeline.trace().stream().map(Timeline.TraceArrival::kind).toList().equals(arrivals.order()))) {
        throw new IllegalArgumentException("a trace's arrivals must be the arrivals' count and order");
      }
      return new Simulation(this);
    }
  }
}
