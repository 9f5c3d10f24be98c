package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.bound;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * kube-scheduler's default scores, per plugin after normalization, with cases transcribed from
 * the upstream plugin tests (kubernetes/kubernetes pkg/scheduler/framework/plugins):
 * TestTaintTolerationScore (tainttoleration/taint_toleration_test.go), TestNodeAffinityPriority
 * (nodeaffinity/node_affinity_test.go), the LeastAllocated and BalancedAllocation cases "nothing
 * scheduled, resources requested, differently sized nodes" (noderesources/least_allocated_test.go,
 * balanced_allocation_test.go) and TestPodTopologySpreadScore's "one constraint on node, all 4
 * nodes are candidates" (podtopologyspread/scoring_test.go); then the profile end to end.
 */
final class DefaultScoresTest {

  private static long[] score(BiFunction<Cycle, int[], long[]> plugin, Pod pod, List<Node> nodes, List<Pod> existing) {
    Cycle in = new Cycle(pod, List.of(), List.of(), new NodeInfos(nodes, existing));
    return plugin.apply(in, IntStream.range(0, nodes.size()).toArray());
  }

  private static String scores(long[] s) {
    return String.join(" ", Arrays.stream(s).mapToObj(Long::toString).toList());
  }

  private static List<Node> tainted(String... taints) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < taints.length; i++) {
      nodes.add(node("node" + (char) ('a' + i), "{}", "{taints: " + taints[i] + "}", "{}"));
    }
    return nodes;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "node with taints tolerated by the pod gets a higher score; [{key: foo, operator: Equal, value: bar, effect: PreferNoSchedule}];"
          + " [{key: foo, value: bar, effect: PreferNoSchedule}] | [{key: foo, value: blah, effect: PreferNoSchedule}]; 100 0",
      "all tolerated: same score however many; [{key: cpu-type, operator: Equal, value: arm64, effect: PreferNoSchedule}, {key: disk-type, operator: Equal, value: ssd, effect: PreferNoSchedule}];"
          + " [] | [{key: cpu-type, value: arm64, effect: PreferNoSchedule}] | [{key: cpu-type, value: arm64, effect: PreferNoSchedule}, {key: disk-type, value: ssd, effect: PreferNoSchedule}]; 100 100 100",
      "the more intolerable taints, the lower the score; [{key: foo, operator: Equal, value: bar, effect: PreferNoSchedule}];"
          + " [] | [{key: cpu-type, value: arm64, effect: PreferNoSchedule}] | [{key: cpu-type, value: arm64, effect: PreferNoSchedule}, {key: disk-type, value: ssd, effect: PreferNoSchedule}]; 100 50 0",
      "only PreferNoSchedule taints and tolerations count; [{key: cpu-type, operator: Equal, value: arm64, effect: NoSchedule}, {key: disk-type, operator: Equal, value: ssd, effect: NoSchedule}];"
          + " [] | [{key: cpu-type, value: arm64, effect: NoSchedule}] | [{key: cpu-type, value: arm64, effect: PreferNoSchedule}, {key: disk-type, value: ssd, effect: PreferNoSchedule}]; 100 100 0",
      "no tolerations: lands on the node without taints; []; [] | [{key: cpu-type, value: arm64, effect: PreferNoSchedule}]; 100 0",
  })
  void taintToleration(String name, String tolerations, String taints, String want) {
    Pod pod = pod("pod1", "{}", "{tolerations: " + tolerations + ", containers: [{name: c}]}");
    assertThat(scores(score(DefaultScores::taintToleration, pod, tainted(taints.split(" \\| ", -1)), List.of())))
        .isEqualTo(want);
  }

  private static final String AFFINITY1 = "[{weight: 2, preference: {matchExpressions: [{key: foo, operator: In, values: [bar]}]}}]";
  private static final String AFFINITY2 = "[{weight: 2, preference: {matchExpressions: [{key: foo, operator: In, values: [bar]}]}},"
      + " {weight: 4, preference: {matchExpressions: [{key: key, operator: In, values: [value]}]}},"
      + " {weight: 5, preference: {matchExpressions: [{key: foo, operator: In, values: [bar]}, {key: key, operator: In, values: [value]},"
      + " {key: az, operator: In, values: [az1]}]}}]";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "all nodes are same priority as NodeAffinity is nil; -; {foo: bar} | {key: value} | {az: az1}; 0 0 0",
      "no node matches preferred scheduling requirements in NodeAffinity of pod; 1; {abc: az11, def: az22} | {key: value} | {az: az1}; 0 0 0",
      "only machine1 matches the preferred scheduling requirements of pod; 1; {foo: bar} | {key: value} | {az: az1}; 100 0 0",
      "all machines match the preferred scheduling requirements of pod but with different priorities; 2;"
          + " {foo: bar} | {foo: bar, key: value, az: az1} | {key: value}; 18 100 36",
  })
  void nodeAffinity(String name, String affinity, String labels, String want) {
    String spec = affinity.equals("-") ? "{containers: [{name: c}]}"
        : "{affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: " + (affinity.equals("1") ? AFFINITY1 : AFFINITY2)
        + "}}, containers: [{name: c}]}";
    List<Node> nodes = new ArrayList<>();
    String[] each = labels.split(" \\| ", -1);
    for (int i = 0; i < each.length; i++) {
      nodes.add(node("machine" + (i + 1), each[i], "{}", "{}"));
    }
    assertThat(scores(score(DefaultScores::nodeAffinity, pod("p", "{}", spec), nodes, List.of()))).isEqualTo(want);
  }

  @Test
  void leastAllocatedAndBalanced_differentlySizedNodes() {
    List<Node> nodes = List.of(node("node1", "{}", "{}", "{allocatable: {cpu: '4', memory: '10000', pods: '110'}}"),
        node("node2", "{}", "{}", "{allocatable: {cpu: '6', memory: '10000', pods: '110'}}"));
    Pod pod = pod("p", "{}", "{containers: [{name: c1, resources: {requests: {cpu: 1000m, memory: '2000'}}},"
        + " {name: c2, resources: {requests: {cpu: 2000m, memory: '3000'}}}]}");
    assertThat(scores(score(DefaultScores::resourcesFit, pod, nodes, List.of()))).isEqualTo("37 50");
    assertThat(scores(score(DefaultScores::balancedAllocation, pod, nodes, List.of()))).isEqualTo("87 100");
    Pod bestEffort = pod("b", "{}", "{containers: [{name: c}]}");
    assertThat(scores(score(DefaultScores::balancedAllocation, bestEffort, nodes, List.of()))).isEqualTo("0 0");
  }

  @Test
  void podTopologySpread_oneConstraintOnNode_allFourNodesCandidates() {
    List<Node> nodes = new ArrayList<>();
    for (String n : List.of("node-a", "node-b", "node-c", "node-d")) {
      nodes.add(node(n, "{kubernetes.io/hostname: " + n + "}", "{}", "{}"));
    }
    Pod pod = pod("p", "{foo: ''}", "{topologySpreadConstraints: [{maxSkew: 1, topologyKey: kubernetes.io/hostname,"
        + " whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchExpressions: [{key: foo, operator: Exists}]}}],"
        + " containers: [{name: c}]}");
    List<Pod> existing = bound(nodes, "node-a node-a node-b node-d node-d node-d");
    assertThat(scores(score(SpreadAndAffinityScores::spread, pod, nodes, existing))).isEqualTo("20 60 100 0");
  }

  @Test
  void interPodAffinity_preferredTermsOfThePodAndOfTheExistingPods() {
    List<Node> nodes = List.of(node("node-1", "{zone: z1}", "{}", "{}"), node("node-2", "{zone: z2}", "{}", "{}"),
        node("node-3", "{zone: z3}", "{}", "{}"));
    String near = "{weight: 5, podAffinityTerm: {labelSelector: {matchLabels: {foo: ''}}, topologyKey: zone}}";
    Pod pod = pod("p", "{app: web}", "{affinity: {podAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [" + near
        + "]}}, containers: [{name: c}]}");
    // one pod labelled foo in z1, two in z3: z3 scores 10, z1 5, z2 0
    assertThat(scores(score(SpreadAndAffinityScores::podAffinity, pod, nodes, bound(nodes, "node-1 node-3 node-3"))))
        .isEqualTo("50 0 100");
    // an existing pod whose preferred anti-affinity selects app=web pushes the pod away from its zone
    Pod avoider = PluginFixtures.on(nodes.get(1), pod("x", "{}", "{affinity: {podAntiAffinity: {preferredDuringSchedulingIgnoredDuringExecution:"
        + " [{weight: 10, podAffinityTerm: {labelSelector: {matchLabels: {app: web}}, topologyKey: zone}}]}}, containers: [{name: c}]}"));
    Pod plain = pod("q", "{app: web}", "{containers: [{name: c}]}");
    assertThat(scores(score(SpreadAndAffinityScores::podAffinity, plain, nodes, List.of(avoider)))).isEqualTo("100 0 100");
  }

  private static Cluster cpuCluster(int nodes) {
    List<Node> list = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      list.add(node("node-" + i, "{}", "{}", "{allocatable: {cpu: '4', memory: 8Gi, pods: '110'}}"));
    }
    return Cluster.builder().nodes(list).build();
  }

  private static List<String> place(PodScheduler scheduler, int pods) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < pods; i++) {
      SchedulingResult r = scheduler.schedule(pod("p" + i, "{}", "{containers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}}}]}"));
      out.add(((SchedulingResult.Scheduled) r).node().name());
    }
    return out;
  }

  @Test
  void kubeSchedulerProfile_spreadsByLeastAllocated_firstPacks() {
    PodScheduler kube = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cpuCluster(3))
        .scorer(NodeScorer.named("kube-scheduler")).build();
    assertThat(place(kube, 4)).containsExactly("node-0", "node-1", "node-2", "node-0");
    PodScheduler first = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cpuCluster(3)).build();
    assertThat(place(first, 4)).containsExactly("node-0", "node-0", "node-0", "node-0");
  }

  @Test
  void randomTies_repeatForASeed_andDrawAmongTheBest() {
    List<List<String>> runs = new ArrayList<>();
    for (long seed : new long[] {1, 1, 2, 3, 4}) {
      PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cpuCluster(3))
          .scorer(NodeScorer.kubeScheduler()).randomTies(seed).build();
      List<String> placed = place(s, 3);
      // every node gets one pod: the draw is among the equally empty nodes only
      assertThat(placed).containsExactlyInAnyOrder("node-0", "node-1", "node-2");
      runs.add(placed);
    }
    assertThat(runs.get(0)).isEqualTo(runs.get(1));
    assertThat(runs.stream().distinct().count()).as("some seed draws another order").isGreaterThan(1);
  }
}
