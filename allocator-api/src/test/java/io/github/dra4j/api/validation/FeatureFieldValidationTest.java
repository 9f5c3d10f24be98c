package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rules for the fields of the Kubernetes 1.37 DRA features, as validation.go and the
 * declarative tags of k8s.io/api give them. Each row changes one field of a valid object.
 */
final class FeatureFieldValidationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String SLICE = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        %s
        devices:
        - name: device-0
          attributes: {profile: {string: half}}
          capacity: {memory: {value: 8Gi}}
          consumesCounters:
          - counterSet: cs-0
            counters: {memory: {value: 8Gi}}
            %s
          %s
        - name: device-1
      """;

  private static List<String> slice(String spec, String consumption, String device) throws Exception {
    ResourceSlice s = (ResourceSlice) CODEC.readAll(SLICE.formatted(spec, consumption, device), "slice").get(0);
    return Validator.validate(s).stream().map(FieldError::toString).toList();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "groups ok | compatibilityGroups: [mig, vgpu] | ",
      "too many groups | compatibilityGroups: [a, b, c] | spec.devices[0].consumesCounters[0].compatibilityGroups: Too many: 3: must have at most 2 items",
      "group not a label | compatibilityGroups: [Mig] | spec.devices[0].consumesCounters[0].compatibilityGroups[0]: Invalid value: \"Mig\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      "duplicate group | compatibilityGroups: [mig, mig] | spec.devices[0].consumesCounters[0].compatibilityGroups[1]: Duplicate value: \"mig\"",
  })
  void compatibilityGroups(String name, String groups, String error) throws Exception {
    assertThat(slice("", groups, "")).isEqualTo(error == null ? List.of() : List.of(error));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "all | skipNodeOperations: ['*'] | ",
      "both | 'skipNodeOperations: [NodePrepareResources, NodeUnprepareResources]' | ",
      "unprepare alone | skipNodeOperations: [NodeUnprepareResources] | ",
      "prepare alone | skipNodeOperations: [NodePrepareResources] | spec.skipNodeOperations: Invalid value: [\"NodePrepareResources\"]: NodePrepareResources cannot be skipped unless NodeUnprepareResources is also skipped",
      "unknown | skipNodeOperations: [NodeReboot] | spec.skipNodeOperations[0]: Unsupported value: \"NodeReboot\": supported values: \"*\", \"NodePrepareResources\", \"NodeUnprepareResources\"",
      "partition type | partitionTypeAttribute: driver-a/profile | ",
      "partition type bare name missing domain | partitionTypeAttribute: profile | spec.partitionTypeAttribute: Invalid value: \"profile\": a fully qualified name must be a domain and a name separated by a slash",
      "partition type other domain | partitionTypeAttribute: example.com/profile | spec.devices[0].attributes[example.com/profile]: Required value: device consumes counters and `partitionTypeAttribute` names this attribute, so it must be set",
  })
  void sliceFields(String name, String spec, String error) throws Exception {
    assertThat(slice(spec, "", "")).isEqualTo(error == null ? List.of() : List.of(error));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "mapping by device | 'nodeAllocatableResources: {cpu: {mapping: {deviceMultiplier: \"8\"}}}' | ",
      "mapping by capacity | 'nodeAllocatableResources: {memory: {mapping: {capacityKey: memory, capacityMultiplier: \"1\"}}}' | ",
      "overhead | 'nodeAllocatableResources: {hugepages-2Mi: {overhead: {perPod: 2Mi}}}' | ",
      "not allocatable | 'nodeAllocatableResources: {ephemeral-storage: {overhead: {perPod: 1Gi}}}' | spec.devices[0].nodeAllocatableResources[ephemeral-storage]: Invalid value: \"ephemeral-storage\": must be a node allocatable resource name",
      "neither | 'nodeAllocatableResources: {cpu: {}}' | spec.devices[0].nodeAllocatableResources[cpu]: Required value: at least one of mapping or overhead must be set",
      "unknown capacity | 'nodeAllocatableResources: {memory: {mapping: {capacityKey: disk, capacityMultiplier: \"1\"}}}' | spec.devices[0].nodeAllocatableResources[memory].mapping.capacityKey: Not found: \"disk\"",
      "multiplier without key | 'nodeAllocatableResources: {cpu: {mapping: {capacityMultiplier: \"2\"}}}' | spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityKey: Required value: capacityKey is required when capacityMultiplier is set",
      "zero multiplier | 'nodeAllocatableResources: {cpu: {mapping: {deviceMultiplier: \"0\"}}}' | spec.devices[0].nodeAllocatableResources[cpu].mapping.deviceMultiplier: Invalid value: \"0\": must be positive",
      "empty overhead | 'nodeAllocatableResources: {cpu: {overhead: {}}}' | spec.devices[0].nodeAllocatableResources[cpu].overhead: Invalid value: \"\": at least one of perPod or perContainer must be set",
  })
  void nodeAllocatableResources(String name, String device, String error) throws Exception {
    assertThat(slice("", "", device)).isEqualTo(error == null ? List.of() : List.of(error));
  }

  private static final String RANGE = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        devices:
        - name: device-0
          allowMultipleAllocations: true
          capacity:
            cores:
              value: "2"
              requestPolicy:
                default: %1$s
                validRange: {min: %1$s, step: %2$s, max: %3$s}
      """;

  /** DRAFractionalCapacityRange: a fractional range is computed in milli-units, which its values must be. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "milli step | 100m | 250m | 1100m | ",
      "integer range | 1 | 1 | 2 | ",
      "sub-milli step | 100m | 250u | 1100m | spec.devices[0].capacity[cores].requestPolicy.validRange.step: Invalid value: \"250u\": value cannot be represented as a milli value",
  })
  void fractionalRanges(String name, String min, String step, String max, String error) throws Exception {
    ResourceSlice s = (ResourceSlice) CODEC.readAll(RANGE.formatted(min, step, max), "slice").get(0);
    assertThat(Validator.validate(s).stream().map(FieldError::toString).toList())
        .isEqualTo(error == null ? List.of() : List.of(error));
  }

  private static final String CLAIM = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: claim-0, namespace: default}
      spec:
        devices:
          requests:
          - name: req-0
            exactly:
              deviceClassName: class-a
              derivedAttributes:
              - {name: %s, expression: %s}
          - name: req-1
            firstAvailable:
            - name: sub-0
              deviceClassName: class-a
              derivedAttributes:
              - {name: derived/numa, expression: '0'}
          constraints:
          - {requests: [%s], matchAttribute: derived/numa}
      """;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "used | derived/numa | device.driver | 'req-0, req-1' | ",
      "used by parent of subrequest | derived/numa | device.driver | 'req-0, req-1/sub-0' | ",
      "not used by req-0 | derived/numa | device.driver | req-1 | spec.devices.requests[0].exactly.derivedAttributes[0].name: Invalid value: \"derived/numa\": must be referenced by at least one matchAttribute or distinctAttribute constraint targeting this request",
      "not fully qualified | numa | device.driver | 'req-0, req-1' | spec.devices.requests[0].exactly.derivedAttributes[0].name: Invalid value: \"numa\": a fully qualified name must be a domain and a name separated by a slash;spec.devices.requests[0].exactly.derivedAttributes[0].name: Invalid value: \"numa\": must be referenced by at least one matchAttribute or distinctAttribute constraint targeting this request",
      "empty expression | derived/numa | '\"\"' | 'req-0, req-1' | spec.devices.requests[0].exactly.derivedAttributes[0].expression: Required value",
  })
  void derivedAttributes(String name, String attribute, String expression, String requests, String errors) throws Exception {
    ResourceClaim claim = (ResourceClaim) CODEC.readAll(CLAIM.formatted(attribute, expression, requests), "claim")
        .get(0);
    assertThat(Validator.validate(claim).stream().map(FieldError::toString).toList())
        .isEqualTo(errors == null ? List.of() : List.of(errors.split(";")));
  }
}
