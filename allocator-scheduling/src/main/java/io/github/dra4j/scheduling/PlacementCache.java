package io.github.dra4j.scheduling;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.NodeFeasibility;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/*
 * What PodScheduler learnt about each node, carried from placement to placement, so that a
 * placement costs what its commit changed rather than what the cluster holds:
 *
 * - the filters that read only the pod and the node (NodeFilter.podIndependent: cordons, node
 *   name, taints, node selector and affinity), by what they read of the pod; nodes do not
 *   change, so these answers never expire;
 * - the filters that read the pods bound to the node (NodePorts, NodeResourcesFit), by what they
 *   read of the pod (requests, host ports, extended resources DRA does not serve), until a pod
 *   joins or leaves the node (forgetPods);
 * - the filters that read the pods of every node (PodTopologySpread, InterPodAffinity) and the
 *   allocated claims' node selectors run anew for each pod, on the nodes that pass, and only
 *   when they can refuse one (Cycle.needsClusterSteps);
 * - per set of claim specs to allocate (pods of one kind share their templates' specs): whether
 *   they fit on each node, and for scorers that read usage, the allocation there and its score.
 *   A commit changes the pools of the node it placed on, a departure those of the nodes using
 *   the released claims (both ClusterSnapshot.changedNodes), so only those nodes' answers are
 *   forgotten; a change to a pool that is not node-local forgets all.
 *
 * A node is searched again only when its answer is unknown. The answers are those the search
 * would give again: a snapshot's outcome on a node depends only on the node's pools, and the
 * scorer's only on the usage (NodeScorer). Failures (a CEL runtime error, the step budget) are
 * never remembered, so they surface on every placement that searches the node, as without it.
 */
final class PlacementCache {
  /* Distinct pod shapes remembered; beyond, everything is forgotten and learnt again. */
  private static final int MAX_KEYS = 256;
  /* Nodes searched in firstFeasible's first round; each round searches its nodes in parallel. */
  private static final int FIRST_ROUND = 4;

  private final List<Node> nodes;
  private final IdentityHashMap<Node, Integer> position = new IdentityHashMap<>();
  private final Map<String, List<Integer>> byName = new HashMap<>();
  private final Map<FilterKey, Filtered> filters = new HashMap<>();
  private final Map<List<ResourceClaimSpec>, Answers> answers = new HashMap<>();
  /**
   * The answers of a single claim by the identity of its spec: claims made from one template
   * share its spec object, and a spec's hash walks all its requests and selectors. Always the
   * same Answers as {@link #answers} holds for an equal spec.
   */
  private final IdentityHashMap<ResourceClaimSpec, Answers> bySpec = new IdentityHashMap<>();
  private final Map<LocalKey, Local> locals = new HashMap<>();
  /**
   * A pod's filter entries by the identity of its spec: pods of one kind share their spec object,
   * and the keys hash the spec's maps and lists (and, for the node-local steps, requests computed
   * afresh per pod). Every key part is read from the spec, the profile and the unserved resources,
   * so an entry for the same spec, profile and unserved resources holds the same {@link Filtered}
   * and {@link Local} as {@link #filters} and {@link #locals} for equal keys.
   */
  private final IdentityHashMap<PodSpec, Shape> bySpecOfPod = new IdentityHashMap<>();
  /*
   * The keys last looked up and their entries. Pods decoded one by one do not share their spec
   * objects, but consecutive pods are mostly of one kind: comparing with the last key costs no
   * hash of its lists and maps.
   */
  private @Nullable FilterKey lastFilterKey;
  private @Nullable Filtered lastFiltered;
  private @Nullable LocalKey lastLocalKey;
  private @Nullable Local lastLocal;

  PlacementCache(List<Node> nodes) {
    this.nodes = nodes;
    for (int i = 0; i < nodes.size(); i++) {
      position.putIfAbsent(nodes.get(i), i);
      byName.computeIfAbsent(nodes.get(i).name(), k -> new ArrayList<>(1)).add(i);
    }
  }

  /** What the filters that read only the pod and the node read of the pod, and its profile's filters (by identity). */
  private record FilterKey(SchedulingProfile profile, @Nullable String nodeName, Map<String, String> nodeSelector,
      @Nullable NodeSelector affinity, List<Toleration> tolerations) {}

  /** What the steps that read the node's own pods read of the pod, and its profile's. */
  private record LocalKey(SchedulingProfile profile, Map<String, Long> requests, List<NodeInfos.HostPort> ports, List<String> unserved) {}

  /** A pod spec's entries, for pods of that profile and those unserved resources. */
  private record Shape(SchedulingProfile profile, List<String> unserved, Filtered filtered, @Nullable Local local) {}

  /** Their answers per node, known until a pod joins or leaves the node. */
  private static final class Local {
    final BitSet known = new BitSet();
    /* The known nodes that do not pass, so that a cycle asks whether any candidate is refused with one intersection. */
    final BitSet refused = new BitSet();
    final List<String>[] reasons;
    /* The scalar resources NodeResourcesFit checks: they read only the key, so they are sorted out once. */
    @Nullable List<Map.Entry<String, Long>> scalar;

    @SuppressWarnings("unchecked")
    Local(int n) {
      reasons = (List<String>[]) new List<?>[n];
    }
  }

  /**
   * Each node's reasons from the filters (null: it passes) and the nodes that pass. Read only: a
   * remembered entry is handed to every cycle it answers.
   */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed: a cache entry
  record Filtered(@Nullable List<String>[] reasons, BitSet candidates) {
    /** No node: a pod whose claims could not be resolved. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static final Filtered NONE = new Filtered(new List[0], new BitSet());
  }

  /**
   * Per node: whether the claims fit (when known) with the allocation the feasibility search
   * found, and the allocation and score there.
   */
  static final class Answers {
    final BitSet known = new BitSet();
    final BitSet fit = new BitSet();
    final BitSet scored = new BitSet();
    final @Nullable List<AllocationResult>[] found;
    final List<AllocationResult>[] placed;
    final double[] scores;

    @SuppressWarnings("unchecked")
    Answers(int n) {
      found = (List<AllocationResult>[]) new List<?>[n];
      placed = (List<AllocationResult>[]) new List<?>[n];
      scores = new double[n];
    }

    void forget(int i) {
      known.clear(i);
      fit.clear(i);
      scored.clear(i);
      found[i] = null;
      placed[i] = null;
    }
  }

  /** {@return the node's position in the scheduler's order, or -1 for another node} */
  int position(Node node) {
    Integer i = position.get(node);
    return i == null ? -1 : i;
  }

  /**
   * {@return the filters' answers for this pod} Those of the steps that read only the pod and
   * the node are remembered; the other steps run on the nodes that pass them.
   */
  Filtered filter(Cycle in) {
    Filtered f = evaluate(in);
    NodeFilter filter = in.profile().filter;
    if (!filter.reordered()) {
      return f;
    }
    // a refused node reports the first step that refuses it in the profile's order
    Set<String> names = filter.preFilterNodeNames(in.pod());
    List<String>[] reasons = f.reasons().clone();
    for (int i = 0; i < reasons.length; i++) {
      if (reasons[i] != null && (names == null || names.contains(nodes.get(i).name()))) {
        List<String> why = filter.firstReasons(in, nodes.get(i));
        reasons[i] = why.isEmpty() ? reasons[i] : why;
      }
    }
    return new Filtered(reasons, f.candidates());
  }

  /* The filters' answers with each refused node's reasons in the order the steps are evaluated. */
  private Filtered evaluate(Cycle in) {
    Pod pod = in.pod();
    NodeFilter filter = in.profile().filter;
    boolean nodeLocal = filter.podIndependent() < filter.size();
    Shape shape = bySpecOfPod.get(pod.spec());
    if (shape == null || shape.profile() != in.profile() || !shape.unserved().equals(in.unserved())) {
      Filtered f = podIndependent(in);
      shape = new Shape(in.profile(), in.unserved(), f, nodeLocal ? local(in) : null);
      if (bySpecOfPod.size() >= MAX_KEYS) {
        bySpecOfPod.clear();
      }
      bySpecOfPod.put(pod.spec(), shape);
    }
    Filtered f = shape.filtered();
    Local local = shape.local();
    if (local == null) {
      return f;
    }
    BitSet candidates = f.candidates();
    int n = nodes.size();
    if (local.scalar == null) {
      local.scalar = in.scalarRequests();
    } else {
      in.scalarRequests(local.scalar);
    }
    // the node-local answers forgotten since (forgetPods), or never known, of the candidates
    for (int i = local.known.nextClearBit(0); i < n; i = local.known.nextClearBit(i + 1)) {
      i = candidates.nextSetBit(i);
      if (i < 0) {
        break;
      }
      if (!local.known.get(i)) {
        Node node = nodes.get(i);
        in.filtering(i, node);
        List<String> why = filter.reasons(in, node, filter.podIndependent(), filter.nodeLocal());
        local.known.set(i);
        local.refused.set(i, !why.isEmpty());
        local.reasons[i] = why.isEmpty() ? null : why;
      }
    }
    boolean refused = local.refused.intersects(candidates);
    boolean cluster = filter.nodeLocal() < filter.size() && in.needsClusterSteps();
    if (!refused && !cluster) {
      return f; // nothing more refused: the remembered candidates and reasons hold
    }
    BitSet passing = (BitSet) candidates.clone();
    passing.andNot(local.refused);
    List<String>[] reasons = f.reasons().clone();
    if (refused) {
      for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
        if (local.refused.get(i)) {
          reasons[i] = local.reasons[i];
        }
      }
    }
    if (cluster) {
      for (int i = passing.nextSetBit(0); i >= 0; i = passing.nextSetBit(i + 1)) {
        List<String> why = filter.reasons(in, nodes.get(i), filter.nodeLocal(), filter.size());
        if (!why.isEmpty()) {
          reasons[i] = why;
          passing.clear(i);
        }
      }
    }
    return new Filtered(reasons, passing);
  }

  /* The remembered answers of the steps that read only the pod and the node, by what they read of the pod. */
  private Filtered podIndependent(Cycle in) {
    Pod pod = in.pod();
    NodeFilter filter = in.profile().filter;
    FilterKey key = new FilterKey(in.profile(), pod.spec().nodeName(), pod.spec().nodeSelector(),
        pod.spec().requiredNodeAffinity(), pod.spec().tolerations());
    if (key.equals(lastFilterKey) && lastFiltered != null) {
      return lastFiltered;
    }
    Filtered f = filters.get(key);
    if (f == null) {
      @SuppressWarnings("unchecked")
      List<String>[] reasons = (List<String>[]) new List<?>[nodes.size()];
      BitSet candidates = new BitSet(nodes.size());
      Set<String> names = filter.preFilterNodeNames(pod);
      for (int i = 0; i < nodes.size(); i++) {
        List<String> why = names != null && !names.contains(nodes.get(i).name())
            ? List.of(NodeFilter.NOT_IN_PRE_FILTER_RESULT)
            : filter.reasons(in, nodes.get(i), 0, filter.podIndependent());
        if (why.isEmpty()) {
          candidates.set(i);
        } else {
          reasons[i] = why;
        }
      }
      f = new Filtered(reasons, candidates);
      if (filters.size() >= MAX_KEYS) {
        filters.clear();
        bySpecOfPod.clear();
      }
      filters.put(key, f);
    }
    lastFilterKey = key;
    lastFiltered = f;
    return f;
  }

  private Local local(Cycle in) {
    LocalKey key = new LocalKey(in.profile(), in.requests(), in.ports(), in.unserved());
    if (key.equals(lastLocalKey) && lastLocal != null) {
      return lastLocal;
    }
    Local l = locals.get(key);
    if (l == null) {
      if (locals.size() >= MAX_KEYS) {
        locals.clear();
        bySpecOfPod.clear(); // its entries' Locals would no longer be told of pods joining or leaving
      }
      l = new Local(nodes.size());
      locals.put(key, l);
    }
    lastLocalKey = key;
    lastLocal = l;
    return l;
  }

  /** Forgets the node-local filters' answers for a node that a pod joined or left. */
  void forgetPods(int node) {
    if (node >= 0) {
      for (Local l : locals.values()) {
        l.known.clear(node);
        l.refused.clear(node);
      }
    }
  }

  /**
   * The candidates on which the claims fit together, as {@link ClusterSnapshot#feasibleNodes}
   * answers: nodes without a remembered answer are searched (in parallel, {@link
   * ClusterSnapshot#feasibility}), and when one fails, the failure of the first such node in
   * order is thrown.
   */
  BitSet feasible(ClusterSnapshot snapshot, Answers a, BitSet candidates, List<ResourceClaim> toAllocate,
      AllocationOptions options) {
    BitSet todo = (BitSet) candidates.clone();
    todo.andNot(a.known);
    if (!candidates.isEmpty()) {
      options.checkCancelled(); // as every node's search checks it
    }
    if (!todo.isEmpty()) {
      search(snapshot, a, todo.stream().toArray(), toAllocate, options, nodes.size(), false);
    }
    BitSet out = (BitSet) candidates.clone();
    out.and(a.fit);
    return out;
  }

  /** {@link #firstFeasible} when only the first feasible node matters, else {@link #feasible}. */
  BitSet feasible(ClusterSnapshot snapshot, Answers a, BitSet candidates, List<ResourceClaim> toAllocate,
      AllocationOptions options, boolean firstOnly) {
    return firstOnly ? firstFeasible(snapshot, a, candidates, toAllocate, options)
        : feasible(snapshot, a, candidates, toAllocate, options);
  }

  /**
   * The first candidate in node order on which the claims fit, alone in the set (empty when none
   * does), for a scorer under which the first feasible node wins: the nodes without a remembered
   * answer before the first one known to fit are searched in order, a few at first and twice as
   * many each round, and the search stops after the round that finds the first that fits. Later
   * rounds do not run; the nodes after it in the same round are searched (their answers are
   * remembered) but their failures do not surface, as kube-scheduler stops filtering once it has
   * found the feasible nodes it needs; a failure before it is thrown (the first in order), as
   * {@link #feasible} throws it.
   */
  BitSet firstFeasible(ClusterSnapshot snapshot, Answers a, BitSet candidates, List<ResourceClaim> toAllocate,
      AllocationOptions options) {
    if (!candidates.isEmpty()) {
      options.checkCancelled(); // as every node's search checks it
    }
    BitSet known = (BitSet) candidates.clone();
    known.and(a.fit);
    int end = known.isEmpty() ? nodes.size() : known.nextSetBit(0);
    BitSet todo = (BitSet) candidates.clone();
    todo.andNot(a.known);
    int chunk = FIRST_ROUND;
    int next = todo.nextSetBit(0);
    while (next >= 0 && next < end) {
      int[] at = new int[Math.min(chunk, nodes.size())];
      int n = 0;
      for (; next >= 0 && next < end && n < at.length; next = todo.nextSetBit(next + 1)) {
        at[n++] = next;
      }
      end = search(snapshot, a, Arrays.copyOf(at, n), toAllocate, options, end, true);
      chunk *= 2;
    }
    BitSet out = new BitSet();
    if (end < nodes.size()) {
      out.set(end);
    }
    return out;
  }

  /*
   * Searches the nodes at these positions (in parallel) and remembers each one's answer. The failure of
   * the first node in order before `end` is thrown; with firstOnly a node that fits becomes the new end,
   * so that the failures of the nodes after it are dropped. Returns the end.
   */
  @CanIgnoreReturnValue
  private int search(ClusterSnapshot snapshot, Answers a, int[] at, List<ResourceClaim> toAllocate,
      AllocationOptions options, int end, boolean firstOnly) {
    List<Node> search = new ArrayList<>(at.length);
    for (int k : at) {
      search.add(nodes.get(k));
    }
    List<NodeFeasibility> verdicts = snapshot.feasibility(search, toAllocate, options);
    RuntimeException first = null;
    for (int k = 0; k < at.length; k++) {
      NodeFeasibility v = verdicts.get(k);
      if (v.error() != null) {
        first = first == null && at[k] < end ? v.error() : first;
        continue;
      }
      a.known.set(at[k]);
      a.fit.set(at[k], v.fits());
      a.found[at[k]] = v.fits() ? v.results() : null;
      if (firstOnly && v.fits() && at[k] < end) {
        end = at[k];
      }
    }
    if (first != null) {
      throw first;
    }
    return end;
  }

  /**
   * The scores of the feasible nodes and the allocations they were scored with: nodes without
   * a remembered score are allocated on and scored (in parallel) by {@code place}, whose failure
   * on the first such node in order is thrown.
   */
  void score(Answers a, BitSet feasible, IntFunction<Scored> place) {
    BitSet todo = (BitSet) feasible.clone();
    todo.andNot(a.scored);
    int[] at = todo.stream().toArray();
    Scored[] done = new Scored[at.length];
    RuntimeException[] errors = new RuntimeException[at.length];
    IntStream.range(0, at.length).parallel().forEach(k -> {
      try {
        done[k] = place.apply(at[k]);
      } catch (RuntimeException e) {
        errors[k] = e;
      }
    });
    for (int k = 0; k < at.length; k++) {
      if (errors[k] != null) {
        throw errors[k];
      }
      a.placed[at[k]] = done[k].placed();
      a.scores[at[k]] = done[k].score();
      a.scored.set(at[k]);
    }
  }

  /** An allocation on a node and its score. */
  record Scored(List<AllocationResult> placed, double score) {}

  /** {@return the remembered allocation and score on a node that {@link #score} scored} */
  Scored scored(Answers a, int node) {
    return new Scored(a.placed[node], a.scores[node]);
  }

  /** Forgets what is known about these nodes (null: about every node), after a commit changed them. */
  void forget(@Nullable Set<String> changedNodes) {
    if (changedNodes == null) {
      answers.clear();
      bySpec.clear();
      return;
    }
    for (String name : changedNodes) {
      List<Integer> at = byName.get(name);
      if (at != null) {
        for (Answers a : answers.values()) {
          at.forEach(a::forget);
        }
      }
    }
  }

  /** {@return what is known about these claims (by their specs) on each node} */
  Answers answers(List<ResourceClaim> toAllocate) {
    ResourceClaimSpec single = toAllocate.size() == 1 ? toAllocate.get(0).spec() : null;
    Answers a = single == null ? null : bySpec.get(single);
    if (a != null) {
      return a;
    }
    List<ResourceClaimSpec> key = new ArrayList<>(toAllocate.size());
    for (ResourceClaim c : toAllocate) {
      key.add(c.spec());
    }
    a = answers.get(key);
    if (a == null) {
      if (answers.size() >= MAX_KEYS) {
        answers.clear();
        bySpec.clear();
      }
      a = new Answers(nodes.size());
      answers.put(key, a);
    }
    if (single != null) {
      if (bySpec.size() >= MAX_KEYS) {
        bySpec.clear();
      }
      bySpec.put(single, a);
    }
    return a;
  }
}
