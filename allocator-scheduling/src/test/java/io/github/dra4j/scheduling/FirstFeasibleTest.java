package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.SchedulingFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.NodeAllocationException;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * Under first(), the search stops at the first feasible node in node order: a node that fails
 * (its pool is invalid, so finding nothing there is an error) surfaces when it comes before that
 * node, and does not surface when it comes after (searched in the same round or not at all); a scorer that reads the usage searches every
 * node, so the failure surfaces either way.
 */
final class FirstFeasibleTest {
  private static final ResourceClaimTemplate ONE = new ResourceClaimTemplate(ObjectMeta.named(Builders.NAMESPACE, "one"),
      new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), SchedulingFixtures.claim("one", request("dev", 1)).spec()));

  /* Nodes 0 to 9, each with one device, except the invalid one, whose device takes a counter no set has. */
  private static PodScheduler scheduler(int invalid, NodeScorer scorer) {
    List<Node> nodes = new ArrayList<>();
    List<ResourceSlice> slices = new ArrayList<>();
    for (int n = 0; n < 10; n++) {
      String node = "node-" + n;
      nodes.add(Builders.node(node));
      slices.add(Builders.slice(node, SchedulingFixtures.DRIVER, node, node,
          n == invalid ? Builders.device("dev-0").consumes("nope", "mem", "4") : Builders.device("dev-0")).build());
    }
    Cluster cluster = Cluster.builder().nodes(nodes).slices(slices).classes(List.of(SchedulingFixtures.CLASS_A))
        .templates(List.of(ONE)).build();
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).scorer(scorer).build();
  }

  private static Pod pod(int i) {
    return Pod.of(ObjectMeta.builder().name("pod-" + i).namespace(Builders.NAMESPACE).build(),
        PodSpec.builder().addResourceClaim(PodResourceClaim.ofTemplate("claim", "one")).build());
  }

  @Test
  void aFailingNodeAfterTheFirstFeasible_doesNotSurface() {
    PodScheduler s = scheduler(6, NodeScorer.first());
    for (int i = 0; i < 6; i++) {
      SchedulingResult r = s.schedule(pod(i));
      assertThat(r.isScheduled()).as("pod %d", i).isTrue();
      assertThat(((SchedulingResult.Scheduled) r).node().name()).isEqualTo("node-" + i);
    }
    // nodes 0-5 are full now: node 6 comes first and fails
    assertThatThrownBy(() -> s.schedule(pod(6))).isInstanceOf(NodeAllocationException.class);
  }

  @Test
  void aScorerReadingUsage_searchesEveryNode() {
    PodScheduler s = scheduler(6, usage -> 0.0);
    assertThatThrownBy(() -> s.schedule(pod(0))).isInstanceOf(NodeAllocationException.class);
  }
}
