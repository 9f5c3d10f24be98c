package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * The preemption dry run filters every candidate node, and each reprieve, with one Cycle per
 * attempt whose PreFilter state of other pods is counted again when a victim removed or put back
 * counts for it (Preemptor.REUSED); the reference here builds a new Cycle for every filter run,
 * as the dry run did before. Random clusters (zones, some nodes without one; bound pods of random priorities,
 * cpu, labels, spread constraints and pod anti-affinity), random pending pods whose spread
 * constraints and anti-affinity terms select the bound pods, so that removing victims changes
 * what PodTopologySpread and InterPodAffinity count: both paths choose the same node, the same
 * victims in the same order and the same violations, or fail with the same message.
 */
final class PreemptionCyclePropertyTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String ZONE = "topology.kubernetes.io/zone";

  static LongStream seeds() {
    return LongStream.range(0, 60);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void reusedCycle_choosesAsANewCyclePerFilterRun(long seed) throws DecodeException {
    SplittableRandom random = new SplittableRandom(seed);
    List<Object> objects = cluster(random);
    List<Pod> pending = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      pending.add(pod(random, "pending-" + k, 500 + random.nextInt(3) * 100, null));
    }
    List<String> reused = run(objects, pending, Preemptor.REUSED);
    List<String> fresh = run(objects, pending, attempt -> new Cycle(attempt.cycle.pod(), attempt.cycle.unserved(),
        attempt.cycle.allocated(), attempt.cycle.infos(), attempt.cycle.profile()));
    assertThat(reused).isEqualTo(fresh);
  }

  /* Each pending pod in turn: where it went and whom it evicted, or why it stays pending. */
  private static List<String> run(List<Object> objects, List<Pod> pending, Preemptor.FilterCycles cycles) {
    Cluster cluster = Cluster.of(objects);
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).preemption(false).build();
    Preemptor preemptor = new Preemptor(s.priorities, cluster.podDisruptionBudgets(),
        Preemptor.MinCandidateNodes.DEFAULTS);
    preemptor.filterCycles(cycles);
    List<String> out = new ArrayList<>();
    for (Pod p : pending) {
      PodScheduler.Outcome o = s.attempt(p, null);
      SchedulingResult r = o.result();
      if (r instanceof SchedulingResult.Unschedulable u) {
        r = preemptor.postFilter(s, p, u, o.unresolvable());
      }
      if (r instanceof SchedulingResult.Scheduled sc) {
        Preemption done = sc.preemption();
        out.add(p.name() + " on " + sc.node().name() + (done == null ? ""
            : " evicting " + done.victims().stream().map(Pod::name).toList() + " violating " + done.pdbViolations()));
      } else {
        out.add(p.name() + ": " + ((SchedulingResult.Unschedulable) r).message());
      }
    }
    return out;
  }

  private static List<Object> cluster(SplittableRandom random) throws DecodeException {
    List<Object> objects = new ArrayList<>();
    int nodes = 2 + random.nextInt(5);
    for (int i = 0; i < nodes; i++) {
      String zone = random.nextInt(6) == 0 ? "" : ", labels: {" + ZONE + ": z" + random.nextInt(3) + "}";
      objects.add(CODEC.read("apiVersion: v1\nkind: Node\nmetadata: {name: node" + i + zone + "}\n"
          + "status: {allocatable: {cpu: 1000m, pods: '110'}}\n", io.github.dra4j.api.Node.class));
    }
    int bound = 2 + random.nextInt(nodes * 3);
    for (int k = 0; k < bound; k++) {
      objects.add(pod(random, "p" + k, 100 + random.nextInt(5) * 100, "node" + random.nextInt(nodes)));
    }
    if (random.nextBoolean()) {
      objects.add(CODEC.read("apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: pdb, namespace: default}\n"
          + "spec: {selector: {matchLabels: {app: a}}, maxUnavailable: " + random.nextInt(2) + "}\n",
          io.github.dra4j.api.PodDisruptionBudget.class));
    }
    return objects;
  }

  /* A pod of random priority and app label; a pending pod (no node) has a higher priority and more often constraints. */
  private static Pod pod(SplittableRandom random, String name, int milliCpu, @Nullable String node) throws DecodeException {
    String app = random.nextBoolean() ? "a" : "b";
    StringBuilder spec = new StringBuilder("priority: ").append(node == null ? 500 + random.nextInt(3) * 250
        : random.nextInt(4) * 100);
    if (node != null) {
      spec.append(", nodeName: ").append(node);
    }
    if (random.nextInt(node == null ? 2 : 5) == 0) {
      spec.append(", topologySpreadConstraints: [{maxSkew: ").append(1 + random.nextInt(2)).append(", topologyKey: ")
          .append(ZONE).append(", whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: ")
          .append(random.nextBoolean() ? "a" : "b").append("}}}]");
    }
    if (random.nextInt(node == null ? 2 : 5) == 0) {
      spec.append(", affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{topologyKey: ")
          .append(random.nextBoolean() ? ZONE : "kubernetes.io/hostname").append(", labelSelector: {matchLabels: {app: ")
          .append(random.nextBoolean() ? "a" : "b").append("}}}]}}");
    }
    spec.append(", containers: [{name: c, resources: {requests: {cpu: ").append(milliCpu).append("m}}}]");
    return CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default, labels: {app: "
        + app + "}}\nspec: {" + spec + "}\n", Pod.class);
  }
}
