package io.github.dra4j.simulation;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/*
 * One policy's scheduling loop: before each arrival the pods whose lifetime ends leave
 * (Departures), then the arrival is scheduled, counted, and every sampleEvery arrivals the
 * cluster is sampled. The scheduling calls are timed on their own (placements/s) and the whole
 * loop end to end (arrivals/s).
 */
final class SimulationRun {
  private final String name;
  private final PodScheduler scheduler;
  private final List<PodKind> arrivals;
  private final int sampleEvery;
  private final Consumer<String> afterArrival;
  private final Accounting accounting;
  private final Map<String, int[]> counts = new LinkedHashMap<>();
  private final Departures departures;
  /** Placed pods still on their node, with their claims, for the per-class counts. */
  private final Map<String, SchedulingResult.Scheduled> placed = new LinkedHashMap<>();
  private final List<SimulationResult.Sample> samples = new ArrayList<>();
  private SimulationResult.@Nullable FirstPending firstPending;
  private long nanos;

  SimulationRun(String name, PodScheduler scheduler, List<PodKind> kinds, List<PodKind> arrivals, int sampleEvery,
      Accounting accounting, Consumer<String> afterArrival) {
    this.name = name;
    this.scheduler = scheduler;
    this.arrivals = arrivals;
    this.sampleEvery = sampleEvery;
    this.accounting = accounting;
    this.afterArrival = afterArrival;
    this.departures = new Departures(scheduler);
    kinds.forEach(k -> counts.put(k.name(), new int[2]));
  }

  SimulationResult.Policy run() {
    long start = System.nanoTime();
    if (arrivals.isEmpty()) {
      samples.add(accounting.sample(0, placed.values()));
    }
    for (int step = 0; step < arrivals.size(); step++) {
      depart(step);
      PodKind kind = arrivals.get(step);
      arrive(step, kind, ArrivalDraw.pod(kind, step));
      afterArrival.accept(name);
      if ((step + 1) % sampleEvery == 0 || step + 1 == arrivals.size()) {
        samples.add(accounting.sample(step + 1, placed.values()));
      }
    }
    Map<String, SimulationResult.KindCount> kinds = new LinkedHashMap<>();
    counts.forEach((k, c) -> kinds.put(k, new SimulationResult.KindCount(c[0], c[1])));
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
      if (kind.lifetime() != null) {
        departures.schedule(step + kind.lifetime(), s);
      }
    } else {
      count[1]++;
      if (firstPending == null) {
        firstPending = new SimulationResult.FirstPending(step, kind.name(), Objects.requireNonNull(pod.name()),
            ((SchedulingResult.Unschedulable) r).message());
      }
    }
  }

  /* Pods whose lifetime ends now leave their nodes: their claims are deleted and their devices freed. */
  private void depart(int step) {
    for (SchedulingResult.Scheduled s : departures.depart(step)) {
      placed.remove(s.pod().name());
      accounting.changed(s.node());
    }
  }
}
