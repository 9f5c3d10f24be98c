package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.NodeFilter.CANNOT_ALLOCATE;
import static io.github.dra4j.scheduling.PodClaimResolver.key;
import static io.github.dra4j.scheduling.PodClaimResolver.namespace;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.PodClaimResolver.Resolution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * Places pods on nodes as kube-scheduler's DynamicResources plugin does, together with the
 * resourceclaim controller that makes claims from templates: "where does this pod go?" rather
 * than "do these claims fit on this node?".
 *
 * <p>For each pod:
 * <ol>
 *   <li>its claims are found: {@code resourceClaimName} names a claim of the pod's namespace
 *       (shared claims are allocated once and reserved for every pod that uses them); a
 *       {@code resourceClaimTemplateName} entry makes a claim from the template, named {@code
 *       <pod>-<pod claim>-} plus a suffix derived from the pod (see below), unless {@code
 *       status.resourceClaimStatuses} already names one; extended resources in the containers'
 *       requests or limits that a DeviceClass backs ({@code spec.extendedResourceName}, or the
 *       implicit {@code deviceclass.resource.kubernetes.io/<class>}) get one more claim, {@code
 *       <pod>-extended-resources-} plus the suffix, with one request per container and resource;
 *   <li>every node is filtered by the steps of {@link NodeFilter#scheduler()}, in kube-scheduler's
 *       plugin order, then, in parallel on one {@link ClusterSnapshot}, by the allocation of all
 *       the pod's unallocated claims together ({@link ClusterSnapshot#feasibility});
 *   <li>the {@link NodeScorer} picks one of the nodes left (ties go to the first in node order);
 *   <li>the allocation on that node is committed: the claims get {@code status.allocation} and
 *       the pod in {@code status.reservedFor}, the pod gets {@code spec.nodeName} and its claim
 *       statuses, and the snapshot is derived with {@link ClusterSnapshot#withAllocated}, so the
 *       next pod sees the devices in use.
 * </ol>
 * The answers of the filters and of each node's search (and its score) are remembered per pod
 * shape and forgotten only for the nodes a commit changed, so a placement costs about what its
 * commit changed rather than what the cluster holds; the outcome is the same as asking anew.
 *
 * <p>Generated names are deterministic, so that runs repeat: the base is cut to fit as the
 * controller and the API server cut it, and the five-character suffix is taken from the
 * SHA-256 of {@code <namespace>/<pod>/<pod claim>} (of {@code <namespace>/<pod>/extended-resources}
 * for the extended resource claim), each of its first five bytes modulo 27 picking a character
 * of the API server's alphabet {@code bcdfghjklmnpqrstvwxz2456789}; when that name is taken in
 * the namespace, {@code #1}, {@code #2}, ... are appended to the hashed text. A pod without
 * {@code metadata.uid} (a manifest rather than a cluster dump) gets the name-based UUID of
 * {@code <namespace>/<name>}, so that owner references and reservations can name it.
 *
 * <pre>{@code
 * PodScheduler scheduler = PodScheduler.builder(allocator)
 *     .cluster(cluster)
 *     .scorer(NodeScorer.mostAllocated())
 *     .build();
 * for (SchedulingResult r : scheduler.scheduleAll(PodControllers.pods(cluster))) {
 *   if (r instanceof SchedulingResult.Scheduled s) {
 *     bind(s.pod(), s.node());
 *   } else {
 *     log(((SchedulingResult.Unschedulable) r).message());
 *   }
 * }
 * }</pre>
 *
 * <p>A scheduler is a session over one cluster state that each placement changes; calls are
 * serialized (synchronized), as a scheduler's cycles are. Inputs are never modified.
 */
public final class PodScheduler {
  /** The annotation naming the pod claim a generated claim was made for. */
  public static final String POD_CLAIM_NAME_ANNOTATION = PodClaimResolver.POD_CLAIM_NAME_ANNOTATION;
  /** The annotation marking the claim made for a pod's extended resources. */
  public static final String EXTENDED_RESOURCE_CLAIM_ANNOTATION = ExtendedResources.CLAIM_ANNOTATION;

  /**
   * The Kubernetes feature gate of extended resources served by DRA (KEP-5004): a scheduling
   * gate, not one of the allocator's {@link io.github.dra4j.core.Features}; see {@link
   * Builder#extendedResources}.
   */
  public static final String EXTENDED_RESOURCE_GATE = "DRAExtendedResource";
  /** The gate of node resources that DRA devices stand for (KEP-5517); see {@link Builder#nodeAllocatableResources}. */
  public static final String NODE_ALLOCATABLE_RESOURCES_GATE = NodeAllocatableClaims.GATE;
  /** The gate of pod-level resources ({@code spec.resources}); see {@link Builder#podLevelResources}. */
  public static final String POD_LEVEL_RESOURCES_GATE = "PodLevelResources";
  /** ResourceClaimReservedForMaxSize: a claim is reserved for at most this many consumers. */
  static final int RESERVED_FOR_MAX = PodClaimResolver.RESERVED_FOR_MAX;

  private final List<Node> nodes;
  final Map<String, ResourceClaimTemplate> templates;
  /** Every claim by namespace/name, input order, with what this session did to it. */
  final Map<String, ResourceClaim> claims;
  final NodeScorer scorer;
  final AllocationOptions options;
  final PodClaimResolver resolver;
  final PlacementCache cache;
  final NodeInfos infos;
  final Ties ties;
  final Profiles profiles;
  final Priorities priorities;
  private final @Nullable Preemptor preemptor;
  final @Nullable NodeAllocatableClaims nodeAllocatable;
  private final boolean podLevelResources;
  ClusterSnapshot snapshot;

  private PodScheduler(Builder b) {
    Cluster cluster = b.cluster;
    this.nodes = cluster.nodes();
    Map<String, ResourceClaimTemplate> t = new LinkedHashMap<>();
    for (ResourceClaimTemplate template : cluster.templates()) {
      t.putIfAbsent(key(template.metadata().namespace(), template.name()), template);
    }
    this.templates = t;
    this.claims = new LinkedHashMap<>();
    for (ResourceClaim c : cluster.claims()) {
      claims.putIfAbsent(key(c), c);
    }
    this.scorer = b.scorer;
    this.options = b.options;
    this.resolver = new PodClaimResolver(claims, templates, new ExtendedResources(cluster.classes()),
        b.extendedResources);
    this.cache = new PlacementCache(nodes);
    this.nodeAllocatable = b.nodeAllocatableResources ? NodeAllocatableClaims.of(cluster.slices()) : null;
    this.podLevelResources = b.podLevelResources;
    this.infos = new NodeInfos(nodes, cluster.pods().stream().map(this::stored).collect(Collectors.toList()), NodeAllocatableClaims.bound(nodeAllocatable, claims),
        Namespaces.of(cluster.namespaces()));
    this.ties = new Ties(b.tieSeed);
    this.profiles = new Profiles(b.configuration, DefaultSpread.of(cluster), b.scorer == BuiltinScorer.KUBE_SCHEDULER);
    this.priorities = new Priorities(cluster.priorityClasses());
    this.preemptor = b.preemption ? new Preemptor(priorities, cluster.podDisruptionBudgets(), b.minCandidateNodes) : null;
    this.snapshot = b.snapshot != null ? b.snapshot : b.allocator.snapshot(cluster);
  }

  /**
   * Starts configuring a scheduler.
   *
   * @param allocator the allocator (features and selector compiler) of the snapshot
   * @return a builder
   */
  public static Builder builder(StructuredAllocator allocator) {
    return new Builder(Objects.requireNonNull(allocator, "allocator"));
  }

  /**
   * Schedules one pod and, when it is placed, commits the placement. When it fits no node,
   * DefaultPreemption runs (see {@link Builder#preemption}): lower-priority pods of one node are
   * evicted and the pod placed there ({@link SchedulingResult.Scheduled#preemption()}), or the
   * message ends with upstream's {@code preemption: ...} part.
   *
   * @param pod the pod; {@code spec.nodeName}, when set, is the only node it may go to
   * @return the placement, or why no node takes the pod
   * @throws AllocationException when the allocator rejects the input (an unknown DeviceClass, a
   *     CEL error, an invalid pool that blocks allocation, the step budget used up)
   */
  public synchronized SchedulingResult schedule(Pod pod) {
    SchedulingResult refused = priorities.refused(pod);
    if (refused != null) {
      return refused;
    }
    Outcome o = attempt(pod, null);
    SchedulingResult r = o.result();
    return r.isScheduled() || preemptor == null || !profiles.preempts(pod) ? r
        : preemptor.postFilter(this, pod, (SchedulingResult.Unschedulable) r, o.unresolvable());
  }

  /* One pod on the nodes of a mask (all nodes without one): a pod group's placement is one domain. */
  synchronized SchedulingResult schedule(Pod pod, @Nullable BitSet within) {
    return attempt(pod, within).result();
  }

  /* A pod's result, and the nodes DRA refused as UnschedulableAndUnresolvable, which PostFilter does not try. */
  record Outcome(SchedulingResult result, BitSet unresolvable) {}

  /* schedule(pod, within), with the nodes that PostFilter leaves out (none when the pod failed before DRA's Filter). */
  synchronized Outcome attempt(Pod pod, @Nullable BitSet within) {
    Objects.requireNonNull(pod, "pod");
    String noProfile = profiles.unknown(pod);
    if (noProfile != null) {
      return new Outcome(new SchedulingResult.Unschedulable(pod, noProfile, Map.of(), null), new BitSet());
    }
    Plan p = plan(pod);
    int count = within == null ? nodes.size() : within.cardinality();
    String preFilterFailure = p.r.failure != null ? p.r.failure : p.cycle.profile().filter.preFilterFailure(p.pod);
    if (preFilterFailure != null) {
      return new Outcome(new SchedulingResult.Unschedulable(pod, FitError.noneAvailable(count) + " " + preFilterFailure
          + ".", Map.of(), null), new BitSet());
    }
    BitSet candidates = p.candidates();
    if (within != null) {
      candidates = (BitSet) candidates.clone();
      candidates.and(within);
    }
    PlacementCache.Answers answers = p.toAllocate.isEmpty() ? null : cache.answers(p.toAllocate);
    NodeAllocatableClaims.Refused draRefused = NodeAllocatableClaims.refuse(this, p, answers == null || candidates.isEmpty() ? candidates
        : cache.feasible(snapshot, answers, candidates, p.toAllocate, options, NodeChoice.firstWins(this)), answers);
    BitSet feasible = draRefused.feasible();
    if (feasible.isEmpty()) {
      IdentityHashMap<Node, List<String>> rejected = new IdentityHashMap<>();
      for (int i = 0; i < nodes.size(); i++) {
        if (within == null || within.get(i)) {
          List<String> why = p.filtered.reasons()[i];
          rejected.put(nodes.get(i), why != null ? why : draRefused.reasons(i, List.of(CANNOT_ALLOCATE)));
        }
      }
      return new Outcome(FitError.unschedulable(pod, nodes, rejected, snapshot, p.toAllocate, options, CANNOT_ALLOCATE),
          draRefused.unresolvable());
    }
    if (within == null) {
      feasible = profiles.toScore(p.cycle.profile(), feasible, nodes.size());
    }
    Choice choice = NodeChoice.choose(this, p.cycle, feasible, answers, p.toAllocate);
    return new Outcome(Binder.bind(this, p.pod, p.r, p.toAllocate, choice, p.cycle), draRefused.unresolvable());
  }

  /**
   * Schedules every pod that is not bound yet ({@code spec.nodeName} unset), nor terminated or being
   * deleted (which kube-scheduler skips: {@code PodPhases}), higher priority
   * first ({@code spec.priority}, else its PriorityClass's, else the global default class's, else
   * 0, as admission resolves it), equal priorities in input order. Each placement is committed before the next pod is scheduled.
   *
   * @param pods the pods; bound, terminated and terminating ones are skipped
   * @return one result per pod scheduled, in input order
   * @throws AllocationException as {@link #schedule} does, for the first pod that causes one
   */
  public List<SchedulingResult> scheduleAll(Collection<Pod> pods) {
    return scheduleAll(pods, r -> { });
  }

  /**
   * Like {@link #scheduleAll(Collection)}, telling a listener after each pod, for progress.
   *
   * @param pods the pods; bound ones are skipped
   * @param listener called with each result, in scheduling order
   * @return one result per pending pod, in input order
   */
  public synchronized List<SchedulingResult> scheduleAll(Collection<Pod> pods, Consumer<SchedulingResult> listener) {
    Objects.requireNonNull(listener, "listener");
    List<Pod> pending = new ArrayList<>();
    for (Pod p : Objects.requireNonNull(pods, "pods")) {
      if (Objects.requireNonNull(p, "pod").spec().nodeName() == null && PodPhases.schedulable(p)) {
        pending.add(p);
      }
    }
    Integer[] order = IntStream.range(0, pending.size()).boxed().toArray(Integer[]::new);
    // A stable sort: equal priorities keep input order.
    Arrays.sort(order, (a, b) -> Integer.compare(priorities.of(pending.get(b)), priorities.of(pending.get(a))));
    SchedulingResult[] results = new SchedulingResult[pending.size()];
    for (int i : order) {
      results[i] = schedule(pending.get(i));
      listener.accept(results[i]);
    }
    return List.of(results);
  }

  /**
   * Answers "would the pod be placed on these nodes now?" without placing it: the nodes that pass
   * the filters and on which its claims fit. A capacity planner asks it to find nodes that no
   * pod can use any more; the answers are remembered as those of {@link #schedule}.
   *
   * @param pod the pod, as it would be scheduled
   * @param among some of the scheduler's nodes
   * @return those of them the pod fits on, in the given order; empty when its claims cannot be
   *     resolved (a missing claim or template)
   * @throws IllegalArgumentException when a node is not one of the scheduler's nodes (compared
   *     by identity)
   * @throws AllocationException as {@link #schedule} does
   */
  public synchronized List<Node> fits(Pod pod, Collection<Node> among) {
    return Fits.among(this, pod, among);
  }

  /**
   * Deletes claims, as when the pods that own them leave: their devices are free for the next
   * pods ({@link ClusterSnapshot#withoutAllocated}), and they are no longer among {@link
   * #claims()}. Only the answers of the nodes that used them are forgotten.
   *
   * @param released the claims, matched by namespace and name; unknown ones are ignored
   */
  public synchronized void release(Collection<ResourceClaim> released) {
    List<String> keys = new ArrayList<>();
    List<ResourceClaim> known = new ArrayList<>();
    for (ResourceClaim c : released) {
      String k = key(c);
      ResourceClaim current = claims.get(k);
      if (current != null) {
        keys.add(k);
        known.add(current);
      }
    }
    resolver.removeAll(keys);
    snapshot = snapshot.withoutAllocated(known);
    cache.forget(snapshot.changedNodes()); // the release's pools' nodes, found as it derived them
  }

  /**
   * Removes bound pods, as when they leave their nodes: their requests, host ports and labels no
   * longer count for the filters and scores that read the pods on a node. Their claims stay
   * allocated until {@link #release} deletes them.
   *
   * @param leaving the pods, as bound ({@code spec.nodeName} set), matched by namespace and name;
   *     pods not bound here are ignored
   */
  public synchronized void removePods(Collection<Pod> leaving) {
    for (Pod p : leaving) {
      cache.forgetPods(infos.remove(p));
    }
  }

  /** {@return every claim: those given, as this session changed them, then those it made, in order} */
  public synchronized List<ResourceClaim> claims() {
    return List.copyOf(claims.values());
  }

  /** {@return the snapshot with every placement so far committed} */
  public synchronized ClusterSnapshot snapshot() {
    return snapshot;
  }

  /** {@return the nodes, in the order ties are broken} */
  public List<Node> nodes() {
    return nodes;
  }

  /* ---------------- filtering and choosing ---------------- */

  record Choice(Node node, List<AllocationResult> results) {}

  /* ---------------- outcomes ---------------- */

  /* Binds the placement (Binder); the joint search of pod groups commits through it too. */
  SchedulingResult commit(Pod pod, Resolution r, List<ResourceClaim> toAllocate, Choice choice) {
    return Binder.bind(this, pod, r, toAllocate, choice);
  }

  /* ---------------- pod groups: PodGroupScheduler's access ---------------- */

  /** Claims reserved for a PodGroup rather than for each pod, by claim key, during one group's cycle. */
  Map<String, ResourceClaimConsumerReference> groupConsumers = Map.of();
  /** Told the nodes each commit changed (null: all), while a pod group's attempt may be rolled back. */
  @Nullable Consumer<@Nullable Set<String>> onChange;
  /** Told each pod a commit binds, while a pod group's attempt may be rolled back. */
  @Nullable Consumer<Pod> onBound;

  void changed(@Nullable Set<String> nodeNames) {
    cache.forget(nodeNames);
    if (onChange != null) {
      onChange.accept(nodeNames);
    }
  }

  /** A pod's claims and the nodes its filters admit, on the current state. */
  record Plan(Pod pod, Resolution r, List<ResourceClaim> toAllocate, List<ResourceClaim> allocated,
      Cycle cycle, PlacementCache.Filtered filtered) {
    BitSet candidates() {
      return filtered.candidates();
    }
  }

  synchronized Plan plan(Pod pod) {
    String namespace = namespace(pod.namespace());
    Pod withUid = admitted(pod, namespace);
    Resolution r = resolver.resolve(withUid, namespace);
    List<ResourceClaim> toAllocate = new ArrayList<>();
    List<ResourceClaim> allocated = new ArrayList<>();
    Fits.split(r, toAllocate, allocated);
    Cycle cycle = new Cycle(withUid, r.unserved, allocated, infos, profiles.of(withUid));
    PlacementCache.Filtered filtered = r.failure != null ? PlacementCache.Filtered.NONE : cache.filter(cycle);
    return new Plan(withUid, r, toAllocate, allocated, cycle, filtered);
  }

  /* The pod as the API server admits it into the namespace (its resolved namespace): with a UID, and stored. */
  Pod admitted(Pod pod, String namespace) {
    return stored(PodClaimResolver.withUid(pod, namespace));
  }

  /* The pod as the scheduler reads it: without spec.resources when the PodLevelResources gate is off. */
  Pod stored(Pod pod) {
    return podLevelResources ? pod : PodLevelResources.withoutPodLevelResources(pod);
  }

  /** Configures a {@link PodScheduler}. Not thread-safe. */
  public static final class Builder {
    private final StructuredAllocator allocator;
    private Cluster cluster = Cluster.empty();
    private NodeScorer scorer = NodeScorer.first();
    private AllocationOptions options = AllocationOptions.defaults();
    private boolean extendedResources = true;
    private boolean nodeAllocatableResources = true;
    private boolean podLevelResources = true;
    private @Nullable ClusterSnapshot snapshot;
    private @Nullable Long tieSeed;
    private boolean preemption = true;
    private Preemptor.MinCandidateNodes minCandidateNodes = Preemptor.MinCandidateNodes.DEFAULTS;
    private @Nullable SchedulerConfiguration configuration;

    private Builder(StructuredAllocator allocator) {
      this.allocator = allocator;
    }

    /**
     * Sets the cluster: its nodes (pods may go to them; their order breaks ties), slices,
     * classes (they also map extended resources to classes), claims (pods refer to them by name;
     * allocated ones hold their devices), templates and DeviceTaintRules. Its pods and pod
     * controllers are not scheduled by themselves: pass them to {@link #scheduleAll}, with
     * {@link PodControllers#pods(Cluster)}.
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
     * Sets how a node is chosen among those that fit (default {@link NodeScorer#first()}).
     *
     * @param scorer the scorer
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder scorer(NodeScorer scorer) {
      this.scorer = Objects.requireNonNull(scorer, "scorer");
      return this;
    }

    /**
     * Sets the step budget, deadline and cancellation of each node's search.
     *
     * @param options the options
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder options(AllocationOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * Sets the DRAExtendedResource gate (default on): with it off, no extended resource is
     * served by DRA, and a pod asking for one fits no node.
     *
     * @param enabled whether DeviceClasses serve extended resources
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder extendedResources(boolean enabled) {
      this.extendedResources = enabled;
      return this;
    }

    /**
     * Sets the DRANodeAllocatableResources gate (default on; docs/scheduling.md).
     * @param enabled whether the cpu, memory and hugepages allocated devices stand for count with the pods' requests
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder nodeAllocatableResources(boolean enabled) {
      this.nodeAllocatableResources = enabled;
      return this;
    }

    /**
     * Sets the PodLevelResources gate (default on, as upstream since 1.34): with it off, {@code spec.resources}
     * counts nowhere and is left out of the pods placed, as an API server with the gate off drops it (docs/scheduling.md).
     * @param enabled whether pod-level requests replace the containers' sum
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder podLevelResources(boolean enabled) {
      this.podLevelResources = enabled;
      return this;
    }

    /**
     * Starts from this snapshot instead of building one from the cluster (whose slices, classes,
     * allocated claims and rules must then be those the snapshot was built from): a scheduler
     * that keeps snapshots across cycles derives them incrementally.
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
     * Breaks ties between equally scored nodes at random, as kube-scheduler does, with a stream
     * seeded so that runs repeat; by default the first of them in node order wins.
     *
     * @param seed the seed of the draws
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder randomTies(long seed) {
      this.tieSeed = seed;
      return this;
    }

    /**
     * Turns DefaultPreemption on (the default, as in kube-scheduler) or off; pods of a PodGroup
     * never preempt.
     *
     * @param enabled whether a pod that fits nowhere may evict lower-priority pods
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder preemption(boolean enabled) {
      this.preemption = enabled;
      return this;
    }

    /**
     * Sets DefaultPreemptionArgs: the dry run stops once it has found {@code max(percentage% of
     * the nodes preemption may help, absolute)} candidate nodes (defaults 10 and 100).
     *
     * @param percentage minCandidateNodesPercentage, 0 to 100
     * @param absolute minCandidateNodesAbsolute, at least 0
     * @return this builder
     * @throws IllegalArgumentException when a value is out of range or both are 0
     */
    @CanIgnoreReturnValue
    public Builder minCandidateNodes(int percentage, int absolute) {
      this.minCandidateNodes = Preemptor.MinCandidateNodes.of(percentage, absolute);
      return this;
    }

    /**
     * Schedules as kube-scheduler with this configuration ({@code --config}) does: a pod's {@code spec.schedulerName}
     * picks its profile (a pod no profile takes stays pending), whose Filter, Score and PostFilter plugins, weights and
     * plugin arguments apply (its {@code DefaultPreemption} arguments replace {@link #minCandidateNodes}), and {@code
     * percentageOfNodesToScore} bounds the feasible nodes scored (see docs/scheduling.md). Sets the scorer to {@link
     * NodeScorer#kubeScheduler()}; a scorer set afterwards replaces the profiles' scores. Without a configuration
     * every pod is scheduled with the default profile, and {@link NodeScorer#kubeScheduler()} scores the feasible
     * nodes kube-scheduler's default configuration scores; {@code percentageOfNodesToScore: 100} scores them all.
     *
     * @param configuration the configuration, as {@link
     *     io.github.dra4j.api.io.SchedulerConfigurationReader} reads it; null for none (the
     *     default, which leaves the scorer as it is)
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder configuration(@Nullable SchedulerConfiguration configuration) {
      this.configuration = configuration;
      if (configuration != null) {
        this.scorer = NodeScorer.kubeScheduler();
      }
      return this;
    }

    /**
     * Builds the scheduler and its snapshot.
     *
     * @return the scheduler
     */
    public PodScheduler build() {
      return new PodScheduler(this);
    }
  }
}
