package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of pkg/apis/core/validation (validateTolerations, validateTopologySpreadConstraints,
 * validateAffinity, validateContainerPorts, the overhead's quantities) for the pod fields the
 * scheduler's plugins read, one row per rule with the API server's message.
 */
final class PodSchedulingValidationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String C = "containers: [{name: c}]";

  static Stream<Arguments> pods() {
    return Stream.of(
        Arguments.of("valid", "{tolerations: [{key: gpu, operator: Exists, effect: NoSchedule},"
            + " {key: k, value: v, effect: NoExecute, tolerationSeconds: 5}, {operator: Exists}],"
            + " topologySpreadConstraints: [{maxSkew: 1, topologyKey: topology.kubernetes.io/zone,"
            + " whenUnsatisfiable: DoNotSchedule, minDomains: 2}], " + C + "}", List.of()),
        Arguments.of("empty key needs Exists", "{tolerations: [{value: v}], " + C + "}",
            List.of("spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is"
                + " empty, which means \"match all values and all keys\"")),
        Arguments.of("Exists with a value", "{tolerations: [{key: k, operator: Exists, value: v}], " + C + "}",
            List.of("spec.tolerations[0].operator: Invalid value: \"v\": value must be empty when `operator` is"
                + " 'Exists'")),
        Arguments.of("unknown operator", "{tolerations: [{key: k, operator: In}], " + C + "}",
            List.of("spec.tolerations[0].operator: Unsupported value: \"In\"")),
        Arguments.of("tolerationSeconds needs NoExecute", "{tolerations: [{key: k, effect: NoSchedule,"
            + " tolerationSeconds: 3}], " + C + "}",
            List.of("spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when"
                + " `tolerationSeconds` is set")),
        Arguments.of("unknown effect", "{tolerations: [{key: k, effect: NoScheduling}], " + C + "}",
            List.of("spec.tolerations[0].effect: Unsupported value: \"NoScheduling\"")),
        Arguments.of("maxSkew 0", "{topologySpreadConstraints: [{maxSkew: 0, topologyKey: zone,"
            + " whenUnsatisfiable: DoNotSchedule}], " + C + "}",
            List.of("spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero")),
        Arguments.of("empty topologyKey", "{topologySpreadConstraints: [{maxSkew: 1, topologyKey: '',"
            + " whenUnsatisfiable: DoNotSchedule}], " + C + "}",
            List.of("spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty")),
        Arguments.of("unknown whenUnsatisfiable", "{topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
            + " whenUnsatisfiable: Never}], " + C + "}",
            List.of("spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: \"Never\"")),
        Arguments.of("minDomains with ScheduleAnyway", "{topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
            + " whenUnsatisfiable: ScheduleAnyway, minDomains: 2}], " + C + "}",
            List.of("spec.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if"
                + " whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway")),
        Arguments.of("minDomains 0", "{topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
            + " whenUnsatisfiable: DoNotSchedule, minDomains: 0}], " + C + "}",
            List.of("spec.topologySpreadConstraints[0].minDomains: Invalid value: 0: must be greater than 0")),
        Arguments.of("unknown policy", "{topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
            + " whenUnsatisfiable: DoNotSchedule, nodeTaintsPolicy: honor}], " + C + "}",
            List.of("spec.topologySpreadConstraints[0].nodeTaintsPolicy: Unsupported value: \"honor\"")),
        Arguments.of("repeated constraint", "{topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone,"
            + " whenUnsatisfiable: DoNotSchedule}, {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}],"
            + " " + C + "}",
            List.of("spec.topologySpreadConstraints[1]: Duplicate value: \"{zone, DoNotSchedule}\"")),
        Arguments.of("preferred node term weight", "{affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution:"
            + " [{weight: 0, preference: {matchExpressions: [{key: a, operator: Exists}]}}]}}, " + C + "}",
            List.of("spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid"
                + " value: 0: must be in the range 1-100")),
        Arguments.of("pod affinity term without topologyKey", "{affinity: {podAntiAffinity:"
            + " {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchLabels: {a: b}},"
            + " topologyKey: ''}]}}, " + C + "}",
            List.of("spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey:"
                + " Required value: can not be empty")),
        Arguments.of("preferred pod term weight", "{affinity: {podAffinity: {preferredDuringSchedulingIgnoredDuringExecution:"
            + " [{weight: 101, podAffinityTerm: {topologyKey: zone}}]}}, " + C + "}",
            List.of("spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid"
                + " value: 101: must be in the range 1-100")),
        Arguments.of("host port out of range", "{containers: [{name: c, ports: [{containerPort: 80, hostPort: 70000}]}]}",
            List.of("spec.containers[0].ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535,"
                + " inclusive")),
        Arguments.of("container port 0", "{containers: [{name: c, ports: [{containerPort: 0}]}]}",
            List.of("spec.containers[0].ports[0].containerPort: Invalid value: 0: must be between 1 and 65535,"
                + " inclusive")),
        Arguments.of("unknown protocol", "{containers: [{name: c, ports: [{containerPort: 80, protocol: tcp}]}]}",
            List.of("spec.containers[0].ports[0].protocol: Unsupported value: \"tcp\"")),
        Arguments.of("negative overhead", "{overhead: {cpu: -100m}, " + C + "}",
            List.of("spec.overhead[cpu]: Invalid value: \"-100m\": must be greater than or equal to 0")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pods")
  void pod_reportsTheApiServersErrors(String name, String spec, List<String> errors) throws Exception {
    assertErrors(spec, errors);
  }

  /** Asserts that the pod of this spec has these errors, in order, each the start of the error's text. */
  static void assertErrors(String spec, List<String> errors) throws Exception {
    Pod pod = CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ns}\nspec: " + spec + "\n", Pod.class);
    List<String> got = Validator.validate(pod).stream().map(FieldError::toString).toList();
    assertThat(got).hasSameSizeAs(errors);
    for (int i = 0; i < errors.size(); i++) {
      assertThat(got.get(i)).startsWith(errors.get(i));
    }
  }
}
