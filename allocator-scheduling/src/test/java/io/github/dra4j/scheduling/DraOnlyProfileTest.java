package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static io.github.dra4j.scheduling.SchedulerConfigurationTest.CPU4;
import static io.github.dra4j.scheduling.SchedulerConfigurationTest.identical;
import static io.github.dra4j.scheduling.SchedulerConfigurationTest.scheduler;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DRA alone as kube-scheduler runs it, the {@code dra-scored} baseline of DefaultPluginsBenchmark:
 * a profile that disables every Filter and Score plugin but DynamicResources. No other filter
 * refuses a node, no other score moves the pod, and the cycle still looks for and scores the
 * feasible nodes the adaptive percentageOfNodesToScore gives (not the one node a profile without
 * Score plugins looks for, not every node).
 */
final class DraOnlyProfileTest {
  static final String DRA_ONLY = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
      + "profiles:\n- plugins:\n"
      + "    filter: {disabled: [{name: '*'}], enabled: [{name: DynamicResources}]}\n"
      + "    score: {disabled: [{name: '*'}], enabled: [{name: DynamicResources}]}\n";

  private static SchedulerConfiguration config(String yaml) throws DecodeException {
    return SchedulerConfigurationReader.read(yaml, "sched.yaml", PluginFixtures.CODEC);
  }

  private static String placed(SchedulingResult r) {
    if (r instanceof SchedulingResult.Unschedulable u) {
      return u.message();
    }
    return r instanceof SchedulingResult.Scheduled s ? s.node().name() : r.toString();
  }

  @Test
  void theProfile_runsDynamicResourcesAloneAtFilterAndScore() throws DecodeException {
    SchedulingProfile p = new SchedulingProfile(config(DRA_ONLY).profiles().get(0));
    assertThat(p.config.filters()).containsExactly("DynamicResources");
    assertThat(p.config.scores()).containsExactly(new SchedulerConfiguration.Weighted("DynamicResources", 1));
    assertThat(new int[] {p.taintToleration, p.nodeAffinity, p.podTopologySpread, p.interPodAffinity,
        p.resourcesFit, p.balancedAllocation, p.imageLocality}).containsOnly(0);
    assertThat(p.dynamicResources).isEqualTo(1);
  }

  /** Nodes the default filters refuse (unschedulable, tainted, too little cpu) are feasible to DRA alone. */
  @Test
  void noOtherFilterRefuses() throws DecodeException {
    List<Node> nodes = List.of(node("cordoned", "{}", "{unschedulable: true}", CPU4),
        node("tainted", "{}", "{taints: [{key: gpu, value: 'true', effect: NoSchedule}]}", CPU4),
        node("small", "{}", "{}", "{allocatable: {cpu: '1', memory: 8Gi, pods: '110'}}"));
    Pod p = pod("p", "{}", "{containers: [{name: c, resources: {requests: {cpu: '2'}}}]}");
    assertThat(placed(scheduler(nodes, List.of(), SchedulerConfiguration.defaults()).schedule(p)))
        .isEqualTo("0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s),"
            + " 1 node(s) were unschedulable. preemption: 0/3 nodes are available:"
            + " 3 Preemption is not helpful for scheduling..");
    assertThat(placed(scheduler(nodes, List.of(), config(DRA_ONLY)).schedule(p))).isEqualTo("cordoned");
  }

  /**
   * The default scores send the pod to {@code free} (no PreferNoSchedule taint, its preferred
   * node affinity, no pod yet, no anti-affinity with the bound pod); DRA alone scores both nodes
   * alike and the first in node order wins.
   */
  @Test
  void noOtherScoreChooses() throws DecodeException {
    Node busy = node("busy", "{}", "{taints: [{key: spot, value: 'true', effect: PreferNoSchedule}]}", CPU4);
    Node free = node("free", "{fast: 'yes'}", "{}", CPU4);
    Pod existing = on(busy, pod("existing", "{app: train}",
        "{containers: [{name: c, resources: {requests: {cpu: '2', memory: 4Gi}}}]}"));
    Pod p = pod("p", "{app: train}", "{containers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}}}],"
        + " affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution:"
        + " [{weight: 10, preference: {matchExpressions: [{key: fast, operator: Exists}]}}]},"
        + " podAntiAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 10, podAffinityTerm:"
        + " {topologyKey: kubernetes.io/hostname, labelSelector: {matchLabels: {app: train}}}}]}}}");
    List<Node> nodes = List.of(busy, free);
    assertThat(placed(scheduler(nodes, List.of(existing), SchedulerConfiguration.defaults()).schedule(p)))
        .isEqualTo("free");
    assertThat(placed(scheduler(nodes, List.of(existing), config(DRA_ONLY)).schedule(p))).isEqualTo("busy");
  }

  /**
   * At 1,000 nodes the adaptive percentage is 50 - 1000 / 125 = 42%: a cycle scores 420 feasible
   * nodes from the round-robin start, the next starts after them. All score alike, so the first
   * scored in node order wins: n000 (n000..n419), n420 (n420..n839), n000 (n840..n999 and
   * n000..n259), n260.
   */
  @Test
  void scoresTheAdaptiveShareOfTheNodes() throws DecodeException {
    PodScheduler s = scheduler(identical(1000), List.of(), config(DRA_ONLY));
    List<String> got = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      got.add(placed(s.schedule(pod("p" + i, "{}", "{containers: [{name: c}]}"))));
    }
    assertThat(got).containsExactly("n000", "n420", "n000", "n260");
  }
}
