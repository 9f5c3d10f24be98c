package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.SchedulingFixtures.request;
import static io.github.dra4j.scheduling.SchedulingFixtures.type;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerPort;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSpec;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.PodAffinityTerm;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * The scheduler's fast path (incremental snapshots, answers remembered per node) against the
 * plain one: random pod streams, with random departures, placed by one long-lived scheduler and,
 * pod by pod, by a scheduler made afresh from the claims so far (a snapshot built from scratch,
 * nothing remembered) give the same placements, allocations and messages. The fresh scheduler
 * searches every node for first(), which stops at the first feasible one.
 */
final class IncrementalPlacementTest {
  private static final String ZONE = "zone";
  private static final String HOST = "host";
  private static final int NODES = 6;
  private static final List<DeviceClass> CLASSES = List.of(SchedulingFixtures.CLASS_A);

  private static final List<ResourceClaimTemplate> TEMPLATES = List.of(
      template("one-x", request("dev", 1, type("X"))),
      template("two-any", request("dev", 2)),
      template("one-y", request("dev", 1, type("Y"))),
      template("shared-z", request("dev", 1, type("Z"))),
      template("x-and-y", request("x", 1, type("X")), request("y", 1, type("Y"))));

  static Stream<Arguments> streams() {
    return LongStream.range(0, 8).boxed().flatMap(seed -> Stream.of(
        Arguments.of(seed, "first", NodeScorer.first()),
        Arguments.of(seed, "mostAllocated", NodeScorer.mostAllocated()),
        Arguments.of(seed, "leastAllocated", NodeScorer.leastAllocated())));
  }

  @ParameterizedTest(name = "seed {0}, {1}")
  @MethodSource("streams")
  void placingIncrementallyEqualsAFreshSnapshotPerPlacement(long seed, String policy, NodeScorer scorer) {
    run(seed, scorer, false);
  }

  /*
   * With every filter on: nodes with allocatable cpu and pods, some tainted; pods requesting cpu,
   * some tolerating the taint, spreading over zones, keeping apart by anti-affinity or holding a
   * host port. The fresh scheduler gets the pods bound so far as the cluster's pods.
   */
  @ParameterizedTest(name = "seed {0}, {1}, all plugins")
  @MethodSource("streams")
  void withAllPlugins_placingIncrementallyEqualsAFreshSchedulerPerPlacement(long seed, String policy, NodeScorer scorer) {
    run(seed, scorer, true);
  }

  private static void run(long seed, NodeScorer scorer, boolean allPlugins) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Node> nodes = new ArrayList<>();
    List<ResourceSlice> slices = new ArrayList<>();
    cluster(random, nodes, slices, allPlugins);
    StructuredAllocator allocator = SchedulingFixtures.allocator();
    Cluster cluster = Cluster.builder().nodes(nodes).slices(slices).classes(CLASSES).templates(TEMPLATES).build();
    PodScheduler incremental = PodScheduler.builder(allocator).cluster(cluster).scorer(scorer).build();
    // first() stops searching at the first feasible node; a scorer that reads the usage and scores
    // every node alike searches and scores every node, and takes the first of equals
    NodeScorer plain = scorer == NodeScorer.first() ? usage -> 0.0 : scorer;
    List<ResourceClaim> plainClaims = List.of();
    List<SchedulingResult.Scheduled> placed = new ArrayList<>();
    int scheduled = 0;
    for (int i = 0; i < 60; i++) {
      if (!placed.isEmpty() && random.nextInt(4) == 0) {
        SchedulingResult.Scheduled leaving = placed.remove(random.nextInt(placed.size()));
        incremental.removePods(List.of(leaving.pod()));
        incremental.release(leaving.claims());
        Set<String> keys = keys(leaving);
        plainClaims = plainClaims.stream().filter(c -> !keys.contains(key(c))).toList();
      }
      Pod pod = allPlugins ? withPlugins(pod(i, random), random) : pod(i, random);
      List<Pod> bound = placed.stream().map(SchedulingResult.Scheduled::pod).toList();
      PodScheduler fresh = PodScheduler.builder(allocator)
          .cluster(cluster.toBuilder().claims(plainClaims).pods(bound).build()).scorer(plain).build();
      SchedulingResult expected = fresh.schedule(pod);
      SchedulingResult actual = incremental.schedule(pod);
      plainClaims = fresh.claims();

      assertThat(describe(actual)).as("pod %d", i).isEqualTo(describe(expected));
      assertThat(incremental.claims()).as("claims after pod %d", i).isEqualTo(plainClaims);
      if (actual instanceof SchedulingResult.Scheduled s) {
        placed.add(s);
        scheduled++;
      }
    }
    assertThat(scheduled).as("pods placed (the stream exercises both outcomes)").isBetween(10, 59);
  }

  /*
   * Each node: a counter set of 4 units and 4 devices of random types using 1 or 2; one shared pool
   * of Z devices. With all plugins: 4 cpus and 5 pods allocatable, a host label, every third node
   * tainted gpu=true:NoSchedule.
   */
  private static void cluster(SplittableRandom random, List<Node> nodes, List<ResourceSlice> slices, boolean allPlugins) {
    for (int n = 0; n < NODES; n++) {
      String node = "node-" + n;
      Node plain = Builders.node(node, ZONE, n % 2 == 0 ? "a" : "b");
      if (allPlugins) {
        ObjectMeta meta = plain.metadata().toBuilder().putLabel(HOST, node).build();
        List<Taint> taints = n % 3 == 0 ? List.of(new Taint("gpu", "true", Taint.NO_SCHEDULE)) : List.of();
        plain = new Node(meta, new NodeSpec(null, taints),
            new NodeStatus(List.of(), Map.of("cpu", Quantity.parse("4"), "pods", Quantity.parse("5"))));
      }
      nodes.add(plain);
      String pool = "pool-" + n;
      slices.add(Builders.counterSlice(pool + "-counters", SchedulingFixtures.DRIVER, pool, node,
          Builders.counterSet("card", Builders.counters("units", "4"))).resourceSliceCount(2).build());
      List<Builders.DeviceBuilder> devices = new ArrayList<>();
      for (int d = 0; d < 4; d++) {
        devices.add(Builders.device("dev-" + d).attr("type", random.nextBoolean() ? "X" : "Y")
            .consumes("card", "units", Integer.toString(1 + random.nextInt(2))));
      }
      slices.add(Builders.slice(pool + "-devices", SchedulingFixtures.DRIVER, pool, node).resourceSliceCount(2)
          .devices(devices.toArray(Builders.DeviceBuilder[]::new)).build());
    }
    slices.add(Builders.slice("network", SchedulingFixtures.DRIVER, "network", null,
        Builders.device("z-0").attr("type", "Z"), Builders.device("z-1").attr("type", "Z")).allNodes(true).build());
  }

  private static Pod pod(int i, SplittableRandom random) {
    ResourceClaimTemplate template = TEMPLATES.get(random.nextInt(TEMPLATES.size()));
    PodSpec.Builder spec = PodSpec.builder().addResourceClaim(PodResourceClaim.ofTemplate("claim", template.name()));
    if (random.nextInt(5) == 0) {
      spec.nodeSelector(Map.of(ZONE, "a"));
    }
    return Pod.of(ObjectMeta.builder().name("pod-" + i).namespace(Builders.NAMESPACE).build(), spec.build());
  }

  private static Pod withPlugins(Pod pod, SplittableRandom random) {
    String app = random.nextInt(3) == 0 ? "web" : random.nextInt(2) == 0 ? "db" : "batch";
    ResourceRequirements cpu = new ResourceRequirements(Map.of(),
        Map.of("cpu", Quantity.parse((1 + random.nextInt(4)) * 500 + "m")), List.of());
    List<ContainerPort> ports = random.nextInt(8) == 0 ? List.of(new ContainerPort(null, 8080, 80, null, null)) : List.of();
    PodSpec.Builder spec = pod.spec().toBuilder().addContainer(new Container("c", cpu, ports, null));
    if (random.nextBoolean()) {
      spec.addToleration(new Toleration("gpu", Toleration.EXISTS, null, Taint.NO_SCHEDULE, null));
    }
    LabelSelector sameApp = new LabelSelector(Map.of("app", app), List.of());
    if (app.equals("web")) {
      spec.addTopologySpreadConstraint(new TopologySpreadConstraint(1, ZONE, TopologySpreadConstraint.DO_NOT_SCHEDULE,
          sameApp, null, null, null, List.of()));
    }
    if (app.equals("db")) {
      PodAffinityTerm apart = new PodAffinityTerm(sameApp, List.of(), HOST, null, List.of(), List.of());
      spec.affinity(new Affinity(null, null, new PodAffinity(List.of(apart), List.of())));
    }
    return new Pod(pod.metadata().toBuilder().putLabel("app", app).build(), spec.build(), pod.status());
  }

  private static ResourceClaimTemplate template(String name, io.github.dra4j.api.DeviceRequest... requests) {
    ResourceClaimSpec spec = SchedulingFixtures.claim(name, requests).spec();
    return new ResourceClaimTemplate(ObjectMeta.named(Builders.NAMESPACE, name),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), spec));
  }

  private static Set<String> keys(SchedulingResult.Scheduled s) {
    Set<String> keys = new HashSet<>();
    s.claims().forEach(c -> keys.add(key(c)));
    return keys;
  }

  private static String key(ResourceClaim c) {
    return ObjectRef.of(c).key();
  }

  private static String describe(SchedulingResult r) {
    if (r instanceof SchedulingResult.Scheduled s) {
      return "on " + s.node().name() + ": " + s.claims() + " " + s.pod();
    }
    SchedulingResult.Unschedulable u = (SchedulingResult.Unschedulable) r;
    return "unschedulable: " + u.message() + " " + u.reasons();
  }
}
