package io.github.dra4j.core;

import static io.github.dra4j.core.PodClaimResolver.key;
import static io.github.dra4j.core.PodClaimResolver.namespace;
import static io.github.dra4j.core.PodClaimResolver.reservedFor;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodExtendedResourceClaimStatus;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.PodStatus;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.PodClaimResolver.PodClaim;
import io.github.dra4j.core.PodClaimResolver.Resolution;
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
 *   <li>every node is filtered, in kube-scheduler's plugin order: {@code spec.nodeName}, then
 *       {@code nodeSelector} and required node affinity, then extended resources that no class
 *       backs (node allocatable is not modelled, so they fit nowhere), then the node selectors of
 *       claims that are already allocated, then, in parallel on one {@link ClusterSnapshot}, the
 *       allocation of all the pod's unallocated claims together ({@link
 *       ClusterSnapshot#feasibleNodes});
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
 *     .nodes(nodes).slices(slices).classes(classes).claims(claims).templates(templates)
 *     .scorer(NodeScorer.mostAllocated())
 *     .build();
 * for (SchedulingResult r : scheduler.scheduleAll(pods)) {
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

  /* Node rejections, worded as kube-scheduler's filter plugins word them. */
  static final String NODE_NAME_MISMATCH = "node(s) didn't match the requested node name";
  static final String AFFINITY_MISMATCH = "node(s) didn't match Pod's node affinity/selector";
  static final String CLAIM_NOT_ON_NODE = "resourceclaim not available on the node";
  static final String CANNOT_ALLOCATE = "cannot allocate all claims";
  /** ResourceClaimReservedForMaxSize: a claim is reserved for at most this many consumers. */
  static final int RESERVED_FOR_MAX = PodClaimResolver.RESERVED_FOR_MAX;

  private final List<Node> nodes;
  private final Map<String, ResourceClaimTemplate> templates;
  /** Every claim by namespace/name, input order, with what this session did to it. */
  private final Map<String, ResourceClaim> claims;
  private final NodeScorer scorer;
  private final AllocationOptions options;
  private final PodClaimResolver resolver;
  private final PlacementCache cache;
  private ClusterSnapshot snapshot;

  private PodScheduler(Builder b) {
    this.nodes = List.copyOf(b.nodes);
    Map<String, ResourceClaimTemplate> t = new LinkedHashMap<>();
    for (ResourceClaimTemplate template : b.templates) {
      t.putIfAbsent(key(template.metadata().namespace(), template.name()), template);
    }
    this.templates = t;
    this.claims = new LinkedHashMap<>();
    for (ResourceClaim c : b.claims) {
      claims.putIfAbsent(key(c.metadata().namespace(), c.name()), c);
    }
    this.scorer = b.scorer;
    this.options = b.options;
    this.resolver = new PodClaimResolver(claims, templates, new ExtendedResources(b.classes), b.extendedResources);
    this.cache = new PlacementCache(nodes);
    this.snapshot = b.snapshot != null ? b.snapshot
        : b.allocator.snapshot(b.slices, b.classes, List.copyOf(claims.values()), b.taintRules);
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
   * Schedules one pod and, when it is placed, commits the placement.
   *
   * @param pod the pod; {@code spec.nodeName}, when set, is the only node it may go to
   * @return the placement, or why no node takes the pod
   * @throws AllocationException when the allocator rejects the input (an unknown DeviceClass, a
   *     CEL error, an invalid pool that blocks allocation, the step budget used up)
   */
  public synchronized SchedulingResult schedule(Pod pod) {
    Objects.requireNonNull(pod, "pod");
    String namespace = namespace(pod.namespace());
    Pod withUid = PodClaimResolver.withUid(pod, namespace);

    Resolution r = resolver.resolve(withUid, namespace);
    if (r.failure != null) {
      return new SchedulingResult.Unschedulable(pod, FitError.noneAvailable(nodes.size()) + " " + r.failure + ".", Map.of(), null);
    }
    List<ResourceClaim> toAllocate = new ArrayList<>();
    List<ResourceClaim> allocated = new ArrayList<>();
    split(r, toAllocate, allocated);
    PlacementCache.Filtered filtered = cache.filter(withUid, r.unserved, allocated);
    PlacementCache.Answers answers = toAllocate.isEmpty() ? null : cache.answers(toAllocate);
    BitSet feasible = answers == null ? filtered.candidates()
        : cache.feasible(snapshot, answers, filtered.candidates(), toAllocate, options);
    if (feasible.isEmpty()) {
      IdentityHashMap<Node, List<String>> rejected = new IdentityHashMap<>();
      for (int i = 0; i < nodes.size(); i++) {
        List<String> why = filtered.reasons()[i];
        rejected.put(nodes.get(i), why != null ? why : List.of(CANNOT_ALLOCATE));
      }
      return unschedulable(pod, rejected, toAllocate);
    }
    Choice choice = choose(feasible, answers, toAllocate);
    return commit(withUid, r, toAllocate, choice);
  }

  private static void split(Resolution r, List<ResourceClaim> toAllocate, List<ResourceClaim> allocated) {
    for (PodClaim c : r.claims) {
      (c.claim().allocation() == null ? toAllocate : allocated).add(c.claim());
    }
  }

  /**
   * Schedules every pod that is not bound yet ({@code spec.nodeName} unset), higher {@code
   * spec.priority} first (no priority counts as 0, as in Kubernetes), equal priorities in input
   * order. Each placement is committed before the next pod is scheduled.
   *
   * @param pods the pods; bound ones are skipped
   * @return one result per pending pod, in input order
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
      if (Objects.requireNonNull(p, "pod").spec().nodeName() == null) {
        pending.add(p);
      }
    }
    Integer[] order = IntStream.range(0, pending.size()).boxed().toArray(Integer[]::new);
    // A stable sort: equal priorities keep input order.
    Arrays.sort(order, (a, b) -> Integer.compare(priority(pending.get(b)), priority(pending.get(a))));
    SchedulingResult[] results = new SchedulingResult[pending.size()];
    for (int i : order) {
      results[i] = schedule(pending.get(i));
      listener.accept(results[i]);
    }
    return List.of(results);
  }

  /*
   * The nodes among these (some of the scheduler's nodes) on which the pod would be placed now,
   * without placing it: what a simulation asks to find capacity that no pod can use any more.
   */
  synchronized List<Node> fits(Pod pod, Collection<Node> among) {
    String namespace = namespace(pod.namespace());
    Pod withUid = PodClaimResolver.withUid(pod, namespace);
    Resolution r = resolver.resolve(withUid, namespace);
    if (r.failure != null) {
      return List.of();
    }
    List<ResourceClaim> toAllocate = new ArrayList<>();
    List<ResourceClaim> allocated = new ArrayList<>();
    split(r, toAllocate, allocated);
    BitSet wanted = new BitSet(nodes.size());
    for (Node node : among) {
      int i = cache.position(node);
      if (i < 0) {
        throw new IllegalArgumentException("node " + node.name() + " is not one of the scheduler's nodes");
      }
      wanted.set(i);
    }
    wanted.and(cache.filter(withUid, r.unserved, allocated).candidates());
    BitSet fit = toAllocate.isEmpty() || wanted.isEmpty() ? wanted
        : cache.feasible(snapshot, cache.answers(toAllocate), wanted, toAllocate, options);
    List<Node> out = new ArrayList<>();
    for (Node node : among) {
      if (fit.get(cache.position(node))) {
        out.add(node);
      }
    }
    return out;
  }

  /*
   * Forgets these claims (namespace/name), as when the pods that owned them are deleted, and
   * goes on from a snapshot that differs from the current one only in that they are not allocated.
   */
  synchronized void release(Set<String> claimKeys, ClusterSnapshot withoutThem) {
    List<ResourceClaim> released = claimKeys.stream().map(claims::get).filter(Objects::nonNull).toList();
    resolver.removeAll(claimKeys);
    snapshot = withoutThem;
    cache.forget(withoutThem.nodesUsing(released));
  }

  /** {@return the namespace/name key a claim is known by} */
  static String claimKey(ResourceClaim claim) {
    return key(claim.metadata().namespace(), claim.name());
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

  private record Choice(Node node, List<AllocationResult> results) {}

  /* The best-scored feasible node, the first of equals in node order; scores are remembered per node. */
  private Choice choose(BitSet feasible, PlacementCache.@Nullable Answers answers, List<ResourceClaim> toAllocate) {
    if (!scorer.readsUsage()) {
      Node node = nodes.get(feasible.nextSetBit(0));
      return new Choice(node, allocateOn(node, toAllocate));
    }
    // Without claims to allocate the usage is the node's alone, which other pods change: not remembered.
    PlacementCache.Answers scores = answers != null ? answers : new PlacementCache.Answers(nodes.size());
    ClusterSnapshot now = snapshot;
    cache.score(scores, feasible, i -> {
      List<AllocationResult> placed = allocateOn(nodes.get(i), toAllocate);
      return new PlacementCache.Scored(placed, scorer.score(NodeUsage.of(now, nodes.get(i), placed)));
    });
    int best = -1;
    double bestScore = 0;
    for (int i = feasible.nextSetBit(0); i >= 0; i = feasible.nextSetBit(i + 1)) {
      double score = cache.scored(scores, i).score();
      if (best < 0 || score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    return new Choice(nodes.get(best), cache.scored(scores, best).placed());
  }

  private List<AllocationResult> allocateOn(Node node, List<ResourceClaim> toAllocate) {
    if (toAllocate.isEmpty()) {
      return List.of();
    }
    AllocationOutcome outcome = snapshot.allocate(node, toAllocate, options);
    if (!(outcome instanceof AllocationOutcome.Allocated)) {
      // feasibleNodes and allocate run the same search on the same snapshot.
      throw new IllegalStateException("node " + node.name() + " was feasible but the claims did not fit");
    }
    return ((AllocationOutcome.Allocated) outcome).results();
  }

  /* ---------------- outcomes ---------------- */

  private SchedulingResult commit(Pod pod, Resolution r, List<ResourceClaim> toAllocate, Choice choice) {
    ResourceClaimConsumerReference consumer =
        new ResourceClaimConsumerReference(null, "pods", pod.name(), pod.metadata().uid());
    List<ResourceClaim> podClaims = new ArrayList<>();
    List<ResourceClaim> newlyAllocated = new ArrayList<>();
    List<PodResourceClaimStatus> statuses = new ArrayList<>(pod.status().resourceClaimStatuses());
    PodExtendedResourceClaimStatus extended = pod.status().extendedResourceClaimStatus();
    for (PodClaim c : r.claims) {
      ResourceClaim claim = c.claim();
      int index = indexOf(toAllocate, claim);
      if (index >= 0) {
        claim = claim.withAllocation(choice.results.get(index));
        newlyAllocated.add(claim);
      }
      if (!reservedFor(claim, pod)) {
        // allocated, now or before: it has a status
        List<ResourceClaimConsumerReference> reserved = new ArrayList<>(Objects.requireNonNull(claim.status()).reservedFor());
        reserved.add(consumer);
        claim = new ResourceClaim(claim.metadata(), claim.spec(), new ResourceClaimStatus(claim.allocation(), reserved));
      }
      resolver.put(key(claim.metadata().namespace(), claim.name()), claim);
      podClaims.add(claim);
      if (c.generated() && c.entry() != null) {
        statuses.add(new PodResourceClaimStatus(c.entry(), claim.name()));
      }
      if (c.extended() != null) {
        extended = c.extended();
      }
    }
    if (!newlyAllocated.isEmpty()) {
      snapshot = snapshot.withAllocated(newlyAllocated);
      cache.forget(snapshot.changedNodes());
    }
    Pod bound = new Pod(pod.metadata(), pod.spec().toBuilder().nodeName(choice.node.name()).build(),
        new PodStatus(statuses, extended));
    return new SchedulingResult.Scheduled(bound, choice.node, podClaims);
  }

  @SuppressWarnings("ReferenceEquality") // the list holds these very objects
  private static int indexOf(List<ResourceClaim> list, ResourceClaim claim) {
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i) == claim) {
        return i;
      }
    }
    return -1;
  }

  /* kube-scheduler's FitError: each node's reasons, and the allocator's explanation for the first that could not allocate. */
  private SchedulingResult unschedulable(Pod pod, IdentityHashMap<Node, List<String>> rejected, List<ResourceClaim> toAllocate) {
    Map<String, String> reasons = new LinkedHashMap<>();
    Node firstCannotAllocate = null;
    for (Node node : nodes) {
      List<String> why = Objects.requireNonNull(rejected.get(node)); // every node was rejected
      reasons.put(node.name(), String.join(", ", why));
      if (firstCannotAllocate == null && why.contains(CANNOT_ALLOCATE)) {
        firstCannotAllocate = node;
      }
    }
    Explanation explanation = null;
    if (firstCannotAllocate != null) {
      AllocationOutcome outcome = snapshot.allocate(firstCannotAllocate, toAllocate, options);
      if (outcome instanceof AllocationOutcome.Unsatisfiable) {
        explanation = ((AllocationOutcome.Unsatisfiable) outcome).explanation();
      }
    }
    String message = FitError.message(nodes.size(), rejected.values(), CANNOT_ALLOCATE, explanation);
    return new SchedulingResult.Unschedulable(pod, message, reasons, explanation);
  }

  /* ---------------- helpers ---------------- */

  private static int priority(Pod pod) {
    Integer p = pod.spec().priority();
    return p == null ? 0 : p;
  }

  /** Configures a {@link PodScheduler}. Not thread-safe. */
  public static final class Builder {
    private final StructuredAllocator allocator;
    private List<Node> nodes = List.of();
    private List<ResourceSlice> slices = List.of();
    private List<DeviceClass> classes = List.of();
    private List<ResourceClaim> claims = List.of();
    private List<ResourceClaimTemplate> templates = List.of();
    private List<DeviceTaintRule> taintRules = List.of();
    private NodeScorer scorer = NodeScorer.first();
    private AllocationOptions options = AllocationOptions.defaults();
    private boolean extendedResources = true;
    private @Nullable ClusterSnapshot snapshot;

    private Builder(StructuredAllocator allocator) {
      this.allocator = allocator;
    }

    /**
     * Sets the nodes pods may go to; their order breaks ties.
     *
     * @param nodes the nodes
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder nodes(Collection<Node> nodes) {
      this.nodes = List.copyOf(nodes);
      return this;
    }

    /**
     * Sets every ResourceSlice of the cluster.
     *
     * @param slices the slices
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder slices(Collection<ResourceSlice> slices) {
      this.slices = List.copyOf(slices);
      return this;
    }

    /**
     * Sets every DeviceClass; they also map extended resources to classes.
     *
     * @param classes the classes
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder classes(Collection<DeviceClass> classes) {
      this.classes = List.copyOf(classes);
      return this;
    }

    /**
     * Sets every existing ResourceClaim, allocated or not: pods refer to them by name, and the
     * allocated ones hold their devices.
     *
     * @param claims the claims
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder claims(Collection<ResourceClaim> claims) {
      this.claims = List.copyOf(claims);
      return this;
    }

    /**
     * Sets every ResourceClaimTemplate pods may refer to.
     *
     * @param templates the templates
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder templates(Collection<ResourceClaimTemplate> templates) {
      this.templates = List.copyOf(templates);
      return this;
    }

    /**
     * Sets the DeviceTaintRules whose taints the devices they select get, as the scheduler's
     * slice tracker applies them (see {@link StructuredAllocator#snapshot(Collection, Collection,
     * Collection, Collection)}); not used when a snapshot is given.
     *
     * @param taintRules the rules
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder taintRules(Collection<DeviceTaintRule> taintRules) {
      this.taintRules = List.copyOf(taintRules);
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
     * Starts from this snapshot instead of building one from the slices, classes and claims
     * (which must then be those the snapshot was built from): a scheduler that keeps snapshots
     * across cycles derives them incrementally.
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
     * Builds the scheduler and its snapshot.
     *
     * @return the scheduler
     */
    public PodScheduler build() {
      return new PodScheduler(this);
    }
  }
}
