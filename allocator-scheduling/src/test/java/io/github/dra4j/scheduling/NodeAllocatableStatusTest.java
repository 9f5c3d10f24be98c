package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.NodeAllocatableResourceClaimStatus;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The pod's {@code status.nodeAllocatableResourceClaimStatuses}, which kube-scheduler's
 * DynamicResources plugin computes in Filter (buildNodeAllocatableDRAInfo in
 * nodeallocatabledynamicresources.go) and patches into the pod at PreBind: one entry per claim
 * whose allocated devices declare nodeAllocatableResources, sorted by claim name, with the
 * containers that reference it and the mapped resources and overheads sorted by name. The devices
 * are those of {@link NodeAllocatableResourcesTest}.
 */
final class NodeAllocatableStatusTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  @ParameterizedTest(name = "{0}, gate {1}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "gpu; true; [c] mapping [] overhead [cpu perPod=2 perContainer=-, memory perPod=- perContainer=1Gi]",
      "one-core; true; [c] mapping [cpu=4] overhead []",
      "mem-10gi; true; [c] mapping [memory=10Gi] overhead []",
      "gpu; false; -",
      "-; true; -",
  })
  void placedPod_carriesWhatItsClaimsCost(@Nullable String template, boolean gate, @Nullable String want)
      throws Exception {
    SchedulingResult r = scheduler(gate).schedule(pod(template));
    assertThat(r).isInstanceOf(SchedulingResult.Scheduled.class);
    List<NodeAllocatableResourceClaimStatus> statuses = r.pod().status().nodeAllocatableResourceClaimStatuses();
    if (want == null) {
      assertThat(statuses).isEmpty();
      return;
    }
    assertThat(statuses).hasSize(1);
    NodeAllocatableResourceClaimStatus st = statuses.get(0);
    String claim = ((SchedulingResult.Scheduled) r).claims().get(0).name();
    assertThat(st.resourceClaimName()).isEqualTo(claim).startsWith("p-dev-");
    assertThat(render(st)).isEqualTo(want);
  }

  @Test
  void status_isWrittenAndReadBack() throws Exception {
    Pod bound = scheduler(true).schedule(pod("one-core")).pod();
    String yaml = CODEC.writeYaml(List.of(bound));
    assertThat(yaml).contains("nodeAllocatableResourceClaimStatuses");
    assertThat(CODEC.read(yaml, Pod.class)).isEqualTo(bound);
  }

  private static String render(NodeAllocatableResourceClaimStatus st) {
    List<String> mapping = new ArrayList<>();
    st.mapping().forEach(m -> mapping.add(m.name() + "=" + m.quantity()));
    List<String> overhead = new ArrayList<>();
    st.overhead().forEach(o -> overhead.add(o.name() + " perPod=" + (o.perPod() == null ? "-" : o.perPod())
        + " perContainer=" + (o.perContainer() == null ? "-" : o.perContainer())));
    return st.containers() + " mapping " + mapping + " overhead " + overhead;
  }

  private static Pod pod(@Nullable String template) throws Exception {
    String claims = template == null ? "" : ", claims: [{name: dev}]";
    String podClaims = template == null ? "" : "\n  resourceClaims: [{name: dev, resourceClaimTemplateName: " + template + "}]";
    return CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default, uid: u-p}\nspec:\n"
        + "  containers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}" + claims + "}}]" + podClaims + "\n",
        Pod.class);
  }

  private static PodScheduler scheduler(boolean gate) throws Exception {
    Cluster cluster = Cluster.of(CODEC.readAll(NodeAllocatableResourcesTest.CLUSTER, "cluster.yaml"));
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster).preemption(false)
        .nodeAllocatableResources(gate).build();
  }
}
