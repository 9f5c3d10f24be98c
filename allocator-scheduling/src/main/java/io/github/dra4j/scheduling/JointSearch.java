package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PodClaimResolver.key;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.scheduling.PodScheduler.Plan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The joint placement of a pod group (GangSearch.JOINT): a depth-first search over the group's
 * pods in queue order, each placed on one of the nodes its filters admit. On a node that already
 * holds pods of the group, the claims of all of them are allocated again together with the new
 * pod's, so the allocator's own search can share devices out differently than the first pod's
 * first choice. Claims used by several pods of the group are allocated once and then constrain
 * the others as allocated claims do. Every allocator call is a step (a node asked in a batch
 * is one); the search gives up past its budget. Before searching, the pods that fit no node
 * alone are counted: when too few are left to reach minCount the answer is "no" at once. When
 * the pods are interchangeable (the usual gang), each node's capacity for them is asked first,
 * which proves "no" when the placement holds too few, and the pods go to nodes in node order,
 * which removes the permutations of the same placement.
 */
final class JointSearch {
  /** A placement found: for each pod the node index (-1 when left pending) and every claim's allocated version. */
  record Found(List<Integer> nodes, Map<String, ResourceClaim> allocated, int placed) {}

  /** What the search found, how many steps it took, and what blocks the group when nothing was found. */
  record Outcome(@Nullable Found found, long steps, String blocked) {}

  private static final class BudgetExhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BudgetExhausted() {
      super(null, null, false, false);
    }
  }

  private final PodScheduler s;
  private final List<Node> nodes;
  private final List<Plan> plans;
  private final int scheduled;
  private final int minCount;
  private final long budget;
  private final Set<String> shared = new HashSet<>();
  private final Map<String, ResourceClaim> unallocated = new HashMap<>();
  private long steps;
  private Map<String, ResourceClaim> alloc = new HashMap<>();
  private final Map<Integer, List<String>> onNode = new HashMap<>();
  private int[] at = new int[0];
  private @Nullable BitSet within;
  /** Whether the pods are interchangeable: same filters, same claim specs, no claim shared. */
  private final boolean homogeneous;
  /** With interchangeable pods, how many of them fit on each node together (on the state before the group). */
  private final Map<Integer, Integer> capacity = new HashMap<>();

  private JointSearch(PodScheduler s, List<Pod> pods, int scheduled, int minCount, long budget) {
    this.s = s;
    this.nodes = s.nodes();
    this.plans = new ArrayList<>();
    Map<String, Integer> users = new HashMap<>();
    for (Pod p : pods) {
      Plan plan = s.plan(p);
      plans.add(plan);
      for (ResourceClaim c : plan.toAllocate()) {
        users.merge(key(c), 1, Integer::sum);
        unallocated.putIfAbsent(key(c), c);
      }
    }
    users.forEach((k, n) -> {
      if (n > 1) {
        shared.add(k);
      }
    });
    this.scheduled = scheduled;
    this.minCount = minCount;
    this.budget = budget;
    this.homogeneous = shared.isEmpty() && interchangeable(plans);
  }

  private static boolean interchangeable(List<Plan> plans) {
    Plan first = plans.get(0);
    for (Plan p : plans) {
      if (p.r().failure != null || !p.candidates().equals(first.candidates())
          || !specs(p.toAllocate()).equals(specs(first.toAllocate()))
          || !specs(p.allocated()).equals(specs(first.allocated()))) {
        return false;
      }
    }
    return true;
  }

  private static List<Object> specs(List<ResourceClaim> claims) {
    List<Object> out = new ArrayList<>();
    for (ResourceClaim c : claims) {
      out.add(c.spec());
      out.add(c.allocation() == null ? "" : key(c));
    }
    return out;
  }

  /*
   * How many interchangeable pods fit on each node of the placement together, asked of all its
   * nodes at once for 1, 2, ... copies of a pod's claims; every node asked is a step. An upper
   * bound on what a node can take in any placement of the group: more pods only take more.
   */
  private int capacity(BitSet placementNodes) {
    List<ResourceClaim> one = plans.get(0).toAllocate();
    List<Node> open = nodesOf(placementNodes);
    List<ResourceClaim> copies = new ArrayList<>();
    int total = 0;
    for (int m = 1; m <= plans.size() && !open.isEmpty(); m++) {
      for (ResourceClaim c : one) {
        copies.add(new ResourceClaim(c.metadata().toBuilder().name(c.name() + "-copy-" + m).build(), c.spec(), null));
      }
      steps += open.size();
      if (steps > budget) {
        throw new BudgetExhausted();
      }
      List<Node> fit = one.isEmpty() ? open : s.snapshot.feasibleNodes(open, copies, s.options);
      Set<Node> fits = new HashSet<>(fit);
      for (Node n : open) {
        if (!fits.contains(n)) {
          capacity.put(s.cache.position(n), m - 1);
          total += m - 1;
        }
      }
      open = fit;
    }
    for (Node n : open) {
      capacity.put(s.cache.position(n), plans.size());
      total += plans.size();
    }
    return total;
  }

  /* With interchangeable pods: how many more fit on the nodes from index k on. */
  private int room(int from) {
    int room = 0;
    for (Map.Entry<Integer, Integer> e : capacity.entrySet()) {
      if (e.getKey() >= from) {
        List<String> held = onNode.get(e.getKey());
        int pods = held == null ? 0 : held.size() / Math.max(1, plans.get(0).toAllocate().size());
        room += Math.max(0, e.getValue() - pods);
      }
    }
    return room;
  }

  static Outcome search(PodScheduler s, List<Pod> pods, int scheduled, int minCount, List<@Nullable BitSet> placements,
      List<String> names, long budget) {
    JointSearch j = new JointSearch(s, pods, scheduled, minCount, budget);
    Found best = null;
    String blocked = "";
    for (int i = 0; i < placements.size(); i++) {
      BitSet placement = placements.get(i);
      String where = names.get(i).isEmpty() ? ""
          : " in " + names.get(i) + " (placement " + (i + 1) + " of " + placements.size() + ")";
      try {
        if (j.homogeneous) {
          BitSet all = j.candidates(j.plans.get(0), List.of(), placement);
          int room = j.capacity(all);
          if (room + scheduled < minCount) {
            String why = room == 0 ? "pod " + pods.get(0).metadata().name() + " fits no node"
                : "the nodes" + where + " hold at most " + room + " of the group's pods together (minCount "
                    + minCount + ")";
            blocked = blocked.isEmpty() ? (room == 0 ? why + where : why) : blocked;
            continue;
          }
        } else {
          String dead = j.dead(placement);
          if (dead != null) {
            blocked = blocked.isEmpty() ? dead + where : blocked;
            continue;
          }
        }
        Found f = j.run(placement);
        if (f != null && (best == null || f.placed > best.placed)) {
          best = f;
        }
        if (best != null && best.placed == pods.size()) {
          break;
        }
        if (f == null && blocked.isEmpty()) {
          blocked = "fewer than minCount (" + minCount + ") of the group's pods fit together" + where;
        }
      } catch (BudgetExhausted e) {
        return new Outcome(best, j.steps, "the search stopped at its budget of " + budget + " steps");
      }
    }
    return new Outcome(best, j.steps, blocked);
  }

  /* A bound that proves "no" before searching: too many pods fit no node of the placement alone. */
  private @Nullable String dead(@Nullable BitSet placement) {
    int alive = 0;
    String first = null;
    for (Plan p : plans) {
      BitSet c = candidates(p, List.of(), placement);
      boolean fits = false;
      if (p.r().failure == null && !c.isEmpty()) {
        if (p.toAllocate().isEmpty()) {
          fits = true;
        } else {
          steps += c.cardinality();
          if (steps > budget) {
            throw new BudgetExhausted();
          }
          fits = !s.snapshot.feasibleNodes(nodesOf(c), p.toAllocate(), s.options).isEmpty();
        }
      }
      if (fits) {
        alive++;
      } else if (first == null) {
        first = "pod " + p.pod().name() + " fits no node";
      }
    }
    return alive + scheduled < minCount ? first : null;
  }

  private List<Node> nodesOf(BitSet c) {
    List<Node> out = new ArrayList<>();
    for (int i = c.nextSetBit(0); i >= 0; i = c.nextSetBit(i + 1)) {
      out.add(nodes.get(i));
    }
    return out;
  }

  private BitSet candidates(Plan p, List<ResourceClaim> tentative, @Nullable BitSet placement) {
    BitSet c;
    if (tentative.isEmpty()) {
      c = (BitSet) p.candidates().clone();
    } else {
      List<ResourceClaim> allocatedNow = new ArrayList<>(p.allocated());
      allocatedNow.addAll(tentative);
      c = s.cache.filter(new Cycle(p.pod(), p.r().unserved, allocatedNow, s.infos, s.profiles.of(p.pod()))).candidates();
      c = (BitSet) c.clone();
    }
    if (placement != null) {
      c.and(placement);
    }
    return c;
  }

  private @Nullable Found run(@Nullable BitSet placement) {
    within = placement;
    alloc = new HashMap<>();
    onNode.clear();
    at = new int[plans.size()];
    if (dfs(0, s.snapshot, 0)) {
      return new Found(Arrays.stream(at).boxed().toList(), Map.copyOf(alloc), count());
    }
    return null;
  }

  private int count() {
    int n = 0;
    for (int k : at) {
      n += k >= 0 ? 1 : 0;
    }
    return n;
  }

  private boolean dfs(int i, ClusterSnapshot snap, int placed) {
    if (i == plans.size()) {
      return placed > 0 && placed + scheduled >= minCount;
    }
    if (placed + scheduled + plans.size() - i < minCount) {
      return false;
    }
    Plan p = plans.get(i);
    if (p.r().failure == null) {
      List<ResourceClaim> toAlloc = new ArrayList<>();
      List<ResourceClaim> tentative = new ArrayList<>();
      for (ResourceClaim c : p.toAllocate()) {
        ResourceClaim a = alloc.get(key(c));
        if (a != null) {
          tentative.add(a);
        } else {
          toAlloc.add(c);
        }
      }
      BitSet c = candidates(p, tentative, within);
      // Interchangeable pods go to nodes in order (any placement can be renumbered so): from the previous pod's node on.
      int from = homogeneous && i > 0 ? at[i - 1] : 0;
      if (from >= 0) {
        if (homogeneous && placed + scheduled + Math.min(plans.size() - i, room(from)) < minCount) {
          return false;
        }
        for (int k : order(c)) {
          if (k >= from && tryOn(i, k, toAlloc, snap, placed)) {
            return true;
          }
        }
      }
    }
    at[i] = -1;
    return dfs(i + 1, snap, placed);
  }

  /* The nodes that already hold pods of the group first (their claims can be repacked), then the others, each in node order. */
  private List<Integer> order(BitSet c) {
    List<Integer> used = new ArrayList<>();
    List<Integer> fresh = new ArrayList<>();
    for (int k = c.nextSetBit(0); k >= 0; k = c.nextSetBit(k + 1)) {
      (onNode.containsKey(k) ? used : fresh).add(k);
    }
    used.addAll(fresh);
    return used;
  }

  private boolean tryOn(int i, int k, List<ResourceClaim> toAlloc, ClusterSnapshot snap, int placed) {
    Node node = nodes.get(k);
    List<ResourceClaim> claims = toAlloc;
    ClusterSnapshot base = snap;
    AllocationOutcome o = allocate(snap, node, claims);
    if (!o.isAllocated() && onNode.containsKey(k)) {
      List<ResourceClaim> mine = new ArrayList<>();
      List<ResourceClaim> fresh = new ArrayList<>();
      for (String key : onNode.get(k)) {
        if (!shared.contains(key)) {
          mine.add(alloc.get(key));
          fresh.add(unallocated.get(key));
        }
      }
      if (mine.isEmpty()) {
        return false;
      }
      base = snap.withoutAllocated(mine);
      claims = new ArrayList<>(fresh);
      claims.addAll(toAlloc);
      o = allocate(base, node, claims);
    }
    if (!o.isAllocated()) {
      return false;
    }
    List<AllocationResult> results = ((AllocationOutcome.Allocated) o).results();
    List<ResourceClaim> newly = new ArrayList<>();
    Map<String, @Nullable ResourceClaim> undo = new HashMap<>();
    for (int c = 0; c < claims.size(); c++) {
      ResourceClaim claim = claims.get(c);
      ResourceClaim allocated = new ResourceClaim(claim.metadata(), claim.spec(),
          new ResourceClaimStatus(results.get(c), claim.status() == null ? List.of() : claim.status().reservedFor()));
      newly.add(allocated);
      undo.put(key(claim), alloc.put(key(claim), allocated));
    }
    List<String> keys = onNode.computeIfAbsent(k, x -> new ArrayList<>());
    int before = keys.size();
    for (ResourceClaim c : toAlloc) {
      keys.add(key(c));
    }
    at[i] = k;
    if (dfs(i + 1, base.withAllocated(newly), placed + 1)) {
      return true;
    }
    keys.subList(before, keys.size()).clear();
    if (keys.isEmpty()) {
      onNode.remove(k);
    }
    undo.forEach((key, was) -> {
      if (was == null) {
        alloc.remove(key);
      } else {
        alloc.put(key, was);
      }
    });
    return false;
  }

  private AllocationOutcome allocate(ClusterSnapshot snap, Node node, List<ResourceClaim> claims) {
    if (++steps > budget) {
      throw new BudgetExhausted();
    }
    return claims.isEmpty() ? new AllocationOutcome.Allocated(List.of()) : snap.allocate(node, claims, s.options);
  }

  /* Commits a found placement pod by pod: each pod's claims get the allocations the search found. */
  static List<SchedulingResult> commit(PodScheduler s, List<Pod> pods, Found found) {
    List<SchedulingResult> out = new ArrayList<>();
    for (int i = 0; i < pods.size(); i++) {
      int k = found.nodes().get(i);
      if (k < 0) {
        out.add(null);
        continue;
      }
      Plan now = s.plan(pods.get(i));
      List<AllocationResult> results = new ArrayList<>();
      List<ResourceClaim> kept = new ArrayList<>();
      for (ResourceClaim c : now.toAllocate()) {
        ResourceClaim a = found.allocated().get(key(c));
        if (a != null && a.allocation() != null) {
          results.add(a.allocation());
          kept.add(c);
        }
      }
      out.add(s.commit(now.pod(), now.r(), kept, new PodScheduler.Choice(s.nodes().get(k), results)));
    }
    return out;
  }

  /** {@return "w-0 on node-a (gpu-0-half-a), ..." for the first pods placed} */
  static String describe(List<SchedulingResult> results) {
    StringBuilder sb = new StringBuilder();
    int shown = 0;
    int more = 0;
    for (SchedulingResult r : results) {
      if (!(r instanceof SchedulingResult.Scheduled)) {
        continue;
      }
      if (shown == 8) {
        more++;
        continue;
      }
      SchedulingResult.Scheduled sch = (SchedulingResult.Scheduled) r;
      sb.append(shown++ == 0 ? "" : ", ").append(sch.pod().name()).append(" on ").append(sch.node().name());
      String devices = devices(sch.claims());
      if (!devices.isEmpty()) {
        sb.append(" (").append(devices).append(')');
      }
    }
    if (more > 0) {
      sb.append(" and ").append(more).append(" more");
    }
    return sb.toString();
  }

  static String devices(List<ResourceClaim> claims) {
    List<String> names = new ArrayList<>();
    for (ResourceClaim c : claims) {
      if (c.allocation() != null) {
        for (DeviceRequestAllocationResult d : c.allocation().devices().results()) {
          names.add(d.device());
        }
      }
    }
    return String.join(", ", names);
  }
}
