package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Malformed fabric8 objects give an error naming the object, the field path and the rule. */
final class Fabric8AdaptersErrorTest {

  private static final String SLICE_HEAD = "apiVersion: resource.k8s.io/v1\\nkind: ResourceSlice\\n"
      + "metadata: {name: s1}\\n";

  static Stream<Arguments> malformed() {
    return Stream.of(
        bad("slice without spec", SLICE_HEAD, "ResourceSlice s1", "spec", "Required value"),
        bad("slice without driver", SLICE_HEAD + "spec: {pool: {name: p, generation: 1, resourceSliceCount: 1}}",
            "ResourceSlice s1", "spec.driver", "Required value"),
        bad("slice without pool name", SLICE_HEAD + "spec: {driver: d, pool: {generation: 1}}",
            "ResourceSlice s1", "spec.pool.name", "Required value"),
        bad("attribute with two values", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, devices: "
            + "[{name: a, attributes: {x: {int: 1, string: s}}}]}",
            "ResourceSlice s1", "spec.devices[0].attributes[x]", "exactly one of"),
        bad("device without name", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, devices: [{allNodes: true}]}",
            "ResourceSlice s1", "spec.devices[0].name", "Required value"),
        bad("counter without value", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, sharedCounters: "
            + "[{name: cs, counters: {mem: {}}}]}",
            "ResourceSlice s1", "spec.sharedCounters[0].counters[mem].value", "Required value"),
        bad("includes not a list", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, devices: "
            + "[{name: a, includes: m}]}", "ResourceSlice s1", "spec.devices[0].includes", "expected a list"),
        bad("includes with a number", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, devices: "
            + "[{name: a, includes: [m, 3]}]}", "ResourceSlice s1", "spec.devices[0].includes[1]", "expected a string"),
        bad("unknown mixin kind", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, mixins: {devices: []}}",
            "ResourceSlice s1", "spec.mixins.devices", "unknown field"),
        bad("device mixin with unknown field", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, mixins: "
            + "{device: [{name: m, basic: {}}]}}", "ResourceSlice s1", "spec.mixins.device[0].basic", "unknown field"),
        bad("counter set mixin without name", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, mixins: "
            + "{counterSet: [{counters: {mem: {value: 1Gi}}}]}}",
            "ResourceSlice s1", "spec.mixins.counterSet[0].name", "Required value"),
        bad("mixin quantity malformed", SLICE_HEAD + "spec: {driver: d, pool: {name: p}, mixins: "
            + "{deviceCounterConsumption: [{name: m, counters: {mem: {value: 12XB}}}]}}",
            "ResourceSlice s1", "spec.mixins.deviceCounterConsumption[0].counters[mem].value", "is invalid"),
        bad("claim request without name", "apiVersion: resource.k8s.io/v1\\nkind: ResourceClaim\\n"
            + "metadata: {name: c, namespace: ns}\\nspec: {devices: {requests: [{exactly: {deviceClassName: x}}]}}",
            "ResourceClaim ns/c", "spec.devices.requests[0].name", "Required value"),
        bad("claim result without device", "apiVersion: resource.k8s.io/v1\\nkind: ResourceClaim\\n"
            + "metadata: {name: c, namespace: ns}\\nspec: {devices: {}}\\nstatus: {allocation: {devices: "
            + "{results: [{request: r, driver: d, pool: p}]}}}",
            "ResourceClaim ns/c", "status.allocation.devices.results[0].device", "Required value"),
        bad("class config without opaque", "apiVersion: resource.k8s.io/v1\\nkind: DeviceClass\\n"
            + "metadata: {name: k}\\nspec: {config: [{}]}", "DeviceClass k", "spec.config[0].opaque", "Required value"),
        bad("node without name", "apiVersion: v1\\nkind: Node\\nmetadata: {labels: {a: b}}",
            "Node <unnamed>", "metadata.name", "Required value"));
  }

  private static Arguments bad(String name, String yaml, String ref, String path, String rule) {
    return Arguments.of(Named.of(name, yaml.replace("\\n", "\n")), ref, path, rule);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void toRecord_malformed_namesObjectPathAndRule(String yaml, String ref, String path, String rule) {
    List<HasMetadata> objects = Fabric8Yaml.read(yaml);
    assertThat(objects).hasSize(1);
    HasMetadata input = objects.get(0);
    HasMetadata pristine = Fabric8Yaml.SERIALIZATION.clone(input);
    assertThatThrownBy(() -> Fabric8AdaptersRoundTripTest.toRecord(input))
        .isInstanceOfSatisfying(Fabric8ConversionException.class, e -> {
          assertThat(e.objectRef()).isEqualTo(ref);
          assertThat(e.path()).hasToString(path);
        })
        .hasMessageStartingWith(ref + ": " + path + ": ")
        .hasMessageContaining(rule);
    assertThat(input).isEqualTo(pristine);
  }
}
