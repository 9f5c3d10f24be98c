package io.github.dra4j.simulation;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.simulation.Gang;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.scheduling.PodGroupResult;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.Preemption;
import io.github.dra4j.scheduling.SchedulingResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/*
 * One policy's run on a simulated clock. Events are arrivals (in time order) and departures (a
 * placed pod leaves when its run time has passed, ordered by time, then by placement). At one
 * instant departures come before arrivals, so a pod leaving at t frees its devices for a pod
 * arriving at t. A pod that fits no node waits in a queue; after every instant with departures
 * the waiting pods are tried again in arrival order (kube-scheduler moves unschedulable pods back
 * to its active queue on cluster events and, at equal priority, takes them oldest first); a pod
 * that fits later is not blocked by an older one that does not, and once a pod of a kind fails in
 * a round, the later pods of that kind (identical to it) wait without a try.
 *
 * After the last arrival the clock runs on while pods wait and running pods can still leave, so
 * that the queue is seen to drain (or not); the run ends at the last arrival or, later, at the
 * departure that placed the last waiting pod or left none running. A sample at time s is the
 * state after every event at or before s: at 0, every interval, and at the end.
 *
 * An arrival of a gang kind is a PodGroup (GangArrivals, in one workload scheduling cycle): it
 * waits in the queue as one entry, is tried again as a whole, and once placed its pods leave
 * together after its run time, the group's claims released once. Its kind counts pods and
 * groups; the pods waiting over time of a gang kind are its groups waiting.
 *
 * An arrival that fits no node may preempt lower-priority pods (DefaultPreemption, when the
 * scheduler has it on). A victim that was an arrival is recreated at once, as its controller
 * recreates an evicted pod: it joins the back of the queue and, once placed again, runs its whole
 * run time anew; its planned departure is dropped. It counts as waiting, not placed, until then.
 * A victim from a gang's PodGroup is recreated too, as the Job or JobSet controller recreates it
 * in the same PodGroup: the group's evicted pods wait as one queue entry and are placed in one
 * workload scheduling cycle of the PodGroup with its running pods bound (they count towards
 * minCount, as kube-scheduler's gang scheduling counts a group's bound pods, and fix its topology
 * domain); its replacements count as pending pods, not as a group waiting. The group's claims,
 * reserved for the PodGroup and so never freed by an eviction, stay while the group has a pod
 * running or waiting to be placed again, and are released when the last leaves; a sample counts
 * their devices with one of the group's running pods.
 */
final class TimedRun {
  private final String name;
  private final PodScheduler scheduler;
  private final TimedArrivals arrivals;
  private final long interval;
  private final Accounting accounting;
  private final Consumer<String> afterArrival;
  private final GangArrivals gangs;
  private final Map<String, KindCounts> counts = new LinkedHashMap<>();
  /*
   * Not Departures, which files pods by the arrival step they leave before and finds a step's
   * list by its number: here pods leave at instants of simulated time, taken in time order up to
   * an event, which a priority queue gives. A victim's departure is found by a scan (evicted),
   * which costs less than the preemption that evicted it.
   */
  private final PriorityQueue<Departure> departures =
      new PriorityQueue<>(Comparator.comparingLong(Departure::at).thenComparingLong(Departure::order));
  /** Pods waiting, in arrival order. */
  private final Map<Integer, Waiting> queue = new LinkedHashMap<>();
  /** The pods placed and running, by name, in placement order. */
  private final Map<String, Placed> placed = new LinkedHashMap<>();
  /** The PodGroup of each running pod of a gang kind, by pod name. */
  private final Map<String, GroupRun> groupOf = new HashMap<>();
  /** Victims recreated by the last placements, to join the queue once the current pass over it ends. */
  private final List<Waiting> recreated = new ArrayList<>();
  /** The queue's key of the next recreated victim: after every arrival's index. */
  private int nextRecreated;
  private final List<SimulationResult.Sample> samples = new ArrayList<>();
  private SimulationResult.@Nullable FirstPending firstPending;
  private long placements;
  private long nextSample;
  private boolean noMoreSamples;
  private int step;
  private long nanos;

  private record Departure(long at, long order, SchedulingResult.Scheduled pod) {}

  /*
   * One kind's counts: for a gang kind, groups too (a placed group's pods beyond those it could
   * place stay pending).
   */
  private static final class KindCounts {
    final PodKind kind;
    int placed;
    /** Pods pending now. */
    int pending;
    int groupsPlaced;
    /** Groups waiting now. */
    int groupsPending;
    /** Placements that preempted. */
    int preemptions;
    /** Evictions as a victim. */
    int preempted;

    KindCounts(PodKind kind) {
      this.kind = kind;
    }

    boolean gang() {
      return kind.gang() != null;
    }
  }

  /*
   * A running pod: its placement as samples count it (it may carry group claims handed over from
   * another pod), and the arrival it came from, to recreate it when it is evicted.
   */
  private record Placed(SchedulingResult.Scheduled scheduled, Waiting arrival) {}

  /*
   * An arrival waiting: a pod, a gang kind's PodGroup (pod and rejoin null), or the evicted pods
   * of a placed PodGroup (rejoin).
   */
  private record Waiting(int index, PodKind kind, @Nullable Pod pod, long runTime, @Nullable GroupRun rejoin) {}

  /* A placed PodGroup while it has pods running or evicted and waiting to be placed again. */
  private static final class GroupRun {
    final int index;
    final String podGroup;
    final PodGroup group;
    final List<ResourceClaim> claims;
    final Set<String> keys = new HashSet<>();
    final Set<String> running = new LinkedHashSet<>();
    final List<Pod> replacements = new ArrayList<>();
    /** Group claims no running pod's sample entry carries (their carrier left), for the next pod placed. */
    final List<ResourceClaim> unheld = new ArrayList<>();
    boolean queued;

    GroupRun(int index, String podGroup, PodGroupResult placed) {
      this.index = index;
      this.podGroup = podGroup;
      this.group = placed.group();
      this.claims = placed.claims();
      claims.forEach(c -> keys.add(key(c)));
    }

    boolean gone() {
      return running.isEmpty() && replacements.isEmpty();
    }

    List<ResourceClaim> own(List<ResourceClaim> claims) {
      return claims.stream().filter(c -> !keys.contains(key(c))).toList();
    }

    static String key(ResourceClaim c) {
      return c.metadata().namespace() + "/" + c.name();
    }
  }

  TimedRun(String name, PodScheduler scheduler, List<PodKind> kinds, TimedArrivals arrivals, Accounting accounting,
      Consumer<String> afterArrival, GangArrivals gangs) {
    this.name = name;
    this.scheduler = scheduler;
    this.arrivals = arrivals;
    this.interval = arrivals.sampleInterval();
    this.accounting = accounting;
    this.afterArrival = afterArrival;
    this.gangs = gangs;
    for (PodKind k : kinds) {
      counts.put(k.name(), new KindCounts(k));
    }
    this.nextRecreated = arrivals.size();
  }

  SimulationResult.Policy run() {
    long start = System.nanoTime();
    int n = arrivals.size();
    long end = n == 0 ? 0 : arrivals.at(n - 1);
    for (int i = 0; i < n; i++) {
      long t = arrivals.at(i);
      departUntil(t);
      sampleBefore(t);
      PodKind kind = arrivals.kind(i);
      step = i + 1;
      Waiting w = new Waiting(i, kind, kind.gang() == null ? ArrivalDraw.pod(kind, i) : null, arrivals.runTime(i), null);
      SimulationResult.FirstPending failed = schedule(w, t);
      if (failed != null) {
        queue.put(i, w);
        waiting(w, 1);
        if (firstPending == null) {
          firstPending = failed;
        }
      }
      requeueRecreated();
      afterArrival.accept(name);
    }
    while (!queue.isEmpty() && !departures.isEmpty()) {
      end = departures.peek().at();
      departUntil(end);
    }
    while (nextSample <= end && !noMoreSamples) {
      sample(nextSample);
    }
    if (samples.isEmpty() || Objects.requireNonNull(samples.get(samples.size() - 1).time()).toNanos() < end) {
      sample(end);
    }
    Map<String, SimulationResult.KindCount> kinds = new LinkedHashMap<>();
    counts.forEach((k, c) -> kinds.put(k, new SimulationResult.KindCount(c.placed, c.pending,
        c.gang() ? new SimulationResult.GroupCount(c.groupsPlaced, c.groupsPending) : null,
        c.preemptions, c.preempted)));
    double wallSeconds = (System.nanoTime() - start) / 1e9;
    return new SimulationResult.Policy(name, kinds, firstPending, samples, nanos / 1e9, wallSeconds);
  }

  /*
   * Schedules an arrival at time t; when it is placed, counts it and plans its departure, and
   * returns null; otherwise returns what the first pending arrival would say.
   */
  private SimulationResult.@Nullable FirstPending schedule(Waiting w, long t) {
    GroupRun rejoin = w.rejoin();
    if (rejoin != null) {
      return rejoin(w, rejoin, t);
    }
    Pod pod = w.pod();
    if (pod == null) {
      return scheduleGroup(w, t);
    }
    long t0 = System.nanoTime();
    SchedulingResult r = scheduler.schedule(pod);
    nanos += System.nanoTime() - t0;
    if (r instanceof SchedulingResult.Scheduled s) {
      countsOf(w.kind()).placed++;
      placed(s, w, t);
      if (s.preemption() != null) {
        countsOf(w.kind()).preemptions++;
        evicted(s.preemption());
      }
      placements++;
      return null;
    }
    return new SimulationResult.FirstPending(w.index(), w.kind().name(), Objects.requireNonNull(pod.name()),
        ((SchedulingResult.Unschedulable) r).message(), null);
  }

  /* A gang's PodGroup in one cycle: its pods leave together, the group's claims with the first. */
  private SimulationResult.@Nullable FirstPending scheduleGroup(Waiting w, long t) {
    long t0 = System.nanoTime();
    GangArrivals.Arrival a = gangs.arrive(w.index(), w.kind());
    nanos += System.nanoTime() - t0;
    if (!a.result().scheduled()) {
      return new SimulationResult.FirstPending(w.index(), w.kind().name(), a.firstPod(), a.why(), a.podGroup());
    }
    KindCounts count = countsOf(w.kind());
    count.placed += a.placed().size();
    count.pending += a.pending();
    count.groupsPlaced++;
    GroupRun g = new GroupRun(w.index(), a.podGroup(), a.result());
    for (SchedulingResult.Scheduled s : a.leaving()) {
      placed(s, w, t);
      g.running.add(Objects.requireNonNull(s.pod().name())); // GangArrivals names every pod
      groupOf.put(s.pod().name(), g);
    }
    placements++;
    return null;
  }

  /* A placed group's evicted pods, placed again in one cycle beside its running pods; null once all are. */
  private SimulationResult.@Nullable FirstPending rejoin(Waiting w, GroupRun g, long t) {
    List<Pod> bound = new ArrayList<>();
    for (String n : g.running) {
      bound.add(Objects.requireNonNull(placed.get(n)).scheduled().pod()); // running pods are placed
    }
    long t0 = System.nanoTime();
    PodGroupResult r = gangs.rejoin(g.group, List.copyOf(g.replacements), bound);
    nanos += System.nanoTime() - t0;
    if (r.scheduled()) {
      KindCounts count = countsOf(w.kind());
      for (SchedulingResult p : r.pods()) {
        if (p instanceof SchedulingResult.Scheduled s) {
          String podName = Objects.requireNonNull(s.pod().name()); // replacements keep their names
          g.replacements.removeIf(x -> podName.equals(x.name()));
          count.placed++;
          count.pending--;
          List<ResourceClaim> claims = new ArrayList<>(g.own(s.claims()));
          claims.addAll(g.unheld);
          g.unheld.clear();
          placed(new SchedulingResult.Scheduled(s.pod(), s.node(), claims, null), w, t);
          g.running.add(podName);
          groupOf.put(podName, g);
        }
      }
      placements++;
    }
    if (g.replacements.isEmpty()) {
      g.queued = false;
      return null;
    }
    return new SimulationResult.FirstPending(g.index, w.kind().name(),
        Objects.requireNonNull(g.replacements.get(0).name()), r.message(), g.podGroup);
  }

  /*
   * A pod of a group stops running: the group's claims its sample entry carried pass to another
   * running pod of the group (or to the next placed); the claims themselves go with the group.
   */
  private void handOver(GroupRun g, SchedulingResult.Scheduled left) {
    List<ResourceClaim> carried = left.claims().stream().filter(c -> g.keys.contains(GroupRun.key(c))).toList();
    if (carried.isEmpty()) {
      return;
    }
    if (g.running.isEmpty()) {
      g.unheld.addAll(carried);
      return;
    }
    String heir = g.running.iterator().next();
    Placed h = Objects.requireNonNull(placed.get(heir)); // running pods are placed
    List<ResourceClaim> claims = new ArrayList<>(h.scheduled().claims());
    claims.addAll(carried);
    show(new Placed(new SchedulingResult.Scheduled(h.scheduled().pod(), h.scheduled().node(), claims, null),
        h.arrival()));
  }

  /*
   * A placed pod as samples show it, new or with other claims: Accounting counts its devices per
   * class as the placed map changes, so that a sample does not walk the placed pods.
   */
  private void show(Placed p) {
    placed.put(Objects.requireNonNull(p.scheduled().pod().name()), p); // ArrivalDraw and GangArrivals name every pod
    accounting.placed(p.scheduled());
  }

  private @Nullable Placed unshow(@Nullable String podName) {
    Placed was = placed.remove(podName);
    if (was != null) {
      accounting.left(was.scheduled());
    }
    return was;
  }

  private void placed(SchedulingResult.Scheduled s, Waiting w, long t) {
    accounting.changed(s.node());
    show(new Placed(s, w));
    if (w.runTime() != TimedArrivals.FOREVER) {
      long leaves = t > Long.MAX_VALUE - w.runTime() ? Long.MAX_VALUE : t + w.runTime();
      departures.add(new Departure(leaves, placements, s));
    }
  }

  /* Counts an arrival that starts (+1) or stops (-1) waiting: a pod, or a group and its pods. */
  private void waiting(Waiting w, int delta) {
    if (w.rejoin() != null) {
      return; // counted as they are evicted and placed again
    }
    KindCounts count = countsOf(w.kind());
    Gang gang = w.kind().gang();
    if (gang == null) {
      count.pending += delta;
    } else {
      count.pending += delta * gang.size();
      count.groupsPending += delta;
    }
  }

  /* The victims that were arrivals leave: recreated, they wait again, and their departures are dropped. */
  private void evicted(Preemption p) {
    accounting.changed(p.node());
    for (Pod victim : p.victims()) {
      String victimName = victim.name();
      Placed left = unshow(victimName);
      if (left == null) {
        continue; // a pod of the starting cluster, not an arrival
      }
      SchedulingResult.Scheduled s = left.scheduled();
      Waiting was = left.arrival();
      departures.removeIf(d -> Objects.equals(d.pod().pod().name(), victimName));
      KindCounts count = countsOf(was.kind());
      count.placed--;
      count.pending++;
      count.preempted++;
      GroupRun g = groupOf.remove(victimName);
      if (g != null) {
        g.running.remove(victimName);
        handOver(g, s);
        g.replacements.add(GangArrivals.replacement(was.kind(), victim));
        if (!g.queued) {
          g.queued = true;
          recreated.add(new Waiting(g.index, was.kind(), null, was.runTime(), g));
        }
      } else if (was.pod() != null) {
        recreated.add(was);
      }
    }
  }

  private KindCounts countsOf(PodKind kind) {
    return Objects.requireNonNull(counts.get(kind.name())); // every kind has counts
  }

  private void requeueRecreated() {
    for (Waiting w : recreated) {
      queue.put(nextRecreated++, w);
    }
    recreated.clear();
  }

  /* Every departure up to t, instant by instant, each followed by a retry of the waiting pods. */
  private void departUntil(long t) {
    while (!departures.isEmpty() && departures.peek().at() <= t) {
      long at = departures.peek().at();
      sampleBefore(at);
      List<ResourceClaim> released = new ArrayList<>();
      List<Pod> pods = new ArrayList<>();
      while (!departures.isEmpty() && departures.peek().at() == at) {
        SchedulingResult.Scheduled s = departures.poll().pod();
        Placed shown = unshow(s.pod().name());
        accounting.changed(s.node());
        GroupRun g = groupOf.remove(s.pod().name());
        if (g == null) {
          released.addAll(s.claims());
        } else {
          released.addAll(g.own(s.claims()));
          g.running.remove(s.pod().name());
          handOver(g, shown != null ? shown.scheduled() : s);
          if (g.gone()) {
            released.addAll(g.claims);
          }
        }
        pods.add(s.pod());
      }
      scheduler.removePods(pods);
      scheduler.release(released);
      retry(at);
    }
  }

  private void retry(long t) {
    Set<String> failed = new HashSet<>();
    for (Iterator<Waiting> it = queue.values().iterator(); it.hasNext(); ) {
      Waiting w = it.next();
      // A group's replacements are not like its kind's other arrivals: they join pods running.
      boolean like = w.rejoin() == null;
      if (like && failed.contains(w.kind().name())) {
        continue;
      }
      if (schedule(w, t) == null) {
        it.remove();
        waiting(w, -1);
      } else if (like) {
        failed.add(w.kind().name());
      }
    }
    requeueRecreated();
  }

  /* The samples due before an event at t: their state is the current one. */
  private void sampleBefore(long t) {
    while (nextSample < t && !noMoreSamples) {
      sample(nextSample);
    }
  }

  private void sample(long t) {
    SimulationResult.Sample s = accounting.sample(step);
    Map<String, Integer> pending = new LinkedHashMap<>();
    counts.forEach((k, c) -> pending.put(k, c.gang() ? c.groupsPending : c.pending));
    samples.add(new SimulationResult.Sample(s.step(), s.groups(), Duration.ofNanos(t), pending));
    if (t >= nextSample) {
      long k = t / interval + 1;
      // No sample is due any more when the next would be past the end of time (a run of centuries).
      nextSample = k > Long.MAX_VALUE / interval ? Long.MAX_VALUE : k * interval;
      noMoreSamples = nextSample == Long.MAX_VALUE;
    }
  }
}
