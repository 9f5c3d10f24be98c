package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A pod whose victims are still terminating does not preempt again: DefaultPreemption's
 * PodEligibleToPreemptOthers (default_preemption.go) refuses a pod nominated to a node
 * ({@code status.nominatedNodeName}) that holds a lower-priority pod terminating by preemption
 * (podTerminatingByPreemption: {@code deletionTimestamp} set and a {@code DisruptionTarget}
 * condition, status True, reason PreemptionByScheduler), unless the pod's filters find that node
 * UnschedulableAndUnresolvable. Nodes node1 and node2 have 1000m cpu; v (node1) and w (node2),
 * priority 0, use 500m each; the pending pod, priority 1000, asks 600m.
 */
final class PreemptionTerminatingTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String DELETING = "deletionTimestamp: '2026-11-28T08:00:00Z'";
  private static final String BY_SCHEDULER =
      "[{type: DisruptionTarget, status: 'True', reason: PreemptionByScheduler}]";
  private static final String WAITS = "0/2 nodes are available: 2 Insufficient cpu. preemption: not eligible due to a"
      + " terminating pod on the nominated node..";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "nominated to node1, where v terminates by preemption: waits; node1; DELETING; BY_SCHEDULER; 0; -; " + "WAITS",
      "not nominated: preempts; -; DELETING; BY_SCHEDULER; 0; -; node1 v",
      "v being deleted without DisruptionTarget: preempts; node1; DELETING; -; 0; -; node1 v",
      "v disrupted for another reason: preempts; node1; DELETING;"
          + " [{type: DisruptionTarget, status: 'True', reason: EvictionByEvictionAPI}]; 0; -; node1 v",
      "v marked but not being deleted: preempts; node1; -; BY_SCHEDULER; 0; -; node1 v",
      "DisruptionTarget False: preempts; node1; DELETING;"
          + " [{type: DisruptionTarget, status: 'False', reason: PreemptionByScheduler}]; 0; -; node1 v",
      "v terminating with the pod's priority is no victim: preempts on node2; node1; DELETING; BY_SCHEDULER; 1000;"
          + " -; node2 w",
      "nominated node1 now unresolvable for the pod: preempts on node2; node1; DELETING; BY_SCHEDULER; 0; b;"
          + " node2 w",
  })
  void preempt(String name, @Nullable String nominated, @Nullable String deleting, @Nullable String conditions,
      int victimPriority, @Nullable String zone, String want) throws Exception {
    List<Object> objects = new ArrayList<>();
    objects.add(CODEC.read("apiVersion: v1\nkind: Node\nmetadata: {name: node1, labels: {zone: a}}\n"
        + "status: {allocatable: {cpu: 1000m, pods: '110'}}\n", Node.class));
    objects.add(CODEC.read("apiVersion: v1\nkind: Node\nmetadata: {name: node2, labels: {zone: b}}\n"
        + "status: {allocatable: {cpu: 1000m, pods: '110'}}\n", Node.class));
    String meta = deleting == null ? "" : ", " + DELETING;
    String status = conditions == null ? "{}" : "{conditions: " + (conditions.equals("BY_SCHEDULER") ? BY_SCHEDULER
        : conditions) + "}";
    objects.add(pod("v", meta, "nodeName: node1, priority: " + victimPriority + ", ", status));
    objects.add(pod("w", "", "nodeName: node2, priority: 0, ", "{}"));
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(objects)).build();
    Pod pending = pod("p", "", "priority: 1000, " + (zone == null ? "" : "nodeSelector: {zone: " + zone + "}, "),
        nominated == null ? "{}" : "{nominatedNodeName: " + nominated + "}");
    SchedulingResult r = s.schedule(pending);
    if (want.equals("WAITS")) {
      assertThat(r).isInstanceOfSatisfying(SchedulingResult.Unschedulable.class,
          u -> assertThat(u.message()).isEqualTo(WAITS));
      return;
    }
    String[] placed = want.split(" ", -1);
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class, sc -> {
      assertThat(sc.node().name()).isEqualTo(placed[0]);
      assertThat(sc.preemption()).isNotNull();
      assertThat(sc.preemption().victims()).extracting(Pod::name).containsExactly(placed[1]);
    });
  }

  private static Pod pod(String name, String meta, String spec, String status) throws Exception {
    return CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default" + meta + "}\n"
        + "spec: {" + spec + "containers: [{name: c, resources: {requests: {cpu: " + (name.equals("p") ? "600m" : "500m")
        + "}}}]}\nstatus: " + status + "\n", Pod.class);
  }
}
