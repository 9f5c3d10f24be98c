package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PodClaimResolver.key;
import static io.github.dra4j.scheduling.PodClaimResolver.namespace;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodDisruptionBudget;
import io.github.dra4j.api.PodDisruptionBudgetStatus;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.core.AllocationOutcome;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToLongFunction;

/*
 * kube-scheduler's DefaultPreemption PostFilter (defaultpreemption/default_preemption.go and the
 * Evaluator of framework/preemption/preemption.go), run when a pod fits no node:
 *
 * - a pod whose policy is Never does not preempt ("not eligible due to preemptionPolicy=Never.");
 * - only nodes whose filters failed with Unschedulable are tried: a node rejected by
 *   NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, a missing spread label, unmet pod
 *   affinity, an allocated claim it cannot use, or requests above its allocatable, with what the
 *   pod's claims cost of it (DRANodeAllocatableResources) or without (UnschedulableAndUnresolvable),
 *   cannot be helped by evicting pods;
 * - on each node (SelectVictimsOnNode) every lower-priority pod is removed; if the pod then passes
 *   every filter, the removed pods are reprieved one at a time, most important first, those whose
 *   eviction would break a PodDisruptionBudget before the others, and each one whose return makes
 *   the pod fail again stays a victim;
 * - nodes are tried in node order (upstream starts at a random offset) until
 *   max(minCandidateNodesPercentage of them, minCandidateNodesAbsolute) candidates are found, one
 *   of which breaks no budget;
 * - the candidate is chosen by pickOneNodeForPreemption: fewest budget violations, then the
 *   lowest highest victim priority, the smallest sum of priorities, the fewest victims; the
 *   latest start time of the highest-priority victims ties (pods carry no start time here), and the
 *   first candidate in order wins (upstream: the first of a map's random order).
 *
 * DynamicResources takes part as KEP-5690 (DRA preemption) has it: removing a pod frees the
 * allocated claims whose every consumer in reservedFor is removed, so the allocation is tried on a
 * snapshot without them; a claim that a pod group or a pod staying on the node also uses stays.
 * Victims are pods bound to the node, so claims of network-attached devices used by pods of other
 * nodes are never freed.
 */
final class Preemptor {
  static final String NO_VICTIMS = "No preemption victims found for incoming pod";
  static final String NOT_HELPFUL = "Preemption is not helpful for scheduling";
  static final String NEVER = "not eligible due to preemptionPolicy=Never.";
  static final String TERMINATING = "not eligible due to a terminating pod on the nominated node.";
  private static final String INSUFFICIENT = "Insufficient ";

  /* The filter reasons that come with UnschedulableAndUnresolvable. */
  private static final Set<String> UNRESOLVABLE = Set.of(NodeFilter.UNSCHEDULABLE, NodeFilter.NODE_NAME_MISMATCH,
      NodeFilter.UNTOLERATED_TAINT, NodeFilter.AFFINITY_MISMATCH, NodeFilter.NOT_IN_PRE_FILTER_RESULT,
      NodeFilter.CLAIM_NOT_ON_NODE, TopologySpread.NODE_LABEL_MISMATCH, InterPodAffinity.AFFINITY_MISMATCH);

  private final Priorities priorities;
  private final List<PodDisruptionBudget> budgets;
  private final MinCandidateNodes minCandidateNodes;

  /* Each budget's disruptions allowed when the current preemption started. */
  private int[] allowedNow = new int[0];

  /**
   * One preemption attempt: the cycle its filter runs share, and the pods that joined or left a
   * node since the last filter run (the victims removed, reprieved, put back).
   */
  static final class Attempt {
    final Cycle cycle;
    final List<Pod> changed = new ArrayList<>();

    Attempt(Cycle cycle) {
      this.cycle = cycle;
    }
  }

  /**
   * The cycle a filter run of the dry run uses: by default the attempt's, its PreFilter state of
   * other pods counted again when a changed pod counts for it; tests compare with a new Cycle per
   * run.
   */
  interface FilterCycles {
    Cycle next(Attempt attempt);
  }

  static final FilterCycles REUSED = attempt -> {
    attempt.cycle.podsChanged(attempt.changed);
    return attempt.cycle;
  };

  private FilterCycles filterCycles = REUSED;

  Preemptor(Priorities priorities, List<PodDisruptionBudget> budgets, MinCandidateNodes minCandidateNodes) {
    this.priorities = priorities;
    this.budgets = budgets;
    this.minCandidateNodes = minCandidateNodes;
  }

  /* For tests: how the dry run's filter runs get their cycle. */
  void filterCycles(FilterCycles cycles) {
    this.filterCycles = cycles;
  }

  /** DefaultPreemptionArgs' minCandidateNodesPercentage and minCandidateNodesAbsolute. */
  record MinCandidateNodes(int percentage, int absolute) {
    static final MinCandidateNodes DEFAULTS = new MinCandidateNodes(10, 100);

    /* ValidateDefaultPreemptionArgs. */
    static MinCandidateNodes of(int percentage, int absolute) {
      if (percentage < 0 || percentage > 100) {
        throw new IllegalArgumentException("minCandidateNodesPercentage: Invalid value: " + percentage
            + ": not in valid range [0, 100]");
      }
      if (absolute < 0) {
        throw new IllegalArgumentException("minCandidateNodesAbsolute: Invalid value: " + absolute
            + ": not in valid range [0, inf)");
      }
      if (percentage == 0 && absolute == 0) {
        throw new IllegalArgumentException("minCandidateNodesPercentage and minCandidateNodesAbsolute: Invalid value: "
            + "both cannot be zero");
      }
      return new MinCandidateNodes(percentage, absolute);
    }

    /** {@return how many candidates the dry run looks for among this many nodes, as calculateNumCandidates} */
    int numCandidates(int nodes) {
      return Math.min(Math.max(nodes * percentage / 100, absolute), nodes);
    }
  }

  /** One node's dry run: the victims that make room there, or why the pod cannot fit there. */
  record Candidate(int node, List<NodeInfos.Bound> victims, int pdbViolations, List<String> failure) {
    static Candidate failed(int node, List<String> why) {
      return new Candidate(node, List.of(), 0, why);
    }
  }

  /**
   * PostFilter for a pod that fits no node: evicts the victims on the chosen node and places the
   * pod there, or returns the failure with upstream's "preemption: ..." part appended. The nodes
   * the failed cycle's node-allocatable DRA filter found UnschedulableAndUnresolvable ({@code
   * draUnresolvable}) are not tried, as upstream's PostFilter reads the filter statuses.
   */
  SchedulingResult postFilter(PodScheduler s, Pod pod, SchedulingResult.Unschedulable failed,
      BitSet draUnresolvable) {
    if (!priorities.mayPreempt(pod)) {
      return failed(failed, NEVER);
    }
    PodScheduler.Plan p = s.plan(pod);
    int n = s.nodes().size();
    List<Integer> potential = new ArrayList<>();
    if (p.r().failure == null && p.cycle().profile().filter.preFilterFailure(p.pod()) == null) {
      for (int i = 0; i < n; i++) {
        List<String> why = p.filtered().reasons()[i];
        if (!draUnresolvable.get(i) && resolvable(p.cycle(), i, why == null ? List.of(NodeFilter.CANNOT_ALLOCATE) : why)) {
          potential.add(i);
        }
      }
    }
    if (waitsForVictims(s, p, pod, potential)) {
      return failed(failed, TERMINATING);
    }
    Map<Integer, List<String>> statuses = new HashMap<>();
    VictimClaims claims = new VictimClaims(s);
    allowedNow = allowed(s.infos);
    Attempt attempt = new Attempt(new Cycle(p.pod(), p.r().unserved, p.allocated(), s.infos, p.cycle().profile()));
    List<Candidate> candidates = potential.isEmpty() ? List.of() : dryRun(s, p, attempt, potential, claims, statuses);
    if (candidates.isEmpty()) {
      List<List<String>> reasons = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        reasons.add(statuses.getOrDefault(i, List.of(NOT_HELPFUL)));
      }
      return failed(failed, FitError.message(n, reasons, NodeFilter.CANNOT_ALLOCATE, null));
    }
    Candidate best = pick(candidates);
    Preemption done = evict(s, best, claims);
    BitSet only = new BitSet(n);
    only.set(best.node());
    SchedulingResult placed = s.schedule(pod, only);
    if (placed instanceof SchedulingResult.Scheduled) {
      SchedulingResult.Scheduled sc = (SchedulingResult.Scheduled) placed;
      return new SchedulingResult.Scheduled(sc.pod(), sc.node(), sc.claims(), done);
    }
    return placed;
  }

  /*
   * PodEligibleToPreemptOthers: a pod nominated to a node (status.nominatedNodeName) where a
   * lower-priority pod it preempted is still terminating does not preempt again, unless its filters
   * find that node UnschedulableAndUnresolvable now (it is not among the nodes preemption may help).
   */
  private boolean waitsForVictims(PodScheduler s, PodScheduler.Plan p, Pod pod, List<Integer> potential) {
    String nominated = pod.status().nominatedNodeName();
    if (nominated == null || nominated.isEmpty()) {
      return false;
    }
    int priority = priorities.of(p.pod());
    for (int node : potential) {
      if (nominated.equals(s.nodes().get(node).name())) {
        for (NodeInfos.Bound b : s.infos.pods(node)) {
          if (priorities.of(b.pod()) < priority && PodPhases.terminatingByPreemption(b.pod())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static SchedulingResult.Unschedulable failed(SchedulingResult.Unschedulable failed, String preemption) {
    return new SchedulingResult.Unschedulable(failed.pod(), failed.message() + " preemption: " + preemption + ".",
        failed.reasons(), failed.explanation());
  }

  /*
   * Whether the first failing filter's status is Unschedulable rather than UnschedulableAndUnresolvable:
   * NodeResourcesFit's is Unresolvable when any resource it finds short is requested beyond the node's
   * allocatable (InsufficientResource.Unresolvable), "Too many pods" never.
   */
  static boolean resolvable(Cycle cycle, int node, List<String> reasons) {
    for (String why : reasons) {
      if (UNRESOLVABLE.contains(why)) {
        return false;
      }
      if (why.startsWith(INSUFFICIENT)) {
        // NodeResourcesFit: a request above the node's allocatable is Unresolvable.
        String resource = why.substring(INSUFFICIENT.length());
        Map<String, Long> allocatable = cycle.infos().allocatable(node);
        long has = allocatable == null ? 0 : allocatable.getOrDefault(resource, 0L);
        if (cycle.requests().getOrDefault(resource, 0L) > has) {
          return false;
        }
      }
    }
    return true;
  }

  /* DryRunPreemption, in node order: candidates that break no budget first. */
  private List<Candidate> dryRun(PodScheduler s, PodScheduler.Plan p, Attempt attempt, List<Integer> potential,
      VictimClaims claims, Map<Integer, List<String>> statuses) {
    int wanted = s.profiles.minCandidateNodes(p.cycle().profile(), minCandidateNodes).numCandidates(potential.size());
    int priority = priorities.of(p.pod());
    for (int node : potential) {
      List<NodeInfos.Bound> lower = new ArrayList<>();
      for (NodeInfos.Bound b : s.infos.pods(node)) {
        if (priorities.of(b.pod()) < priority) {
          lower.add(b);
        }
      }
      claims.mayRemove(node, lower);
    }
    List<Candidate> nonViolating = new ArrayList<>();
    List<Candidate> violating = new ArrayList<>();
    for (int node : potential) {
      Candidate c = selectVictimsOnNode(s, p, attempt, node, claims);
      if (!c.failure().isEmpty()) {
        statuses.put(node, c.failure());
        continue;
      }
      (c.pdbViolations() == 0 ? nonViolating : violating).add(c);
      if (!nonViolating.isEmpty() && nonViolating.size() + violating.size() >= wanted) {
        break;
      }
    }
    nonViolating.addAll(violating);
    return nonViolating;
  }

  /* SelectVictimsOnNode: the node's pods are removed and put back in place, whatever the outcome. */
  Candidate selectVictimsOnNode(PodScheduler s, PodScheduler.Plan p, Attempt attempt, int node, VictimClaims claims) {
    NodeInfos infos = s.infos;
    int priority = priorities.of(p.pod());
    List<NodeInfos.Bound> before = new ArrayList<>(infos.pods(node));
    List<NodeInfos.Bound> removed = new ArrayList<>();
    for (NodeInfos.Bound b : before) {
      if (priorities.of(b.pod()) < priority) {
        removed.add(b);
      }
    }
    if (removed.isEmpty()) {
      return Candidate.failed(node, List.of(NO_VICTIMS));
    }
    for (NodeInfos.Bound b : removed) {
      infos.remove(b.pod());
      attempt.changed.add(b.pod());
    }
    try {
      List<String> why = fails(s, p, attempt, node, removed, claims);
      if (!why.isEmpty()) {
        return Candidate.failed(node, why);
      }
      List<NodeInfos.Bound> sorted = new ArrayList<>(removed);
      Comparator<NodeInfos.Bound> importance = importance(before);
      sorted.sort(importance);
      List<NodeInfos.Bound> violating = new ArrayList<>();
      List<NodeInfos.Bound> nonViolating = new ArrayList<>();
      splitByBudgets(sorted, violating, nonViolating);
      List<NodeInfos.Bound> victims = new ArrayList<>();
      int violations = 0;
      for (NodeInfos.Bound b : violating) {
        if (!reprieve(s, p, attempt, node, b, removed, claims)) {
          victims.add(b);
          violations++;
        }
      }
      for (NodeInfos.Bound b : nonViolating) {
        if (!reprieve(s, p, attempt, node, b, removed, claims)) {
          victims.add(b);
        }
      }
      if (!violating.isEmpty() && !nonViolating.isEmpty()) {
        victims.sort(importance);
      }
      return new Candidate(node, victims, violations, List.of());
    } finally {
      for (NodeInfos.Bound b : removed) {
        infos.add(node, b.pod());
        attempt.changed.add(b.pod());
      }
      // the same pods with the same sums; the order they were bound in is kept for later victims
      infos.pods(node).clear();
      infos.pods(node).addAll(before);
    }
  }

  /* Puts a removed pod back and tells whether the pod still fits; if not, the pod is removed again. */
  private boolean reprieve(PodScheduler s, PodScheduler.Plan p, Attempt attempt, int node, NodeInfos.Bound b,
      List<NodeInfos.Bound> removed, VictimClaims claims) {
    s.infos.add(node, b.pod());
    attempt.changed.add(b.pod());
    removed.remove(b);
    if (fails(s, p, attempt, node, removed, claims).isEmpty()) {
      return true;
    }
    s.infos.remove(b.pod());
    attempt.changed.add(b.pod());
    removed.add(b);
    return false;
  }

  /* RunFilterPluginsWithNominatedPods on the node without the removed pods: the first failing filter's reasons. */
  private List<String> fails(PodScheduler s, PodScheduler.Plan p, Attempt attempt, int node,
      Collection<NodeInfos.Bound> removed, VictimClaims claims) {
    Node n = s.nodes().get(node);
    Cycle cycle = filterCycles.next(attempt);
    attempt.changed.clear();
    List<String> why = cycle.profile().filter.firstReasons(cycle, n);
    if (!why.isEmpty() || p.toAllocate().isEmpty()) {
      return why.isEmpty() ? NodeAllocatableClaims.reasons(s, p, node, List.of()) : why;
    }
    AllocationOutcome outcome = claims.without(node, removed).allocate(n, p.toAllocate(), s.options);
    return outcome instanceof AllocationOutcome.Allocated
        ? NodeAllocatableClaims.reasons(s, p, node, ((AllocationOutcome.Allocated) outcome).results())
        : List.of(NodeFilter.CANNOT_ALLOCATE);
  }

  /**
   * {@return MoreImportantPod's order: higher priority first, then the earlier start; pods carry
   * no start time here, so the pod bound earlier counts as started earlier}
   */
  private Comparator<NodeInfos.Bound> importance(List<NodeInfos.Bound> boundOrder) {
    IdentityHashMap<NodeInfos.Bound, Integer> position = new IdentityHashMap<>();
    for (int i = 0; i < boundOrder.size(); i++) {
      position.put(boundOrder.get(i), i);
    }
    return Comparator.comparingInt((NodeInfos.Bound b) -> -priorities.of(b.pod()))
        .thenComparingInt(b -> Objects.requireNonNull(position.get(b)));
  }

  /* filterPodsWithPDBViolation: the pods whose eviction takes a budget below zero, in order, and the others. */
  private void splitByBudgets(List<NodeInfos.Bound> pods, List<NodeInfos.Bound> violating,
      List<NodeInfos.Bound> nonViolating) {
    int[] allowed = allowedNow.clone();
    for (NodeInfos.Bound b : pods) {
      Pod pod = b.pod();
      boolean violated = false;
      Map<String, String> labels = pod.metadata().labels();
      for (int k = 0; k < allowed.length && !labels.isEmpty(); k++) {
        PodDisruptionBudget pdb = budgets.get(k);
        PodDisruptionBudgetStatus status = pdb.status();
        if (!covers(pdb, pod) || (status != null && status.disruptedPods().containsKey(pod.name()))) {
          continue;
        }
        allowed[k]--;
        if (allowed[k] < 0) {
          violated = true;
        }
      }
      (violated ? violating : nonViolating).add(b);
    }
  }

  /*
   * The disruptions each budget allows: its status's, or for a budget without status what the
   * disruption controller would compute over the pods it covers among those bound now.
   */
  private int[] allowed(NodeInfos infos) {
    int[] covered = new int[budgets.size()];
    List<Integer> withoutStatus = new ArrayList<>();
    for (int k = 0; k < covered.length; k++) {
      if (budgets.get(k).status() == null) {
        withoutStatus.add(k);
      }
    }
    // one pass over the bound pods for all the budgets without status
    for (int i = 0; i < infos.nodes().size() && !withoutStatus.isEmpty(); i++) {
      for (NodeInfos.Bound b : infos.pods(i)) {
        for (int k : withoutStatus) {
          covered[k] += covers(budgets.get(k), b.pod()) ? 1 : 0;
        }
      }
    }
    int[] allowed = new int[covered.length];
    for (int k = 0; k < allowed.length; k++) {
      allowed[k] = budgets.get(k).disruptionsAllowed(covered[k]);
    }
    return allowed;
  }

  private static boolean covers(PodDisruptionBudget pdb, Pod pod) {
    return namespace(pdb.namespace()).equals(namespace(pod.namespace())) && pdb.spec().selects(pod.metadata().labels());
  }

  /* pickOneNodeForPreemption: each criterion keeps the best-scored candidates until one is left. */
  private Candidate pick(List<Candidate> candidates) {
    List<ToLongFunction<Candidate>> scores = List.of(
        c -> -c.pdbViolations(),
        c -> -(long) priorities.of(c.victims().get(0).pod()),
        c -> {
          long sum = 0;
          for (NodeInfos.Bound b : c.victims()) {
            // shifted to be positive, so that a few negative priorities do not beat fewer of them
            sum += (long) priorities.of(b.pod()) + Integer.MAX_VALUE + 1L;
          }
          return -sum;
        },
        c -> -c.victims().size());
    List<Candidate> left = candidates;
    for (ToLongFunction<Candidate> score : scores) {
      long max = Long.MIN_VALUE;
      List<Candidate> best = new ArrayList<>();
      for (Candidate c : left) {
        long v = score.applyAsLong(c);
        if (v > max) {
          max = v;
          best.clear();
        }
        if (v == max) {
          best.add(c);
        }
      }
      if (best.size() == 1) {
        return best.get(0);
      }
      left = best;
    }
    return left.get(0);
  }

  /* prepareCandidate: the victims leave the node; their claims lose them, and those nobody uses any more are deallocated. */
  private static Preemption evict(PodScheduler s, Candidate best, VictimClaims claims) {
    List<ResourceClaim> freed = claims.freed(best.victims());
    List<Pod> victims = new ArrayList<>();
    for (NodeInfos.Bound b : best.victims()) {
      victims.add(b.pod());
      for (ResourceClaim c : claims.of(b.pod())) {
        ResourceClaim current = s.claims.get(key(c));
        if (current != null && !freed.contains(c)) {
          s.resolver.put(key(c), VictimClaims.unreserved(current, b.pod()));
        }
      }
    }
    s.release(freed);
    for (ResourceClaim c : freed) {
      if (!ownedByAny(c, victims)) {
        // not made for a victim: the claim stays, unallocated, for its next consumer
        s.resolver.put(key(c), new ResourceClaim(c.metadata(), c.spec(), new ResourceClaimStatus(null, List.of())));
      }
    }
    s.removePods(victims);
    return new Preemption(s.nodes().get(best.node()), victims, freed, best.pdbViolations());
  }

  private static boolean ownedByAny(ResourceClaim claim, List<Pod> pods) {
    for (OwnerReference o : claim.metadata().ownerReferences()) {
      if (Boolean.TRUE.equals(o.controller()) && o.kind().equals("Pod")) {
        for (Pod p : pods) {
          if (Objects.equals(o.uid(), uid(p)) || o.name().equals(p.name())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static String uid(Pod pod) {
    return Objects.requireNonNull(PodClaimResolver.withUid(pod, namespace(pod.namespace())).metadata().uid());
  }
}
