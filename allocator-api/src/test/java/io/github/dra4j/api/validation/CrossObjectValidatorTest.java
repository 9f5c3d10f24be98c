package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cross-object rules, one row per rule and message: the documents of {@code in.yaml} and
 * the errors they must give, in order.
 */
final class CrossObjectValidatorTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  /* --- objects --- */

  private static String slice(String name, String pool, long generation, long count, String... devices) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + name + "}\n"
        + "spec: {driver: gpu.example.com, nodeName: node-1, pool: {name: " + pool + ", generation: "
        + generation + ", resourceSliceCount: " + count + "}, devices: ["
        + Stream.of(devices).map(d -> "{name: " + d + "}").collect(Collectors.joining(", ")) + "]}\n";
  }

  private static String counterSlice(String name, String pool, String... counterSets) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + name + "}\n"
        + "spec: {driver: gpu.example.com, nodeName: node-1, pool: {name: " + pool
        + ", generation: 1, resourceSliceCount: 2}, sharedCounters: ["
        + Stream.of(counterSets).map(c -> "{name: " + c + ", counters: {mem: {value: 1Gi}}}")
            .collect(Collectors.joining(", ")) + "]}\n";
  }

  private static String deviceClass(String name) {
    return "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: " + name + "}\n";
  }

  private static String claim(String namespace, String name, String requests) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: " + name
        + (namespace.isEmpty() ? "" : ", namespace: " + namespace) + "}\nspec: {devices: {requests: " + requests + "}}\n";
  }

  private static String template(String name, String requests) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: " + name
        + ", namespace: default}\nspec: {spec: {devices: {requests: " + requests + "}}}\n";
  }

  private static String pod(String namespace, String resourceClaims) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: " + namespace + "}\n"
        + "spec: {containers: [{name: c}], resourceClaims: " + resourceClaims + "}\n";
  }

  private static String node(String name) {
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name + "}\n";
  }

  private static final String GPU = "[{name: r, exactly: {deviceClassName: gpu}}]";
  private static final String REFUSED = "; the API server refuses to create a second object of one name";

  /* --- the rules --- */

  static Stream<Arguments> rules() {
    String allocated = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: done, namespace: default}\n"
        + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: gone}}]}}\n"
        + "status: {allocation: {devices: {results: [{request: r, driver: gpu.example.com, pool: a, device: gpu-0}]}}}\n";
    return Stream.of(
        row("consistent objects", List.of(deviceClass("gpu"), slice("a-0", "a", 1, 2, "gpu-0"),
            slice("a-1", "a", 1, 2, "gpu-1"), claim("default", "c", GPU), template("t", GPU),
            pod("default", "[{name: one, resourceClaimName: c}, {name: two, resourceClaimTemplateName: t}]"),
            node("node-1")), List.of()),
        row("duplicate object", List.of(node("node-1"), deviceClass("gpu"), node("node-1")),
            List.of("in.yaml, document 3: Node/node-1: metadata.name: Duplicate value: \"node-1\": the same kind,"
                + " namespace and name as Node/node-1 (in.yaml, document 1)" + REFUSED)),
        row("no namespace is default", List.of(deviceClass("gpu"), claim("default", "c", GPU), claim("", "c", GPU)),
            List.of("in.yaml, document 3: ResourceClaim/c: metadata.name: Duplicate value: \"c\": the same kind,"
                + " namespace and name as ResourceClaim/default/c (in.yaml, document 2)" + REFUSED)),
        row("same name, other kind or namespace", List.of(deviceClass("gpu"), claim("a", "gpu", GPU),
            claim("b", "gpu", GPU), template("gpu", GPU)), List.of()),
        row("older generation", List.of(slice("a-0", "a", 1, 1, "gpu-0"), slice("a-1", "a", 2, 1, "gpu-1")),
            List.of("in.yaml, document 1: ResourceSlice/a-0: spec.pool.generation: Invalid value: 1: older than"
                + " generation 2 of ResourceSlice/a-1 (in.yaml, document 2) in the same pool gpu.example.com/a: the"
                + " scheduler ignores slices of an older generation (a pool being updated)")),
        row("too few slices", List.of(slice("a-0", "a", 1, 3, "gpu-0"), slice("a-1", "a", 1, 3, "gpu-1")),
            List.of("in.yaml, document 1: ResourceSlice/a-0: spec.pool.resourceSliceCount: Invalid value: 3: pool"
                + " gpu.example.com/a has 2 ResourceSlices of generation 1 in the input: the scheduler treats the"
                + " pool as incomplete and allocates none of its devices")),
        row("too many slices", List.of(slice("a-0", "a", 1, 1, "gpu-0"), slice("a-1", "a", 1, 1, "gpu-1")),
            List.of("in.yaml, document 1: ResourceSlice/a-0: spec.pool.resourceSliceCount: Invalid value: 1: pool"
                + " gpu.example.com/a has 2 ResourceSlices of generation 1 in the input: the scheduler treats the"
                + " pool as incomplete and allocates none of its devices")),
        row("counts differ", List.of(slice("a-0", "a", 1, 2, "gpu-0"), slice("a-1", "a", 1, 3, "gpu-1")),
            List.of("in.yaml, document 2: ResourceSlice/a-1: spec.pool.resourceSliceCount: Invalid value: 3: differs"
                + " from resourceSliceCount 2 of ResourceSlice/a-0 (in.yaml, document 1), in the same pool and"
                + " generation")),
        row("a slice given twice counts once", List.of(slice("a-0", "a", 1, 1, "gpu-0"), slice("a-0", "a", 1, 1, "gpu-0")),
            List.of("in.yaml, document 2: ResourceSlice/a-0: metadata.name: Duplicate value: \"a-0\": the same kind,"
                + " namespace and name as ResourceSlice/a-0 (in.yaml, document 1)" + REFUSED)),
        row("duplicate device in a pool", List.of(slice("a-0", "a", 1, 2, "gpu-0", "gpu-1"),
            slice("a-1", "a", 1, 2, "gpu-2", "gpu-1")),
            List.of("in.yaml, document 2: ResourceSlice/a-1: spec.devices[1].name: Duplicate value: \"gpu-1\": also a"
                + " device of ResourceSlice/a-0 (in.yaml, document 1) in pool gpu.example.com/a: the scheduler"
                + " refuses the pool")),
        row("same device name in other pools", List.of(slice("a-0", "a", 1, 1, "gpu-0"), slice("b-0", "b", 1, 1, "gpu-0")),
            List.of()),
        row("same device name in an older generation", List.of(slice("a-0", "a", 1, 1, "gpu-0"),
            slice("a-1", "a", 2, 1, "gpu-0")), List.of("in.yaml, document 1: ResourceSlice/a-0: spec.pool.generation:"
                + " Invalid value: 1: older than generation 2 of ResourceSlice/a-1 (in.yaml, document 2) in the same"
                + " pool gpu.example.com/a: the scheduler ignores slices of an older generation (a pool being"
                + " updated)")),
        row("duplicate counter set in a pool", List.of(counterSlice("a-0", "a", "cs-0"), counterSlice("a-1", "a", "cs-0")),
            List.of("in.yaml, document 2: ResourceSlice/a-1: spec.sharedCounters[0].name: Duplicate value: \"cs-0\":"
                + " also a counter set of ResourceSlice/a-0 (in.yaml, document 1) in pool gpu.example.com/a: the"
                + " scheduler refuses the pool")),
        row("claim without its class", List.of(claim("default", "c",
            "[{name: r, firstAvailable: [{name: a, deviceClassName: gpu}, {name: b, deviceClassName: tpu}]}]"),
            deviceClass("gpu")),
            List.of("in.yaml, document 1: ResourceClaim/default/c: spec.devices.requests[0].firstAvailable[1]"
                + ".deviceClassName: Not found: \"tpu\": no DeviceClass of this name in the input")),
        row("allocated claim without its class", List.of(allocated), List.of()),
        row("template without its class", List.of(template("t", GPU)),
            List.of("in.yaml, document 1: ResourceClaimTemplate/default/t: spec.spec.devices.requests[0].exactly"
                + ".deviceClassName: Not found: \"gpu\": no DeviceClass of this name in the input")),
        row("pod without its claim and template", List.of(deviceClass("gpu"), template("t", GPU), claim("default", "c", GPU),
            pod("demo", "[{name: one, resourceClaimName: c}, {name: two, resourceClaimTemplateName: t}]")),
            List.of("in.yaml, document 4: Pod/demo/p: spec.resourceClaims[0].resourceClaimName: Not found: \"c\":"
                    + " no ResourceClaim demo/c in the input",
                "in.yaml, document 4: Pod/demo/p: spec.resourceClaims[1].resourceClaimTemplateName: Not found: \"t\":"
                    + " no ResourceClaimTemplate demo/t in the input")),
        row("errors in input order", List.of(claim("default", "c", GPU), node("node-9"), node("node-9")),
            List.of("in.yaml, document 1: ResourceClaim/default/c: spec.devices.requests[0].exactly.deviceClassName:"
                    + " Not found: \"gpu\": no DeviceClass of this name in the input",
                "in.yaml, document 3: Node/node-9: metadata.name: Duplicate value: \"node-9\": the same kind,"
                    + " namespace and name as Node/node-9 (in.yaml, document 2)" + REFUSED)));
  }

  private static Arguments row(String name, List<String> documents, List<String> errors) {
    return Arguments.of(Named.of(name, documents), errors);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void validate_reportsEachRuleOnTheObjectThatBreaksIt(List<String> documents, List<String> errors) throws Exception {
    List<SourcedObject> objects = read(documents);
    List<SourcedObject> before = List.copyOf(objects);

    List<ObjectError> found = CrossObjectValidator.validate(objects);

    assertThat(found).extracting(ObjectError::toString).containsExactlyElementsOf(errors);
    assertThat(objects).as("input unchanged").isEqualTo(before);
  }

  /* --- the duplicate rule alone, as a typed cluster applies it --- */

  @Test
  void duplicateObjects_withoutOrigins_namesTheObjects() throws Exception {
    List<SourcedObject> objects = new ArrayList<>();
    for (SourcedObject o : read(List.of(slice("a-0", "a", 1, 2, "gpu-0"), deviceClass("gpu"),
        slice("a-0", "a", 1, 2, "gpu-0")))) {
      objects.add(SourcedObject.of(o.object()));
    }

    assertThat(CrossObjectValidator.duplicateObjects(objects)).extracting(ObjectError::toString).containsExactly(
        "ResourceSlice/a-0: metadata.name: Duplicate value: \"a-0\": the same kind, namespace and name as"
            + " ResourceSlice/a-0" + REFUSED);
  }

  @Test
  void duplicateObjects_checksNoOtherRule() throws Exception {
    assertThat(CrossObjectValidator.duplicateObjects(read(List.of(claim("default", "c", GPU),
        slice("a-0", "a", 1, 5, "gpu-0"))))).isEmpty();
  }

  @Test
  void objectsOfOtherKinds_takePartInNoRule() throws Exception {
    String configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: demo}\n";

    assertThat(CrossObjectValidator.validate(read(List.of(configMap, configMap)))).isEmpty();
  }

  @Test
  void namespacesAndServices_areModelled_soASecondOfOneNameIsADuplicate() throws Exception {
    String namespace = "apiVersion: v1\nkind: Namespace\nmetadata: {name: demo}\n";
    String labelled = "apiVersion: v1\nkind: Namespace\nmetadata: {name: demo, labels: {team: a}}\n";
    String service = "apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\nspec: {selector: {a: b}}\n";

    // the same Namespace in two documents is one object, as applying both leaves it unchanged
    assertThat(CrossObjectValidator.duplicateObjects(read(List.of(namespace, namespace, labelled, service, service))))
        .extracting(ObjectError::toString).containsExactly(
            "in.yaml, document 3: Namespace/demo: metadata.name: Duplicate value: \"demo\": the same kind, namespace"
                + " and name as Namespace/demo (in.yaml, document 1)" + REFUSED,
            "in.yaml, document 5: Service/shop/web: metadata.name: Duplicate value: \"web\": the same kind, namespace"
                + " and name as Service/shop/web (in.yaml, document 4)" + REFUSED);
  }

  @Test
  void sourcedObject_where() throws Exception {
    Object node = read(List.of(node("node-9"))).get(0).object();

    assertThat(new SourcedObject(node, "a.yaml", 2).where()).isEqualTo("a.yaml, document 2");
    assertThat(new SourcedObject(node, "a.yaml", 0).where()).isEqualTo("a.yaml");
    assertThat(SourcedObject.of(node).where()).isEmpty();
    assertThat(SourcedObject.of(node).ref()).isEqualTo("Node/node-9");
  }

  private static List<SourcedObject> read(List<String> documents) throws Exception {
    List<SourcedObject> objects = new ArrayList<>();
    CODEC.readAll(String.join("---\n", documents), "in.yaml",
        (o, document) -> objects.add(new SourcedObject(o, "in.yaml", document)));
    return objects;
  }
}
