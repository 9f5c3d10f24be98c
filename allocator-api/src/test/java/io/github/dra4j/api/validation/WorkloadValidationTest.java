package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.BasicSchedulingPolicy;
import io.github.dra4j.api.GangSchedulingPolicy;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodGroupSchedulingConstraints;
import io.github.dra4j.api.PodGroupSchedulingPolicy;
import io.github.dra4j.api.PodGroupSpec;
import io.github.dra4j.api.PodGroupTemplate;
import io.github.dra4j.api.TopologyConstraint;
import io.github.dra4j.api.Workload;
import io.github.dra4j.api.WorkloadSpec;
import io.github.dra4j.api.field.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/* One row per rule: a valid PodGroup broken in one way gives exactly this error. */
final class WorkloadValidationTest {
  private static final PodGroupSpec VALID = PodGroupSpec.builder()
      .schedulingPolicy(PodGroupSchedulingPolicy.gangPolicy(2))
      .schedulingConstraints(PodGroupSchedulingConstraints.topology("topology.kubernetes.io/rack"))
      .addResourceClaim(PodGroupResourceClaim.ofClaim("gpus", "shared-gpus")).build();

  static Stream<Arguments> groupRules() {
    return Stream.of(
        Arguments.of("valid", (UnaryOperator<PodGroupSpec.Builder>) b -> b, List.of()),
        Arguments.of("no policy", (UnaryOperator<PodGroupSpec.Builder>) b -> b.schedulingPolicy(
            new PodGroupSchedulingPolicy(null, null)),
            List.of("spec.schedulingPolicy: Invalid value: \"\": must specify one of: `basic`, `gang`")),
        Arguments.of("both policies", (UnaryOperator<PodGroupSpec.Builder>) b -> b.schedulingPolicy(
            new PodGroupSchedulingPolicy(BasicSchedulingPolicy.of(), GangSchedulingPolicy.of(1))),
            List.of("spec.schedulingPolicy: Invalid value: \"\": must specify exactly one of: `basic`, `gang`")),
        Arguments.of("minCount 0", (UnaryOperator<PodGroupSpec.Builder>) b -> b.schedulingPolicy(
            PodGroupSchedulingPolicy.gangPolicy(0)),
            List.of("spec.schedulingPolicy.gang.minCount: Invalid value: 0: must be greater than or equal to 1")),
        Arguments.of("two topology keys", (UnaryOperator<PodGroupSpec.Builder>) b -> b.schedulingConstraints(
            new PodGroupSchedulingConstraints(List.of(TopologyConstraint.of("a"), TopologyConstraint.of("b")))),
            List.of("spec.schedulingConstraints.topology: Too many: 2: must have at most 1 items")),
        Arguments.of("claim with both", (UnaryOperator<PodGroupSpec.Builder>) b -> b.resourceClaims(List.of(
            new PodGroupResourceClaim("gpus", "c", "t"))),
            List.of("spec.resourceClaims[0]: Invalid value: \"\": must specify exactly one of: `resourceClaimName`,"
                + " `resourceClaimTemplateName`")),
        Arguments.of("duplicate claim", (UnaryOperator<PodGroupSpec.Builder>) b -> b.resourceClaims(List.of(
            PodGroupResourceClaim.ofClaim("gpus", "a"), PodGroupResourceClaim.ofClaim("gpus", "b"))),
            List.of("spec.resourceClaims[1]: Duplicate value: \"gpus\"")),
        Arguments.of("five claims", (UnaryOperator<PodGroupSpec.Builder>) b -> b.resourceClaims(List.of(
            PodGroupResourceClaim.ofClaim("a", "a"), PodGroupResourceClaim.ofClaim("b", "b"),
            PodGroupResourceClaim.ofClaim("c", "c"), PodGroupResourceClaim.ofClaim("d", "d"),
            PodGroupResourceClaim.ofClaim("e", "e"))),
            List.of("spec.resourceClaims: Too many: 5: must have at most 4 items")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("groupRules")
  void podGroup(String name, UnaryOperator<PodGroupSpec.Builder> change, List<String> errors) {
    PodGroup g = PodGroup.of(ObjectMeta.named("g"), change.apply(VALID.toBuilder()).build());
    assertThat(Validator.validate(g)).extracting(FieldError::toString).containsExactlyElementsOf(errors);
  }

  @org.junit.jupiter.api.Test
  void workload_templatesCountedNamedAndChecked() {
    List<PodGroupTemplate> nine = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      nine.add(PodGroupTemplate.builder().name("t" + i).build());
    }
    assertThat(Validator.validate(Workload.of(ObjectMeta.named("w"), new WorkloadSpec(null, nine))))
        .extracting(FieldError::toString)
        .containsExactly("spec.podGroupTemplates: Too many: 9: must have at most 8 items");
    assertThat(Validator.validate(Workload.of(ObjectMeta.named("w"), new WorkloadSpec(null, List.of(
        PodGroupTemplate.builder().name("a").schedulingPolicy(PodGroupSchedulingPolicy.gangPolicy(0)).build(),
        PodGroupTemplate.builder().name("a").build())))))
        .extracting(FieldError::toString)
        .containsExactly("spec.podGroupTemplates[1]: Duplicate value: \"a\"",
            "spec.podGroupTemplates[0].schedulingPolicy.gang.minCount: Invalid value: 0: must be greater than or"
                + " equal to 1");
    assertThat(Validator.validate(Workload.of(ObjectMeta.named("w"), new WorkloadSpec(null, List.of()))))
        .extracting(FieldError::toString).containsExactly("spec.podGroupTemplates: Required value");
  }
}
