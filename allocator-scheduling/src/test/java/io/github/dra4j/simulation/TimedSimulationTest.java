package io.github.dra4j.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.api.simulation.Timeline;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.SimulationYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrivals in simulated time on one node with 2 GPUs: a trace whose queue is followed on paper,
 * and Poisson arrivals whose inter-arrival times are checked against their rate.
 */
final class TimedSimulationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();

  /** One node with GPUs g0 and g1; kinds one (1 GPU) and two (2 GPUs); the workload's time fields put in. */
  private static String document(String time, String oneDuration) {
    return SimulationYaml.document("timed", "", SimulationYaml.GPU_CLASS,
        SimulationYaml.wholeDevices("box", 1, "", List.of("g0", "g1")),
        String.join("\n", time, "    podKinds:", kind("one", 1, oneDuration), kind("two", 2, "")));
  }

  private static String kind(String name, int gpus, String duration) {
    return SimulationYaml.gpuKind(name, gpus, duration.isEmpty() ? "      weight: 1" : "      duration: " + duration, "");
  }

  private static SimulationSpec read(Path dir, String text) throws IOException {
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, text);
    return SimulationReader.read(file, CODEC);
  }

  /*
   * Every sample's devices per class, which the run keeps up to date as pods are placed, leave and
   * are evicted, add up to the devices in use that the snapshot reports (no device is shared).
   */
  static void assertClassesCountTheDevicesInUse(SimulationResult.Policy p) {
    for (SimulationResult.Sample s : p.samples()) {
      s.groups().forEach((group, usage) -> assertEquals(usage.allocatedDevices(),
          usage.devicesByClass().values().stream().mapToInt(Integer::intValue).sum(),
          "devices per class in " + group + " at " + s.time()));
    }
  }

  @Test
  void aTraceOfFourArrivals_pendingOverTimeAsOnPaper(@TempDir Path dir) throws IOException {
    // one-0 takes a GPU until 10m; two-1 needs both and waits; one-2 takes the other GPU until 5m
    // (an older waiting pod does not block it); one-3 waits (its kind runs 5m).
    // 5m: one-2 leaves; retried oldest first, two-1 still does not fit, one-3 does (until 10m).
    // 10m: one-0 and one-3 leave together; two-1 takes both GPUs. Nothing waits: the run ends at 10m.
    Files.writeString(dir.resolve("trace.csv"), String.join("\n",
        "timestamp,kind,duration",
        "0s,one,10m",
        "1m,two,5m",
        "2m,one,3m",
        "3m,one,",
        ""));
    SimulationSpec spec = read(dir, document("    trace: trace.csv\n    sampleInterval: 2m", "5m"));
    Timeline timeline = spec.timeline();
    assertNotNull(timeline);
    assertEquals(List.of("one", "two", "one", "one"), spec.arrivals().order());

    SimulationResult.Policy p = Simulation.builder(ALLOCATOR).spec(spec).build().run().policy("first");
    List<SimulationResult.Sample> samples = p.samples();
    assertEquals(List.of(0L, 2L, 4L, 6L, 8L, 10L),
        samples.stream().map(s -> s.time().toMinutes()).toList());
    assertEquals(List.of(Map.of("one", 0, "two", 0), Map.of("one", 0, "two", 1), Map.of("one", 1, "two", 1),
        Map.of("one", 0, "two", 1), Map.of("one", 0, "two", 1), Map.of("one", 0, "two", 0)),
        samples.stream().map(SimulationResult.Sample::pendingByKind).toList());
    assertEquals(List.of(1, 3, 4, 4, 4, 4), samples.stream().map(SimulationResult.Sample::step).toList());
    assertEquals(List.of(1, 2, 2, 2, 2, 2), samples.stream().map(s -> s.group("box").allocatedDevices()).toList());
    assertEquals(new SimulationResult.KindCount(3, 0, null, 0, 0), p.kinds().get("one"));
    assertEquals(new SimulationResult.KindCount(1, 0, null, 0, 0), p.kinds().get("two"));
    assertEquals("two-1", p.firstPending().pod());
    assertEquals(1, p.firstPending().index());
    assertClassesCountTheDevicesInUse(p);
  }

  @Test
  void aPodLeavingAtAnInstantFreesItsDevicesForAnArrivalAtThatInstant(@TempDir Path dir) throws IOException {
    // two-0 runs from 0 to 1m; two-1 arrives at 1m, after two-0 left, and takes both GPUs until
    // 2m30s; two-2 arrives at 1m30s and waits until then, when the queue drains and the run ends.
    Files.writeString(dir.resolve("trace.csv"), "0s,two,1m\n1m,two,1m30s\n1m30s,two,1m\n");
    SimulationResult.Policy p = Simulation.builder(ALLOCATOR)
        .spec(read(dir, document("    trace: trace.csv\n    sampleInterval: 30s", "5m"))).build().run().policy("first");
    assertEquals("two-2", p.firstPending().pod(), "two-1 was placed at once");
    assertEquals(new SimulationResult.KindCount(3, 0, null, 0, 0), p.kinds().get("two"));
    SimulationResult.Sample last = p.last();
    assertEquals(Duration.ofSeconds(150), last.time(), "the run ends when two-2 is placed, at 2m30s");
    assertEquals(List.of(0, 0, 0, 1, 1, 0), p.samples().stream().map(SimulationResult.Sample::pending).toList());
    assertClassesCountTheDevicesInUse(p);
  }

  @Test
  void aHigherPriorityArrival_preempts_andTheVictimsWaitAgainAsRecreatedPods(@TempDir Path dir) throws IOException {
    // one-0 (0s) and one-1 (1m) take both GPUs for 10m; two-2 (priority 1000) arrives at 2m, fits
    // nowhere and evicts both. Their controller recreates them: they wait from 2m. two-2 leaves at
    // 7m; the recreated pods take the GPUs again, for their whole 10m, and the queue is empty.
    Files.writeString(dir.resolve("trace.csv"), "0s,one,10m\n1m,one,10m\n2m,two,5m\n");
    String text = document("    trace: trace.csv\n    sampleInterval: 1m", "5m")
        .replace("        metadata: {name: two}\n        spec:\n", "        metadata: {name: two}\n        spec:\n"
            + "          priority: 1000\n");
    SimulationSpec spec = read(dir, text);
    SimulationResult.Policy p = Simulation.builder(ALLOCATOR).spec(spec).build().run().policy("first");
    assertEquals(new SimulationResult.KindCount(2, 0, null, 0, 2), p.kinds().get("one"));
    assertEquals(new SimulationResult.KindCount(1, 0, null, 1, 0), p.kinds().get("two"));
    assertEquals(Duration.ofMinutes(7), p.last().time(), "the recreated pods are placed when two-2 leaves");
    assertEquals(List.of(0, 0, 2, 2, 2, 2, 2, 0), p.samples().stream().map(SimulationResult.Sample::pending).toList());
    assertEquals(List.of(1, 2, 2, 2, 2, 2, 2, 2), p.samples().stream().map(s -> s.group("box").allocatedDevices()).toList());
    assertClassesCountTheDevicesInUse(p);

    SimulationResult.Policy off = Simulation.builder(ALLOCATOR).spec(spec).scheduler(b -> b.preemption(false)).build().run()
        .policy("first");
    assertEquals(new SimulationResult.KindCount(1, 0, null, 0, 0), off.kinds().get("two"));
    assertEquals(Duration.ofMinutes(11), off.last().time(), "without preemption two-2 waits for both GPUs");
    assertEquals("two-2", off.firstPending().pod());
  }

  @Test
  void poissonArrivals_meanInterArrivalIsTheRateWithinOnePercent(@TempDir Path dir) throws IOException {
    // 120/h: a mean of 30 s. Over 100,000 exponential draws the standard error of the mean is
    // 30 s / sqrt(100,000) = 0.095 s (0.32%): 1% is 3.2 standard errors, and the seed fixes the
    // draw. The coefficient of variation of an exponential distribution is 1 (its estimate's
    // standard error here is about 0.5%), which tells the draw from evenly spaced arrivals.
    int n = 100_000;
    SimulationSpec spec = read(dir, document("    rate: 120/h\n    count: " + n + "\n    seed: 11", "5m"));
    assertEquals(120.0 / 3600, spec.timeline().rate(), 1e-12);
    Simulation simulation = Simulation.builder(ALLOCATOR).spec(spec).build();
    TimedArrivals times = new TimedArrivals(ArrivalDraw.kinds(spec.arrivals()), spec.timeline(), 11);
    double sum = 0;
    double squares = 0;
    long previous = 0;
    for (int i = 0; i < n; i++) {
      double gap = (times.at(i) - previous) / 1e9;
      assertTrue(gap >= 0, "arrivals come in time order");
      sum += gap;
      squares += gap * gap;
      previous = times.at(i);
    }
    double mean = sum / n;
    double cv = Math.sqrt(squares / n - mean * mean) / mean;
    assertEquals(30, mean, 0.3, "mean inter-arrival, s");
    assertEquals(1, cv, 0.02, "coefficient of variation");
    // The kinds are drawn as without a rate: the same weighted draw from the seed.
    assertEquals(simulation.arrivals().subList(0, 50), ArrivalDraw.names(ArrivalDraw.kinds(spec.arrivals())).subList(0, 50));
  }

  @Test
  void poissonArrivals_aSeedRepeatsTheRun_anotherSeedDoesNot(@TempDir Path dir) throws IOException {
    String text = document("    rate: 2/m\n    count: 40\n    seed: 5", "{distribution: exponential, mean: 2m}");
    SimulationResult a = Simulation.builder(ALLOCATOR).spec(read(dir, text)).build().run();
    SimulationResult b = Simulation.builder(ALLOCATOR).spec(read(dir, text)).build().run();
    assertEquals(a.policies().get(0).samples(), b.policies().get(0).samples());
    assertEquals(a.policies().get(0).kinds(), b.policies().get(0).kinds());
    SimulationResult c = Simulation.builder(ALLOCATOR).spec(read(dir, text.replace("seed: 5", "seed: 6"))).build().run();
    assertNotEquals(a.policies().get(0).samples(), c.policies().get(0).samples());
    // Reading backwards replays the draw: the same times and run times.
    SimulationSpec spec = read(dir, text);
    TimedArrivals t = new TimedArrivals(ArrivalDraw.kinds(spec.arrivals()), spec.timeline(), 5);
    long at30 = t.at(30);
    long run30 = t.runTime(30);
    assertTrue(t.at(3) < at30);
    assertEquals(at30, t.at(30));
    assertEquals(run30, t.runTime(30));
    assertEquals(TimedArrivals.FOREVER, t.runTime(t.kind(0).name().equals("two") ? 0
        : indexOf(t, "two")), "two has no duration: it never leaves");
  }

  private static int indexOf(TimedArrivals t, String kind) {
    for (int i = 0; i < t.size(); i++) {
      if (t.kind(i).name().equals(kind)) {
        return i;
      }
    }
    throw new AssertionError("no " + kind);
  }

  @Test
  void aHugeCountWithARateIsNotMaterialised(@TempDir Path dir) throws IOException {
    SimulationSpec spec = SimulationReader.read(document("    rate: 1/s\n    count: " + Integer.MAX_VALUE, "5m"),
        "sim.yaml", dir, CODEC, SimulationReader.Options.defaults().withMaxArrivals(Integer.MAX_VALUE));
    Simulation huge = Simulation.builder(ALLOCATOR).spec(spec).build();
    assertEquals(Integer.MAX_VALUE, huge.arrivals().size());
    TimedArrivals t = new TimedArrivals(ArrivalDraw.kinds(spec.arrivals()), spec.timeline(), 0);
    assertTrue(t.at(1000) > t.at(999));
    assertEquals(Math.round(Integer.MAX_VALUE * 1e9), t.horizon(), "the expected time of the last arrival");
  }

  @Test
  void scaleUpInTime_theFewestNodesOnWhichNoPodWaits(@TempDir Path dir) throws IOException {
    // The trace of aTraceOfFourArrivals: on 1 node two pods wait (2 at the 4m sample); on 2, two-1
    // takes the second node and one-3 waits from 3m to 5m (1 at 4m); on 3 nothing waits.
    Files.writeString(dir.resolve("trace.csv"), "0s,one,10m\n1m,two,5m\n2m,one,3m\n3m,one,\n");
    SimulationSpec spec = read(dir, document("    trace: trace.csv\n    sampleInterval: 2m", "5m"));
    ScaleUp.Result r = ScaleUp.search(ALLOCATOR, spec, "box", "first", 10, b -> {});
    assertEquals(3, r.nodes());
    assertEquals(List.of(new ScaleUp.Point(1, 4, 2), new ScaleUp.Point(2, 4, 1), new ScaleUp.Point(3, 4, 0),
        new ScaleUp.Point(4, 4, 0)), r.curve());
  }
}
