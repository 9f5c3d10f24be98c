package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The pod and template rules, one row per rule: the pod's spec and the errors it must give. */
final class PodAndTemplateValidationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  static Stream<Arguments> pods() {
    return Stream.of(
        Arguments.of("valid", "{resourceClaims: [{name: gpu, resourceClaimTemplateName: t}],"
            + " containers: [{name: c, resources: {claims: [{name: gpu}]}}]}", List.of()),
        Arguments.of("no containers", "{}", List.of("spec.containers: Required value")),
        Arguments.of("both sources", "{resourceClaims: [{name: gpu, resourceClaimName: a,"
            + " resourceClaimTemplateName: t}], containers: [{name: c}]}",
            List.of("spec.resourceClaims[0]: Invalid value: \"gpu\": at most one of `resourceClaimName` or"
                + " `resourceClaimTemplateName` may be specified")),
        Arguments.of("no source", "{resourceClaims: [{name: gpu}], containers: [{name: c}]}",
            List.of("spec.resourceClaims[0]: Invalid value: \"gpu\": must specify one of: `resourceClaimName`,"
                + " `resourceClaimTemplateName`")),
        Arguments.of("duplicate claim", "{resourceClaims: [{name: gpu, resourceClaimName: a},"
            + " {name: gpu, resourceClaimName: b}], containers: [{name: c}]}",
            List.of("spec.resourceClaims[1]: Duplicate value: \"gpu\"")),
        Arguments.of("bad claim name", "{resourceClaims: [{name: GPU, resourceClaimName: a}], containers: [{name: c}]}",
            List.of("spec.resourceClaims[0].name: Invalid value: \"GPU\": " + Formats.LABEL_MSG)),
        Arguments.of("container claim not in pod", "{resourceClaims: [{name: a, resourceClaimName: x}],"
            + " containers: [{name: c, resources: {claims: [{name: b}]}}]}",
            List.of("spec.containers[0].resources.claims[0]: Not found: \"b\": must be one of the names in"
                + " pod.spec.resourceClaims: a")),
        Arguments.of("container claim, pod has none", "{initContainers: [{name: i, resources: {claims: [{name: b}]}}],"
            + " containers: [{name: c}]}",
            List.of("spec.initContainers[0].resources.claims[0]: Not found: \"b\": must be one of the names in"
                + " pod.spec.resourceClaims which is empty")),
        Arguments.of("duplicate container claim", "{resourceClaims: [{name: a, resourceClaimName: x}],"
            + " containers: [{name: c, resources: {claims: [{name: a, request: r}, {name: a, request: r}]}}]}",
            List.of("spec.containers[0].resources.claims[1]: Duplicate value: \"a/r\"")),
        Arguments.of("duplicate container name across init", "{initContainers: [{name: c}], containers: [{name: c}]}",
            List.of("spec.containers[0].name: Duplicate value: \"c\"")),
        Arguments.of("request above limit", "{containers: [{name: c, resources: {requests: {cpu: '2'},"
            + " limits: {cpu: '1'}}}]}",
            List.of("spec.containers[0].resources.requests[cpu]: Invalid value: \"2\": must be less than or equal"
                + " to cpu limit of 1")),
        Arguments.of("negative request", "{containers: [{name: c, resources: {requests: {memory: -1Gi}}}]}",
            List.of("spec.containers[0].resources.requests[memory]: Invalid value: \"-1Gi\": must be greater"
                + " than or equal to 0")),
        Arguments.of("bad node selector key", "{nodeSelector: {'a/b/c': x}, containers: [{name: c}]}",
            List.of("spec.nodeSelector: Invalid value: \"a/b/c\": a qualified name")),
        Arguments.of("empty required affinity", "{affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution:"
            + " {nodeSelectorTerms: []}}}, containers: [{name: c}]}",
            List.of("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms:"
                + " Required value: must have at least one node selector term")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pods")
  void pod_reportsTheApiServersErrorsInOrder(String name, String spec, List<String> errors) throws Exception {
    Pod pod = CODEC.read("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ns}\nspec: " + spec + "\n", Pod.class);
    List<String> got = Validator.validate(pod).stream().map(FieldError::toString).toList();
    assertThat(got).hasSameSizeAs(errors);
    for (int i = 0; i < errors.size(); i++) {
      assertThat(got.get(i)).startsWith(errors.get(i));
    }
  }

  static Stream<Arguments> templates() {
    return Stream.of(
        Arguments.of("valid", "t", "{spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c}}]}}}",
            List.of()),
        Arguments.of("bad name", "T", "{}", List.of("metadata.name: Invalid value: \"T\"")),
        Arguments.of("claim spec rules under spec.spec", "t",
            "{spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c}},"
                + " {name: gpu, exactly: {deviceClassName: c}}]}}}",
            List.of("spec.spec.devices.requests[1]: Duplicate value: \"gpu\"")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("templates")
  void template_reportsTheApiServersErrorsInOrder(String name, String metaName, String spec, List<String> errors) throws Exception {
    ResourceClaimTemplate t = CODEC.read("apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\n"
        + "metadata: {name: " + metaName + "}\nspec: " + spec + "\n", ResourceClaimTemplate.class);
    List<String> got = Validator.validate(t).stream().map(FieldError::toString).toList();
    assertThat(got).hasSameSizeAs(errors);
    for (int i = 0; i < errors.size(); i++) {
      assertThat(got.get(i)).startsWith(errors.get(i));
    }
  }
}
