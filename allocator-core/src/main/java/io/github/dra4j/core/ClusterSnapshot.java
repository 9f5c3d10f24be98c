package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * An immutable view of a cluster's ResourceSlices, DeviceClasses and allocated claims, against
 * which claims are allocated for one node at a time.
 *
 * <p>Built by {@link StructuredAllocator#snapshot}: slices are indexed by node name and by
 * pool, and every slice's mixins are resolved (lazily, never flattened) exactly once. A call
 * for a node then touches only that node's slices, the cluster-wide ones and the pools they
 * name; the pools gathered for a node are cached, so repeated calls for the same node do no
 * gathering at all (the reference allocator once spent most of its time there,
 * kubernetes#138917). Selector results are remembered per device, so repeated calls evaluate no
 * selector twice on the same device. Runtime errors of a selector are never remembered: they
 * surface on every call that evaluates it.
 *
 * <p>Incremental: a scheduler builds a new snapshot per cycle, so a snapshot derived from a
 * previous one ({@link #withAllocated}, {@link #withoutAllocated}, {@link StructuredAllocator#snapshot(ClusterSnapshot,
 * Collection, Collection, Collection)}) redoes work only for the pools that changed. A pool whose
 * slices are the same objects and whose devices' in-use state is unchanged is taken over whole:
 * device entries, validated pool and selector results. When only its in-use state changed, its
 * validation is kept and only the counters left and the in-use flags are recomputed. Pools
 * gathered for a node carry over while none of the node's pools changed. The previous snapshot
 * stays valid and unchanged; the two only share immutable data and caches valid for both.
 *
 * <p>Thread-safe: {@code allocate} may run concurrently from many threads. Deterministic: the
 * same inputs give the same results (except the random {@code shareID} of consumable-capacity
 * shares), however the snapshot was derived. Inputs are never modified.
 */
public final class ClusterSnapshot {
  /** At least this many nodes' pools are cached; more when the cluster has more nodes. */
  private static final int MIN_CACHED_NODES = 4096;
  private static final int MAX_CACHED_SELECTORS = 4096;
  /** Fewer nodes than this are searched on the caller's thread. */
  static final int PARALLEL_NODES = 2;

  private final Features features;
  private final DeviceSelectorCompiler compiler;
  private final Map<String, DeviceClass> classes;
  private final SnapshotIndex index;
  /** The devices in use; derived from {@link #allocatedClaims} on demand in a derived snapshot. */
  private volatile @Nullable AllocatedState state;
  /** Every device's uid is below it. */
  private final int uidLimit;
  private final int maxCachedNodes;
  /**
   * Pools gathered per node, by node name: a String key hashes from its cached hash, and the same
   * Node object, as a scheduler passes it call after call, is recognised by identity instead of
   * comparing its labels. A node with the same name but other labels replaces the entry.
   */
  private final ConcurrentHashMap<String, PoolGatherer.NodePools> poolsByNode = new ConcurrentHashMap<>();
  /**
   * The compiled selectors with their results, shared with the snapshots derived by {@link
   * #withAllocated} and {@link #withoutAllocated}: they have the same devices under the same uids,
   * and a result depends only on the selector and the device.
   */
  private final ConcurrentHashMap<String, CachedSelector> selectors;
  /** One SelectorsKey per distinct set of selectors, so that layouts recognise it by identity; shared as selectors. */
  private final ConcurrentHashMap<SelectorsKey, SelectorsKey> selectorsKeys;
  /** Selectors of predecessors: their results carry over to devices that kept their uid. */
  private final Map<String, CachedSelector> inherited;
  /** Added to by every call, from any thread: striped, so that parallel searches do not contend. */
  private final LongAdder allocateOneInvocations = new LongAdder();
  /**
   * The nodes of the last feasibleNodes question and their pools, position by position: a
   * scheduler asks about the same node objects in the same order pod after pod, and then each
   * node's pools are read from an array instead of being looked up by name.
   */
  private volatile @Nullable NodeOrder lastOrder;
  /**
   * The pools gathered per node by the last snapshots of the line this one was derived in by
   * {@link #withAllocated} or {@link #withoutAllocated}: taken over when asked for (patched for a
   * node whose pools changed), instead of copying them all per commit. Null otherwise.
   */
  private final @Nullable EarlierPools earlierPools;
  /** The inputs, kept for {@link #withAllocated}. */
  private final List<ResourceSlice> slices;
  private final List<DeviceClass> classList;
  private final AllocatedClaims allocatedClaims;
  private final List<DeviceTaintRule> taintRuleList;
  /** The rules in effect (none while DRADeviceTaintRules is off). */
  private final TaintRules taintRules;
  private final AllocatorStats stats = allocateOneInvocations::sum;

  /*
   * The index is built from scratch (previous == null) or derived from the previous snapshot's
   * (SnapshotIndex). Selector results carry over while the devices keep their uids and the
   * compiler is the same; per-node pool lists where nothing they depend on changed.
   */
  ClusterSnapshot(
      Features features,
      DeviceSelectorCompiler compiler,
      Collection<ResourceSlice> slices,
      Collection<DeviceClass> classes,
      Collection<ResourceClaim> allocatedClaims,
      Collection<DeviceTaintRule> taintRules,
      @Nullable ClusterSnapshot previous) {
    this.features = features;
    this.compiler = compiler;
    this.classes = classesByName(classes);
    this.classList = List.copyOf(classes);
    List<ResourceClaim> claims = List.copyOf(Objects.requireNonNull(allocatedClaims, "allocatedClaims"));
    this.allocatedClaims = AllocatedClaims.of(claims);
    AllocatedState inUse = AllocatedState.from(claims, features);
    this.state = inUse;
    this.taintRuleList = List.copyOf(Objects.requireNonNull(taintRules, "taintRules"));
    this.taintRules = TaintRules.of(taintRuleList, features);
    for (ResourceSlice slice : slices) {
      Objects.requireNonNull(slice, "slice");
    }
    this.slices = List.copyOf(slices);

    this.selectors = new ConcurrentHashMap<>();
    this.selectorsKeys = new ConcurrentHashMap<>();
    this.index = SnapshotIndex.build(features, this.slices, inUse, this.taintRules,
        previous == null ? null : previous.index, previous == null ? null : previous.state());
    this.earlierPools = null;
    this.uidLimit = index.uidLimit();
    // Sized to the cluster, so that asking about every node (feasibleNodes) never thrashes it.
    this.maxCachedNodes = Math.max(MIN_CACHED_NODES, 2 * index.slicesOnNode().size());
    boolean keptUids = previous != null && index.keptUids();
    this.inherited = previous != null && keptUids && previous.compiler == compiler ? previous.selectorsForSuccessor() : Map.of();
    if (previous != null && keptUids) {
      previous.poolsByNode.forEach((name, gathered) -> {
        if (index.sameNodePools(previous.index, name, gathered.consulted())) {
          poolsByNode.put(name, gathered);
        }
      });
    }
  }

  /* The snapshot after a commit or a release: see withAllocated and withoutAllocated. */
  private ClusterSnapshot(ClusterSnapshot previous, AllocatedClaims claims, SnapshotIndex index) {
    this.features = previous.features;
    this.compiler = previous.compiler;
    this.classes = previous.classes;
    this.classList = previous.classList;
    this.taintRuleList = previous.taintRuleList;
    this.taintRules = previous.taintRules;
    this.slices = previous.slices;
    this.allocatedClaims = claims;
    this.index = index;
    this.uidLimit = previous.uidLimit;
    this.maxCachedNodes = previous.maxCachedNodes;
    // Shared until full; then afresh, inheriting the newest, so that a long line of commits and
    // releases keeps caching the selectors it meets, as a snapshot built from scratch does.
    boolean full = previous.selectors.size() >= MAX_CACHED_SELECTORS
        || previous.selectorsKeys.size() >= MAX_CACHED_SELECTORS;
    this.selectors = full ? new ConcurrentHashMap<>() : previous.selectors;
    this.selectorsKeys = full ? new ConcurrentHashMap<>() : previous.selectorsKeys;
    this.inherited = full ? previous.selectorsForSuccessor() : previous.inherited;
    this.earlierPools = EarlierPools.after(previous.poolsByNode, previous.earlierPools, index.changedNodes());
  }

  private static Map<String, DeviceClass> classesByName(Collection<DeviceClass> classes) {
    Map<String, DeviceClass> byName = new HashMap<>();
    for (DeviceClass c : classes) {
      // A class without a name can be decoded but never referenced, as no lister returns it.
      if (Objects.requireNonNull(c, "device class").name() != null) {
        byName.put(c.name(), c);
      }
    }
    return Map.copyOf(byName);
  }

  /** The cached selectors a successor with the same uids inherits, newest first, bounded. */
  private Map<String, CachedSelector> selectorsForSuccessor() {
    if (selectors.isEmpty()) {
      return inherited; // a snapshot nobody searched: never written to
    }
    Map<String, CachedSelector> out = new HashMap<>(selectors);
    for (Map.Entry<String, CachedSelector> e : inherited.entrySet()) {
      if (out.size() >= MAX_CACHED_SELECTORS) {
        break;
      }
      out.putIfAbsent(e.getKey(), e.getValue());
    }
    return out;
  }

  /**
   * Allocates claims on a node with the default {@link AllocationOptions}.
   *
   * @param node the node the pod would run on
   * @param claims the claims to allocate together, in order; their {@code status} is ignored
   * @return one result per claim, or unsatisfiable with an explanation
   * @throws AllocationException on invalid input, selector errors, invalid pools that block
   *     allocation, or when the default step budget is used up
   * @see #allocate(Node, List, AllocationOptions)
   */
  public AllocationOutcome allocate(Node node, List<ResourceClaim> claims) {
    return allocate(node, claims, AllocationOptions.defaults());
  }

  /**
   * Allocates claims on a node: every request of every claim gets devices from pools that can
   * serve the node, honouring selectors, constraints, counters, capacity, taints and devices
   * already in use, or the call says why not.
   *
   * @param node the node the pod would run on
   * @param claims the claims to allocate together, in order; their {@code status} is ignored
   * @param options the step budget, deadline and cancellation
   * @return one {@link AllocationResult} per claim in input order, or {@link
   *     AllocationOutcome.Unsatisfiable} with an {@link Explanation}
   * @throws InvalidInputException on invalid input (unknown class, gated field in use, ...)
   * @throws CelException when a selector that had to be evaluated fails
   * @throws NodeAllocationException when nothing fits and invalid pools were encountered
   * @throws SearchBudgetExceededException when the step budget is used up
   * @throws AllocationCancelledException when cancelled or past the deadline
   */
  public AllocationOutcome allocate(Node node, List<ResourceClaim> claims, AllocationOptions options) {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(options, "options");
    List<ResourceClaim> toAllocate = List.copyOf(Objects.requireNonNull(claims, "claims"));
    AllocationRun run = AllocationRun.of(this, node, toAllocate, pools(node), options);
    try {
      List<AllocationResult> results = run.run();
      if (results != null) {
        return new AllocationOutcome.Allocated(results);
      }
      return new AllocationOutcome.Unsatisfiable(Explainer.explain(run));
    } finally {
      allocateOneInvocations.add(run.invocations);
    }
  }

  /**
   * Answers "on which of these nodes do the claims fit?" as the scheduler's filter step asks
   * it, with the default {@link AllocationOptions} for each node.
   *
   * @param nodes the candidate nodes
   * @param claims the claims to allocate together on one node
   * @return the nodes, in input order, on which {@link #allocate(Node, List)} would succeed
   * @see #feasibleNodes(Collection, List, AllocationOptions)
   */
  public List<Node> feasibleNodes(Collection<Node> nodes, List<ResourceClaim> claims) {
    return feasibleNodes(nodes, claims, AllocationOptions.defaults());
  }

  /**
   * Answers "on which of these nodes do the claims fit?": each node is searched on its own, as
   * by {@link #allocate(Node, List, AllocationOptions)}, in parallel on the common fork-join
   * pool (a single node on the caller's thread). It is cheaper than calling {@code allocate} per node: no explanation is built for a
   * node where the claims do not fit. The options apply to each node's search separately (the step budget is per node).
   * Asking again about the same {@code Node} objects in the same order, as a scheduler does pod
   * after pod, finds each node's pools by position instead of by name. The claims are validated
   * once for all nodes, unless a request asks for all devices (its devices depend on the node).
   *
   * <p>Errors: every node is searched even when another fails, and then the exception of the
   * first failing node in input order is thrown, so the outcome does not depend on thread
   * scheduling. As with {@code allocate}, that is an {@link InvalidInputException} or {@link
   * CelException} for bad claims or selectors (the same on every node that needs them), a
   * {@link NodeAllocationException} when nothing fits on a node with invalid pools, {@link
   * SearchBudgetExceededException} or {@link AllocationCancelledException}. A caller that
   * wants to skip failing nodes instead asks {@code allocate} for each node.
   *
   * @param nodes the candidate nodes
   * @param claims the claims to allocate together on one node; their {@code status} is ignored
   * @param options the step budget, deadline and cancellation of each node's search
   * @return the nodes, in input order, on which the claims can be allocated together
   * @throws AllocationException the first node's failure in input order, as described above
   */
  public List<Node> feasibleNodes(Collection<Node> nodes, List<ResourceClaim> claims, AllocationOptions options) {
    Searched s = search(nodes, claims, options, false);
    List<Node> out = new ArrayList<>();
    for (int i = 0; i < s.nodes.length; i++) {
      if (s.errors[i] != null) {
        throw s.errors[i];
      }
      if (s.found[i] != null) {
        out.add(s.nodes[i]);
      }
    }
    return out;
  }

  /**
   * Answers "on which of these nodes do the claims fit?" as {@link #feasibleNodes(Collection,
   * List, AllocationOptions)} does, but with each node's verdict or error instead of the first
   * error for all: a scheduler that remembers each node's answer across placements keeps the
   * verdicts of the nodes that did not fail, and never remembers a failure, and the allocation
   * found on each node that fits ({@link NodeFeasibility#results}), which it commits unsearched.
   *
   * @param nodes the candidate nodes
   * @param claims the claims to allocate together on one node; their {@code status} is ignored
   * @param options the step budget, deadline and cancellation of each node's search
   * @return one verdict per node, in input order
   * @throws NullPointerException when an argument or element is null
   */
  public List<NodeFeasibility> feasibility(List<Node> nodes, List<ResourceClaim> claims, AllocationOptions options) {
    Searched s = search(nodes, claims, options, true);
    List<NodeFeasibility> out = new ArrayList<>(s.nodes.length);
    for (int i = 0; i < s.nodes.length; i++) {
      List<AllocationResult> found = s.found[i]; // null after an error
      out.add(new NodeFeasibility(s.nodes[i], found != null, s.errors[i], found == null ? List.of() : found));
    }
    return out;
  }

  /** Each node's answer: its allocation (empty unless asked for) or null when nothing fits, or what it threw. */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  private record Searched(Node[] nodes, @Nullable List<AllocationResult>[] found, @Nullable RuntimeException[] errors) {}

  /* Searches every node, in parallel unless there is one, for feasibleNodes and feasibility (which keeps the results). */
  private Searched search(Collection<Node> nodes, List<ResourceClaim> claims, AllocationOptions options, boolean keep) {
    Objects.requireNonNull(options, "options");
    List<ResourceClaim> toAllocate = List.copyOf(Objects.requireNonNull(claims, "claims"));
    Node[] candidates = Objects.requireNonNull(nodes, "nodes").toArray(new Node[0]);
    RuntimeException[] errors = new RuntimeException[candidates.length];
    Arrays.stream(candidates).forEach(n -> Objects.requireNonNull(n, "node"));
    NodeOrder order = lastOrder;
    boolean sameOrder = order != null && order.sameNodes(candidates);
    @SuppressWarnings("unchecked")
    List<Pool>[] pools = order != null && sameOrder ? order.pools() : (List<Pool>[]) new List<?>[candidates.length];
    @SuppressWarnings("unchecked")
    @Nullable List<AllocationResult>[] found = (List<AllocationResult>[]) new List<?>[candidates.length];
    SharedPlan plan = candidates.length == 0 || !ClaimPlanner.nodeIndependent(toAllocate) ? null
        : SharedPlan.of(this, candidates[0], toAllocate, options);
    IntConsumer searchOne = i -> {
      try {
        if (pools[i] == null) {
          pools[i] = pools(candidates[i]);
        }
        found[i] = fit(candidates[i], pools[i], toAllocate, options, plan, keep);
      } catch (RuntimeException e) {
        errors[i] = e;
      }
    };
    if (candidates.length < PARALLEL_NODES) {
      // a scheduler that remembers answers often searches the one node a commit changed: handing
      // it to the fork-join pool only adds the hand-over (with more nodes, on a loaded machine,
      // the pool's threads win more of the cores than the caller's alone, mixedSimulation)
      for (int i = 0; i < candidates.length; i++) {
        searchOne.accept(i);
      }
    } else {
      IntStream.range(0, candidates.length).parallel().forEach(searchOne);
    }
    if (!sameOrder && Arrays.stream(pools).allMatch(Objects::nonNull)) {
      lastOrder = new NodeOrder(candidates, pools);
    }
    return new Searched(candidates, found, errors);
  }

  /* The node's allocation when the claims fit (empty unless results are asked for), else null. */
  private @Nullable List<AllocationResult> fit(Node node, List<Pool> pools, List<ResourceClaim> claims,
      AllocationOptions options, @Nullable SharedPlan shared, boolean results) {
    AllocationRun run;
    if (shared == null) {
      run = AllocationRun.of(this, node, claims, pools, options);
    } else {
      SearchBudget budget = new SearchBudget(options);
      budget.poll();
      if (shared.invalid() != null) {
        throw shared.invalid();
      }
      run = new AllocationRun(this, node, pools, Objects.requireNonNull(shared.plan()),
          new SelectorMatcher(features(), node, claims, budget), budget);
    }
    try {
      if (!run.search()) {
        return null;
      }
      run.checkResults(); // can still fail on a node selector, as allocate would
      return results ? run.results() : List.of();
    } finally {
      allocateOneInvocations.add(run.invocations);
    }
  }

  /**
   * Returns a snapshot of the same slices and classes in which these claims are allocated too,
   * as after a scheduling cycle that allocated them. It costs what the claims change, not what
   * the cluster holds: only the pools whose devices the claims use get new entries and counters
   * (their validation and every slice's mixin resolution are reused), every other pool, slice
   * list and node's gathered pools is shared with this snapshot, and selector results carry over.
   * The result is the same as {@link StructuredAllocator#snapshot} with this snapshot's claims and
   * these.
   *
   * @param claims claims to add to the allocated claims; claims without an allocation are
   *     ignored, like in {@link StructuredAllocator#snapshot}
   * @return the new snapshot; this one is unchanged
   * @throws NullPointerException when the collection or an element is null
   */
  public ClusterSnapshot withAllocated(Collection<ResourceClaim> claims) {
    List<ResourceClaim> added = new ArrayList<>();
    for (ResourceClaim c : Objects.requireNonNull(claims, "claims")) {
      added.add(Objects.requireNonNull(c, "claim"));
    }
    return new ClusterSnapshot(this, allocatedClaims.plus(added),
        index.withAllocated(AllocatedState.from(added, features)));
  }

  /**
   * Returns a snapshot in which these claims are no longer allocated, as after their pods were
   * deleted: the counterpart of {@link #withAllocated}, so that a scheduler or a simulation can
   * let pods leave. Like a commit, it costs what the claims change, not what the cluster holds:
   * only the pools whose devices the released claims used get new entries, with their in-use
   * state derived from the claims still allocated there, and everything else is shared. The
   * result is the same as {@link StructuredAllocator#snapshot} with this snapshot's claims less
   * these; {@link #nodesUsing} names the nodes that can differ.
   *
   * @param claims the claims to release, matched by namespace and name ({@link
   *     io.github.dra4j.api.ObjectRef#key()}), so a newer copy of a claim (one more reservation)
   *     releases it too; claims this snapshot does not hold are ignored
   * @return the new snapshot; this one is unchanged
   * @throws NullPointerException when the collection or an element is null
   */
  public ClusterSnapshot withoutAllocated(Collection<ResourceClaim> claims) {
    Set<String> keys = new HashSet<>();
    for (ResourceClaim c : Objects.requireNonNull(claims, "claims")) {
      keys.add(ClaimPlan.claimRef(Objects.requireNonNull(c, "claim")));
    }
    AllocatedClaims.Release release = allocatedClaims.minus(keys);
    AllocatedState removed = AllocatedState.from(release.removed(), features);
    return new ClusterSnapshot(this, release.claims(),
        index.withState(removed, AllocatedState.from(release.users(), features, removed)));
  }

  /**
   * {@return the names of the nodes whose pools differ from those of the snapshot this one was
   * derived from by {@link #withAllocated} or {@link #withoutAllocated}, or null when that is not known (a snapshot built
   * otherwise, or a change to a pool that is not local to nodes)} Other nodes' allocation
   * outcomes are the same in both snapshots, so a scheduler that remembers each node's answer
   * forgets only these after a commit.
   */
  public @Nullable Set<String> changedNodes() {
    return index.changedNodes();
  }

  /**
   * {@return the names of the nodes that see a pool whose devices these claims' allocations use,
   * or null when such a pool is not local to nodes} A snapshot that differs from this one only in
   * these claims (one derived with {@link #withAllocated} or {@link #withoutAllocated}) differs
   * for no other node, so a scheduler that remembers each node's answer forgets only these.
   *
   * @param claims allocated claims; claims without an allocation use no pool
   */
  public @Nullable Set<String> nodesUsing(Collection<ResourceClaim> claims) {
    Set<PoolId> pools = new HashSet<>();
    for (ResourceClaim c : claims) {
      if (c.allocation() != null) {
        c.allocation().devices().results().forEach(r -> pools.add(new PoolId(r.driver(), r.pool())));
      }
    }
    return index.nodesOf(pools);
  }

  /** {@return the devices in use, derived from the allocated claims when first asked for} */
  private AllocatedState state() {
    AllocatedState s = state;
    if (s == null) {
      s = AllocatedState.from(allocatedClaims.list(), features);
      state = s;
    }
    return s;
  }

  /**
   * {@return the DRA usage of the complete, valid pools this node can use, per pool} What a
   * scorer ranks nodes by and a capacity planner sums; it reuses the node's gathered pools.
   *
   * @param node the node
   */
  public List<PoolUsage> usage(Node node) {
    return usage(node, List.of());
  }

  /**
   * {@return the usage of the node's pools with these allocation results committed too} A
   * scorer ranks a node with the pod's claims placed there: their devices count as allocated
   * and consume their counters (admin access consumes nothing).
   *
   * @param node the node
   * @param placement results for claims not in this snapshot, as {@link #allocate} gives them
   */
  public List<PoolUsage> usage(Node node, List<AllocationResult> placement) {
    return PoolUsage.of(pools(Objects.requireNonNull(node, "node")), node,
        List.copyOf(Objects.requireNonNull(placement, "placement")));
  }

  /** {@return counters summed over every call against this snapshot} */
  public AllocatorStats stats() {
    return stats;
  }

  /** {@return the features this snapshot allocates with} */
  public Features features() {
    return features;
  }

  /* ---------------- package-private ---------------- */

  List<Pool> pools(Node node) {
    PoolGatherer.NodePools pools = poolsByNode.get(node.name());
    if (pools == null || !sameNode(pools, node)) {
      EarlierPools earlier = earlierPools;
      pools = earlier == null ? null : earlier.pools(index, node);
      if (pools == null) {
        pools = PoolGatherer.gatherPools(index, node, features);
      }
      if (poolsByNode.size() >= maxCachedNodes) {
        poolsByNode.clear();
      }
      poolsByNode.put(node.name(), pools);
    }
    return pools.pools();
  }

  @SuppressWarnings("ReferenceEquality") // the same Node object first: callers mostly pass it again
  static boolean sameNode(PoolGatherer.NodePools pools, Node node) {
    return pools.node() == node || pools.node().equals(node);
  }

  @Nullable DeviceClass deviceClass(String name) {
    return classes.get(name);
  }

  /**
   * The compiled selector with its results on this snapshot's devices, shared by all calls; the
   * results of a predecessor's selector carry over for the devices that kept their uid.
   */
  CachedSelector compile(String expression) {
    CachedSelector s = selectors.get(expression);
    if (s == null) {
      CachedSelector old = inherited.get(expression);
      s = old == null ? new CachedSelector(compiler.compile(expression, features), uidLimit) : old.resized(uidLimit);
      if (selectors.size() < MAX_CACHED_SELECTORS) {
        CachedSelector raced = selectors.putIfAbsent(expression, s);
        if (raced != null) {
          s = raced;
        }
      }
    }
    return s;
  }

  /** {@return the derived attribute compiled by the snapshot's compiler (not cached: claims rarely have them)} */
  CompiledAttribute compileAttribute(String expression) {
    return compiler.compileAttribute(expression, features);
  }

  /**
   * {@return the key of these selectors for PoolLayout.candidates, the same object for the same
   * selectors while the snapshot remembers it; null when a selector is missing}
   */
  @Nullable SelectorsKey selectorsKey(@Nullable CachedSelector[] classSelectors,
      @Nullable CachedSelector[] requestSelectors) {
    SelectorsKey key = SelectorsKey.of(classSelectors, requestSelectors);
    if (key == null) {
      return null;
    }
    SelectorsKey known = selectorsKeys.get(key);
    if (known == null && selectorsKeys.size() < MAX_CACHED_SELECTORS) {
      known = selectorsKeys.putIfAbsent(key, key);
    }
    return known != null ? known : key;
  }

  int uidLimit() {
    return uidLimit;
  }

  SnapshotIndex index() {
    return index;
  }
}
