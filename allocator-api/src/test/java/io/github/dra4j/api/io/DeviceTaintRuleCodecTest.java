package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Condition;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceTaintRuleSpec;
import io.github.dra4j.api.DeviceTaintRuleStatus;
import io.github.dra4j.api.DeviceTaintSelector;
import io.github.dra4j.api.ObjectMeta;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/* DeviceTaintRule in every served version: decoded, written and read back, errors with paths. */
final class DeviceTaintRuleCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  private static final DeviceTaintRule FULL = new DeviceTaintRule(
      ObjectMeta.named("unhealthy-gpu-3"),
      DeviceTaintRuleSpec.of(DeviceTaintSelector.of("gpu.example.com", "node-1", "gpu-3"),
          new DeviceTaint("gpu.example.com/unhealthy", "true", DeviceTaint.EFFECT_NO_EXECUTE,
              "2026-11-24T23:00:00Z")),
      new DeviceTaintRuleStatus(List.of(Condition.builder()
          .type("EvictionInProgress").status("False").observedGeneration(1L)
          .lastTransitionTime("2026-11-24T23:00:01Z").reason("NoPodsToEvict").message("0 pods evicted")
          .build())));

  private static String yaml(String apiVersion) {
    return "apiVersion: " + apiVersion + "\n"
        + "kind: DeviceTaintRule\n"
        + "metadata:\n  name: unhealthy-gpu-3\n"
        + "spec:\n"
        + "  deviceSelector: {driver: gpu.example.com, pool: node-1, device: gpu-3}\n"
        + "  taint:\n"
        + "    key: gpu.example.com/unhealthy\n"
        + "    value: \"true\"\n"
        + "    effect: NoExecute\n"
        + "    timeAdded: \"2026-11-24T23:00:00Z\"\n"
        + "status:\n"
        + "  conditions:\n"
        + "  - type: EvictionInProgress\n"
        + "    status: \"False\"\n"
        + "    observedGeneration: 1\n"
        + "    lastTransitionTime: \"2026-11-24T23:00:01Z\"\n"
        + "    reason: NoPodsToEvict\n"
        + "    message: 0 pods evicted\n";
  }

  @ParameterizedTest
  @ValueSource(strings = {"resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1alpha3"})
  void read_everyServedVersion_sameRecord(String apiVersion) throws DecodeException {
    assertThat(codec.readAll(yaml(apiVersion), "rule.yaml")).containsExactly(FULL);
  }

  @Test
  void roundTrip_yamlJsonListAndSingle() throws DecodeException {
    DeviceTaintRule bare = DeviceTaintRule.of(ObjectMeta.named("all"),
        DeviceTaintRuleSpec.of(null, new DeviceTaint("k", null, DeviceTaint.EFFECT_NO_SCHEDULE, null)));
    List<Object> objects = List.of(FULL, bare);
    assertThat(codec.readAll(codec.writeYaml(objects), "yaml")).isEqualTo(objects);
    assertThat(codec.readAll(codec.writeJsonList(objects), "json")).isEqualTo(objects);
    assertThat(codec.read(codec.writeJson(FULL), DeviceTaintRule.class)).isEqualTo(FULL);
    assertThat(codec.writeJson(bare)).doesNotContain("deviceSelector").doesNotContain("status");
  }

  @Test
  void read_emptySelector_keptApartFromNoSelector() throws DecodeException {
    DeviceTaintRule rule = codec.read("apiVersion: resource.k8s.io/v1beta2\nkind: DeviceTaintRule\n"
        + "metadata: {name: r}\nspec: {deviceSelector: {}, taint: {key: k, effect: None}}\n", DeviceTaintRule.class);
    assertThat(rule.spec().deviceSelector()).isEqualTo(DeviceTaintSelector.of(null, null, null));
    assertThat(rule.status()).isEqualTo(DeviceTaintRuleStatus.EMPTY);
  }

  @Test
  void read_unservedVersion_namesTheServedOnes() throws DecodeException {
    assertThatThrownBy(() -> codec.readAll(yaml("resource.k8s.io/v1beta1"), "rule.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("apiVersion");
          assertThat(e.getMessage()).contains("DeviceTaintRule/unhealthy-gpu-3")
              .contains("supported: resource.k8s.io/v1, resource.k8s.io/v1beta2, resource.k8s.io/v1alpha3");
        });
  }

  @Test
  void read_missingTaintKey_namesThePath() throws DecodeException {
    assertThatThrownBy(() -> codec.readAll("apiVersion: resource.k8s.io/v1beta2\nkind: DeviceTaintRule\n"
        + "metadata: {name: r}\nspec: {taint: {effect: NoSchedule}}\n", "rule.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("spec.taint.key");
          assertThat(e.getMessage()).contains("rule.yaml").contains("DeviceTaintRule/r");
        });
  }

  @Test
  void read_missingSpec_isAnError() throws DecodeException {
    assertThatThrownBy(() -> codec.readAll(
        "apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\nmetadata: {name: r}\n", "rule.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> assertThat(e.path()).isEqualTo("spec"));
  }

  @Test
  void read_statusWithoutRequiredConditionFields_decodes() throws DecodeException {
    DeviceTaintRule rule = codec.read("apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\n"
        + "metadata: {name: r}\nspec: {taint: {key: k, effect: NoSchedule}}\n"
        + "status: {conditions: [{type: EvictionInProgress}]}\n", DeviceTaintRule.class);
    assertThat(rule.status().conditions()).extracting(Condition::type).containsExactly("EvictionInProgress");
  }
}
