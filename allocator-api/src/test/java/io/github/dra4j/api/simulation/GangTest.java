package io.github.dra4j.api.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodGroupSchedulingPolicy;
import io.github.dra4j.api.PodGroupSpec;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The structural rules of a gang pod kind: size, minCount, group claims made from templates and used by the pod. */
final class GangTest {
  private static final Pod POD = Pod.of(ObjectMeta.named("default", "train"), PodSpec.builder()
      .addResourceClaim(PodResourceClaim.ofTemplate("imex", "imex-channel")).build());

  @Test
  void of_buildsAGangPolicyWithTheTopologyAndClaims() {
    Gang g = Gang.of(4, 3, "rack", List.of(PodGroupResourceClaim.ofTemplate("imex", "imex-channel")));

    assertThat(g.minCount()).isEqualTo(3);
    assertThat(g.spec().schedulingConstraints()).isNotNull();
    assertThat(g.spec().schedulingConstraints().topologyKey()).isEqualTo("rack");
    assertThat(new PodKind("train", POD, List.of(), 1, null, g).gang()).isSameAs(g);
    assertThat(new PodKind("train", POD, List.of(), 1, null).gang()).isNull();
  }

  @Test
  void invalidGangs_areRefused() {
    assertThatThrownBy(() -> Gang.of(0, 1, null, List.of())).hasMessageContaining("size must be at least 1");
    assertThatThrownBy(() -> Gang.of(2, 3, null, List.of())).hasMessageContaining("from 1 to the size 2, got 3");
    assertThatThrownBy(() -> new Gang(2, PodGroupSpec.builder().schedulingPolicy(PodGroupSchedulingPolicy.basicPolicy())
        .build())).hasMessageContaining("gang scheduling policy");
    assertThatThrownBy(() -> Gang.of(2, 2, null, List.of(PodGroupResourceClaim.ofClaim("imex", "one"))))
        .hasMessageContaining("group claim imex names no template");
  }

  @Test
  void aGroupClaimNoPodEntryUses_isRefused() {
    Gang g = Gang.of(2, 2, null, List.of(PodGroupResourceClaim.ofTemplate("other", "imex-channel")));

    assertThatThrownBy(() -> new PodKind("train", POD, List.of(), 1, null, g))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("pod kind train: no entry of the pod's resourceClaims is the group claim other");
  }
}
