package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * validatePodResources of pkg/apis/core/validation on pod-level resources ({@code spec.resources}),
 * after the API server's defaulting, one row per rule with the API server's message.
 */
final class PodResourcesValidationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  static Stream<Arguments> pods() {
    return Stream.of(
        Arguments.of("valid", "{resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '2', hugepages-2Mi: 4Mi}},"
            + " containers: [{name: c, resources: {requests: {cpu: 500m}, limits: {cpu: '1'}}}]}", List.of()),
        Arguments.of("claims", "{resources: {claims: [{name: gpu}], requests: {cpu: '1'}}, containers: [{name: c}]}",
            List.of("spec.resources.claims: Forbidden: claims may not be set for Resources at pod-level")),
        Arguments.of("unsupported resource", "{resources: {requests: {ephemeral-storage: 1Gi, cpu: '1'}},"
            + " containers: [{name: c}]}",
            List.of("spec.resources.requests[ephemeral-storage]: Unsupported value: \"ephemeral-storage\": supported"
                + " values: \"cpu\", \"hugepages-\", \"memory\"")),
        Arguments.of("extended resource", "{resources: {limits: {example.com/gpu: '1'}}, containers: [{name: c}]}",
            List.of("spec.resources.limits[example.com/gpu]: Unsupported value: \"example.com/gpu\"")),
        Arguments.of("not a resource name", "{resources: {requests: {cpus: '1'}}, containers: [{name: c}]}",
            List.of("spec.resources.requests[cpus]: Invalid value: \"cpus\": must be a standard resource type or fully"
                + " qualified")),
        Arguments.of("negative", "{resources: {requests: {memory: -1Gi}}, containers: [{name: c}]}",
            List.of("spec.resources.requests[memory]: Invalid value: \"-1Gi\": must be greater than or equal to 0")),
        Arguments.of("request above limit", "{resources: {requests: {cpu: '3'}, limits: {cpu: '2'}},"
            + " containers: [{name: c}]}",
            List.of("spec.resources.requests: Invalid value: \"3\": must be less than or equal to cpu limit of 2")),
        Arguments.of("defaulted request above limit", "{resources: {limits: {cpu: '1'}},"
            + " containers: [{name: c, resources: {requests: {cpu: '2'}}}]}",
            List.of("spec.resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1")),
        Arguments.of("hugepages request not equal to its limit", "{resources: {requests: {memory: 1Gi, hugepages-2Mi:"
            + " 2Mi}, limits: {hugepages-2Mi: 4Mi}}, containers: [{name: c}]}",
            List.of("spec.resources.requests: Invalid value: \"2Mi\": must be equal to hugepages-2Mi limit of 4Mi")),
        Arguments.of("hugepages request without limit", "{resources: {requests: {memory: 1Gi, hugepages-2Mi: 2Mi}},"
            + " containers: [{name: c}]}",
            List.of("spec.resources.limits: Required value: Limit must be set for non overcommitable resources")),
        Arguments.of("hugepages without cpu or memory", "{resources: {limits: {hugepages-2Mi: 2Mi}},"
            + " containers: [{name: c}]}",
            List.of("spec.resources: Forbidden: HugePages require cpu or memory")),
        Arguments.of("below the containers' aggregate", "{resources: {requests: {cpu: '1'}}, containers: [{name: c,"
            + " resources: {requests: {cpu: '1'}}}, {name: d, resources: {requests: {cpu: 500m}}}]}",
            List.of("spec.resources.requests[cpu]: Invalid value: \"1\": must be greater than or equal to aggregate"
                + " container requests of 1500m")),
        Arguments.of("hugepages limit below the containers'", "{resources: {requests: {memory: 1Gi, hugepages-2Mi: 2Mi},"
            + " limits: {hugepages-2Mi: 2Mi}}, containers: [{name: c, resources: {limits: {hugepages-2Mi: 4Mi}}}]}",
            List.of("spec.resources.requests[hugepages-2Mi]: Invalid value: \"2Mi\": must be greater than or equal to"
                + " aggregate container requests of 4Mi",
                "spec.resources.limits[hugepages-2Mi]: Invalid value: \"2Mi\": must be greater than or equal to"
                + " aggregate container limits of 4Mi",
                "spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: \"4Mi\": must be less than or"
                + " equal to pod limits of 2Mi")),
        Arguments.of("container limit above the pod's", "{resources: {limits: {memory: 1Gi}}, containers: [{name: c,"
            + " resources: {limits: {memory: 2Gi}}}]}",
            List.of("spec.resources.requests: Invalid value: \"2Gi\": must be less than or equal to memory limit of 1Gi",
                "spec.containers[0].resources.limits[memory]: Invalid value: \"2Gi\": must be less than or equal to pod"
                + " limits of 1Gi")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pods")
  void pod_reportsTheApiServersErrors(String name, String spec, List<String> errors) throws Exception {
    PodSchedulingValidationTest.assertErrors(spec, errors);
  }

  @Test
  void defaulting_leavesThePodAsWritten() throws Exception {
    Pod pod = CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ns}\nspec: {resources: {limits:"
        + " {cpu: '2'}}, containers: [{name: c, resources: {limits: {hugepages-2Mi: 2Mi}}}]}\n", Pod.class);
    assertThat(PodLevelResources.limits(pod.spec()))
        .isEqualTo(Map.of("cpu", Quantity.parse("2"), "hugepages-2Mi", Quantity.parse("2Mi")));
    assertThat(PodLevelResources.requests(pod.spec()))
        .isEqualTo(Map.of("cpu", Quantity.parse("2"), "hugepages-2Mi", Quantity.parse("2Mi")));
    assertThat(pod.spec().resources()).isNotNull();
    assertThat(pod.spec().resources().requests()).isEmpty();
    assertThat(CODEC.writeJson(pod).replaceAll("\\s", "")).contains("\"resources\":{\"limits\":{\"cpu\":\"2\"}}").doesNotContain("requests");
  }
}
