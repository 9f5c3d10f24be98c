package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.SchedulingFixtures.request;
import static io.github.dra4j.scheduling.SchedulingFixtures.type;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerPort;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSpec;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PodStatus;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
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
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * PlacementCache's per-pod fast paths against a scheduler searching from scratch: pods of a few
 * kinds that share their spec object, as a simulation's arrivals do (the filters' entries found by
 * the spec's identity), one kind an equal copy of another's spec (found by equality), on nodes that
 * fill up by cpu and pod count and free again as pods leave (node-local answers recomputed only for
 * the nodes a pod joined or left, a cycle with nothing refused handed the remembered candidates).
 * Pod by pod, a scheduler made afresh from the pods and claims so far gives the same placement,
 * allocations, message and reasons per node.
 */
final class PlacementCachePropertyTest {
  private static final String ZONE = "zone";
  private static final int NODES = 5;
  private static final ResourceClaimTemplate ONE_X = template("one-x");

  static LongStream seeds() {
    return LongStream.range(0, 12);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void podsSharingSpecs_placeAsAFreshSchedulerPerPod(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Node> nodes = nodes();
    List<ResourceSlice> slices = new ArrayList<>();
    for (Node node : nodes) {
      String pool = "pool-" + node.name();
      slices.add(Builders.slice(pool, SchedulingFixtures.DRIVER, pool, node.name(),
          Builders.device("x-0").attr("type", "X"), Builders.device("x-1").attr("type", "X")).build());
    }
    StructuredAllocator allocator = SchedulingFixtures.allocator();
    Cluster cluster = Cluster.builder().nodes(nodes).slices(slices).classes(List.of(SchedulingFixtures.CLASS_A))
        .templates(List.of(ONE_X)).build();
    List<PodSpec> kinds = kinds();
    PodScheduler incremental = PodScheduler.builder(allocator).cluster(cluster).scorer(NodeScorer.first()).build();
    List<ResourceClaim> plainClaims = List.of();
    List<SchedulingResult.Scheduled> placed = new ArrayList<>();
    int scheduled = 0;
    for (int i = 0; i < 80; i++) {
      if (!placed.isEmpty() && random.nextInt(3) == 0) {
        SchedulingResult.Scheduled leaving = placed.remove(random.nextInt(placed.size()));
        incremental.removePods(List.of(leaving.pod()));
        incremental.release(leaving.claims());
        Set<String> keys = new HashSet<>();
        leaving.claims().forEach(c -> keys.add(ObjectRef.of(c).key()));
        plainClaims = plainClaims.stream().filter(c -> !keys.contains(ObjectRef.of(c).key())).toList();
      }
      int kind = random.nextInt(kinds.size());
      Pod pod = pod(i, kind, kinds.get(kind));
      List<Pod> bound = placed.stream().map(SchedulingResult.Scheduled::pod).toList();
      // a scorer that scores every node alike takes the first feasible node, as first() does
      PodScheduler fresh = PodScheduler.builder(allocator)
          .cluster(cluster.toBuilder().claims(plainClaims).pods(bound).build()).scorer(usage -> 0.0).build();
      SchedulingResult expected = fresh.schedule(pod);
      SchedulingResult actual = incremental.schedule(pod);
      plainClaims = fresh.claims();

      assertThat(describe(actual)).as("pod %d of kind %d", i, kind).isEqualTo(describe(expected));
      if (actual instanceof SchedulingResult.Scheduled s) {
        placed.add(s);
        scheduled++;
      }
    }
    assertThat(scheduled).as("pods placed (the stream exercises both outcomes)").isBetween(10, 79);
  }

  /*
   * The cache alone against the plain computation: pods of the same kinds bound one by one to the
   * first node that admits them, or to a random node, and leaving at random (the cache told of each
   * node a pod joined or left); for every pod, each node's reasons and the candidates equal the
   * first refusing step of every filter on that node, evaluated afresh.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void filterEqualsEveryStepEvaluatedAfresh(long seed) {
    checkFilter(seed, false);
  }

  /*
   * As above with pods decoded one by one: every pod its own spec object, equal to its kind's, in
   * runs of one kind (the entries found by comparing with the last keys, or by equality).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void filterOfPodsWithTheirOwnSpecsEqualsEveryStepEvaluatedAfresh(long seed) {
    checkFilter(seed, true);
  }

  private static void checkFilter(long seed, boolean ownSpecs) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Node> nodes = nodes();
    List<PodSpec> kinds = kinds();
    NodeFilter filter = NodeFilter.scheduler();
    PlacementCache cache = new PlacementCache(nodes);
    List<Pod> bound = new ArrayList<>();
    int refused = 0;
    int kind = 0;
    for (int i = 0; i < 120; i++) {
      if (!bound.isEmpty() && random.nextInt(3) == 0) {
        Pod leaving = bound.remove(random.nextInt(bound.size()));
        cache.forgetPods(nodes.indexOf(nodes.stream().filter(n -> n.name().equals(leaving.spec().nodeName()))
            .findFirst().orElseThrow()));
      }
      kind = ownSpecs && random.nextBoolean() ? kind : random.nextInt(kinds.size());
      Pod pod = pod(i, kind, ownSpecs ? kinds().get(kind) : kinds.get(kind));
      NodeInfos infos = new NodeInfos(nodes, bound);
      PlacementCache.Filtered actual = cache.filter(new Cycle(pod, List.of(), List.of(), infos));
      Cycle plain = new Cycle(pod, List.of(), List.of(), new NodeInfos(nodes, bound));
      BitSet candidates = new BitSet();
      for (int n = 0; n < nodes.size(); n++) {
        List<String> why = filter.reasons(plain, nodes.get(n), 0, filter.size());
        assertThat(actual.reasons()[n]).as("pod %d of kind %d on node %d", i, kind, n).isEqualTo(why.isEmpty() ? null : why);
        if (why.isEmpty()) {
          candidates.set(n);
        } else {
          refused++;
        }
      }
      assertThat(actual.candidates()).as("pod %d of kind %d", i, kind).isEqualTo(candidates);
      int at = candidates.isEmpty() || random.nextInt(4) == 0 ? random.nextInt(nodes.size()) : candidates.nextSetBit(0);
      bound.add(new Pod(pod.metadata(), pod.spec().toBuilder().nodeName(nodes.get(at).name()).build(), pod.status()));
      cache.forgetPods(at);
    }
    assertThat(refused).as("nodes refused (the stream fills nodes)").isPositive();
  }

  private static List<Node> nodes() {
    List<Node> nodes = new ArrayList<>();
    for (int n = 0; n < NODES; n++) {
      Node plain = Builders.node("node-" + n, ZONE, n % 2 == 0 ? "a" : "b");
      List<Taint> taints = n == 3 ? List.of(new Taint("gpu", "true", Taint.NO_SCHEDULE)) : List.of();
      nodes.add(new Node(plain.metadata(), new NodeSpec(null, taints),
          new NodeStatus(List.of(), Map.of("cpu", Quantity.parse("4"), "pods", Quantity.parse("4")))));
    }
    return nodes;
  }

  /* A pod of the kind: its own metadata, the kind's spec object. */
  private static Pod pod(int i, int kind, PodSpec spec) {
    return new Pod(ObjectMeta.builder().name("pod-" + i).namespace(Builders.NAMESPACE).uid("uid-" + i)
        .putLabel("app", kind % 2 == 0 ? "web" : "batch").build(), spec, PodStatus.EMPTY);
  }

  /*
   * One spec object per kind: cpu only; cpu, a host port and the taint tolerated; a zone selector;
   * a claim from a template; spread over zones (DoNotSchedule); an equal copy of the first; and
   * hugepages, which a node with allocatable but none of them lacks (a scalar resource).
   */
  private static List<PodSpec> kinds() {
    PodSpec cpu = PodSpec.builder().addContainer(container("1", List.of())).build();
    PodSpec port = PodSpec.builder().addContainer(container("1500m", List.of(new ContainerPort(null, 8080, 80, null, null))))
        .addToleration(new Toleration("gpu", Toleration.EXISTS, null, Taint.NO_SCHEDULE, null)).build();
    PodSpec zoneA = PodSpec.builder().addContainer(container("500m", List.of())).nodeSelector(Map.of(ZONE, "a")).build();
    PodSpec claim = PodSpec.builder().addContainer(container("1", List.of()))
        .addResourceClaim(PodResourceClaim.ofTemplate("claim", ONE_X.name())).build();
    PodSpec spread = PodSpec.builder().addContainer(container("500m", List.of()))
        .addTopologySpreadConstraint(new TopologySpreadConstraint(1, ZONE, TopologySpreadConstraint.DO_NOT_SCHEDULE,
            new LabelSelector(Map.of("app", "web"), List.of()), null, null, null, List.of())).build();
    PodSpec copy = PodSpec.builder().addContainer(container("1", List.of())).build();
    PodSpec hugepages = PodSpec.builder().addContainer(new Container("c", new ResourceRequirements(Map.of(),
        Map.of("cpu", Quantity.parse("1"), "hugepages-2Mi", Quantity.parse("2Mi")), List.of()), List.of(), null)).build();
    return List.of(cpu, port, zoneA, claim, spread, copy, hugepages);
  }

  private static Container container(String cpu, List<ContainerPort> ports) {
    return new Container("c", new ResourceRequirements(Map.of(), Map.of("cpu", Quantity.parse(cpu)), List.of()), ports, null);
  }

  private static ResourceClaimTemplate template(String name) {
    return new ResourceClaimTemplate(ObjectMeta.named(Builders.NAMESPACE, name), new ResourceClaimTemplateSpec(
        ObjectMeta.builder().build(), SchedulingFixtures.claim(name, request("dev", 1, type("X"))).spec()));
  }

  private static String describe(SchedulingResult r) {
    if (r instanceof SchedulingResult.Scheduled s) {
      return "on " + s.node().name() + ": " + s.claims() + " " + s.pod();
    }
    SchedulingResult.Unschedulable u = (SchedulingResult.Unschedulable) r;
    return "unschedulable: " + u.message() + " " + u.reasons();
  }
}
