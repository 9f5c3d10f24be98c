package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The PodLevelResources gate. With it off, the API server drops {@code spec.resources} from a new
 * pod (dropDisabledPodLevelResources in pkg/api/pod/util.go) and kube-scheduler's NodeResourcesFit,
 * its scores and its cache ignore the field of pods created before (SkipPodLevelResources set from
 * the gate), so the containers' sum is what a pod asks of its node, for the pod being scheduled and
 * for the pods already bound. Nodes: node-1 with 4 cpu, node-2 with 8; the first node that fits wins.
 */
final class PodLevelResourcesGateTest {
  private static final String POD_LEVEL_6 =
      "{resources: {requests: {cpu: '6'}}, containers: [{name: c, resources: {requests: {cpu: '1'}}}]}";
  private static final String POD_LEVEL_9 = "{resources: {requests: {cpu: '9'}}, containers: [{name: c}]}";
  private static final String BOUND_POD_LEVEL_3 = "{nodeName: node-1, resources: {requests: {cpu: '3'}},"
      + " containers: [{name: c, resources: {requests: {cpu: '1'}}}]}";
  private static final String CONTAINERS_2 = "{containers: [{name: c, resources: {requests: {cpu: '2'}}}]}";

  @ParameterizedTest(name = "{0}, gate {3}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "the pod-level request decides the node; -; POD_LEVEL_6; true; node-2",
      "the pod-level request decides the node; -; POD_LEVEL_6; false; node-1",
      "a pod-level request above every node; -; POD_LEVEL_9; true; 0/2 nodes are available: 2 Insufficient cpu.",
      "a pod-level request above every node; -; POD_LEVEL_9; false; node-1",
      "a bound pod's pod-level request fills its node; BOUND_POD_LEVEL_3; CONTAINERS_2; true; node-2",
      "a bound pod's pod-level request fills its node; BOUND_POD_LEVEL_3; CONTAINERS_2; false; node-1",
  })
  void schedule(String name, @Nullable String bound, String pending, boolean gate, String want) {
    SchedulingResult r = scheduler(bound, gate).schedule(pod("p", "{}", spec(pending)));
    if (want.startsWith("node-")) {
      assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class,
          sc -> assertThat(sc.node().name()).isEqualTo(want));
    } else {
      assertThat(r).isInstanceOfSatisfying(SchedulingResult.Unschedulable.class,
          u -> assertThat(u.message()).startsWith(want));
    }
  }

  /* The pod placed is the pod as the API server stores it: without spec.resources when the gate is off. */
  @ParameterizedTest(name = "gate {0}")
  @CsvSource({"true, true", "false, false"})
  void placedPod_keepsSpecResourcesOnlyWithTheGate(boolean gate, boolean kept) {
    Pod pod = pod("p", "{}", POD_LEVEL_6);
    SchedulingResult r = scheduler(null, gate).schedule(pod);
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class,
        sc -> assertThat(sc.pod().spec().resources() != null).isEqualTo(kept));
    assertThat(pod.spec().resources()).as("the input is unchanged").isNotNull();
  }

  @Test
  void fits_ignoresPodLevelRequestsWithTheGateOff() {
    Pod pod = pod("p", "{}", POD_LEVEL_9);
    PodScheduler on = scheduler(null, true);
    PodScheduler off = scheduler(null, false);
    assertThat(on.fits(pod, on.nodes())).isEmpty();
    assertThat(off.fits(pod, off.nodes())).extracting(Node::name).containsExactly("node-1", "node-2");
  }

  private static PodScheduler scheduler(@Nullable String bound, boolean gate) {
    List<Object> objects = new ArrayList<>();
    objects.add(node("node-1", "{}", "{}", "{allocatable: {cpu: '4', memory: 16Gi, pods: '110'}}"));
    objects.add(node("node-2", "{}", "{}", "{allocatable: {cpu: '8', memory: 16Gi, pods: '110'}}"));
    if (bound != null) {
      objects.add(pod("bound", "{}", spec(bound)));
    }
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(objects))
        .podLevelResources(gate).preemption(false).build();
  }

  private static String spec(String name) {
    switch (name) {
      case "POD_LEVEL_6":
        return POD_LEVEL_6;
      case "POD_LEVEL_9":
        return POD_LEVEL_9;
      case "BOUND_POD_LEVEL_3":
        return BOUND_POD_LEVEL_3;
      case "CONTAINERS_2":
        return CONTAINERS_2;
      default:
        return name;
    }
  }
}
