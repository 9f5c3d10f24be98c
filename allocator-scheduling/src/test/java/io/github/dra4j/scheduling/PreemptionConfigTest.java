package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * DefaultPreemption as a KubeSchedulerConfiguration sets it up, table-driven over configuration
 * files: its arguments bound the dry run (calculateNumCandidates), so with fewer candidates the
 * first node in order wins over the one pickOneNodeForPreemption prefers; a profile that disables
 * the plugin at postFilter, at multiPoint, or every postFilter plugin with "*" does not preempt.
 *
 * Three nodes of 1000m cpu, each with a 500m pod: priority 100 on node1, 0 on node2, 1000 on
 * node3; the pending pod has priority 1000 and asks for 600m. Preemption may help on all three
 * nodes (node3 answers "No preemption victims found"); of the candidates node1 and node2, node2's
 * victim has the lower priority.
 */
final class PreemptionConfigTest {
  private static final String HEAD = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";
  private static final String ARGS = "profiles:\n- pluginConfig:\n  - name: DefaultPreemption\n"
      + "    args: {minCandidateNodesPercentage: %d, minCandidateNodesAbsolute: %d}\n";
  private static final String NOT_PREEMPTED = "pending: 0/3 nodes are available: 3 Insufficient cpu.";

  static Stream<Arguments> configs() {
    return Stream.of(
        Arguments.of("no file: both candidates, the lower victim wins", null, "node2 evicting p2"),
        Arguments.of("defaults (10%, 100)", "", "node2 evicting p2"),
        Arguments.of("one candidate: the first node in order", ARGS.formatted(0, 1), "node1 evicting p1"),
        Arguments.of("50% of 3 nodes is 1 candidate", ARGS.formatted(50, 1), "node1 evicting p1"),
        Arguments.of("100% of 3 nodes: all candidates", ARGS.formatted(100, 1), "node2 evicting p2"),
        Arguments.of("absolute 2 wins over 0%", ARGS.formatted(0, 2), "node2 evicting p2"),
        Arguments.of("DefaultPreemption disabled at postFilter",
            "profiles:\n- plugins: {postFilter: {disabled: [{name: DefaultPreemption}]}}\n", NOT_PREEMPTED),
        Arguments.of("every postFilter plugin disabled",
            "profiles:\n- plugins: {postFilter: {disabled: [{name: '*'}]}}\n", NOT_PREEMPTED),
        Arguments.of("DefaultPreemption disabled at multiPoint",
            "profiles:\n- plugins: {multiPoint: {disabled: [{name: DefaultPreemption}]}}\n", NOT_PREEMPTED),
        Arguments.of("disabled, then enabled again at postFilter",
            "profiles:\n- plugins:\n    multiPoint: {disabled: [{name: DefaultPreemption}]}\n"
                + "    postFilter: {enabled: [{name: DefaultPreemption}]}\n", "node2 evicting p2"),
        Arguments.of("the pod's profile has no preemption, another has",
            "profiles:\n- schedulerName: default-scheduler\n  plugins: {postFilter: {disabled: [{name: '*'}]}}\n"
                + "- schedulerName: other\n", NOT_PREEMPTED),
        Arguments.of("the pod's profile has its own arguments",
            "profiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: DefaultPreemption\n"
                + "    args: {minCandidateNodesPercentage: 0, minCandidateNodesAbsolute: 1}\n"
                + "- schedulerName: other\n", "node1 evicting p1"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configs")
  void preemption_followsTheProfile(String name, String config, String want) throws DecodeException {
    List<Node> nodes = new ArrayList<>();
    List<Object> objects = new ArrayList<>();
    int[] priorities = {100, 0, 1000};
    for (int i = 0; i < 3; i++) {
      Node n = node("node" + (i + 1), "{}", "{}", "{allocatable: {cpu: 1000m, pods: '110'}}");
      nodes.add(n);
      objects.add(on(n, pod("p" + (i + 1), "{}", "{priority: " + priorities[i] + ", " + cpu("500m") + "}")));
    }
    objects.addAll(0, nodes);
    PodScheduler.Builder b = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(objects))
        .scorer(NodeScorer.first());
    if (config != null) {
      b.configuration(SchedulerConfigurationReader.read(HEAD + config, "sched.yaml", PluginFixtures.CODEC));
    }
    SchedulingResult r = b.build().schedule(pod("preemptor", "{}", "{priority: 1000, " + cpu("600m") + "}"));
    assertThat(outcome(r)).isEqualTo(want);
  }

  private static String cpu(String cpu) {
    return "containers: [{name: c, resources: {requests: {cpu: " + cpu + "}}}]";
  }

  private static String outcome(SchedulingResult r) {
    if (r instanceof SchedulingResult.Scheduled s) {
      Preemption p = s.preemption();
      return s.node().name() + (p == null ? "" : " evicting " + String.join(", ", p.victims().stream()
          .map(Pod::name).toList()));
    }
    return "pending: " + ((SchedulingResult.Unschedulable) r).message();
  }
}
