package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Condition;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceTaintRuleSpec;
import io.github.dra4j.api.DeviceTaintRuleStatus;
import io.github.dra4j.api.DeviceTaintSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.field.FieldError;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/* ValidateDeviceTaintRule and the status conditions, one row per rule. */
final class TaintRuleValidatorTest {
  private static final DeviceTaint TAINT = new DeviceTaint("example.com/k", "v", "NoSchedule", null);
  private static final Condition CONDITION = Condition.builder().type("EvictionInProgress").status("True")
      .lastTransitionTime("2026-11-24T23:00:00Z").reason("PodsPendingEviction").message("2 pods").build();

  record Case(DeviceTaintRule rule, List<String> errors) {}

  private static DeviceTaintRule rule(ObjectMeta meta, DeviceTaintSelector selector, DeviceTaint taint,
      List<Condition> conditions) {
    return new DeviceTaintRule(meta, DeviceTaintRuleSpec.of(selector, taint), new DeviceTaintRuleStatus(conditions));
  }

  private static DeviceTaintRule rule(DeviceTaintSelector selector, DeviceTaint taint) {
    return rule(ObjectMeta.named("rule-1"), selector, taint, List.of());
  }

  private static Named<Case> row(String name, DeviceTaintRule rule, String... errors) {
    return Named.of(name, new Case(rule, List.of(errors)));
  }

  static Stream<Named<Case>> cases() {
    return Stream.of(
        row("valid", rule(ObjectMeta.named("rule-1"), DeviceTaintSelector.of("gpu.example.com", "node-1", "gpu-0"),
            TAINT, List.of(CONDITION))),
        row("no-selector-is-valid", rule(null, TAINT)),
        row("missing-name", rule(new ObjectMeta(null, null, null, null, null, java.util.Map.of()), null, TAINT,
            List.of()), "metadata.name: Required value: name or generateName is required"),
        row("namespaced", rule(ObjectMeta.named("ns", "rule-1"), null, TAINT, List.of()),
            "metadata.namespace: Forbidden: not allowed on this type"),
        row("bad-driver", rule(DeviceTaintSelector.of("Not_A_Driver", null, null), TAINT),
            "spec.deviceSelector.driver: Invalid value"),
        row("bad-pool", rule(DeviceTaintSelector.of(null, "pool//x", null), TAINT),
            "spec.deviceSelector.pool: Invalid value"),
        row("empty-device", rule(DeviceTaintSelector.of(null, null, ""), TAINT),
            "spec.deviceSelector.device: Required value"),
        row("bad-effect", rule(null, new DeviceTaint("k", null, "PreferNoSchedule", null)),
            "spec.taint.effect: Unsupported value: \"PreferNoSchedule\""),
        row("empty-key", rule(null, new DeviceTaint("", null, "NoSchedule", null)),
            "spec.taint.key: Invalid value"),
        row("bad-condition", rule(ObjectMeta.named("r"), null, TAINT,
            List.of(Condition.builder().type("EvictionInProgress").status("Maybe").observedGeneration(-1L)
                .reason("not a reason").build())),
            "status.conditions[0].status: Unsupported value: \"Maybe\"",
            "status.conditions[0].observedGeneration: Invalid value",
            "status.conditions[0].lastTransitionTime: Required value",
            "status.conditions[0].reason: Invalid value"),
        row("duplicate-condition-type", rule(ObjectMeta.named("r"), null, TAINT, List.of(CONDITION, CONDITION)),
            "status.conditions[1].type: Duplicate value: \"EvictionInProgress\""),
        row("too-many-conditions", rule(ObjectMeta.named("r"), null, TAINT, manyConditions(9)),
            "status.conditions: Too many: 9: must have at most 8 items"));
  }

  private static List<Condition> manyConditions(int n) {
    List<Condition> out = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(CONDITION.toBuilder().type("Type" + i).build());
    }
    return Collections.unmodifiableList(out);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void validate_reportsTheApiServersErrorsInOrder(Case tc) {
    List<String> got = Validator.validate(tc.rule()).stream().map(FieldError::toString).toList();
    assertThat(got).hasSameSizeAs(tc.errors());
    for (int i = 0; i < got.size(); i++) {
      assertThat(got.get(i)).startsWith(tc.errors().get(i));
    }
  }
}
