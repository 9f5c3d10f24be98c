package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerImage;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.NodeSpec;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PreferredSchedulingTerm;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.config.SchedulerConfiguration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * DefaultScores.scores, which skips the plugins that score every node alike (TaintToleration
 * without a PreferNoSchedule taint on any node, NodeAffinity without a preferred term,
 * ImageLocality without an image on any node, DynamicResources without a prioritized list) and
 * adds NodeResourcesFit's and BalancedAllocation's kept scores in one pass, against the weighted
 * sum of every plugin's own scores. The word-at-a-time pick of the feasible nodes a cycle scores (percentageOfNodesToScore from
 * the round-robin start) against the plain node-by-node search, kept here as the reference, and
 * the choice among the scored nodes (their positions, the first highest sum) against the stream
 * and Ties, on random inputs.
 */
final class ScoringFastPathsPropertyTest {
  static LongStream seeds() {
    return LongStream.range(0, 200);
  }

  /* Profiles.toScore's plain loop: node by node from the start, round robin, until one feasible node too many. */
  private static int plainFirstFound(BitSet feasible, int nodes, int start, int toFind, BitSet out) {
    int stop = -1;
    int found = 0;
    for (int pass = 0; pass < 2 && stop < 0; pass++) {
      int end = pass == 0 ? nodes : start;
      for (int i = feasible.nextSetBit(pass == 0 ? start : 0); i >= 0 && i < end; i = feasible.nextSetBit(i + 1)) {
        if (found == toFind) {
          stop = i;
          break;
        }
        out.set(i);
        found++;
      }
    }
    return stop;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void firstFound_equalsTheNodeByNodeSearch(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int nodes = 1 + random.nextInt(random.nextBoolean() ? 70 : 1100);
    BitSet feasible = new BitSet(nodes);
    double density = random.nextDouble();
    for (int i = 0; i < nodes; i++) {
      feasible.set(i, random.nextDouble() < density);
    }
    for (int round = 0; round < 20; round++) {
      int start = random.nextInt(nodes);
      int toFind = 1 + random.nextInt(nodes + 1);
      BitSet want = new BitSet(nodes);
      long[] got = new long[(nodes + 63) >>> 6];
      int wantStop = plainFirstFound(feasible, nodes, start, toFind, want);
      int gotStop = Profiles.firstFound(feasible, nodes, start, toFind, got);
      String where = "seed " + seed + " nodes " + nodes + " start " + start + " toFind " + toFind;
      assertThat(BitSet.valueOf(got)).as(where).isEqualTo(want);
      assertThat(gotStop).as(where).isEqualTo(wantStop);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void choice_equalsTheStreamAndTiesBest(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int nodes = random.nextInt(random.nextBoolean() ? 70 : 1100);
    BitSet feasible = new BitSet(nodes);
    double density = random.nextDouble();
    for (int i = 0; i < nodes; i++) {
      feasible.set(i, random.nextDouble() < density);
    }
    assertThat(NodeChoice.positions(feasible)).as("seed " + seed).isEqualTo(feasible.stream().toArray());
    for (int round = 0; round < 20; round++) {
      long[] sums = new long[1 + random.nextInt(500)];
      int distinct = 1 + random.nextInt(random.nextBoolean() ? 4 : 2000); // few values: many ties
      double[] asDoubles = new double[sums.length];
      for (int k = 0; k < sums.length; k++) {
        sums[k] = random.nextInt(distinct) * (long) (1 + random.nextInt(3)) - distinct / 2;
        asDoubles[k] = sums[k];
      }
      assertThat(new Ties(null).best(sums)).as("seed " + seed + " round " + round)
          .isEqualTo(new Ties(null).best(asDoubles));
      // drawn ties convert: the same seeded stream draws the same one of equals
      assertThat(new Ties(seed + round).best(sums)).as("drawn, seed " + seed + " round " + round)
          .isEqualTo(new Ties(seed + round).best(asDoubles));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void weightedSum_equalsEveryPluginsOwnScores(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    boolean preferNoSchedule = random.nextBoolean();
    boolean images = random.nextBoolean();
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < 2 + random.nextInt(12); i++) {
      List<Taint> taints = preferNoSchedule && random.nextBoolean()
          ? List.of(new Taint(random.nextBoolean() ? "a" : "b", "x", Taint.PREFER_NO_SCHEDULE)) : List.of();
      List<ContainerImage> held = images && random.nextBoolean() ? List.of(ContainerImage.of(300L << 20, "img:v1"))
          : List.of();
      Map<String, Quantity> allocatable = random.nextInt(4) == 0 ? Map.of()
          : Map.of("cpu", Quantity.parse(Integer.toString(2 + random.nextInt(8))), "memory", Quantity.parse("16Gi"));
      nodes.add(new Node(ObjectMeta.builder().name("node-" + i).putLabel("zone", "z" + random.nextInt(3)).build(),
          new NodeSpec(null, taints), new NodeStatus(List.of(), allocatable, held)));
    }
    NodeInfos infos = new NodeInfos(List.copyOf(nodes), List.of());
    SchedulingProfile profile = weighted(random);
    for (int step = 0; step < 10; step++) {
      Pod pod = pod("pod-" + step, random);
      int node = random.nextInt(nodes.size());
      infos.add(node, new Pod(pod.metadata(), pod.spec().toBuilder().nodeName(nodes.get(node).name()).build(),
          pod.status()));
      Cycle cycle = new Cycle(pod("incoming-" + step, random), List.of(), List.of(), infos, profile);
      int[] at = random.ints(0, nodes.size()).limit(1 + random.nextInt(nodes.size())).sorted().distinct().toArray();
      SchedulingProfile p = cycle.profile();
      long[] plain = new long[at.length];
      addWeighted(plain, p.taintToleration, DefaultScores.taintToleration(cycle, at));
      addWeighted(plain, p.nodeAffinity, DefaultScores.nodeAffinity(cycle, at));
      addWeighted(plain, p.podTopologySpread, SpreadAndAffinityScores.spread(cycle, at));
      addWeighted(plain, p.interPodAffinity, SpreadAndAffinityScores.podAffinity(cycle, at));
      addWeighted(plain, p.resourcesFit, DefaultScores.resourcesFit(cycle, at));
      addWeighted(plain, p.balancedAllocation, DefaultScores.balancedAllocation(cycle, at));
      addWeighted(plain, p.dynamicResources, DefaultScores.dynamicResources(cycle, at, List.of(), i -> List.of()));
      addWeighted(plain, p.imageLocality, ImageLocality.scores(cycle, at));
      assertThat(DefaultScores.scores(cycle, at, List.of(), i -> List.of()))
          .as("seed %d step %d (PreferNoSchedule taints %s, images %s)", seed, step, preferNoSchedule, images)
          .containsExactly(plain);
    }
  }

  /* The default profile, or its score plugins with random weights. */
  private static SchedulingProfile weighted(SplittableRandom random) {
    SchedulerConfiguration.Profile d = SchedulingProfile.DEFAULT.config;
    if (random.nextBoolean()) {
      return SchedulingProfile.DEFAULT;
    }
    return new SchedulingProfile(new SchedulerConfiguration.Profile(d.schedulerName(), d.percentageOfNodesToScore(),
        d.filters(), weights(random), d.args()));
  }

  /* The default profile's score plugins, each weighted 0..3 (0 disables one). */
  static List<SchedulerConfiguration.Weighted> weights(SplittableRandom random) {
    List<SchedulerConfiguration.Weighted> scores = new ArrayList<>();
    for (SchedulerConfiguration.Weighted w : SchedulingProfile.DEFAULT.config.scores()) {
      int weight = random.nextInt(4);
      if (weight > 0) {
        scores.add(new SchedulerConfiguration.Weighted(w.name(), weight));
      }
    }
    return scores;
  }

  private static void addWeighted(long[] total, int weight, long[] scores) {
    for (int k = 0; k < total.length; k++) {
      total[k] += weight * scores[k];
    }
  }

  /* A pod with or without requests, an image, a PreferNoSchedule toleration and a preferred zone. */
  private static Pod pod(String name, SplittableRandom random) {
    PodSpec.Builder spec = PodSpec.builder();
    Map<String, Quantity> requests = random.nextBoolean() ? Map.of()
        : Map.of("cpu", Quantity.parse(100 * random.nextInt(20) + "m"), "memory", Quantity.parse(random.nextInt(4) + "Gi"));
    spec.addContainer(new Container("c", new ResourceRequirements(Map.of(), requests, List.of()), List.of(), null,
        random.nextBoolean() ? "img:v1" : null));
    if (random.nextBoolean()) {
      spec.addToleration(new Toleration("a", Toleration.EXISTS, null, random.nextBoolean() ? Taint.PREFER_NO_SCHEDULE : null,
          null));
    }
    if (random.nextBoolean()) {
      NodeSelectorTerm zone = new NodeSelectorTerm(List.of(new NodeSelectorRequirement("zone", "In",
          List.of("z" + random.nextInt(3)))), List.of());
      spec.affinity(new Affinity(new NodeAffinity(null, List.of(new PreferredSchedulingTerm(1 + random.nextInt(50), zone))),
          null, null));
    }
    return Pod.of(ObjectMeta.builder().name(name).namespace("default").build(), spec.build());
  }
}
