package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.core.TaintRules.RuleTaint;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
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
 * previous one ({@link #withAllocated}, {@link StructuredAllocator#snapshot(ClusterSnapshot,
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
  /** Churn may grow the uid space to twice the live devices plus this; then it is renumbered. */
  private static final int UID_SLACK = 1024;

  private final Features features;
  private final DeviceSelectorCompiler compiler;
  private final Map<String, DeviceClass> classes;
  private final Index index;
  private final AllocatedState state;
  /** The number of live devices; their uids are below {@link #uidLimit}. */
  private final int deviceCount;
  private final int uidLimit;
  private final int maxCachedNodes;
  /**
   * Pools gathered per node, by node name: a String key hashes from its cached hash, and the same
   * Node object, as a scheduler passes it call after call, is recognised by identity instead of
   * comparing its labels. A node with the same name but other labels replaces the entry.
   */
  private final ConcurrentHashMap<String, PoolGatherer.NodePools> poolsByNode = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, CachedSelector> selectors = new ConcurrentHashMap<>();
  /** One SelectorsKey per distinct set of selectors, so that layouts recognise it by identity. */
  private final ConcurrentHashMap<SelectorsKey, SelectorsKey> selectorsKeys = new ConcurrentHashMap<>();
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
  /** The inputs, kept for {@link #withAllocated}. */
  private final List<ResourceSlice> slices;
  private final List<DeviceClass> classList;
  private final List<ResourceClaim> allocatedClaims;
  private final List<DeviceTaintRule> taintRuleList;
  /** The rules in effect (none while DRADeviceTaintRules is off). */
  private final TaintRules taintRules;
  private final AllocatorStats stats = allocateOneInvocations::sum;

  /** Slices by node name (node-local), the rest (both in input order), and every pool. */
  record Index(
      Map<String, List<SliceEntry>> slicesOnNode,
      List<SliceEntry> slicesShared,
      Map<PoolId, PoolEntry> pools) {}

  /*
   * From scratch (previous == null) every slice is resolved and indexed. From a previous snapshot
   * with the same features, a pool whose slices are the same objects keeps its PoolEntry when
   * none of its devices changed its in-use state, and otherwise gets new entries for the same
   * resolutions and uids plus its validated pools (PoolEntry(previous, ...)); a pool with other
   * slices is rebuilt, reusing the resolution and entries of each slice that is the same object.
   * Selector results and per-node pool lists carry over where nothing they depend on changed.
   * A pool whose DeviceTaintRule taints changed gets new entries for the same resolutions (and
   * uids): taints change no validation and no selector result.
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
    this.allocatedClaims = List.copyOf(Objects.requireNonNull(allocatedClaims, "allocatedClaims"));
    this.state = AllocatedState.from(this.allocatedClaims, features);
    this.taintRuleList = List.copyOf(Objects.requireNonNull(taintRules, "taintRules"));
    this.taintRules = TaintRules.of(taintRuleList, features);
    for (ResourceSlice slice : slices) {
      Objects.requireNonNull(slice, "slice");
    }
    this.slices = List.copyOf(slices);

    // Entries and pools depend on every gate; a resolution only on the mixins gate.
    boolean sameFeatures = previous != null && previous.features.equals(features);
    boolean compact = sameFeatures && previous.uidLimit > 2L * previous.deviceCount + UID_SLACK;
    boolean keepUids = sameFeatures && !compact;
    Set<PoolId> changed = keepUids ? previous.state.changedPools(state) : Set.of();
    Map<PoolId, PoolEntry> previousPools = previous != null
        && previous.features.resourceSliceMixins() == features.resourceSliceMixins()
        ? previous.index.pools() : Map.of();
    int[] uid = {keepUids ? previous.uidLimit : 0};

    SliceEntry[] entries = new SliceEntry[this.slices.size()];
    Map<PoolId, PoolEntry> pools = poolEntries(entries, previousPools, sameFeatures, keepUids, compact, changed, uid);

    this.index = index(entries, pools);
    this.deviceCount = deviceCount(entries);
    this.uidLimit = uid[0];
    // Sized to the cluster, so that asking about every node (feasibleNodes) never thrashes it.
    this.maxCachedNodes = Math.max(MIN_CACHED_NODES, 2 * index.slicesOnNode().size());
    this.inherited = keepUids && previous.compiler == compiler ? previous.selectorsForSuccessor() : Map.of();
    if (keepUids) {
      carryOverNodePools(previous);
    }
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

  /*
   * The pool entries, taken over from the previous snapshot or built (see the constructor), and
   * each slice's entry at the slice's input position in {@code entries}.
   */
  private Map<PoolId, PoolEntry> poolEntries(SliceEntry[] entries, Map<PoolId, PoolEntry> previousPools,
      boolean sameFeatures, boolean keepUids, boolean compact, Set<PoolId> changed, int[] uid) {
    Map<PoolId, List<Integer>> positions = new LinkedHashMap<>();
    for (int i = 0; i < this.slices.size(); i++) {
      ResourceSliceSpec spec = this.slices.get(i).spec();
      positions.computeIfAbsent(new PoolId(spec.driver(), spec.pool().name()), k -> new ArrayList<>()).add(i);
    }
    Map<PoolId, PoolEntry> pools = new HashMap<>();
    for (Map.Entry<PoolId, List<Integer>> e : positions.entrySet()) {
      PoolId id = e.getKey();
      List<Integer> at = e.getValue();
      PoolEntry prev = previousPools.get(id);
      List<RuleTaint> ruleTaints = taintRules.forPool(id);
      boolean sameTaints = prev != null && prev.ruleTaints.equals(ruleTaints);
      PoolEntry entry;
      if (sameFeatures && sameTaints && sameSlices(prev, at)) {
        entry = keepUids && !changed.contains(id) ? prev : withState(prev, compact ? uid : null);
      } else {
        entry = new PoolEntry(id, sliceEntries(at, prev, sameTaints && keepUids && !changed.contains(id), keepUids,
            uid, ruleTaints), ruleTaints);
      }
      for (int k = 0; k < at.size(); k++) {
        entries[at.get(k)] = entry.slices.get(k);
      }
      pools.put(id, entry);
    }
    return pools;
  }

  /* The same slices as a previous pool entry under this snapshot's in-use state. */
  private PoolEntry withState(PoolEntry prev, int @Nullable [] uid) {
    List<SliceEntry> next = new ArrayList<>(prev.slices.size());
    for (SliceEntry s : prev.slices) {
      next.add(new SliceEntry(s, state, uid, prev.ruleTaints));
    }
    return new PoolEntry(prev, next);
  }

  private static Index index(SliceEntry[] entries, Map<PoolId, PoolEntry> pools) {
    Map<String, List<SliceEntry>> onNode = new HashMap<>();
    List<SliceEntry> shared = new ArrayList<>();
    for (SliceEntry entry : entries) {
      String nodeName = entry.slice.spec().nodeName();
      if (nodeName == null || nodeName.isEmpty()) {
        shared.add(entry);
      } else {
        onNode.computeIfAbsent(nodeName, k -> new ArrayList<>()).add(entry);
      }
    }
    Map<String, List<SliceEntry>> frozenOnNode = new HashMap<>();
    onNode.forEach((k, v) -> frozenOnNode.put(k, List.copyOf(v)));
    // A hashed map, not Map.copyOf: pool ids of similar names hash to neighbouring values, and the
    // linear probing of the immutable maps makes every miss (a new pool) walk the whole run.
    return new Index(Map.copyOf(frozenOnNode), List.copyOf(shared), Collections.unmodifiableMap(pools));
  }

  private static int deviceCount(SliceEntry[] entries) {
    int devices = 0;
    for (SliceEntry entry : entries) {
      devices += entry.devices.size();
    }
    return devices;
  }

  private boolean sameSlices(PoolEntry prev, List<Integer> at) {
    if (prev.slices.size() != at.size()) {
      return false;
    }
    for (int k = 0; k < at.size(); k++) {
      if (prev.slices.get(k).slice != slices.get(at.get(k))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The entries of a pool whose slices changed. A slice that is the same object as in the
   * previous pool keeps its resolution, and its entry too when the in-use state is unchanged
   * ({@code keepEntries}); with {@code keepUids} its devices keep their uids.
   */
  private List<SliceEntry> sliceEntries(List<Integer> at, @Nullable PoolEntry prev, boolean keepEntries,
      boolean keepUids, int[] uid, List<RuleTaint> ruleTaints) {
    Map<ResourceSlice, SliceEntry> old = new IdentityHashMap<>();
    if (prev != null) {
      for (SliceEntry s : prev.slices) {
        old.putIfAbsent(s.slice, s);
      }
    }
    List<SliceEntry> out = new ArrayList<>(at.size());
    for (int i : at) {
      ResourceSlice slice = slices.get(i);
      SliceEntry o = old.remove(slice); // an entry serves one position only, so uids stay unique
      if (o == null) {
        out.add(new SliceEntry(slice, MixinResolver.resolve(slice, features.resourceSliceMixins()), uid, state,
            ruleTaints));
      } else if (keepEntries) {
        out.add(o);
      } else if (keepUids) {
        out.add(new SliceEntry(o, state, null, ruleTaints));
      } else {
        out.add(new SliceEntry(slice, o.resolved, uid, state, ruleTaints));
      }
    }
    return out;
  }

  /** The cached selectors a successor with the same uids inherits, newest first, bounded. */
  private Map<String, CachedSelector> selectorsForSuccessor() {
    Map<String, CachedSelector> out = new HashMap<>(selectors);
    for (Map.Entry<String, CachedSelector> e : inherited.entrySet()) {
      if (out.size() >= MAX_CACHED_SELECTORS) {
        break;
      }
      out.putIfAbsent(e.getKey(), e.getValue());
    }
    return out;
  }

  /*
   * A node's pool list depends on its own slices, the cluster-wide slices and the pool entries
   * it was gathered from (a new pool can only come through the first two).
   */
  private void carryOverNodePools(ClusterSnapshot previous) {
    if (!sameEntries(previous.index.slicesShared(), index.slicesShared())) {
      return;
    }
    previous.poolsByNode.forEach((name, gathered) -> {
      if (!sameEntries(previous.index.slicesOnNode().get(name), index.slicesOnNode().get(name))) {
        return;
      }
      for (PoolEntry p : gathered.consulted()) {
        if (index.pools().get(p.id) != p) {
          return;
        }
      }
      poolsByNode.put(name, gathered);
    });
  }

  private static boolean sameEntries(@Nullable List<SliceEntry> a, @Nullable List<SliceEntry> b) {
    List<SliceEntry> x = a == null ? List.of() : a;
    List<SliceEntry> y = b == null ? List.of() : b;
    if (x.size() != y.size()) {
      return false;
    }
    for (int i = 0; i < x.size(); i++) {
      if (x.get(i) != y.get(i)) {
        return false;
      }
    }
    return true;
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
   * pool. It is cheaper than calling {@code allocate} per node: no explanation is built for a
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
    Objects.requireNonNull(options, "options");
    List<ResourceClaim> toAllocate = List.copyOf(Objects.requireNonNull(claims, "claims"));
    Node[] candidates = Objects.requireNonNull(nodes, "nodes").toArray(new Node[0]);
    for (Node n : candidates) {
      Objects.requireNonNull(n, "node");
    }
    NodeOrder order = lastOrder;
    boolean sameOrder = order != null && order.sameNodes(candidates);
    @SuppressWarnings("unchecked")
    List<Pool>[] pools = sameOrder ? order.pools : (List<Pool>[]) new List<?>[candidates.length];
    boolean[] fits = new boolean[candidates.length];
    RuntimeException[] errors = new RuntimeException[candidates.length];
    SharedPlan plan = candidates.length == 0 || !ClaimPlanner.nodeIndependent(toAllocate) ? null
        : SharedPlan.of(this, candidates[0], toAllocate, options);
    IntStream.range(0, candidates.length).parallel().forEach(i -> {
      try {
        if (pools[i] == null) {
          pools[i] = pools(candidates[i]);
        }
        fits[i] = fits(candidates[i], pools[i], toAllocate, options, plan);
      } catch (RuntimeException e) {
        errors[i] = e;
      }
    });
    List<Node> out = new ArrayList<>();
    for (int i = 0; i < candidates.length; i++) {
      if (errors[i] != null) {
        throw errors[i];
      }
      if (fits[i]) {
        out.add(candidates[i]);
      }
    }
    if (!sameOrder) {
      lastOrder = new NodeOrder(candidates, pools); // every entry is set: no node failed
    }
    return out;
  }

  /** Nodes and their pools by position. Never changed once built. */
  private record NodeOrder(Node[] nodes, List<Pool>[] pools) {
    boolean sameNodes(Node[] other) {
      if (other.length != nodes.length) {
        return false;
      }
      for (int i = 0; i < other.length; i++) {
        if (other[i] != nodes[i]) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * Claims validated once for the runs of several nodes, or what the validation threw: every
   * node's run then throws it where its own validation would have, after polling.
   */
  private record SharedPlan(@Nullable ClaimPlan plan, @Nullable RuntimeException invalid) {
    static SharedPlan of(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims, AllocationOptions options) {
      SearchBudget budget = new SearchBudget(options);
      try {
        return new SharedPlan(ClaimPlanner.plan(snapshot, claims, List.of(),
            new SelectorMatcher(snapshot.features(), node, claims), budget), null);
      } catch (RuntimeException e) {
        return new SharedPlan(null, e);
      }
    }
  }

  private boolean fits(Node node, List<Pool> pools, List<ResourceClaim> claims, AllocationOptions options,
      @Nullable SharedPlan shared) {
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
          new SelectorMatcher(features(), node, claims), budget);
    }
    try {
      if (!run.search()) {
        return false;
      }
      run.checkResults(); // can still fail on a node selector, as allocate would
      return true;
    } finally {
      allocateOneInvocations.add(run.invocations);
    }
  }

  /**
   * Returns a snapshot of the same slices and classes in which these claims are allocated too,
   * as after a scheduling cycle that allocated them. It is much cheaper than {@link
   * StructuredAllocator#snapshot} from scratch: only the pools whose devices the claims use get
   * new entries and counters, their validation and every slice's mixin resolution are reused, and
   * selector results carry over (see {@link StructuredAllocator#snapshot(ClusterSnapshot,
   * Collection, Collection, Collection)}).
   *
   * @param claims claims to add to the allocated claims; claims without an allocation are
   *     ignored, like in {@link StructuredAllocator#snapshot}
   * @return the new snapshot; this one is unchanged
   * @throws NullPointerException when the collection or an element is null
   */
  public ClusterSnapshot withAllocated(Collection<ResourceClaim> claims) {
    List<ResourceClaim> all = new ArrayList<>(allocatedClaims);
    for (ResourceClaim c : Objects.requireNonNull(claims, "claims")) {
      all.add(Objects.requireNonNull(c, "claim"));
    }
    return new ClusterSnapshot(features, compiler, slices, classList, all, taintRuleList, this);
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
    if (pools == null || (pools.node() != node && !pools.node().equals(node))) {
      pools = PoolGatherer.gatherPools(index, node, features);
      if (poolsByNode.size() >= maxCachedNodes) {
        poolsByNode.clear();
      }
      poolsByNode.put(node.name(), pools);
    }
    return pools.pools();
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
    if (known != null) {
      return known;
    }
    if (selectorsKeys.size() < MAX_CACHED_SELECTORS) {
      known = selectorsKeys.putIfAbsent(key, key);
    }
    return known != null ? known : key;
  }

  int uidLimit() {
    return uidLimit;
  }

  Index index() {
    return index;
  }
}
