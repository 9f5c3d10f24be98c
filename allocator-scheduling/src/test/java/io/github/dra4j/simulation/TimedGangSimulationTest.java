package io.github.dra4j.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.SimulationYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gangs arriving in simulated time on one node of 8 GPUs, followed on paper: each group of kind
 * train is 2 pods of 3 GPUs and one GPU claimed once for the group (7 GPUs), so one group runs
 * at a time; single pods of kind one (1 GPU) fit beside it, and pods of kind urgent (3 GPUs, of
 * higher priority) preempt.
 */
final class TimedGangSimulationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();

  private static final String SIMULATION = SimulationYaml.document("timed-gangs", "", SimulationYaml.GPU_CLASS,
      SimulationYaml.wholeDevices("box", 1, "", SimulationYaml.names("g", 8)),
      String.join("\n", "    trace: trace.csv", "    sampleInterval: 30m", "    podKinds:",
          SimulationYaml.gangKind("train", 3,
              "{size: 2, resourceClaims: [{name: shared, resourceClaimTemplateName: train-shared}]}", "      duration: 1h",
              true),
          SimulationYaml.gpuKind("urgent", 3, "      duration: 30m", "          priority: 100"),
          SimulationYaml.gpuKind("one", 1, "      duration: 2h", "")));

  /* The policy first's run of the trace, a CSV of timestamp, kind and duration. */
  private static SimulationResult.Policy run(Path dir, String trace) throws IOException {
    Files.writeString(dir.resolve("trace.csv"), "timestamp,kind,duration\n" + trace);
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, SIMULATION);
    return Simulation.builder(ALLOCATOR).spec(SimulationReader.read(file, CODEC)).build().run().policy("first");
  }

  @Test
  void groupsWaitAsOne_leaveTogether_andReleaseTheirGroupClaimOnce(@TempDir Path dir) throws IOException {
    // 0s: train-0 takes 7 GPUs until 1h. 10m: one-1 takes the 8th until 2h10m. 20m: train-2 and
    // 40m: train-3 wait (1 then 2 groups). 1h: train-0 leaves with its group GPU; train-2 takes
    // 7 GPUs until 2h, train-3 still waits. 2h: train-2 leaves, train-3 takes 7 until 3h; nothing
    // waits, so the run ends at 2h. Had a group claim stayed allocated (or been freed twice),
    // the next group would not have fit (or more than 8 GPUs would count as free).
    SimulationResult.Policy p = run(dir, "0s,train,\n10m,one,\n20m,train,\n40m,train,\n");

    List<SimulationResult.Sample> samples = p.samples();
    assertEquals(List.of(0L, 30L, 60L, 90L, 120L), samples.stream().map(s -> s.time().toMinutes()).toList());
    Map<String, Integer> none = Map.of("train", 0, "urgent", 0, "one", 0);
    Map<String, Integer> group = Map.of("train", 1, "urgent", 0, "one", 0);
    assertEquals(List.of(none, group, group, group, none),
        samples.stream().map(SimulationResult.Sample::pendingByKind).toList());
    assertEquals(List.of(7, 8, 8, 8, 8), samples.stream().map(s -> s.group("box").allocatedDevices()).toList());
    assertEquals(new SimulationResult.KindCount(6, 0, new SimulationResult.GroupCount(3, 0), 0, 0), p.kinds().get("train"));
    assertEquals(new SimulationResult.KindCount(1, 0, null, 0, 0), p.kinds().get("one"));
    SimulationResult.FirstPending first = p.firstPending();
    assertNotNull(first);
    assertEquals(List.of(2, "train", "train-2-0", "default/train-2"),
        List.of(first.index(), first.kind(), first.pod(), first.podGroup()));
    TimedSimulationTest.assertClassesCountTheDevicesInUse(p);
  }

  @Test
  void anEvictedGangPodIsRecreatedInItsGroup_andTheGroupClaimGoesWithTheGroupsLastPod(@TempDir Path dir)
      throws IOException {
    // 0s: train-0 takes 7 GPUs until 1h. 10m: urgent-1 (3 GPUs, priority 100) finds 1 free and
    // evicts one train-0 pod (3 GPUs; the group GPU, reserved for the PodGroup, stays); it runs
    // until 40m, the evicted pod is recreated and waits: 7 in use at 30m. 40m: urgent-1 leaves,
    // the replacement joins its group's running pod (a cycle with it bound) for a whole hour,
    // until 1h40m: 7 in use. 1h: the other train-0 pod leaves; the group GPU stays with the
    // replacement: 4 in use at 1h. 1h10m: train-2 (7 GPUs) finds 4 free and waits. 1h40m: the
    // replacement, the group's last pod, leaves with the group GPU; 8 free, train-2 takes 7 and
    // nothing waits, so the run ends at 1h40m. Had the group GPU gone with the evicted pod or
    // with the other at 1h, 3 would be in use at 1h; had it never gone, 8 at the end.
    SimulationResult.Policy p = run(dir, "0s,train,\n10m,urgent,\n70m,train,\n");

    List<SimulationResult.Sample> samples = p.samples();
    assertEquals(List.of(0L, 30L, 60L, 90L, 100L), samples.stream().map(s -> s.time().toMinutes()).toList());
    assertEquals(List.of(7, 7, 4, 4, 7), samples.stream().map(s -> s.group("box").allocatedDevices()).toList());
    assertEquals(List.of(0, 0, 0, 1, 0), samples.stream().map(s -> s.pendingByKind().get("train")).toList());
    // train: 2 pods, 1 evicted and placed again, then 2 more; urgent: 1 placement that preempted.
    assertEquals(new SimulationResult.KindCount(4, 0, new SimulationResult.GroupCount(2, 0), 0, 1),
        p.kinds().get("train"));
    assertEquals(new SimulationResult.KindCount(1, 0, null, 1, 0), p.kinds().get("urgent"));
    TimedSimulationTest.assertClassesCountTheDevicesInUse(p);
  }
}
