package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * DefaultPreemption, table-driven. The cases take their names, priorities and shapes from
 * upstream's defaultpreemption/default_preemption_test.go (TestDryRunPreemption,
 * TestSelectBestCandidate) and preemption_test.go (TestPickOneNodeForPreemption), with
 * priorities neg -100, low 0, mid 100, high 1000 and nodes of 1000m cpu; the victims are the
 * pods upstream expects there. Where upstream accepts either of two nodes (map order), dra4j
 * takes the first in node order.
 */
final class PreemptionTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  /** One case: bound pods "node/name/priority/cpu[/label]", the pending pod, the expected node and victims. */
  record Case(String name, List<String> nodes, String bound, int priority, String cpu, @Nullable String node,
      List<String> victims, int violations, String message, String extra, Consumer<PodScheduler.Builder> options) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Case fits(String name, String bound, int priority, String cpu, String node, String... victims) {
    return new Case(name, List.of("node1", "node2", "node3"), bound, priority, cpu, node, List.of(victims), 0, "",
        "", b -> { });
  }

  private static Case fails(String name, String bound, int priority, String cpu, String message) {
    return new Case(name, List.of("node1", "node2"), bound, priority, cpu, null, List.of(), 0, message, "", b -> { });
  }

  private static Case with(Case c, String extra, int violations) {
    return new Case(c.name(), c.nodes(), c.bound(), c.priority(), c.cpu(), c.node(), c.victims(), violations,
        c.message(), extra, c.options());
  }

  /* p1 (node1) and p3 (node3, not a victim) carry app: foo; p2 (node2) does not. */
  private static Case budget(String name, String spec, String status, String node, String victim) {
    return with(fits(name, "node1/p1/0/500m/foo node2/p2/0/500m node3/p3/1000/900m/foo", 1000, "600m", node, victim),
        PDB.replace("spec: {", "spec: {" + (spec.isEmpty() ? "" : spec + ", ")) + status, 0);
  }

  private static final String PDB = "apiVersion: policy/v1\nkind: PodDisruptionBudget\n"
      + "metadata: {name: pdb, namespace: default}\nspec: {selector: {matchLabels: {app: foo}}}\n";

  static Stream<Case> cases() {
    return Stream.of(
        fails("a pod that does not fit on any node", "node1/p1/100/100m node2/p2/100/100m", 1000, "1100m",
            "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available:"
                + " 2 Preemption is not helpful for scheduling.."),
        fits("a pod that fits on one node with preemption",
            "node1/p1/100/500m node2/p2/1000/500m node3/p3/1000/500m", 1000, "600m", "node1", "p1"),
        fits("a pod that fits on both nodes when lower priority pods are preempted",
            "node1/p1/100/500m node2/p2/100/500m node3/p3/1000/500m", 1000, "600m", "node1", "p1"),
        fails("a pod that would fit on the nodes, but other pods running are higher priority, no preemption would happen",
            "node1/p1/1000/500m node2/p2/1000/500m", 100, "600m",
            "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available:"
                + " 2 No preemption victims found for incoming pod.."),
        fits("medium priority pod is preempted, but lower priority one stays as it is small",
            "node1/p1.1/0/100m node1/p1.2/100/500m node2/p2.1/1000/900m node3/p3.1/1000/900m", 1000, "600m",
            "node1", "p1.2"),
        fits("mixed priority pods are preempted",
            "node1/p1.1/100/200m node1/p1.2/0/200m node1/p1.3/1000/200m node1/p1.4/100/300m"
                + " node2/p2.1/1000/900m node3/p3.1/1000/900m", 1000, "600m", "node1", "p1.4", "p1.2"),
        with(fits("preemption with violation of same pdb",
            "node1/p1.1/100/400m/foo node1/p1.2/100/400m/foo node2/p2.1/1000/900m node3/p3.1/1000/900m", 1000,
            "900m", "node1", "p1.1", "p1.2"), PDB + "status: {disruptionsAllowed: 1}\n", 1),
        with(fits("preemption with violation of the pdb with pod whose eviction was processed, the victim which"
                + " belongs to DisruptedPods is treated as 'nonViolating'",
            "node1/p1.1/100/400m/foo node1/p1.2/100/400m/foo node2/p2.1/1000/900m node3/p3.1/1000/900m", 1000,
            "900m", "node1", "p1.1", "p1.2"),
            PDB + "status: {disruptionsAllowed: 0, disruptedPods: {p1.2: '2026-11-27T10:00:00Z'}}\n", 1),
        with(fits("a node whose victims break no budget wins over one whose victims would",
            "node1/p1/0/500m/foo node2/p2/0/500m node3/p3/1000/900m", 1000, "600m", "node2", "p2"),
            PDB + "status: {disruptionsAllowed: 0}\n", 0),
        // Budgets without status (hand-written): the disruption controller's count over the covered
        // pods p1 and p3 decides whether evicting p1 breaks the budget; a status given wins.
        budget("minAvailable 2 of 2 covered: evicting p1 breaks it", "minAvailable: 2", "", "node2", "p2"),
        budget("minAvailable 1 of 2 covered: one may go", "minAvailable: 1", "", "node1", "p1"),
        budget("minAvailable 50% of 2 covered, rounded up: one may go", "minAvailable: '50%'", "", "node1", "p1"),
        budget("minAvailable 51% of 2 covered, rounded up: none may go", "minAvailable: '51%'", "", "node2", "p2"),
        budget("maxUnavailable 0", "maxUnavailable: 0", "", "node2", "p2"),
        budget("maxUnavailable 1% of 2 covered, rounded up: one may go", "maxUnavailable: '1%'", "", "node1", "p1"),
        budget("neither: none may go", "", "", "node2", "p2"),
        budget("a status given wins over minAvailable", "minAvailable: 0", "status: {disruptionsAllowed: 0}\n",
            "node2", "p2"),
        fits("node with min highest priority pod is picked",
            "node1/p1.1/100/500m node1/p1.2/0/500m node2/p2.1/100/500m node2/p2.2/100/500m"
                + " node3/p3.1/0/500m node3/p3.2/0/500m", 1000, "1000m", "node3", "p3.1", "p3.2"),
        fits("when highest priorities are the same, minimum sum of lowest priority pods is picked",
            "node1/p1.1/100/500m node1/p1.2/0/500m node2/p2.1/100/500m node2/p2.2/-100/500m"
                + " node3/p3.1/100/500m node3/p3.2/0/500m", 1000, "1000m", "node2", "p2.1", "p2.2"),
        fits("the smallest sum of priorities, each shifted to be positive so that more victims weigh more, is picked",
            "node1/p1.1/100/300m node1/p1.2/100/300m node1/p1.3/100/300m node2/p2.1/100/900m"
                + " node3/p3.1/1000/900m", 1000, "900m", "node2", "p2.1"),
        new Case("a pod with preemptionPolicy Never does not preempt", List.of("node1"), "node1/p1/0/500m", 1000,
            "600m", null, List.of(), 0, "0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to"
                + " preemptionPolicy=Never..", "never", b -> { }),
        new Case("preemption turned off", List.of("node1"), "node1/p1/0/500m", 1000, "600m", null, List.of(), 0,
            "0/1 nodes are available: 1 Insufficient cpu.", "", b -> b.preemption(false)),
        new Case("a tainted node is not helped by preemption", List.of("node1", "tainted"),
            "node1/p1/1000/500m tainted/p2/0/500m", 1000, "600m", null, List.of(), 0,
            "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: 0/2 nodes"
                + " are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for"
                + " scheduling..", "", b -> { }));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void preempt(Case c) throws DecodeException {
    List<Object> objects = new ArrayList<>();
    for (String n : c.nodes()) {
      String taints = n.equals("tainted") ? ", taints: [{key: gpu, value: 'true', effect: NoSchedule}]" : "";
      objects.add(CODEC.read("apiVersion: v1\nkind: Node\nmetadata: {name: " + n + "}\nspec: {unschedulable: false"
          + taints + "}\nstatus: {allocatable: {cpu: 1000m, pods: '110'}}\n", io.github.dra4j.api.Node.class));
    }
    for (String e : c.bound().split(" ", -1)) {
      String[] f = e.split("/", -1);
      String labels = f.length > 4 ? "{app: " + f[4] + "}" : "{}";
      objects.add(CODEC.read(pod(f[1], labels, "nodeName: " + f[0] + ", priority: " + f[2] + ", " + requests(f[3])),
          Pod.class));
    }
    if (c.extra().startsWith("apiVersion")) {
      objects.addAll(CODEC.readAll(c.extra(), "pdb.yaml"));
    }
    Cluster cluster = Cluster.of(objects);
    PodScheduler.Builder b = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster);
    c.options().accept(b);
    PodScheduler s = b.build();
    String policy = c.extra().equals("never") ? "preemptionPolicy: Never, " : "";
    Pod pending = CODEC.read(pod("preemptor", "{}", policy + "priority: " + c.priority() + ", " + requests(c.cpu())),
        Pod.class);
    SchedulingResult r = s.schedule(pending);
    if (c.node() == null) {
      assertThat(r).isInstanceOfSatisfying(SchedulingResult.Unschedulable.class,
          u -> assertThat(u.message()).isEqualTo(c.message()));
      return;
    }
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class, sc -> {
      assertThat(sc.node().name()).isEqualTo(c.node());
      Preemption p = sc.preemption();
      assertThat(p).isNotNull();
      assertThat(p.node().name()).isEqualTo(c.node());
      assertThat(p.victims()).extracting(Pod::name).containsExactlyElementsOf(c.victims());
      assertThat(p.pdbViolations()).isEqualTo(c.violations());
    });
    // the victims left the node, the preemptor is bound there
    List<String> onNode = new ArrayList<>();
    s.infos.pods(s.cache.position(((SchedulingResult.Scheduled) r).node())).forEach(bound -> onNode.add(bound.pod().name()));
    assertThat(onNode).contains("preemptor").doesNotContainAnyElementsOf(c.victims());
  }

  private static String pod(String name, String labels, String spec) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default, labels: " + labels
        + "}\nspec: {" + spec + "}\n";
  }

  private static String requests(String cpu) {
    return "containers: [{name: c, resources: {requests: {cpu: " + cpu + "}}}]";
  }

  @org.junit.jupiter.api.Test
  void minCandidateNodes_validatedAsUpstream() {
    PodScheduler.Builder b = PodScheduler.builder(SchedulingFixtures.allocator());
    assertThatThrownBy(() -> b.minCandidateNodes(101, 1)).hasMessageContaining("minCandidateNodesPercentage");
    assertThatThrownBy(() -> b.minCandidateNodes(10, -1)).hasMessageContaining("minCandidateNodesAbsolute");
    assertThatThrownBy(() -> b.minCandidateNodes(0, 0)).hasMessageContaining("cannot be zero");
    Preemptor.MinCandidateNodes p = Preemptor.MinCandidateNodes.DEFAULTS;
    assertThat(p.numCandidates(1000)).isEqualTo(100);
    assertThat(p.numCandidates(5000)).isEqualTo(500);
    assertThat(p.numCandidates(50)).isEqualTo(50);
    Preemptor.MinCandidateNodes half = Preemptor.MinCandidateNodes.of(50, 1);
    assertThat(half.numCandidates(10)).isEqualTo(5);
    assertThat(half.numCandidates(1)).isEqualTo(1);
  }
}
