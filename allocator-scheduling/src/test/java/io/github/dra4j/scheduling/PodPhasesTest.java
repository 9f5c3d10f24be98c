package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.filter;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodStatus;
import java.util.List;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Terminated pods ({@code status.phase} Succeeded or Failed) and terminating pods ({@code
 * metadata.deletionTimestamp}). kube-scheduler's pod informer lists no terminated pod (scheduler.go
 * newPodInformer), it skips a pending pod being deleted (schedule_one.go skipPodSchedule), and
 * PodTopologySpread alone leaves a bound terminating pod uncounted (common.go countPodsMatchSelector):
 * "terminating Pods should be excluded" of TestSingleConstraint (podtopologyspread/filtering_test.go)
 * and TestPodTopologySpreadScore (podtopologyspread/scoring_test.go). NodeResourcesFit, NodePorts and
 * InterPodAffinity still count it, as their upstream code does not look at deletionTimestamp.
 */
final class PodPhasesTest {
  private static final String DELETED = "2026-11-27T10:00:00Z";

  /** {@return the pod with this phase and deletionTimestamp} */
  private static Pod with(Pod pod, @Nullable String phase, @Nullable String deletionTimestamp) {
    return new Pod(pod.metadata().toBuilder().deletionTimestamp(deletionTimestamp).build(), pod.spec(),
        new PodStatus(List.of(), null, phase));
  }

  private static final String FOO_SPREAD = "[{maxSkew: 1, topologyKey: node, whenUnsatisfiable: %s,"
      + " labelSelector: {matchExpressions: [{key: foo, operator: Exists}]}}]";

  private static Pod spreading(String when, String key) {
    return pod("p", "{foo: ''}", "{containers: [{name: c}], topologySpreadConstraints: "
        + FOO_SPREAD.formatted(when).replace("topologyKey: node", "topologyKey: " + key) + "}");
  }

  @Test
  void podTopologySpreadFilter_terminatingPodsShouldBeExcluded() {
    List<Node> nodes = List.of(node("node-a", "{node: node-a}", "{}", "{}"), node("node-b", "{node: node-b}", "{}", "{}"));
    Pod pod = spreading("DoNotSchedule", "node");
    List<Pod> existing = List.of(
        with(on(nodes.get(0), pod("p-a", "{foo: ''}", "{containers: [{name: c}]}")), null, DELETED),
        on(nodes.get(1), pod("p-b", "{foo: ''}", "{containers: [{name: c}]}")));
    assertThat(filter("PodTopologySpread", pod, nodes.get(0), nodes, existing)).isEmpty();
    assertThat(filter("PodTopologySpread", pod, nodes.get(1), nodes, existing))
        .containsExactly(TopologySpread.CONSTRAINTS_MISMATCH);
    // counted while it is not being deleted
    List<Pod> running = List.of(on(nodes.get(0), pod("p-a", "{foo: ''}", "{containers: [{name: c}]}")), existing.get(1));
    assertThat(filter("PodTopologySpread", pod, nodes.get(1), nodes, running)).isEmpty();
  }

  @Test
  void podTopologySpreadScore_terminatingPodsShouldBeExcluded() {
    List<Node> nodes = List.of(node("node-a", "{kubernetes.io/hostname: node-a}", "{}", "{}"),
        node("node-b", "{kubernetes.io/hostname: node-b}", "{}", "{}"));
    Pod pod = spreading("ScheduleAnyway", "kubernetes.io/hostname");
    List<Pod> existing = List.of(
        with(on(nodes.get(0), pod("p-a", "{foo: ''}", "{containers: [{name: c}]}")), null, DELETED),
        on(nodes.get(1), pod("p-b", "{foo: ''}", "{containers: [{name: c}]}")));
    Cycle in = new Cycle(pod, List.of(), List.of(), new NodeInfos(nodes, existing));
    assertThat(SpreadAndAffinityScores.spread(in, IntStream.range(0, 2).toArray())).containsExactly(100, 0);
  }

  @Test
  void interPodAffinity_stillCountsATerminatingPod() {
    Node node1 = node("node1", "{zone: z1}", "{}", "{}");
    Pod existing = with(on(node1, pod("e", "{app: db}", "{affinity: {podAntiAffinity: {requiredDuringSchedulingIgnored"
        + "DuringExecution: [{labelSelector: {matchLabels: {app: web}}, topologyKey: zone}]}}, containers: [{name: c}]}")),
        null, DELETED);
    assertThat(filter("InterPodAffinity", pod("p", "{app: web}", "{containers: [{name: c}]}"), node1, List.of(node1),
        List.of(existing))).containsExactly(InterPodAffinity.EXISTING_ANTI_AFFINITY_MISMATCH);
  }

  @ParameterizedTest(name = "phase {0}, deletionTimestamp {1}: fits {2}")
  @CsvSource(nullValues = "-", value = {
      "-, -, false", "Running, -, false", "Pending, -, false", "Unknown, -, false",
      "Running, " + DELETED + ", false", // NodeResourcesFit counts a terminating pod
      "Succeeded, -, true", "Failed, -, true", "Failed, " + DELETED + ", true"})
  void boundPods_holdTheirNodesResources_untilTheyTerminate(@Nullable String phase, @Nullable String deleted,
      boolean fits) {
    Node node = node("node-1", "{}", "{}", "{allocatable: {cpu: '2', memory: 4Gi, pods: '10'}}");
    Pod busy = with(on(node, pod("busy", "{}", "{containers: [{name: c, resources: {requests: {cpu: '2'}}}]}")), phase,
        deleted);
    PodScheduler scheduler = PodScheduler.builder(SchedulingFixtures.allocator())
        .cluster(Cluster.builder().nodes(List.of(node)).pods(List.of(busy)).build()).build();
    SchedulingResult r = scheduler.schedule(pod("p", "{}", "{containers: [{name: c, resources: {requests: {cpu: '1'}}}]}"));
    assertThat(r.isScheduled()).as("%s", r).isEqualTo(fits);
  }

  @Test
  void scheduleAll_skipsPendingPodsThatTerminatedOrAreBeingDeleted() {
    Node node = node("node-1", "{}", "{}", "{allocatable: {cpu: '2', memory: 4Gi, pods: '10'}}");
    PodScheduler scheduler = PodScheduler.builder(SchedulingFixtures.allocator())
        .cluster(Cluster.builder().nodes(List.of(node)).build()).build();
    Pod plain = pod("plain", "{}", "{containers: [{name: c}]}");
    List<SchedulingResult> results = scheduler.scheduleAll(List.of(
        with(pod("done", "{}", "{containers: [{name: c}]}"), PodStatus.SUCCEEDED, null),
        with(pod("failed", "{}", "{containers: [{name: c}]}"), PodStatus.FAILED, null),
        with(pod("deleted", "{}", "{containers: [{name: c}]}"), "Pending", DELETED),
        with(plain, "Pending", null)));
    assertThat(results).extracting(r -> r.pod().name()).containsExactly("plain");
    assertThat(results.get(0).pod().status().phase()).isEqualTo("Pending"); // the status keeps the phase
  }
}
