package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which nodes DefaultPreemption tries, as the filters' statuses decide it: NodeResourcesFit
 * returns UnschedulableAndUnresolvable when the pod alone asks more of a resource than the node's
 * allocatable (noderesources/fit.go, InsufficientResource.Unresolvable; "Too many pods" stays
 * Unschedulable), and such a node reads "Preemption is not helpful for scheduling" in the
 * message. Nodes are "name:cpu:pods" allocatable; bound pods "node/name/priority/resources", the
 * resources the YAML of the pod's {@code containers} and optional {@code resources}; the pending
 * pod has priority 1000.
 */
final class PreemptionStatusTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String LOW_3CPU = "containers: [{name: c, resources: {requests: {cpu: '3'}}}]";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "two nodes too small, one whose pods may not be evicted; small-1:1:110 small-2:1:110 big:4:110;"
          + " big/high/2000/" + LOW_3CPU + "; containers: [{name: c, resources: {requests: {cpu: '2'}}}];"
          + " 0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available:"
          + " 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..",
      "a pod-level request above every node's allocatable; a:4:110 b:4:110; a/low/0/" + LOW_3CPU + ";"
          + " resources: {requests: {cpu: '5'}}, containers: [{name: c}];"
          + " 0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available:"
          + " 2 Preemption is not helpful for scheduling..",
      "a node short of cpu it has, and of pods; a:4:1 b:1:110; a/low/0/" + LOW_3CPU + ";"
          + " containers: [{name: c, resources: {requests: {cpu: '2'}}}]; scheduled on a evicting low",
      "one unresolvable resource makes the node unresolvable; a:4:1; a/high/2000/containers: [{name: c}];"
          + " containers: [{name: c, resources: {requests: {cpu: '5'}}}];"
          + " 0/1 nodes are available: 1 Insufficient cpu, 1 Too many pods. preemption: 0/1 nodes are available:"
          + " 1 Preemption is not helpful for scheduling..",
      "too many pods alone may be helped; a:4:1; a/low/0/containers: [{name: c}];"
          + " containers: [{name: c, resources: {requests: {cpu: '2'}}}]; scheduled on a evicting low",
      "a victim's pod-level request is what its eviction frees; a:4:110; a/low/0/resources: {requests: {cpu: '3'}},"
          + " containers: [{name: c, resources: {requests: {cpu: '1'}}}];"
          + " containers: [{name: c, resources: {requests: {cpu: '2'}}}]; scheduled on a evicting low",
  })
  void preemption(String name, String nodes, String bound, String pending, String want) throws DecodeException {
    List<Object> objects = new ArrayList<>();
    for (String n : nodes.strip().split(" +", -1)) {
      String[] f = n.split(":", -1);
      objects.add(CODEC.read("apiVersion: v1\nkind: Node\nmetadata: {name: " + f[0] + "}\nstatus: {allocatable: {cpu: '"
          + f[1] + "', pods: '" + f[2] + "'}}\n", io.github.dra4j.api.Node.class));
    }
    String[] b = bound.strip().split("/", 4);
    objects.add(CODEC.read(pod(b[1], "nodeName: " + b[0] + ", priority: " + b[2] + ", " + b[3]), Pod.class));
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(objects)).build();
    SchedulingResult r = s.schedule(CODEC.read(pod("preemptor", "priority: 1000, " + pending), Pod.class));
    if (want.startsWith("scheduled")) {
      assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class, sc -> {
        Preemption p = sc.preemption();
        assertThat(p).isNotNull();
        assertThat("scheduled on " + sc.node().name() + " evicting "
            + String.join(" ", p.victims().stream().map(Pod::name).toList())).isEqualTo(want);
      });
    } else {
      assertThat(r).isInstanceOfSatisfying(SchedulingResult.Unschedulable.class,
          u -> assertThat(u.message()).isEqualTo(want));
    }
  }

  private static String pod(String name, String spec) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default}\nspec: {" + spec + "}\n";
  }
}
