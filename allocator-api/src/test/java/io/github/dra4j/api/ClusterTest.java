package io.github.dra4j.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cluster's objects sorted by kind, and the pod controllers it holds. */
final class ClusterTest {
  private static final Node N1 = Node.of("n1", Map.of());
  private static final Node N2 = Node.of("n2", Map.of());
  private static final Pod POD = Pod.of(ObjectMeta.named("ns", "p"), PodSpec.builder().build());
  private static final ResourceClaim PENDING = claim("pending", null);

  private static ResourceClaim claim(String name, AllocationResult allocation) {
    return new ResourceClaim(ObjectMeta.named("ns", name),
        new ResourceClaimSpec(new DeviceClaim(List.of(), List.of(), List.of())),
        allocation == null ? null : new ResourceClaimStatus(allocation, List.of()));
  }

  private static PodController deployment() {
    return PodController.builder().kind("Deployment").metadata(ObjectMeta.named("ns", "web")).replicas(2)
        .template(POD).build();
  }

  @Test
  void of_sortsByKind_keepingTheOrderWithinAKind() {
    AllocationResult allocation = new AllocationResult(new DeviceAllocationResult(List.of(), List.of()), null, null);
    ResourceClaim inUse = claim("in-use", allocation);
    Cluster c = Cluster.of(List.of(N2, PENDING, POD, deployment(), N1, inUse));

    assertThat(c.nodes()).containsExactly(N2, N1);
    assertThat(c.claims()).containsExactly(PENDING, inUse);
    assertThat(c.allocatedClaims()).containsExactly(inUse);
    assertThat(c.pods()).containsExactly(POD);
    assertThat(c.controllers()).containsExactly(deployment());
    assertThat(c.node("n1")).isSameAs(N1);
    assertThat(c.node("n3")).isNull();
  }

  @Test
  void of_reportsOtherObjects() {
    List<Object> others = new ArrayList<>();
    Cluster c = Cluster.of(List.of(N1, "text", 7), others::add);

    assertThat(c.nodes()).containsExactly(N1);
    assertThat(others).containsExactly("text", 7);
    assertThatThrownBy(() -> Cluster.of(List.of(N1, "text"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.String").hasMessageContaining("Deployment");
  }

  @Test
  void builder_andToBuilder_giveEqualClusters_andTheListsAreImmutable() {
    Cluster c = Cluster.builder().nodes(List.of(N1)).pods(List.of(POD)).build();

    assertThat(c.toBuilder().build()).isEqualTo(c);
    assertThat(c.toBuilder().nodes(List.of(N2)).build().nodes()).containsExactly(N2);
    assertThat(c.nodes()).containsExactly(N1);
    assertThatThrownBy(() -> c.nodes().add(N2)).isInstanceOf(UnsupportedOperationException.class);
    assertThat(Cluster.empty().nodes()).isEmpty();
    assertThat(new Cluster(null, null, null, null, null, null, null, null, null, null, null, null, null, null)).isEqualTo(Cluster.empty());
  }

  @Test
  void podController_checksKindApiVersionAndCounts() {
    assertThat(deployment().apiVersion()).isEqualTo("apps/v1");
    assertThat(PodController.builder().kind("Job").template(POD).build().apiVersion()).isEqualTo("batch/v1");
    assertThatThrownBy(() -> PodController.builder().kind("CronJob").template(POD).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CronJob");
    assertThatThrownBy(() -> new PodController("apps/v1", "Job", ObjectMeta.named("j"), null, null, null, null, POD, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PodController.builder().kind("ReplicaSet").replicas(-1).template(POD).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
  }
}
