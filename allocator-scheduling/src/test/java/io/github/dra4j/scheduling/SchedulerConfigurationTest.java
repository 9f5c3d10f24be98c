package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * A KubeSchedulerConfiguration changes where PodScheduler puts pods as it changes kube-scheduler's
 * choice: the profile a pod's schedulerName picks, its Filter and Score plugins and weights, the
 * plugins' arguments, and percentageOfNodesToScore with the round-robin start.
 */
final class SchedulerConfigurationTest {
  private static final String HEAD = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

  private static SchedulerConfiguration config(String body) throws DecodeException {
    return SchedulerConfigurationReader.read(HEAD + body, "sched.yaml", PluginFixtures.CODEC);
  }

  static PodScheduler scheduler(List<Node> nodes, List<Pod> bound, SchedulerConfiguration c) {
    List<Object> objects = new ArrayList<>(nodes);
    objects.addAll(bound);
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(objects)).configuration(c).build();
  }

  private static String placed(SchedulingResult r) {
    return r instanceof SchedulingResult.Scheduled s ? s.node().name() : "pending: " + ((SchedulingResult.Unschedulable) r).message();
  }

  /** The PostFilter part of an unschedulable message when no eviction on the one node could help (DefaultPreemption). */
  private static final String PREEMPTION_NOT_HELPFUL =
      " preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..";

  static final String CPU4 = "{allocatable: {cpu: '4', memory: 8Gi, pods: '110'}}";

  /** Two nodes, one half full: LeastAllocated spreads onto the empty one, MostAllocated packs onto the busy one. */
  static Stream<Arguments> strategies() {
    String fit = "profiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args: {scoringStrategy: {type: %s%s}}\n"
        + "  plugins: {score: {disabled: [{name: NodeResourcesBalancedAllocation}]}}\n";
    return Stream.of(
        Arguments.of("default (LeastAllocated)", "", "empty"),
        Arguments.of("LeastAllocated", fit.formatted("LeastAllocated", ""), "empty"),
        Arguments.of("MostAllocated", fit.formatted("MostAllocated", ""), "busy"),
        Arguments.of("RequestedToCapacityRatio packing", fit.formatted("RequestedToCapacityRatio",
            ", requestedToCapacityRatio: {shape: [{utilization: 0, score: 0}, {utilization: 100, score: 10}]}"), "busy"),
        Arguments.of("RequestedToCapacityRatio spreading", fit.formatted("RequestedToCapacityRatio",
            ", requestedToCapacityRatio: {shape: [{utilization: 0, score: 10}, {utilization: 100, score: 0}]}"), "empty"),
        Arguments.of("fit weighted over memory only", fit.formatted("MostAllocated", ", resources: [{name: memory}]"),
            "busy"),
        Arguments.of("no resource scores: first in order", "profiles:\n- plugins: {score: {disabled: [{name: '*'}]}}\n",
            "busy"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("strategies")
  void scoringStrategy_choosesAsUpstream(String name, String body, String want) throws DecodeException {
    Node busy = node("busy", "{}", "{}", CPU4);
    Node empty = node("empty", "{}", "{}", CPU4);
    Pod existing = on(busy, pod("existing", "{}", "{containers: [{name: c, resources: {requests: {cpu: '2', memory: 4Gi}}}]}"));
    Pod p = pod("p", "{}", "{containers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}}}]}");
    assertThat(placed(scheduler(List.of(busy, empty), List.of(existing), config(body)).schedule(p))).isEqualTo(want);
  }

  /**
   * A tainted node whose cpu is taken: TaintToleration and NodeResourcesFit both refuse it, and the
   * first in the profile's filter order (RunFilterPlugins stops there) gives the reason, and with
   * it whether preemption may help (a taint is UnschedulableAndUnresolvable, Insufficient cpu is not).
   */
  static Stream<Arguments> filterOrders() {
    String taint = "pending: 0/1 nodes are available: 1 node(s) had untolerated taint(s)." + PREEMPTION_NOT_HELPFUL;
    String cpu = "pending: 0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available:"
        + " 1 No preemption victims found for incoming pod..";
    return Stream.of(
        Arguments.of("default order", "", List.of("NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity",
            "NodePorts", "NodeResourcesFit", "PodTopologySpread", "InterPodAffinity", "DynamicResources"), taint),
        Arguments.of("enabled at filter: goes before the multiPoint plugins",
            "profiles:\n- plugins: {filter: {enabled: [{name: NodeResourcesFit}]}}\n",
            List.of("NodeResourcesFit", "NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity",
                "NodePorts", "PodTopologySpread", "InterPodAffinity", "DynamicResources"), cpu),
        Arguments.of("enabled at multiPoint: replaced in place",
            "profiles:\n- plugins: {multiPoint: {enabled: [{name: NodeResourcesFit, weight: 2}]}}\n",
            List.of("NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity", "NodePorts",
                "NodeResourcesFit", "PodTopologySpread", "InterPodAffinity", "DynamicResources"), taint),
        Arguments.of("filter list of its own",
            "profiles:\n- plugins:\n    filter:\n      disabled: [{name: '*'}]\n"
                + "      enabled: [{name: DynamicResources}, {name: NodeResourcesFit}, {name: TaintToleration}]\n",
            List.of("DynamicResources", "NodeResourcesFit", "TaintToleration"), cpu),
        Arguments.of("multiPoint list of its own",
            "profiles:\n- plugins:\n    multiPoint:\n      disabled: [{name: '*'}]\n"
                + "      enabled: [{name: PrioritySort}, {name: DefaultBinder}, {name: DefaultPreemption},"
                + " {name: NodeResourcesFit}, {name: TaintToleration}, {name: DynamicResources}]\n",
            List.of("NodeResourcesFit", "TaintToleration", "DynamicResources"), cpu));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("filterOrders")
  void filterOrder_decidesTheReasonCounted(String name, String body, List<String> order, String want)
      throws DecodeException {
    Node n = node("tainted", "{}", "{taints: [{key: gpu, value: 'true', effect: NoSchedule}]}", CPU4);
    Pod full = on(n, pod("full", "{}", "{containers: [{name: c, resources: {requests: {cpu: '4'}}}]}"));
    SchedulerConfiguration c = config(body);
    assertThat(new SchedulingProfile(c.profiles().get(0)).filter.stepNames()).isEqualTo(order);
    Pod p = pod("p", "{}", "{containers: [{name: c, resources: {requests: {cpu: '1'}}}]}");
    assertThat(placed(scheduler(List.of(n), List.of(full), c).schedule(p))).isEqualTo(want);
  }

  @Test
  void schedulerName_picksTheProfile_andAnUnknownOneLeavesThePodPending() throws DecodeException {
    SchedulerConfiguration c = config("profiles:\n- schedulerName: default-scheduler\n"
        + "- schedulerName: packer\n  pluginConfig:\n  - name: NodeResourcesFit\n"
        + "    args: {scoringStrategy: {type: MostAllocated}}\n");
    Node busy = node("busy", "{}", "{}", CPU4);
    Node empty = node("empty", "{}", "{}", CPU4);
    Pod existing = on(busy, pod("existing", "{}", "{containers: [{name: c, resources: {requests: {cpu: '2', memory: 4Gi}}}]}"));
    String spec = "{%scontainers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}}}]}";
    PodScheduler s = scheduler(List.of(busy, empty), List.of(existing), c);
    assertThat(placed(s.schedule(pod("a", "{}", spec.formatted(""))))).isEqualTo("empty");
    assertThat(placed(s.schedule(pod("b", "{}", spec.formatted("schedulerName: packer, "))))).isEqualTo("busy");
    assertThat(placed(s.schedule(pod("c", "{}", spec.formatted("schedulerName: gpu-scheduler, ")))))
        .isEqualTo("pending: no profile has schedulerName \"gpu-scheduler\" (profiles: default-scheduler, packer);"
            + " kube-scheduler leaves the pod to the scheduler of that name");
    assertThat(s.fits(pod("d", "{}", spec.formatted("schedulerName: gpu-scheduler, ")), s.nodes())).isEmpty();
  }

  @Test
  void disabledFilter_noLongerRefuses() throws DecodeException {
    Node tainted = node("tainted", "{}", "{taints: [{key: gpu, value: 'true', effect: NoSchedule}]}", CPU4);
    Pod p = pod("p", "{}", "{containers: [{name: c}]}");
    assertThat(placed(scheduler(List.of(tainted), List.of(), config("")).schedule(p)))
        .isEqualTo("pending: 0/1 nodes are available: 1 node(s) had untolerated taint(s)." + PREEMPTION_NOT_HELPFUL);
    assertThat(placed(scheduler(List.of(tainted), List.of(),
        config("profiles:\n- plugins: {multiPoint: {disabled: [{name: TaintToleration}]}}\n")).schedule(p)))
        .isEqualTo("tainted");
  }

  @Test
  void addedAffinity_filtersAndScoresEveryPodOfTheProfile() throws DecodeException {
    Node a = node("a", "{pool: cpu}", "{}", CPU4);
    Node b = node("b", "{pool: gpu}", "{}", CPU4);
    Node c = node("c", "{pool: gpu, fast: 'yes'}", "{}", CPU4);
    Pod p = pod("p", "{}", "{containers: [{name: c}]}");
    SchedulerConfiguration required = config("profiles:\n- pluginConfig:\n  - name: NodeAffinity\n    args:\n"
        + "      addedAffinity:\n        requiredDuringSchedulingIgnoredDuringExecution:\n"
        + "          nodeSelectorTerms: [{matchExpressions: [{key: pool, operator: In, values: [gpu]}]}]\n"
        + "        preferredDuringSchedulingIgnoredDuringExecution:\n"
        + "        - {weight: 10, preference: {matchExpressions: [{key: fast, operator: Exists}]}}\n");
    assertThat(placed(scheduler(List.of(a, b, c), List.of(), required).schedule(p))).isEqualTo("c");
    assertThat(placed(scheduler(List.of(a), List.of(), required).schedule(p)))
        .isEqualTo("pending: 0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector." + PREEMPTION_NOT_HELPFUL);
  }

  @Test
  void ignoredResourceGroups_areNotChecked() throws DecodeException {
    Node n = node("node-1", "{}", "{}", CPU4);
    Pod p = pod("p", "{}", "{containers: [{name: c, resources: {requests: {example.com/foo: '1'},"
        + " limits: {example.com/foo: '1'}}}]}");
    assertThat(placed(scheduler(List.of(n), List.of(), config("")).schedule(p)))
        .isEqualTo("pending: 0/1 nodes are available: 1 Insufficient example.com/foo." + PREEMPTION_NOT_HELPFUL);
    assertThat(placed(scheduler(List.of(n), List.of(), config("profiles:\n- pluginConfig:\n"
        + "  - name: NodeResourcesFit\n    args: {ignoredResourceGroups: [example.com]}\n")).schedule(p))).isEqualTo("node-1");
  }

  /** {@return nodes n000, n001, ... with 4 cpu each} */
  static List<Node> identical(int count) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      nodes.add(node(String.format("n%03d", i), "{}", "{}", CPU4));
    }
    return nodes;
  }

  private static List<String> placeThree(PodScheduler s) {
    List<String> got = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      got.add(placed(s.schedule(pod("p" + i, "{}", "{containers: [{name: c}]}"))));
    }
    return got;
  }

  /**
   * percentageOfNodesToScore: with 200 equal nodes and 50%, a cycle looks at nodes from
   * nextStartNodeIndex until 100 are feasible and scores those; the next cycle starts after them.
   * A node with a pod scores less (LeastAllocated), equal scores go to the first in node order.
   */
  @Test
  void percentageOfNodesToScore_scoresTheNodesFoundFromTheRoundRobinStart() throws DecodeException {
    // cycle 1 scores n000..n099, cycle 2 n100..n199, cycle 3 n000..n099 again, where n000 is busy
    assertThat(placeThree(scheduler(identical(200), List.of(), config("percentageOfNodesToScore: 50\n"))))
        .containsExactly("n000", "n100", "n001");
    assertThat(placeThree(scheduler(identical(200), List.of(), config("percentageOfNodesToScore: 100\n"))))
        .containsExactly("n000", "n001", "n002");
  }

  /**
   * Without Score plugins kube-scheduler looks for one feasible node only (findNodesThatPassFilters'
   * numNodesToFind = 1 when nothing scores), whatever the percentage: each pod goes to the next
   * node round robin.
   */
  @Test
  void percentageOfNodesToScore_withoutScorePlugins_findsOneNode() throws DecodeException {
    for (String percentage : List.of("50", "100")) {
      assertThat(placeThree(scheduler(identical(200), List.of(), config("percentageOfNodesToScore: " + percentage
          + "\nprofiles:\n- plugins: {score: {disabled: [{name: '*'}]}}\n")))).containsExactly("n000", "n001", "n002");
    }
  }

  /**
   * Without a configuration the kube-scheduler scorer scores what kube-scheduler without {@code
   * --config} scores: the adaptive percentage, 50 - 300 / 125 = 48% of 300 nodes (144), round
   * robin; dra4j's own scorers see every feasible node.
   */
  @Test
  void withoutConfiguration_kubeSchedulerScoresTheAdaptiveShare() {
    Cluster cluster = Cluster.of(new ArrayList<>(identical(300)));
    PodScheduler kube = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster)
        .scorer(NodeScorer.kubeScheduler()).build();
    // cycle 1 scores n000..n143, cycle 2 n144..n287, cycle 3 n288..n299 and n000..n131
    assertThat(placeThree(kube)).containsExactly("n000", "n144", "n001");
    PodScheduler least = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster)
        .scorer(NodeScorer.leastAllocated()).build();
    assertThat(placeThree(least)).containsExactly("n000", "n000", "n000");
  }
}
