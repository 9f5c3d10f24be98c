package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerExtendedResourceRequest;
import io.github.dra4j.api.ContainerResourceClaim;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodExtendedResourceClaimStatus;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PodStatus;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourceRequirements;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Pods and ResourceClaimTemplates: every modelled field read, written back and read again. */
final class PodAndTemplateCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  private static final String POD = String.join("\n",
      "apiVersion: v1",
      "kind: Pod",
      "metadata:",
      "  name: pod-0",
      "  namespace: gpu-test",
      "  uid: 0c1d",
      "  labels: {app: demo}",
      "  annotations: {note: kept}",
      "spec:",
      "  nodeName: node-1",
      "  nodeSelector: {kubernetes.io/arch: amd64}",
      "  priority: 1000",
      "  priorityClassName: high",
      "  affinity:",
      "    nodeAffinity:",
      "      requiredDuringSchedulingIgnoredDuringExecution:",
      "        nodeSelectorTerms:",
      "        - matchExpressions: [{key: zone, operator: In, values: [a, b]}]",
      "      preferredDuringSchedulingIgnoredDuringExecution: []",
      "  resourceClaims:",
      "  - {name: gpu, resourceClaimTemplateName: single-gpu}",
      "  - {name: shared, resourceClaimName: shared-claim}",
      "  initContainers:",
      "  - name: init",
      "    image: busybox",
      "    resources: {claims: [{name: shared}]}",
      "  containers:",
      "  - name: ctr",
      "    image: ubuntu",
      "    resources:",
      "      requests: {cpu: 500m, example.com/gpu: 1}",
      "      limits: {cpu: '1', memory: 1Gi}",
      "      claims: [{name: gpu, request: first}]",
      "  - name: sidecar",
      "status:",
      "  phase: Pending",
      "  resourceClaimStatuses:",
      "  - {name: gpu, resourceClaimName: pod-0-gpu-x7k2p}",
      "  - {name: shared}",
      "  extendedResourceClaimStatus:",
      "    resourceClaimName: pod-0-extended-resources-abcde",
      "    requestMappings:",
      "    - {containerName: ctr, resourceName: example.com/gpu, requestName: container-0-request-0}",
      "");

  private static Pod expectedPod() {
    return new Pod(
        ObjectMeta.builder().name("pod-0").namespace("gpu-test").uid("0c1d")
            .putLabel("app", "demo").putAnnotation("note", "kept").build(),
        PodSpec.builder()
            .nodeName("node-1")
            .putNodeSelector("kubernetes.io/arch", "amd64")
            .priority(1000)
            .priorityClassName("high")
            .requiredNodeAffinity(NodeSelector.of(new NodeSelectorTerm(
                List.of(new NodeSelectorRequirement("zone", "In", List.of("a", "b"))), List.of())))
            .addResourceClaim(PodResourceClaim.ofTemplate("gpu", "single-gpu"))
            .addResourceClaim(PodResourceClaim.ofClaim("shared", "shared-claim"))
            .addInitContainer(new Container("init",
                ResourceRequirements.of(Map.of(), Map.of(), List.of(ContainerResourceClaim.of("shared", null))),
                List.of(), null, "busybox"))
            .addContainer(new Container("ctr", ResourceRequirements.of(
                Map.of("cpu", Quantity.parse("1"), "memory", Quantity.parse("1Gi")),
                Map.of("cpu", Quantity.parse("500m"), "example.com/gpu", Quantity.of(1)),
                List.of(ContainerResourceClaim.of("gpu", "first"))), List.of(), null, "ubuntu"))
            .addContainer(Container.of("sidecar", ResourceRequirements.EMPTY))
            .build(),
        new PodStatus(
            List.of(PodResourceClaimStatus.of("gpu", "pod-0-gpu-x7k2p"), PodResourceClaimStatus.of("shared", null)),
            PodExtendedResourceClaimStatus.of(
                List.of(ContainerExtendedResourceRequest.of("ctr", "example.com/gpu", "container-0-request-0")),
                "pod-0-extended-resources-abcde"),
            "Pending"));
  }

  @Test
  void pod_everyModelledField_isDecoded() throws Exception {
    assertThat(codec.readAll(POD, "pod.yaml")).containsExactly(expectedPod());
  }

  @Test
  void pod_roundTrip_yamlAndJson() throws Exception {
    Pod pod = expectedPod();
    assertThat(codec.readAll(codec.writeYaml(List.of(pod)), "yaml")).containsExactly(pod);
    assertThat(codec.read(codec.writeJson(pod), Pod.class)).isEqualTo(pod);
    String yaml = codec.writeYaml(List.of(pod));
    assertThat(yaml).contains("requiredDuringSchedulingIgnoredDuringExecution").doesNotContain("requiredNodeAffinity");
  }

  @Test
  void pod_minimal_hasEmptyStatusAndWritesNoStatus() throws Exception {
    Pod pod = codec.read("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c}]}\n", Pod.class);
    assertThat(pod.status()).isEqualTo(PodStatus.EMPTY);
    assertThat(pod.spec().containers()).containsExactly(Container.of("c", ResourceRequirements.EMPTY));
    assertThat(codec.writeJson(pod)).doesNotContain("status").contains("\"containers\"");
  }

  @Test
  void jacksonModule_embedsPodsAndTemplates() throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper()
        .registerModule(codec.jacksonModule());
    Pod pod = expectedPod();
    ResourceClaimTemplate template = expectedTemplate();

    assertThat(mapper.readValue(mapper.writeValueAsString(pod), Pod.class)).isEqualTo(pod);
    assertThat(mapper.readValue(mapper.writeValueAsString(template), ResourceClaimTemplate.class)).isEqualTo(template);
    assertThat(mapper.readTree(mapper.writeValueAsString(pod))).isEqualTo(mapper.readTree(codec.writeJson(pod)));
  }

  static Stream<Arguments> podErrors() {
    return Stream.of(
        Arguments.of("spec: {containers: [{name: c}], priority: 4294967296}", "spec.priority", "32-bit integer"),
        Arguments.of("spec: {resourceClaims: [{resourceClaimName: x}]}", "spec.resourceClaims[0].name", "Required value"),
        Arguments.of("spec: {containers: [{name: c, resources: {requests: {cpu: lots}}}]}",
            "spec.containers[0].resources.requests.cpu", "quantity"),
        Arguments.of("spec: {containers: [{name: c, resources: {claims: [{request: r}]}}]}",
            "spec.containers[0].resources.claims[0].name", "Required value"),
        Arguments.of("status: {extendedResourceClaimStatus: {requestMappings: []}}",
            "status.extendedResourceClaimStatus.resourceClaimName", "Required value"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("podErrors")
  void pod_errors_nameObjectAndPath(String rest, String path, String detail) {
    String yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ns}\n" + rest + "\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "pod.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo(path);
          assertThat(e.objectRef()).isEqualTo("Pod/p");
        })
        .hasMessageContaining(detail);
  }

  /* --- ResourceClaimTemplate --- */

  private static ResourceClaimTemplate expectedTemplate() {
    return ResourceClaimTemplate.of(
        ObjectMeta.builder().name("single-gpu").namespace("gpu-test").build(),
        ResourceClaimTemplateSpec.of(
            ObjectMeta.builder().putLabel("team", "a").putAnnotation("owner", "b").build(),
            new ResourceClaimSpec(new DeviceClaim(
                List.of(new DeviceRequest("gpu", ExactDeviceRequest.builder()
                    .deviceClassName("gpu.example.com").count(2L).build(), List.of())),
                List.of(), List.of()))));
  }

  static Stream<Arguments> templateVersions() {
    String head = "kind: ResourceClaimTemplate\nmetadata: {name: single-gpu, namespace: gpu-test}\n"
        + "spec:\n  metadata: {labels: {team: a}, annotations: {owner: b}}\n  spec:\n    devices:\n      requests:\n";
    String exactly = "      - name: gpu\n        exactly: {deviceClassName: gpu.example.com, count: 2}\n";
    String inline = "      - {name: gpu, deviceClassName: gpu.example.com, count: 2}\n";
    return Stream.of(
        Arguments.of("resource.k8s.io/v1", head + exactly),
        Arguments.of("resource.k8s.io/v1beta2", head + exactly),
        Arguments.of("resource.k8s.io/v1beta1", head + inline),
        Arguments.of("resource.k8s.io/v1alpha3", head + inline));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("templateVersions")
  void template_everyServedVersion_decodesToTheSameTemplate(String apiVersion, String body) throws Exception {
    List<Object> objects = codec.readAll("apiVersion: " + apiVersion + "\n" + body, "t.yaml");
    assertThat(objects).containsExactly(expectedTemplate());
    assertThat(codec.readAll(codec.writeYaml(objects), "again")).isEqualTo(objects);
    assertThat(codec.writeJson(objects.get(0))).contains("\"apiVersion\" : \"resource.k8s.io/v1\"");
  }

  @Test
  void template_withoutSpec_isEmpty() throws Exception {
    ResourceClaimTemplate t = codec.read(
        "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: t}\n", ResourceClaimTemplate.class);
    assertThat(t.spec().spec().devices().requests()).isEmpty();
    assertThat(t.spec().metadata()).isEqualTo(ObjectMeta.builder().build());
    assertThat(codec.read(codec.writeJson(t), ResourceClaimTemplate.class)).isEqualTo(t);
  }

  @Test
  void template_errorPath_isUnderSpecSpec() {
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: t}\n"
        + "spec: {spec: {devices: {requests: [{exactly: {deviceClassName: c}}]}}}\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "t.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("spec.spec.devices.requests[0].name");
          assertThat(e.objectRef()).isEqualTo("ResourceClaimTemplate/t");
        });
  }
}
