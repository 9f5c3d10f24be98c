package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PodClaimResolver.key;
import static io.github.dra4j.scheduling.PodClaimResolver.namespace;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Condition;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodGroupStatus;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * Schedules pods that belong to {@code scheduling.k8s.io} PodGroups ({@code
 * spec.schedulingGroup.podGroupName}) as kube-scheduler's workload scheduling cycle does, on a
 * {@link PodScheduler} whose per-pod step (filters, allocation, scorer) places each pod:
 * <ol>
 *   <li>a pod whose PodGroup does not exist waits ({@code waiting for pods's pod group "g" to
 *       appear in scheduling queue}); a gang with fewer pods (pending and bound) than {@code
 *       minCount} waits ({@code waiting for minCount pods from a gang to appear in scheduling
 *       queue});
 *   <li>the group's claims ({@code spec.resourceClaims}) are made from their templates, once for
 *       the group, and every pod entry that matches one exactly uses it; such claims are
 *       allocated once and reserved for the PodGroup, not for each pod;
 *   <li>with a topology constraint, each domain (a value of the node label, in sorted order;
 *       only the domain of the group's bound pods when it has some) is one placement: the pods
 *       are tried there, and the placement is rolled back;
 *   <li>in a placement, the pods are tried one by one (higher priority first, then input order),
 *       each on the placement's nodes; the cycle stops as soon as {@code minCount} can no longer
 *       be met ({@code minCount (m) cannot be satisfied: s scheduled, r remaining});
 *   <li>among the feasible placements the one with the most pods placed wins (kube-scheduler's
 *       PodGroupPodsCount score; ties go to the first in domain order where kube-scheduler picks
 *       at random), and it is committed; with none, {@code 0/n placements are available, first
 *       placement status: ...}.
 * </ol>
 * The PodGroup gets kube-scheduler's {@code PodGroupScheduled} condition. With {@link
 * GangSearch#JOINT}, a group the default rejects is searched for jointly ({@link GangSearch}).
 *
 * <pre>{@code
 * PodGroupScheduler groups = PodGroupScheduler.builder(podScheduler)
 *     .podGroups(cluster.podGroups())
 *     .gangSearch(GangSearch.JOINT)
 *     .build();
 * PodGroupScheduler.Results r = groups.scheduleAll(PodControllers.pods(cluster));
 * r.groups().forEach(g -> System.out.println(g.line()));
 * }</pre>
 *
 * <p>Calls are serialized on the PodScheduler, which keeps the cluster state; inputs are never
 * modified.
 */
public final class PodGroupScheduler {
  /** The default step budget of a joint search: allocator calls. */
  public static final long DEFAULT_JOINT_BUDGET = 10_000;

  private final PodScheduler scheduler;
  private final Map<String, PodGroup> groups = new LinkedHashMap<>();
  private final GangSearch search;
  private final long jointBudget;

  private PodGroupScheduler(Builder b) {
    this.scheduler = b.scheduler;
    for (PodGroup g : b.groups) {
      groups.putIfAbsent(key(g.namespace(), g.name()), g);
    }
    this.search = b.search;
    this.jointBudget = b.jointBudget;
  }

  /**
   * Starts configuring a group scheduler over a pod scheduler.
   *
   * @param scheduler the pod scheduler: its cluster state, filters and scorer
   * @return a builder
   */
  public static Builder builder(PodScheduler scheduler) {
    return new Builder(Objects.requireNonNull(scheduler, "scheduler"));
  }

  /** {@return the pod scheduler that holds the cluster state: its claims and snapshot after the cycles} */
  public PodScheduler podScheduler() {
    return scheduler;
  }

  /**
   * What {@link #scheduleAll} did.
   *
   * @param pods one result per pending pod, in input order: those of groups included
   * @param groups one result per PodGroup that has pending pods, in scheduling order
   */
  public record Results(List<SchedulingResult> pods, List<PodGroupResult> groups) {
    /**
     * Copies the lists.
     *
     * @param pods see the record component
     * @param groups see the record component
     */
    public Results {
      pods = List.copyOf(pods);
      groups = List.copyOf(groups);
    }
  }

  /**
   * Schedules every pending pod ({@code spec.nodeName} unset): a pod without a scheduling group
   * as {@link PodScheduler#schedule} does, the pods of a PodGroup in one cycle for the group.
   * Pods and groups go in queue order: higher priority first (a group's {@code spec.priority},
   * or its first pod's), then input order (a group's first pod).
   *
   * @param pods the pods; bound pods of a group count as scheduled members
   * @return the pods' and the groups' results
   * @throws AllocationException as {@link PodScheduler#schedule} does
   */
  public Results scheduleAll(Collection<Pod> pods) {
    synchronized (scheduler) {
      List<Pod> pending = new ArrayList<>();
      Map<String, List<Pod>> members = new LinkedHashMap<>();
      Map<String, List<Pod>> bound = new LinkedHashMap<>();
      List<Object> units = new ArrayList<>();
      for (Pod p : pods) {
        if (!PodPhases.seen(p) || (p.spec().nodeName() == null && !PodPhases.schedulable(p))) {
          continue; // as PodScheduler.scheduleAll skips them
        }
        String group = p.podGroupName();
        String k = group == null ? null : key(p.namespace(), group);
        if (p.spec().nodeName() != null) {
          if (k != null) {
            bound.computeIfAbsent(k, x -> new ArrayList<>()).add(p);
          }
          continue;
        }
        pending.add(p);
        if (k == null || !groups.containsKey(k)) {
          units.add(p);
        } else if (members.computeIfAbsent(k, x -> new ArrayList<>()).size() == 0) {
          units.add(k);
        }
        if (k != null && groups.containsKey(k)) {
          Objects.requireNonNull(members.get(k)).add(p);
        }
      }
      // A group's pods: higher priority first, then input order (a stable sort).
      members.values().forEach(l -> l.sort((a, b) -> Integer.compare(podPriority(b), podPriority(a))));
      Integer[] order = IntStream.range(0, units.size()).boxed().toArray(Integer[]::new);
      Arrays.sort(order, (a, b) -> Integer.compare(priority(units.get(b), members), priority(units.get(a), members)));
      IdentityHashMap<Pod, SchedulingResult> byPod = new IdentityHashMap<>();
      List<PodGroupResult> groupResults = new ArrayList<>();
      for (int i : order) {
        Object unit = units.get(i);
        if (unit instanceof Pod) {
          Pod p = (Pod) unit;
          String group = p.podGroupName();
          byPod.put(p, group == null ? scheduler.schedule(p) : new SchedulingResult.Unschedulable(p,
              "waiting for pods's pod group \"" + group + "\" to appear in scheduling queue", Map.of(), null));
        } else {
          String k = (String) unit;
          List<Pod> tried = Objects.requireNonNull(members.get(k));
          PodGroupResult r = schedule(Objects.requireNonNull(groups.get(k)), tried, bound.getOrDefault(k, List.of()));
          groupResults.add(r);
          for (int j = 0; j < tried.size(); j++) {
            byPod.put(tried.get(j), r.pods().get(j));
          }
        }
      }
      List<SchedulingResult> out = new ArrayList<>();
      for (Pod p : pending) {
        out.add(Objects.requireNonNull(byPod.get(p)));
      }
      return new Results(out, groupResults);
    }
  }

  private int priority(Object unit, Map<String, List<Pod>> members) {
    if (unit instanceof Pod) {
      return podPriority((Pod) unit);
    }
    Integer own = Objects.requireNonNull(groups.get((String) unit)).spec().priority();
    return own != null ? own : podPriority(Objects.requireNonNull(members.get((String) unit)).get(0));
  }

  private static int podPriority(Pod pod) {
    Integer p = pod.spec().priority();
    return p == null ? 0 : p;
  }

  /**
   * Runs one workload scheduling cycle for a PodGroup.
   *
   * @param group the PodGroup
   * @param pending its pods to place, in queue order (their results keep this order)
   * @param bound its pods already bound to nodes: they count towards {@code minCount} and fix
   *     the topology domain
   * @return what the cycle did
   * @throws AllocationException as {@link PodScheduler#schedule} does
   */
  public PodGroupResult schedule(PodGroup group, List<Pod> pending, List<Pod> bound) {
    synchronized (scheduler) {
      int minCount = group.spec().schedulingPolicy().minCount();
      if (group.spec().schedulingPolicy().gang() != null && pending.size() + bound.size() < minCount) {
        return waiting(group, pending, "waiting for minCount pods from a gang to appear in scheduling queue");
      }
      GroupClaims claims = GroupClaims.make(scheduler, group);
      PodGroup withClaims = group.withStatus(new PodGroupStatus(group.status().conditions(), claims.statuses()));
      List<Pod> pods = new ArrayList<>();
      for (Pod p : pending) {
        pods.add(claims.bind(p));
      }
      scheduler.groupConsumers = claims.consumers();
      try {
        return cycle(withClaims, pods, bound, minCount, claims);
      } finally {
        scheduler.groupConsumers = Map.of();
      }
    }
  }

  private PodGroupResult cycle(PodGroup group, List<Pod> pods, List<Pod> bound, int minCount, GroupClaims claims) {
    List<@Nullable BitSet> placements = Domains.placements(scheduler.nodes(), group, bound);
    Attempt best = null;
    int bestAt = -1;
    Attempt first = null;
    for (int i = 0; i < placements.size(); i++) {
      Rollback mark = Rollback.mark(scheduler);
      Attempt a = attempt(pods, bound.size(), minCount, placements.get(i));
      if (placements.size() == 1 && a.feasible()) {
        mark.keep();
        return done(group, a, claims, "", null, 0);
      }
      mark.undo();
      first = first == null ? a : first;
      if (a.feasible() && (best == null || a.placed > best.placed)) {
        best = a;
        bestAt = i;
      }
    }
    if (best != null) {
      // The same answer again, committed: each placement was tried from the same state.
      return done(group, attempt(pods, bound.size(), minCount, placements.get(bestAt)), claims, "", null, 0);
    }
    boolean topology = group.spec().schedulingConstraints() != null
        && group.spec().schedulingConstraints().topologyKey() != null;
    String reason = first == null ? "no node has the topology label" : first.message;
    String message = topology ? "0/" + placements.size() + " placements are available, first placement status: "
        + reason : reason;
    Attempt rejected = first == null ? Attempt.none(pods, message) : first.rejected(message);
    if (search != GangSearch.JOINT) {
      return done(group, rejected, claims, message, null, 0);
    }
    List<String> names = new ArrayList<>();
    for (BitSet p : placements) {
      names.add(Domains.name(scheduler.nodes(), group, p));
    }
    JointSearch.Outcome o = JointSearch.search(scheduler, pods, bound.size(), minCount, placements, names, jointBudget);
    String rejects = "kube-scheduler rejects pod group " + ref(group) + " (" + why(first, message) + ")";
    if (o.found() == null) {
      return done(group, rejected, claims, message, rejects + "; no placement exists: " + o.blocked(), o.steps());
    }
    List<SchedulingResult> committed = JointSearch.commit(scheduler, pods, o.found());
    List<SchedulingResult> results = new ArrayList<>();
    for (int i = 0; i < pods.size(); i++) {
      SchedulingResult r = committed.get(i);
      results.add(r != null ? r : new SchedulingResult.Unschedulable(pods.get(i),
          "not placed by the joint search; the group's minCount is met without it", Map.of(), null));
    }
    Attempt found = new Attempt(results, o.found().placed(), true, "", pods);
    return done(group, found, claims, "", rejects + "; a placement exists: " + JointSearch.describe(results), o.steps());
  }

  /* What the default did: the devices the pods placed before the first failure took, then that pod's reason. */
  private static String why(@Nullable Attempt first, String message) {
    if (first == null) {
      return message;
    }
    StringBuilder sb = new StringBuilder();
    for (SchedulingResult r : first.results) {
      if (r instanceof SchedulingResult.Scheduled) {
        SchedulingResult.Scheduled s = (SchedulingResult.Scheduled) r;
        String devices = JointSearch.devices(s.claims());
        sb.append("pod ").append(s.pod().name()).append(" took ")
            .append(devices.isEmpty() ? "no device" : devices).append(" on ").append(s.node().name()).append("; ");
      } else {
        String reason = ((SchedulingResult.Unschedulable) r).message();
        sb.append("then pod ").append(r.pod().name()).append(": ")
            .append(reason.endsWith(".") ? reason.substring(0, reason.length() - 1) : reason);
        return sb.toString();
      }
    }
    return sb.append(message).toString();
  }

  /* One placement: the pods one by one on its nodes, stopping when minCount can no longer be met. */
  private Attempt attempt(List<Pod> pods, int scheduled, int minCount, @Nullable BitSet within) {
    List<SchedulingResult> results = new ArrayList<>();
    int placed = 0;
    int remaining = pods.size();
    String message = gangStatus(minCount, scheduled, remaining);
    if (remaining + scheduled < minCount) {
      return new Attempt(results, 0, false, message, pods);
    }
    for (Pod p : pods) {
      SchedulingResult r = scheduler.schedule(p, within);
      results.add(r);
      remaining--;
      if (r.isScheduled()) {
        placed++;
      }
      message = gangStatus(minCount, scheduled + placed, remaining);
      if (remaining + scheduled + placed < minCount) {
        break;
      }
    }
    return new Attempt(results, placed, placed > 0 && scheduled + placed >= minCount, message, pods);
  }

  private static String gangStatus(int minCount, int scheduled, int remaining) {
    if (remaining + scheduled < minCount) {
      return "minCount (" + minCount + ") cannot be satisfied: " + scheduled + " scheduled, " + remaining + " remaining";
    }
    return scheduled < minCount ? "minCount (" + minCount + ") is not yet satisfied: " + scheduled + " scheduled, "
        + remaining + " remaining" : "";
  }

  /** The pods' results in one placement: placed or not, each with its own reason. */
  record Attempt(List<SchedulingResult> results, int placed, boolean feasible, String message, List<Pod> pods) {
    static Attempt none(List<Pod> pods, String message) {
      return new Attempt(List.of(), 0, false, message, pods);
    }

    /* Every pod unschedulable: those that failed keep their reason, the others get the group's. */
    Attempt rejected(String groupMessage) {
      List<SchedulingResult> out = new ArrayList<>();
      for (int i = 0; i < pods.size(); i++) {
        SchedulingResult r = i < results.size() ? results.get(i) : null;
        out.add(r instanceof SchedulingResult.Unschedulable ? r
            : new SchedulingResult.Unschedulable(pods.get(i), groupMessage, Map.of(), null));
      }
      return new Attempt(out, 0, false, groupMessage, pods);
    }
  }

  private PodGroupResult done(PodGroup group, Attempt a, GroupClaims claims, String message, @Nullable String joint,
      long steps) {
    Attempt shown = a.feasible ? a : a.rejected(message);
    List<SchedulingResult> results = new ArrayList<>(shown.results);
    for (int i = results.size(); i < a.pods.size(); i++) {
      results.add(new SchedulingResult.Unschedulable(a.pods.get(i), shown.message, Map.of(), null));
    }
    Condition condition = Condition.builder().type(PodGroup.SCHEDULED)
        .status(a.feasible ? "True" : "False")
        .reason(a.feasible ? "Scheduled" : PodGroup.REASON_UNSCHEDULABLE)
        .message(a.feasible ? "" : message)
        .build();
    PodGroup updated = group.withStatus(group.status().withCondition(condition));
    return new PodGroupResult(updated, a.feasible, results, claims.current(scheduler), a.feasible ? "" : message,
        joint, steps);
  }

  private PodGroupResult waiting(PodGroup group, List<Pod> pending, String message) {
    List<SchedulingResult> results = new ArrayList<>();
    for (Pod p : pending) {
      results.add(new SchedulingResult.Unschedulable(p, message, Map.of(), null));
    }
    return new PodGroupResult(group, false, results, List.of(), message, null, 0);
  }

  /**
   * Undoes the placements of one attempt on the scheduler: snapshot, claims and remembered
   * answers. Marks nest: a mark made while another is open passes what it sees on to the outer
   * one (which must undo it too) and gives the hooks back to it when kept or undone.
   */
  static final class Rollback {
    private final PodScheduler s;
    private final ClusterSnapshot snapshot;
    private final Map<String, ResourceClaim> claims;
    private final Set<String> touched = new HashSet<>();
    /** Pods bound since the mark: the filters that read a node's pods must not see them after undo. */
    private final List<Pod> bound = new ArrayList<>();
    private final @Nullable Consumer<@Nullable Set<String>> outerChange;
    private final @Nullable Consumer<Pod> outerBound;
    private boolean all;

    private Rollback(PodScheduler s) {
      this.s = s;
      this.snapshot = s.snapshot;
      this.claims = new LinkedHashMap<>(s.claims);
      this.outerChange = s.onChange;
      this.outerBound = s.onBound;
      s.onChange = nodes -> {
        if (nodes == null) {
          all = true;
        } else {
          touched.addAll(nodes);
        }
        if (outerChange != null) {
          outerChange.accept(nodes);
        }
      };
      s.onBound = pod -> {
        bound.add(pod);
        if (outerBound != null) {
          outerBound.accept(pod);
        }
      };
    }

    static Rollback mark(PodScheduler s) {
      return new Rollback(s);
    }

    void keep() {
      s.onChange = outerChange;
      s.onBound = outerBound;
    }

    @SuppressWarnings("ReferenceEquality") // unchanged claims are the very objects kept
    void undo() {
      List<String> added = new ArrayList<>();
      for (String k : s.claims.keySet()) {
        if (!claims.containsKey(k)) {
          added.add(k);
        }
      }
      s.resolver.removeAll(added);
      claims.forEach((k, c) -> {
        if (s.claims.get(k) != c) {
          s.resolver.put(k, c);
        }
      });
      s.snapshot = snapshot;
      s.cache.forget(all ? null : touched);
      s.onChange = outerChange;
      s.onBound = outerBound;
      s.removePods(bound);
    }
  }

  /** Configures a {@link PodGroupScheduler}. Not thread-safe. */
  public static final class Builder {
    private final PodScheduler scheduler;
    private final List<PodGroup> groups = new ArrayList<>();
    private GangSearch search = GangSearch.DEFAULT;
    private long jointBudget = DEFAULT_JOINT_BUDGET;

    private Builder(PodScheduler scheduler) {
      this.scheduler = scheduler;
    }

    /**
     * Sets the PodGroups that pods refer to (a cluster's {@code podGroups()}).
     *
     * @param groups the PodGroups; the first of a namespace and name counts
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder podGroups(Collection<PodGroup> groups) {
      this.groups.clear();
      this.groups.addAll(groups);
      return this;
    }

    /**
     * Sets how groups are placed (default {@link GangSearch#DEFAULT}, as kube-scheduler).
     *
     * @param search the mode
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder gangSearch(GangSearch search) {
      this.search = Objects.requireNonNull(search, "search");
      return this;
    }

    /**
     * Sets the step budget of a joint search (allocator calls; default {@value
     * #DEFAULT_JOINT_BUDGET}): past it the search gives up and says so.
     *
     * @param steps the budget, at least 1
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder jointStepBudget(long steps) {
      if (steps < 1) {
        throw new IllegalArgumentException("joint step budget must be at least 1: " + steps);
      }
      this.jointBudget = steps;
      return this;
    }

    /** {@return the group scheduler} */
    public PodGroupScheduler build() {
      return new PodGroupScheduler(this);
    }
  }

  /* The nodes of each placement: one per topology domain, or all nodes (null) without a constraint. */
  static final class Domains {
    private Domains() {}

    static List<@Nullable BitSet> placements(List<Node> nodes, PodGroup group, List<Pod> bound) {
      String topologyKey = group.spec().schedulingConstraints() == null ? null
          : group.spec().schedulingConstraints().topologyKey();
      List<@Nullable BitSet> out = new ArrayList<>();
      if (topologyKey == null) {
        out.add(null);
        return out;
      }
      String required = null;
      for (Pod p : bound) {
        for (Node n : nodes) {
          if (Objects.equals(n.name(), p.spec().nodeName())) {
            required = n.metadata().labels().get(topologyKey);
          }
        }
      }
      TreeMap<String, BitSet> domains = new TreeMap<>();
      for (int i = 0; i < nodes.size(); i++) {
        String value = nodes.get(i).metadata().labels().get(topologyKey);
        if (value != null && (required == null || required.equals(value))) {
          domains.computeIfAbsent(value, v -> new BitSet()).set(i);
        }
      }
      out.addAll(domains.values());
      return out;
    }

    static String name(List<Node> nodes, PodGroup group, @Nullable BitSet placement) {
      String topologyKey = group.spec().schedulingConstraints() == null ? null
          : group.spec().schedulingConstraints().topologyKey();
      if (placement == null || topologyKey == null || placement.isEmpty()) {
        return "";
      }
      return topologyKey + "=" + nodes.get(placement.nextSetBit(0)).metadata().labels().get(topologyKey);
    }
  }

  static String ref(PodGroup g) {
    return namespace(g.namespace()) + "/" + g.name();
  }
}
