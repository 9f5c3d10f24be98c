package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * An immutable view of a cluster's ResourceSlices, DeviceClasses and allocated claims, against
 * which claims are allocated for one node at a time.
 *
 * <p>Built once by {@link StructuredAllocator#snapshot}: slices are indexed by node name and by
 * pool, and every slice's mixins are resolved (lazily, never flattened) exactly once. A call
 * for a node then touches only that node's slices, the cluster-wide ones and the pools they
 * name; the pools gathered for a node are cached, so repeated calls for the same node do no
 * gathering at all (the reference allocator once spent most of its time there,
 * kubernetes#138917). Selector results are remembered per device for the snapshot's lifetime,
 * so repeated calls on an unchanged snapshot evaluate no selector twice on the same device; a
 * change to the cluster is a new snapshot, with nothing remembered. Runtime errors of a selector
 * are never remembered: they surface on every call that evaluates it.
 *
 * <p>Thread-safe: {@code allocate} may run concurrently from many threads. Deterministic: the
 * same inputs give the same results (except the random {@code shareID} of consumable-capacity
 * shares). Inputs are never modified.
 */
public final class ClusterSnapshot {
  /** At least this many nodes' pools are cached; more when the cluster has more nodes. */
  private static final int MIN_CACHED_NODES = 4096;
  private static final int MAX_CACHED_SELECTORS = 4096;

  private final Features features;
  private final DeviceSelectorCompiler compiler;
  private final Map<String, DeviceClass> classes;
  private final Index index;
  private final int deviceCount;
  private final int maxCachedNodes;
  private final ConcurrentHashMap<Node, List<Pool>> poolsByNode = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, CachedSelector> selectors = new ConcurrentHashMap<>();
  private final AtomicLong allocateOneInvocations = new AtomicLong();
  /** The inputs, kept for {@link #withAllocated}. */
  private final List<ResourceSlice> slices;
  private final List<DeviceClass> classList;
  private final List<ResourceClaim> allocatedClaims;
  private final AllocatorStats stats = allocateOneInvocations::get;

  /** Slices by node name (node-local), the rest, slices by pool in input order, newest generation per pool. */
  record Index(
      Map<String, List<SliceEntry>> slicesOnNode,
      List<SliceEntry> slicesShared,
      Map<PoolId, List<SliceEntry>> slicesByPool,
      Map<PoolId, Long> maxGeneration) {}

  ClusterSnapshot(
      Features features,
      DeviceSelectorCompiler compiler,
      Collection<ResourceSlice> slices,
      Collection<DeviceClass> classes,
      Collection<ResourceClaim> allocatedClaims,
      @Nullable ClusterSnapshot previous) {
    this.features = features;
    this.compiler = compiler;
    Map<ResourceSlice, ResolvedSlice> reusable = reusableResolutions(previous, features);
    Map<String, DeviceClass> byName = new HashMap<>();
    for (DeviceClass c : classes) {
      // A class without a name can be decoded but never referenced, as no lister returns it.
      if (Objects.requireNonNull(c, "device class").name() != null) {
        byName.put(c.name(), c);
      }
    }
    this.classes = Map.copyOf(byName);
    this.allocatedClaims = List.copyOf(Objects.requireNonNull(allocatedClaims, "allocatedClaims"));
    AllocatedState state = AllocatedState.from(this.allocatedClaims, features);
    Map<String, List<SliceEntry>> onNode = new HashMap<>();
    List<SliceEntry> shared = new ArrayList<>();
    Map<PoolId, List<SliceEntry>> byPool = new HashMap<>();
    Map<PoolId, Long> maxGeneration = new HashMap<>();
    int[] uid = {0};
    for (ResourceSlice slice : slices) {
      ResolvedSlice resolved = reusable.get(Objects.requireNonNull(slice, "slice"));
      if (resolved == null) {
        resolved = MixinResolver.resolve(slice, features.resourceSliceMixins());
      }
      SliceEntry entry = new SliceEntry(slice, resolved, uid, state);
      String nodeName = slice.spec().nodeName();
      if (nodeName == null || nodeName.isEmpty()) {
        shared.add(entry);
      } else {
        onNode.computeIfAbsent(nodeName, k -> new ArrayList<>()).add(entry);
      }
      byPool.computeIfAbsent(entry.poolId, k -> new ArrayList<>()).add(entry);
      maxGeneration.merge(entry.poolId, entry.generation, Math::max);
    }
    Map<String, List<SliceEntry>> frozenOnNode = new HashMap<>();
    onNode.forEach((k, v) -> frozenOnNode.put(k, List.copyOf(v)));
    Map<PoolId, List<SliceEntry>> frozenByPool = new HashMap<>();
    byPool.forEach((k, v) -> frozenByPool.put(k, List.copyOf(v)));
    this.index = new Index(Map.copyOf(frozenOnNode), List.copyOf(shared), Map.copyOf(frozenByPool),
        Map.copyOf(maxGeneration));
    this.deviceCount = uid[0];
    this.slices = List.copyOf(slices);
    this.classList = List.copyOf(classes);
    // Sized to the cluster, so that asking about every node (feasibleNodes) never thrashes it.
    this.maxCachedNodes = Math.max(MIN_CACHED_NODES, 2 * frozenOnNode.size());
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
    AllocationRun run = new AllocationRun(this, node, toAllocate, pools(node), options);
    try {
      run.poll();
      List<AllocationResult> results = run.run();
      if (results != null) {
        return new AllocationOutcome.Allocated(results);
      }
      return new AllocationOutcome.Unsatisfiable(Explainer.explain(run));
    } finally {
      allocateOneInvocations.addAndGet(run.invocations);
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
    boolean[] fits = new boolean[candidates.length];
    RuntimeException[] errors = new RuntimeException[candidates.length];
    IntStream.range(0, candidates.length).parallel().forEach(i -> {
      try {
        fits[i] = fits(candidates[i], toAllocate, options);
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
    return out;
  }

  private boolean fits(Node node, List<ResourceClaim> claims, AllocationOptions options) {
    AllocationRun run = new AllocationRun(this, node, claims, pools(node), options);
    try {
      run.poll();
      if (!run.search()) {
        return false;
      }
      run.results(); // can still fail on a node selector, as allocate would
      return true;
    } finally {
      allocateOneInvocations.addAndGet(run.invocations);
    }
  }

  /**
   * Returns a snapshot of the same slices and classes in which these claims are allocated too,
   * as after a scheduling cycle that allocated them. It is cheaper than {@link
   * StructuredAllocator#snapshot} from scratch: the slices' mixins are not resolved again.
   * Selector results and gathered pools are not carried over (devices in use changed).
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
    return new ClusterSnapshot(features, compiler, slices, classList, all, this);
  }

  /** Mixin resolutions of a previous snapshot by slice identity, when they are valid here. */
  private static Map<ResourceSlice, ResolvedSlice> reusableResolutions(@Nullable ClusterSnapshot previous,
      Features features) {
    if (previous == null || previous.features.resourceSliceMixins() != features.resourceSliceMixins()) {
      return Map.of();
    }
    Map<ResourceSlice, ResolvedSlice> out = new IdentityHashMap<>();
    for (List<SliceEntry> entries : previous.index.slicesByPool().values()) {
      for (SliceEntry e : entries) {
        out.put(e.slice, e.resolved);
      }
    }
    return out;
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
    List<Pool> pools = poolsByNode.get(node);
    if (pools == null) {
      pools = PoolGatherer.gatherPools(index, node, features);
      if (poolsByNode.size() >= maxCachedNodes) {
        poolsByNode.clear();
      }
      poolsByNode.putIfAbsent(node, pools);
    }
    return pools;
  }

  @Nullable DeviceClass deviceClass(String name) {
    return classes.get(name);
  }

  /** The compiled selector with its results on this snapshot's devices, shared by all calls. */
  CachedSelector compile(String expression) {
    CachedSelector s = selectors.get(expression);
    if (s == null) {
      s = new CachedSelector(compiler.compile(expression, features), deviceCount);
      if (selectors.size() < MAX_CACHED_SELECTORS) {
        CachedSelector raced = selectors.putIfAbsent(expression, s);
        if (raced != null) {
          s = raced;
        }
      }
    }
    return s;
  }

  int deviceCount() {
    return deviceCount;
  }

  Index index() {
    return index;
  }
}
