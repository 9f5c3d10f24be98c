package io.github.dra4j.simulation;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.Preemption;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/*
 * One policy's scheduling loop: before each arrival the pods whose lifetime ends leave
 * (Departures; a gang's pods by GangArrivals), then the arrival is scheduled (a gang kind's
 * PodGroup by GangArrivals), counted, and every sampleEvery arrivals the cluster is sampled. The
 * scheduling calls are timed on their own (placements/s) and the whole loop end to end
 * (arrivals/s).
 */
final class SimulationRun {
  private final String name;
  private final PodScheduler scheduler;
  private final List<PodKind> arrivals;
  private final int sampleEvery;
  private final Consumer<String> afterArrival;
  private final Accounting accounting;
  private final GangArrivals gangs;
  /** Per kind: pods placed and pending; for a gang kind, groups placed and pending too. */
  private final Map<String, int[]> counts = new LinkedHashMap<>();
  private final Set<String> gangKinds = new HashSet<>();
  private final Departures departures;
  /** Placed pods still on their node, with their claims, for the per-class counts. */
  private final Map<String, SchedulingResult.Scheduled> placed = new LinkedHashMap<>();
  /** The kind of each placed pod, by name. */
  private final Map<String, String> kindOf = new HashMap<>();
  private final List<SimulationResult.Sample> samples = new ArrayList<>();
  private SimulationResult.@Nullable FirstPending firstPending;
  private long nanos;

  SimulationRun(String name, PodScheduler scheduler, List<PodKind> kinds, List<PodKind> arrivals, int sampleEvery,
      Accounting accounting, Consumer<String> afterArrival, GangArrivals gangs) {
    this.name = name;
    this.scheduler = scheduler;
    this.arrivals = arrivals;
    this.sampleEvery = sampleEvery;
    this.accounting = accounting;
    this.afterArrival = afterArrival;
    this.gangs = gangs;
    this.departures = new Departures(scheduler);
    // placed, pending, groups placed, groups pending, preemptions, preempted
    kinds.forEach(k -> counts.put(k.name(), new int[6]));
    kinds.forEach(k -> {
      if (k.gang() != null) {
        gangKinds.add(k.name());
      }
    });
  }

  SimulationResult.Policy run() {
    long start = System.nanoTime();
    if (arrivals.isEmpty()) {
      samples.add(accounting.sample(0));
    }
    for (int step = 0; step < arrivals.size(); step++) {
      depart(step);
      PodKind kind = arrivals.get(step);
      if (kind.gang() != null) {
        arriveGang(step, kind);
      } else {
        arrive(step, kind, ArrivalDraw.pod(kind, step));
      }
      afterArrival.accept(name);
      if ((step + 1) % sampleEvery == 0 || step + 1 == arrivals.size()) {
        samples.add(accounting.sample(step + 1));
      }
    }
    Map<String, SimulationResult.KindCount> kinds = new LinkedHashMap<>();
    counts.forEach((k, c) -> kinds.put(k, new SimulationResult.KindCount(c[0], c[1],
        gangKinds.contains(k) ? new SimulationResult.GroupCount(c[2], c[3]) : null, c[4], c[5])));
    double wallSeconds = (System.nanoTime() - start) / 1e9;
    return new SimulationResult.Policy(name, kinds, firstPending, samples, nanos / 1e9, wallSeconds);
  }

  private void arrive(int step, PodKind kind, Pod pod) {
    long t0 = System.nanoTime();
    SchedulingResult r = scheduler.schedule(pod);
    nanos += System.nanoTime() - t0;
    int[] count = Objects.requireNonNull(counts.get(kind.name())); // every kind has counts
    if (r instanceof SchedulingResult.Scheduled s) {
      count[0]++;
      accounting.changed(s.node());
      placed.put(Objects.requireNonNull(pod.name()), s); // ArrivalDraw names every pod
      accounting.placed(s);
      kindOf.put(pod.name(), kind.name());
      if (s.preemption() != null) {
        count[4]++;
        evicted(s.preemption());
      }
      if (kind.lifetime() != null) {
        departures.schedule(step + kind.lifetime(), s);
      }
    } else {
      count[1]++;
      if (firstPending == null) {
        firstPending = new SimulationResult.FirstPending(step, kind.name(), Objects.requireNonNull(pod.name()),
            ((SchedulingResult.Unschedulable) r).message(), null);
      }
    }
  }

  /* The victims of a preemption left their node: they are no longer placed and will not depart. */
  private void evicted(Preemption p) {
    accounting.changed(p.node());
    for (Pod victim : p.victims()) {
      SchedulingResult.Scheduled was = placed.remove(victim.name());
      String kind = kindOf.remove(victim.name());
      if (was == null || kind == null) {
        continue; // a pod of the starting cluster, not an arrival
      }
      accounting.left(was);
      Objects.requireNonNull(counts.get(kind))[5]++;
      departures.cancel(victim.name());
    }
  }

  /* A gang's PodGroup: its placed pods are counted as pods are, the group as placed or pending. */
  private void arriveGang(int step, PodKind kind) {
    long t0 = System.nanoTime();
    GangArrivals.Arrival a = gangs.arrive(step, kind);
    nanos += System.nanoTime() - t0;
    int[] count = Objects.requireNonNull(counts.get(kind.name())); // every kind has counts
    count[0] += a.placed().size();
    count[1] += a.pending();
    count[a.result().scheduled() ? 2 : 3]++;
    for (SchedulingResult.Scheduled s : a.placed()) {
      accounting.changed(s.node());
      placed.put(Objects.requireNonNull(s.pod().name()), s); // GangArrivals names every pod
      accounting.placed(s);
      kindOf.put(s.pod().name(), kind.name());
    }
    if (firstPending == null && !a.result().scheduled()) {
      firstPending = new SimulationResult.FirstPending(step, kind.name(), a.firstPod(), a.why(),
          a.podGroup());
    }
  }

  /* Pods whose lifetime ends now leave their nodes: their claims are deleted and their devices freed. */
  private void depart(int step) {
    for (SchedulingResult.Scheduled s : gangs.depart(step)) {
      placed.remove(s.pod().name());
      accounting.left(s);
      kindOf.remove(s.pod().name());
      accounting.changed(s.node());
    }
    for (SchedulingResult.Scheduled s : departures.depart(step)) {
      placed.remove(s.pod().name());
      accounting.left(s);
      kindOf.remove(s.pod().name());
      accounting.changed(s.node());
    }
  }
}
