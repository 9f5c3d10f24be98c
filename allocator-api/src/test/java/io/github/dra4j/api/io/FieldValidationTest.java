package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Strict field validation: unknown fields and duplicate keys per kind, version and mode. */
final class FieldValidationTest {

  private static final String CLAIM_V1 = String.join("\n",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaim",
      "metadata: {name: c, namespace: ns}",
      "spec:",
      "  devices:",
      "    requests:",
      "    - name: gpu",
      "      exactly:",
      "        deviceClassName: gpu.example.com",
      "        %s",
      "");

  private static String claimV1(String line) {
    return String.format(CLAIM_V1, line);
  }

  /** One unknown field: the input, the path and the message the error must carry. */
  static Stream<Arguments> unknownFields() {
    return Stream.of(
        Arguments.of("v1 claim: transposed letters",
            claimV1("cuont: 2"), "spec.devices.requests[0].exactly.cuont",
            "unknown field \"cuont\", did you mean \"count\"?"),
        Arguments.of("v1 claim: lower-case",
            claimV1("allocationmode: All"), "spec.devices.requests[0].exactly.allocationmode",
            "unknown field \"allocationmode\", did you mean \"allocationMode\"?"),
        Arguments.of("v1 claim: nothing close",
            claimV1("frobnicate: true"), "spec.devices.requests[0].exactly.frobnicate",
            "unknown field \"frobnicate\""),
        Arguments.of("v1 selector: expression beside cel",
            claimV1("selectors: [{cel: {expression: 'true'}, expression: 'true'}]"),
            "spec.devices.requests[0].exactly.selectors[0].expression", "unknown field \"expression\""),
        Arguments.of("v1 claim: the v1beta1 flat request",
            "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c}\n"
                + "spec: {devices: {requests: [{name: r, deviceClassName: x}]}}\n",
            "spec.devices.requests[0].deviceClassName", "unknown field \"deviceClassName\""),
        Arguments.of("v1beta1 claim: v1's exactly",
            "apiVersion: resource.k8s.io/v1beta1\nkind: ResourceClaim\nmetadata: {name: c}\n"
                + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: x}}]}}\n",
            "spec.devices.requests[0].exactly", "unknown field \"exactly\""),
        Arguments.of("v1beta1 slice: device fields outside basic",
            "apiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: s}\n"
                + "spec: {driver: d, pool: {name: p, resourceSliceCount: 1}, allNodes: true,"
                + " devices: [{name: a, attributes: {}}]}\n",
            "spec.devices[0].attributes", "unknown field \"attributes\""),
        Arguments.of("v1 slice: v1beta1's basic",
            "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\n"
                + "spec: {driver: d, pool: {name: p, resourceSliceCount: 1}, allNodes: true,"
                + " devices: [{name: a, basic: {}}]}\n",
            "spec.devices[0].basic", "unknown field \"basic\""),
        Arguments.of("v1beta2 slice: map values are checked",
            "apiVersion: resource.k8s.io/v1beta2\nkind: ResourceSlice\nmetadata: {name: s}\n"
                + "spec: {driver: d, pool: {name: p, resourceSliceCount: 1}, allNodes: true,"
                + " devices: [{name: a, attributes: {gpu.example.com/model: {strng: A}}}]}\n",
            "spec.devices[0].attributes['gpu.example.com/model'].strng",
            "unknown field \"strng\", did you mean \"string\"?"),
        Arguments.of("v1alpha3 DeviceTaintRule",
            "apiVersion: resource.k8s.io/v1alpha3\nkind: DeviceTaintRule\nmetadata: {name: r}\n"
                + "spec: {deviceSelector: {driver: d}, taint: {key: k, effect: NoSchedule, efect: NoSchedule}}\n",
            "spec.taint.efect", "unknown field \"efect\", did you mean \"effect\"?"),
        Arguments.of("v1 ResourceClaimTemplate: the claim spec inside",
            "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: t}\n"
                + "spec: {metadata: {labels: {a: b}}, spec: {devices: {request: []}}}\n",
            "spec.spec.devices.request", "unknown field \"request\", did you mean \"requests\"?"),
        Arguments.of("Pod: a lower-cased field",
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"
                + "spec: {containers: [{name: c, resources: {claims: [{name: a}]}}], restartpolicy: Never}\n",
            "spec.restartpolicy", "unknown field \"restartpolicy\", did you mean \"restartPolicy\"?"),
        Arguments.of("Pod without apiVersion: checked as v1",
            "apiversion: v1\nkind: Pod\nmetadata: {name: p}\n",
            "apiversion", "unknown field \"apiversion\", did you mean \"apiVersion\"?"),
        Arguments.of("Node: deep in status",
            "apiVersion: v1\nkind: Node\nmetadata: {name: 'n'}\n"
                + "status: {nodeInfo: {kubeletVersion: v1.34.0, kernelVersoin: x}}\n",
            "status.nodeInfo.kernelVersoin", "unknown field \"kernelVersoin\", did you mean \"kernelVersion\"?"),
        Arguments.of("metadata",
            "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: c, lables: {}}\n",
            "metadata.lables", "unknown field \"lables\", did you mean \"labels\"?"),
        Arguments.of("mixins: dra4j's own fields are checked too",
            "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\n"
                + "spec: {driver: d, pool: {name: p, resourceSliceCount: 1}, allNodes: true,"
                + " mixins: {device: [{name: m, include: [x]}]}}\n",
            "spec.mixins.device[0].include", "unknown field \"include\""),
        Arguments.of("List items",
            "apiVersion: v1\nkind: List\nitems:\n- " + "apiVersion: resource.k8s.io/v1\n  kind: DeviceClass\n"
                + "  metadata: {name: c}\n  spec: {selector: []}\n",
            "items[0].spec.selector", "unknown field \"selector\", did you mean \"selectors\"?"),
        Arguments.of("JSON input",
            "{\"apiVersion\": \"resource.k8s.io/v1\", \"kind\": \"DeviceClass\", \"metadata\": {\"name\": \"c\"},"
                + " \"spec\": {\"config\": [{\"opaque\": {\"driver\": \"d\", \"parameters\": {\"any\": 1}},"
                + " \"opaqe\": {}}]}}",
            "spec.config[0].opaqe", "unknown field \"opaqe\", did you mean \"opaque\"?"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unknownFields")
  void strict_unknownFieldIsAnError(String name, String input, String path, String detail) {
    assertThatThrownBy(() -> KubernetesCodec.create().readAll(input, "in.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.source()).isEqualTo("in.yaml");
          assertThat(e.document()).isEqualTo(1);
          assertThat(e.objectRef()).isNotNull();
          assertThat(e.path()).isEqualTo(path);
          assertThat(e.detail()).isEqualTo(detail);
          assertThat(e.getMessage()).endsWith(path + ": " + detail);
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unknownFields")
  void warn_reportsTheSameAndReads(String name, String input, String path, String detail) throws Exception {
    List<DecodeException> warnings = new ArrayList<>();
    KubernetesCodec codec = KubernetesCodec.create().withFieldValidation(FieldValidation.WARN, warnings::add);
    List<Object> objects = codec.readAll(input, "in.yaml");
    assertThat(objects).isNotEmpty();
    assertThat(warnings).singleElement().satisfies(w -> {
      assertThat(w.path()).isEqualTo(path);
      assertThat(w.detail()).isEqualTo(detail);
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unknownFields")
  void ignore_isSilent(String name, String input, String path, String detail) throws Exception {
    List<DecodeException> warnings = new ArrayList<>();
    KubernetesCodec codec = KubernetesCodec.create().withFieldValidation(FieldValidation.IGNORE, warnings::add);
    assertThat(codec.readAll(input, "in.yaml")).isNotEmpty();
    assertThat(warnings).isEmpty();
  }

  @Test
  void strict_v1alpha3SliceHasItsOwnShape() {
    String input = "apiVersion: resource.k8s.io/v1alpha3\nkind: ResourceSlice\nmetadata: {name: s}\n"
        + "spec: {driver: d, pool: {name: p, resourceSliceCount: 1}, allNodes: true,"
        + " devices: [{name: a, basic: {atributes: {}, capacity: {mem: 1}}}]}\n";
    assertThatThrownBy(() -> KubernetesCodec.create().readAll(input, "in.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("spec.devices[0].basic.atributes");
          assertThat(e.detail()).isEqualTo("unknown field \"atributes\", did you mean \"attributes\"?");
        });
  }

  @Test
  void strict_namesEveryUnknownFieldOfTheObject() {
    String input = claimV1("allocationmode: All\n    constraint: []");
    assertThatThrownBy(() -> KubernetesCodec.create().readAll(input, "typo.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.getMessage()).isEqualTo(
              "typo.yaml, document 1 (ResourceClaim/c), spec.devices.requests[0].exactly.allocationmode: "
                  + "unknown field \"allocationmode\", did you mean \"allocationMode\"?\n"
                  + "typo.yaml, document 1 (ResourceClaim/c), spec.devices.constraint: "
                  + "unknown field \"constraint\", did you mean \"constraints\"?");
          assertThat(e.getSuppressed()).hasSize(1);
          assertThat(((DecodeException) e.getSuppressed()[0]).path()).isEqualTo("spec.devices.constraint");
        });
  }

  @Test
  void warn_dropsTheUnknownField() throws Exception {
    List<DecodeException> warnings = new ArrayList<>();
    KubernetesCodec warn = KubernetesCodec.create().withFieldValidation(FieldValidation.WARN, warnings::add);
    ResourceClaim typo = (ResourceClaim) warn.readAll(claimV1("allocationmode: All"), "f").get(0);
    ResourceClaim plain = (ResourceClaim) KubernetesCodec.create().readAll(claimV1(""), "f").get(0);
    assertThat(typo).isEqualTo(plain);
    ExactDeviceRequest exact = typo.spec().devices().requests().get(0).exactly();
    assertThat(exact.allocationMode()).isNotEqualTo(DeviceAllocationMode.ALL);
    assertThat(warnings).hasSize(1);
  }

  /** Fields of the newest API that dra4j does not act on, in every version, are known. */
  static Stream<Arguments> knownFields() {
    return Stream.of(
        Arguments.of("v1 slice: newest device and spec fields, mixins",
            "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\n"
                + "metadata: {name: s, generateName: s-, ownerReferences: [{apiVersion: v1, kind: Node, name: 'n',"
                + " uid: u, controller: true}], managedFields: [{manager: m, operation: Apply,"
                + " fieldsType: FieldsV1, fieldsV1: {f:spec: {}}}], finalizers: [x], annotations: {a: b}}\n"
                + "spec:\n  driver: d\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n  nodeName: 'n'\n"
                + "  partitionTypeAttribute: d/type\n"
                + "  sharedCounters: [{name: cs, counters: {mem: {value: 1}}}]\n"
                + "  mixins: {device: [{name: m, attributes: {a: {int: 1}}}], counterSet: [],"
                + " deviceCounterConsumption: [{name: x, counters: {}}]}\n"
                + "  devices:\n  - name: a\n    includes: [m]\n    bindsToNode: true\n"
                + "    bindingConditions: [c]\n    allowMultipleAllocations: true\n"
                + "    consumesCounters: [{counterSet: cs, counters: {mem: {value: 1}}, compatibilityGroups: [g]}]\n"
                + "    capacity: {mem: {value: 1, requestPolicy: {default: 1, validRange: {min: 1, step: 1}}}}\n"
                + "    taints: [{key: k, effect: NoSchedule, timeAdded: '2025-01-01T00:00:00Z'}]\n"
                + "    nodeAllocatableResources: {cpu: {mapping: {capacityKey: mem}}}\n"),
        Arguments.of("v1 claim with status",
            "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, uid: u,"
                + " resourceVersion: '1', creationTimestamp: '2025-01-01T00:00:00Z'}\n"
                + "spec: {devices: {requests: [{name: r, firstAvailable: [{name: s, deviceClassName: x,"
                + " capacity: {requests: {mem: 1}}, tolerations: [{operator: Exists}]}]}]}}\n"
                + "status:\n  reservedFor: [{resource: pods, name: p, uid: u}]\n"
                + "  devices: [{driver: d, pool: p, device: a, conditions: [], networkData: {ips: []}}]\n"
                + "  allocation: {devices: {results: [{request: r/s, driver: d, pool: p, device: a,"
                + " consumedCapacity: {mem: 1}, shareID: x, bindingConditions: []}]}, nodeSelector:"
                + " {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: ['n']}]}]}}\n"),
        Arguments.of("v1beta1 slice and v1beta1 claim",
            "apiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: s}\n"
                + "spec: {driver: d, pool: {name: p, resourceSliceCount: 1}, allNodes: true,"
                + " devices: [{name: a, basic: {attributes: {x: {bool: true}}, includes: [m]}}]}\n"
                + "---\napiVersion: resource.k8s.io/v1beta1\nkind: ResourceClaim\nmetadata: {name: c}\n"
                + "spec: {devices: {requests: [{name: r, deviceClassName: x, allocationMode: All,"
                + " adminAccess: false}]}}\n"),
        Arguments.of("v1alpha3 claim template (1.33 shape)",
            "apiVersion: resource.k8s.io/v1alpha3\nkind: ResourceClaimTemplate\nmetadata: {name: t}\n"
                + "spec: {spec: {devices: {requests: [{name: r, deviceClassName: x, count: 1,"
                + " firstAvailable: []}]}}}\n"),
        Arguments.of("Pod with DRA fields and status",
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"
                + "spec:\n  resourceClaims: [{name: a, resourceClaimTemplateName: t}]\n"
                + "  nodeSelector: {a: b}\n  priorityClassName: high\n"
                + "  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution:"
                + " {nodeSelectorTerms: [{matchExpressions: [{key: a, operator: In, values: [b]}]}]}}}\n"
                + "  containers: [{name: c, image: i, resources: {requests: {cpu: 1}, claims: [{name: a,"
                + " request: r}]}, securityContext: {runAsUser: 1}}]\n"
                + "  volumes: [{name: v, emptyDir: {}}]\n"
                + "status: {resourceClaimStatuses: [{name: a, resourceClaimName: p-a}], phase: Pending}\n"),
        Arguments.of("kinds dra4j does not read are not checked",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\nanything: {goes: here}\n"
                + "---\napiVersion: example.com/v1\nkind: Widget\nspec: {unknown: true}\n"
                + "---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c}\n"
                + "spec: {devices: {config: [{opaque: {driver: d, parameters: {free: [form]}}}]}}\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("knownFields")
  void strict_acceptsEveryKnownField(String name, String input) throws Exception {
    List<DecodeException> warnings = new ArrayList<>();
    assertThat(KubernetesCodec.create().withFieldValidation(FieldValidation.WARN, warnings::add)
        .readAll(input, "in.yaml")).isNotEmpty();
    assertThat(warnings).isEmpty();
  }

  @Test
  void duplicateKey_failsWhenStrict_lastWinsWhenWarnOrIgnore() throws Exception {
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: a}\n"
        + "spec:\n  extendedResourceName: x/one\n  extendedResourceName: x/two\n";
    assertThatThrownBy(() -> KubernetesCodec.create().readAll(yaml, "dup.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> assertThat(e.getMessage()).isEqualTo(
            "dup.yaml, document 1 (DeviceClass/a), spec.extendedResourceName: "
                + "duplicate field \"extendedResourceName\" (line 6, column 3)"));

    List<DecodeException> warnings = new ArrayList<>();
    Object warned = KubernetesCodec.create().withFieldValidation(FieldValidation.WARN, warnings::add)
        .readAll(yaml, "dup.yaml").get(0);
    assertThat(warnings).singleElement().satisfies(w -> assertThat(w.path()).isEqualTo("spec.extendedResourceName"));
    assertThat(((DeviceClass) warned).spec().extendedResourceName()).isEqualTo("x/two");

    Object ignored = KubernetesCodec.create().withFieldValidation(FieldValidation.IGNORE, warnings::add)
        .readAll(yaml, "dup.yaml").get(0);
    assertThat(ignored).isEqualTo(warned);
    assertThat(warnings).hasSize(1);
  }

  @Test
  void duplicateKey_json() throws Exception {
    String json = "{\"apiVersion\": \"resource.k8s.io/v1\", \"kind\": \"DeviceClass\", \"metadata\": {\"name\": \"a\"},\n"
        + " \"spec\": {\"selectors\": [{\"cel\": {\"expression\": \"false\", \"expression\": \"true\"}}]}}";
    assertThatThrownBy(() -> KubernetesCodec.create().readAll(json, "dup.json"))
        .isInstanceOfSatisfying(DecodeException.class, e -> assertThat(e.getMessage()).isEqualTo(
            "dup.json, document 1 (DeviceClass/a), spec.selectors[0].cel.expression: "
                + "duplicate field \"expression\" (line 2)"));

    List<DecodeException> warnings = new ArrayList<>();
    DeviceClass warned = (DeviceClass) KubernetesCodec.create()
        .withFieldValidation(FieldValidation.WARN, warnings::add).readAll(json, "dup.json").get(0);
    assertThat(warnings).singleElement().satisfies(w -> assertThat(w.path()).isEqualTo("spec.selectors[0].cel.expression"));
    assertThat(warned.spec().selectors().get(0).cel().expression()).isEqualTo("true");
  }

  @Test
  void duplicateKey_embeddedJsonIsRefused() {
    assertThatThrownBy(() -> KubernetesCodec.create().fromJson(
        new io.github.dra4j.api.RawJson("{\"driver\": \"a\", \"driver\": \"b\"}"), io.github.dra4j.api.OpaqueDeviceConfiguration.class))
        .isInstanceOf(DecodeException.class).hasMessageContaining("driver: duplicate field \"driver\" (line 1)");
  }

  /** Edit distance, ignoring case, within a third of the name (at least 2). */
  static Stream<Arguments> suggestions() {
    List<String> known = List.of("count", "allocationMode", "constraints", "cel", "name", "names");
    return Stream.of(
        Arguments.of("cuont", known, "count"),
        Arguments.of("cont", known, "count"),
        Arguments.of("allocationmode", known, "allocationMode"),
        Arguments.of("ALLOCATIONMODE", known, "allocationMode"),
        Arguments.of("constraint", known, "constraints"),
        Arguments.of("nam", known, "name"),
        Arguments.of("expression", known, null),
        Arguments.of("xyz", known, null),
        Arguments.of("allocation", known, null));
  }

  @ParameterizedTest(name = "{0} -> {2}")
  @MethodSource("suggestions")
  void closest_suggestsAKnownNameWithinAThirdOfEdits_orNothing(String name, List<String> known, String expected) {
    assertThat(FieldCheck.closest(name, known)).isEqualTo(expected);
  }

  @Test
  void codec_defaultIsStrict() {
    assertThat(KubernetesCodec.create().fieldValidation()).isEqualTo(FieldValidation.STRICT);
    assertThat(KubernetesCodec.create().withFieldValidation(FieldValidation.WARN, w -> { }).fieldValidation())
        .isEqualTo(FieldValidation.WARN);
  }

  @Test
  void read_singleObjectIsCheckedToo() {
    assertThatThrownBy(() -> KubernetesCodec.create().read(
        "metadata: {name: c}\nspec: {selectors: [], extendedResourceNmae: x}\n", DeviceClass.class))
        .isInstanceOfSatisfying(DecodeException.class, e -> assertThat(e.path()).isEqualTo("spec.extendedResourceNmae"));
  }
}
