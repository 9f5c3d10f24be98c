package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Named.named;

import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class KubernetesCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  private static final String SLICE = String.join("\n",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata:",
      "  name: slice-1",
      "  uid: u-1",
      "  generation: 3",
      "  labels: {team: a}",
      "  annotations: {note: 'yes'}",
      "spec:",
      "  driver: gpu.example.com",
      "  pool: {name: pool-1, generation: 2, resourceSliceCount: 1}",
      "  perDeviceNodeSelection: true",
      "  devices:",
      "  - name: gpu-0",
      "    nodeName: node-1",
      "    includes: [common]",
      "    attributes:",
      "      model: {string: A100}",
      "      cores: {int: 108}",
      "      ecc: {bool: true}",
      "      driverVersion: {version: 1.2.3}",
      "    capacity:",
      "      memory: {value: 40Gi}",
      "      slots: {value: 2}",
      "      bandwidth:",
      "        value: 100G",
      "        requestPolicy:",
      "          default: 10G",
      "          validRange: {min: 1G, max: 100G, step: 1G}",
      "    consumesCounters:",
      "    - counterSet: set-0",
      "      counters: {memory: {value: 4Gi}}",
      "      includes: [mem]",
      "    taints: [{key: k, value: v, effect: NoSchedule, timeAdded: '2025-01-01T00:00:00Z'}]",
      "    bindingConditions: [ready]",
      "    bindsToNode: true",
      "    allowMultipleAllocations: true",
      "  mixins:",
      "    device: [{name: common, attributes: {vendor: {string: nvidia}}}]",
      "    deviceCounterConsumption: [{name: mem, counters: {memory: {value: 1Gi}}}]",
      "    counterSet: [{name: cs, counters: {memory: {value: 80Gi}}}]",
      "");

  /* --- reading --- */

  @Test
  void readAll_slice_decodesEveryField() throws Exception {
    List<Object> objects = codec.readAll(SLICE, "slice.yaml");

    assertThat(objects).hasSize(1);
    ResourceSlice slice = (ResourceSlice) objects.get(0);
    assertThat(slice.metadata()).isEqualTo(
        new ObjectMeta("slice-1", null, "u-1", null, 3L, Map.of("team", "a"), Map.of("note", "yes")));
    ResourceSliceSpec spec = slice.spec();
    assertThat(spec.pool()).isEqualTo(ResourcePool.of("pool-1", 2, 1));
    assertThat(spec.perDeviceNodeSelection()).isTrue();
    Device d = spec.devices().get(0);
    assertThat(d.attributes()).containsExactly(
        Map.entry("cores", DeviceAttribute.ofInt(108)),
        Map.entry("driverVersion", DeviceAttribute.ofVersion("1.2.3")),
        Map.entry("ecc", DeviceAttribute.ofBool(true)),
        Map.entry("model", DeviceAttribute.ofString("A100")));
    assertThat(d.capacity().get("memory").value()).isEqualTo(Quantity.parse("40Gi"));
    assertThat(d.capacity().get("slots").value()).isEqualTo(Quantity.of(2));
    CapacityRequestPolicy policy = d.capacity().get("bandwidth").requestPolicy();
    assertThat(policy.defaultValue()).isEqualTo(Quantity.parse("10G"));
    assertThat(policy.validRange().step()).isEqualTo(Quantity.parse("1G"));
    assertThat(d.consumesCounters().get(0).includes()).containsExactly("mem");
    assertThat(d.taints().get(0).timeAdded()).isEqualTo("2025-01-01T00:00:00Z");
    assertThat(d.bindsToNode()).isTrue();
    assertThat(d.allowMultipleAllocations()).isTrue();
    assertThat(d.includes()).containsExactly("common");
    assertThat(spec.mixins().device().get(0).attributes())
        .containsEntry("vendor", DeviceAttribute.ofString("nvidia"));
    assertThat(spec.mixins().counterSet().get(0).counters().get("memory").value())
        .isEqualTo(Quantity.parse("80Gi"));
  }

  @Test
  void readAll_v1beta1_unwrapsBasicDevicesAndInlineRequests() throws Exception {
    String yaml = String.join("\n",
        "apiVersion: resource.k8s.io/v1beta1",
        "kind: ResourceSlice",
        "metadata: {name: s}",
        "spec:",
        "  driver: d",
        "  pool: {name: p, generation: 1, resourceSliceCount: 1}",
        "  nodeName: 'n'",
        "  devices:",
        "  - name: dev",
        "    basic:",
        "      attributes: {a: {int: 1}}",
        "      capacity: {c: {value: 1Ki}}",
        "---",
        "apiVersion: resource.k8s.io/v1beta1",
        "kind: ResourceClaim",
        "metadata: {name: c, namespace: ns}",
        "spec:",
        "  devices:",
        "    requests:",
        "    - name: r",
        "      deviceClassName: cls",
        "      count: 2",
        "");
    List<Object> objects = codec.readAll(yaml, "old.yaml");

    Device dev = ((ResourceSlice) objects.get(0)).spec().devices().get(0);
    assertThat(dev.attributes()).containsEntry("a", DeviceAttribute.ofInt(1));
    assertThat(dev.capacity().get("c").value()).isEqualTo(Quantity.of(1024));
    DeviceRequest request = ((ResourceClaim) objects.get(1)).spec().devices().requests().get(0);
    assertThat(request.exactly().deviceClassName()).isEqualTo("cls");
    assertThat(request.exactly().count()).isEqualTo(2L);
  }

  /** The 1.31 to 1.33 shape: as v1beta1, but a device capacity is a plain quantity. */
  @Test
  void readAll_v1alpha3_equalsTheSameObjectsInV1() throws Exception {
    String v1alpha3 = String.join("\n",
        "apiVersion: resource.k8s.io/v1alpha3",
        "kind: ResourceSlice",
        "metadata: {name: s}",
        "spec:",
        "  driver: d",
        "  pool: {name: p, generation: 1, resourceSliceCount: 1}",
        "  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: k, operator: Exists}]}]}",
        "  devices:",
        "  - name: dev",
        "    basic:",
        "      attributes: {a: {int: 1}, v: {version: 1.0.0}}",
        "      capacity: {c: 1Ki, n: 3}",
        "---",
        "apiVersion: resource.k8s.io/v1alpha3",
        "kind: DeviceClass",
        "metadata: {name: cls}",
        "spec: {selectors: [{cel: {expression: 'device.driver == \"d\"'}}]}",
        "---",
        "apiVersion: resource.k8s.io/v1alpha3",
        "kind: ResourceClaim",
        "metadata: {name: c, namespace: ns}",
        "spec:",
        "  devices:",
        "    requests:",
        "    - {name: r, deviceClassName: cls, allocationMode: ExactCount, count: 2, adminAccess: false}",
        "    constraints: [{requests: [r], matchAttribute: d/a}]",
        "status:",
        "  allocation:",
        "    devices: {results: [{request: r, driver: d, pool: p, device: dev, adminAccess: null}]}",
        "  reservedFor: [{resource: pods, name: pod, uid: u}]",
        "");
    String v1 = String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceSlice",
        "metadata: {name: s}",
        "spec:",
        "  driver: d",
        "  pool: {name: p, generation: 1, resourceSliceCount: 1}",
        "  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: k, operator: Exists}]}]}",
        "  devices:",
        "  - name: dev",
        "    attributes: {a: {int: 1}, v: {version: 1.0.0}}",
        "    capacity: {c: {value: 1Ki}, n: {value: 3}}",
        "---",
        "apiVersion: resource.k8s.io/v1",
        "kind: DeviceClass",
        "metadata: {name: cls}",
        "spec: {selectors: [{cel: {expression: 'device.driver == \"d\"'}}]}",
        "---",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: c, namespace: ns}",
        "spec:",
        "  devices:",
        "    requests:",
        "    - name: r",
        "      exactly: {deviceClassName: cls, allocationMode: ExactCount, count: 2, adminAccess: false}",
        "    constraints: [{requests: [r], matchAttribute: d/a}]",
        "status:",
        "  allocation:",
        "    devices: {results: [{request: r, driver: d, pool: p, device: dev}]}",
        "  reservedFor: [{resource: pods, name: pod, uid: u}]",
        "");

    assertThat(codec.readAll(v1alpha3, "alpha.yaml")).isEqualTo(codec.readAll(v1, "v1.yaml")).hasSize(3);
  }

  @Test
  void readAll_v1alpha3_capacityMustBeAQuantity() {
    String yaml = "apiVersion: resource.k8s.io/v1alpha3\nkind: ResourceSlice\nmetadata: {name: s}\n"
        + "spec: {driver: d, pool: {name: p, generation: 1, resourceSliceCount: 1}, nodeName: 'n',"
        + " devices: [{name: dev, basic: {capacity: {c: [1]}}}]}\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "alpha.yaml"))
        .isInstanceOfSatisfying(DecodeException.class,
            e -> assertThat(e.path()).isEqualTo("spec.devices[0].basic.capacity.c"))
        .hasMessageContaining("expected a quantity");
  }

  @Test
  void readAll_v1beta2_sameShapeAsV1() throws Exception {
    String v1 = SLICE;
    String v1beta2 = SLICE.replace("resource.k8s.io/v1\n", "resource.k8s.io/v1beta2\n");

    assertThat(codec.readAll(v1beta2, "b")).isEqualTo(codec.readAll(v1, "a"));
  }

  @Test
  void readAll_list_isExpanded() throws Exception {
    String yaml = String.join("\n",
        "apiVersion: v1",
        "kind: List",
        "items:",
        "- {apiVersion: v1, kind: Node, metadata: {name: n1}}",
        "- {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: c1}}",
        "");
    assertThat(codec.readAll(yaml, "list.yaml")).containsExactly(
        Node.of("n1", Map.of()),
        new DeviceClass(ObjectMeta.named("c1"), new io.github.dra4j.api.DeviceClassSpec(List.of(), List.of(), null)));
  }

  @Test
  void readAll_typedListItems_takeKindAndVersionFromTheList() throws Exception {
    String yaml = String.join("\n",
        "apiVersion: resource.k8s.io/v1beta1",
        "kind: DeviceClassList",
        "items:",
        "- metadata: {name: c1}",
        "- {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: c2}}",
        "---",
        "apiVersion: v1",
        "kind: NodeList",
        "items: [{metadata: {name: n1}}]",
        "---",
        "apiVersion: v1",
        "kind: List",
        "items: [{metadata: {name: unknown}}]",
        "");
    DeviceClassSpec empty = new DeviceClassSpec(List.of(), List.of(), null);
    assertThat(codec.readAll(yaml, "lists.yaml")).containsExactly(
        new DeviceClass(ObjectMeta.named("c1"), empty),
        new DeviceClass(ObjectMeta.named("c2"), empty),
        Node.of("n1", Map.of()),
        new UnknownObject("", "", "unknown", RawJson.of("{\"metadata\":{\"name\":\"unknown\"}}")));
  }

  @Test
  void readAll_json_readsConcatenatedObjectsAndArrays() throws Exception {
    String json = "{\"kind\":\"Node\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"a\"}}\n"
        + "[{\"kind\":\"Node\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"b\"}}]";
    assertThat(codec.readAll(json, "j")).containsExactly(Node.of("a", Map.of()), Node.of("b", Map.of()));
  }

  @Test
  void readAll_otherKinds_areUnknownObjectsKeptVerbatim() throws Exception {
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\ndata: {containers: [{name: c, x: 1.50}]}\n";
    Object o = codec.readAll(yaml, "cm.yaml").get(0);

    assertThat(o).isEqualTo(new UnknownObject("v1", "ConfigMap", "p", RawJson.of(
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"p\"},"
            + "\"data\":{\"containers\":[{\"name\":\"c\",\"x\":1.5}]}}")));
    assertThat(codec.readAll(codec.writeYaml(List.of(o)), "again")).containsExactly(o);
  }

  @Test
  void readAll_inputStream_readsAsTheString() throws Exception {
    List<Object> objects = codec.readAll(
        new ByteArrayInputStream(SLICE.getBytes(StandardCharsets.UTF_8)), "<stdin>");
    assertThat(objects).isEqualTo(codec.readAll(SLICE, "x"));
  }

  @Test
  void readAll_inputStream_invalidUtf8IsAnError() {
    byte[] bad = {'a', ':', ' ', (byte) 0xC3, (byte) 0x28};
    assertThatThrownBy(() -> codec.readAll(new ByteArrayInputStream(bad), "<stdin>"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("<stdin>")
        .hasMessageContaining("not valid UTF-8");
  }

  static Stream<Arguments> attributes() {
    return Stream.of(
        Arguments.of(named("bool", "{bool: false}"), DeviceAttribute.ofBool(false)),
        Arguments.of(named("int", "{int: -7}"), DeviceAttribute.ofInt(-7)),
        Arguments.of(named("string", "{string: x}"), DeviceAttribute.ofString("x")),
        Arguments.of(named("version", "{version: 1.0.0-rc1}"), DeviceAttribute.ofVersion("1.0.0-rc1")),
        Arguments.of(named("bools", "{bools: [true, false]}"), DeviceAttribute.ofBools(List.of(true, false))),
        Arguments.of(named("ints", "{ints: [1, 2]}"), DeviceAttribute.ofInts(List.of(1L, 2L))),
        Arguments.of(named("strings", "{strings: [a, b]}"), DeviceAttribute.ofStrings(List.of("a", "b"))),
        Arguments.of(named("versions", "{versions: [1.0.0]}"), DeviceAttribute.ofVersions(List.of("1.0.0"))),
        Arguments.of(named("empty list", "{strings: []}"), DeviceAttribute.ofStrings(List.of())),
        Arguments.of(named("empty", "{}"), DeviceAttribute.empty()),
        Arguments.of(named("unknown type only", "{float: 1.5}"), DeviceAttribute.empty()),
        Arguments.of(named("null value is absent", "{int: null}"), DeviceAttribute.empty()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("attributes")
  void attribute_everyFormDecodesAndRoundTrips(String yaml, DeviceAttribute expected) throws Exception {
    // leniently, so that an unknown type of value reads as none (strict validation refuses it)
    DeviceAttribute a = codec.withFieldValidation(FieldValidation.IGNORE, w -> { }).read(yaml, DeviceAttribute.class);

    assertThat(a).isEqualTo(expected);
    assertThat(codec.read(codec.writeJson(a), DeviceAttribute.class)).isEqualTo(expected);
  }

  /* --- errors --- */

  private static String sliceWith(String device) {
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: slice-1}\n"
        + "spec:\n  driver: d\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n"
        + "  nodeName: 'n'\n  devices:\n  - " + device + "\n";
  }

  static Stream<Arguments> errors() {
    return Stream.of(
        Arguments.of(named("two attribute fields", sliceWith("{name: a, attributes: {x: {int: 1, string: s}}}")),
            "spec.devices[0].attributes.x", "exactly one of bool, int, string, version, bools, ints, strings, versions; found int, string"),
        Arguments.of(named("string expected", sliceWith("{name: [a]}")),
            "spec.devices[0].name", "expected a string, got a list"),
        Arguments.of(named("integer expected", sliceWith("{name: a, attributes: {x: {int: '1'}}}")),
            "spec.devices[0].attributes.x.int", "expected a 64-bit integer, got string \"1\""),
        Arguments.of(named("integer overflow", sliceWith("{name: a, attributes: {x: {int: 9223372036854775808}}}")),
            "spec.devices[0].attributes.x.int", "expected a 64-bit integer"),
        Arguments.of(named("boolean expected", sliceWith("{name: a, allNodes: 'true'}")),
            "spec.devices[0].allNodes", "expected a boolean"),
        Arguments.of(named("object expected", sliceWith("{name: a, capacity: {m: 5}}")),
            "spec.devices[0].capacity.m", "expected an object, got number 5"),
        Arguments.of(named("list expected", sliceWith("{name: a, includes: x}")),
            "spec.devices[0].includes", "expected a list"),
        Arguments.of(named("missing name", sliceWith("{attributes: {}}")),
            "spec.devices[0].name", "Required value"),
        Arguments.of(named("missing capacity value", sliceWith("{name: a, capacity: {m: {}}}")),
            "spec.devices[0].capacity.m.value", "Required value"),
        Arguments.of(named("bad quantity", sliceWith("{name: a, capacity: {m: {value: 12XB}}}")),
            "spec.devices[0].capacity.m.value", "12XB"),
        Arguments.of(named("qualified key", sliceWith("{name: a, attributes: {gpu.example.com/x: {bool: 1}}}")),
            "spec.devices[0].attributes['gpu.example.com/x'].bool", "expected a boolean"),
        Arguments.of(named("null list element", sliceWith("{name: a, includes: [null]}")),
            "spec.devices[0].includes[0]", "Required value"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void readAll_errors_namePathAndObject(String yaml, String path, String detail) {
    String input = "apiVersion: v1\nkind: Node\nmetadata: {name: 'n'}\n---\n" + yaml;

    assertThatThrownBy(() -> codec.readAll(input, "in.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.source()).isEqualTo("in.yaml");
          assertThat(e.document()).isEqualTo(2);
          assertThat(e.objectRef()).isEqualTo("ResourceSlice/slice-1");
          assertThat(e.path()).isEqualTo(path);
          assertThat(e.detail()).contains(detail);
          assertThat(e.getMessage()).contains("in.yaml", "document 2", "ResourceSlice/slice-1", path, detail);
        });
  }

  @Test
  void readAll_missingSpecDriver_failsAtItsPath() {
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\n"
        + "spec: {pool: {name: p}}\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "f"))
        .isInstanceOfSatisfying(DecodeException.class, e -> assertThat(e.path()).isEqualTo("spec.driver"));
  }

  @Test
  void readAll_listItemErrors_carryItemPath() {
    String yaml = "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Node, metadata: {name: a}}\n"
        + "- {apiVersion: v1, kind: Node, metadata: {labels: {x: 'y'}}}\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "f"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.document()).isEqualTo(1);
          assertThat(e.path()).isEqualTo("items[1].metadata.name");
        });
  }

  @Test
  void readAll_unsupportedApiVersion_namesTheSupportedOnes() {
    String yaml = "apiVersion: resource.k8s.io/v1alpha2\nkind: DeviceClass\nmetadata: {name: c}\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "f"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("unsupported apiVersion \"resource.k8s.io/v1alpha2\" for DeviceClass")
        .hasMessageContaining("supported: resource.k8s.io/v1, resource.k8s.io/v1beta2, resource.k8s.io/v1beta1, "
            + "resource.k8s.io/v1alpha3");
  }

  @Test
  void readAll_syntaxError_namesDocumentAndLine() {
    String yaml = "apiVersion: v1\nkind: Node\nmetadata: {name: 'n'}\n---\nkind: [unclosed\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "bad.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.document()).isEqualTo(2);
          assertThat(e.getMessage()).contains("bad.yaml", "line ");
        });
  }

  @Test
  void readAll_notAnObject_isAnError() {
    assertThatThrownBy(() -> codec.readAll("just text", "f"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("expected a Kubernetes object, got string \"just text\"");
  }

  @Test
  void read_otherKind_isAnErrorNamingBoth() {
    assertThatThrownBy(() -> codec.read(SLICE, DeviceClass.class))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("expected kind DeviceClass, got ResourceSlice");
  }

  @Test
  void read_moreThanOneDocument_isAnError() {
    assertThatThrownBy(() -> codec.read(SLICE + "---\n" + SLICE, ResourceSlice.class))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("expected one document");
  }

  @Test
  void read_notAModelType_isRejected() {
    assertThatThrownBy(() -> codec.read("{}", String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a model type: java.lang.String");
  }

  @Test
  void fromJson_decodesEmbeddedObjects() throws Exception {
    assertThat(codec.fromJson(RawJson.of("{\"value\":\"1Gi\"}"), io.github.dra4j.api.Counter.class))
        .isEqualTo(io.github.dra4j.api.Counter.of("1024Mi"));
    assertThatThrownBy(() -> codec.fromJson(RawJson.of("{\"value\":"), io.github.dra4j.api.Counter.class))
        .isInstanceOf(DecodeException.class);
  }

  /* --- safe loading --- */

  @Test
  void limits_deepNesting_isRefusedInYamlAndJson() {
    String deep = "a: ".repeat(0) + "[".repeat(200) + "]".repeat(200);
    assertThatThrownBy(() -> codec.readAll("x: " + deep, "deep.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("deep.yaml")
        .hasMessageContaining("Nesting Depth exceeded max 64");
    assertThatThrownBy(() -> codec.readAll("{\"x\": " + deep + "}", "deep.json"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("depth");
  }

  @Test
  void limits_duplicateKey_namesDocumentFieldAndLine() {
    assertThatThrownBy(() -> codec.readAll("kind: Node\nkind: Pod\n", "dup.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("dup.yaml, document 1 (Pod), kind: duplicate field \"kind\" (line 2, column 1)");
  }

  @Test
  void limits_overlongString_isRefused() {
    String yaml = "kind: ConfigMap\nmetadata: {name: " + "x".repeat(KubernetesCodec.MAX_STRING_LENGTH + 1) + "}\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "long.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("String value length");
  }

  @Test
  void aliases_expandAsInKubernetes() throws Exception {
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\na: &x [1, {k: v}]\nb: *x\nc: &s text\nd: *s\n";
    Object o = codec.readAll(yaml, "aliases.yaml").get(0);

    assertThat(((UnknownObject) o).content().json())
        .isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"p\"},"
            + "\"a\":[1,{\"k\":\"v\"}],\"b\":[1,{\"k\":\"v\"}],\"c\":\"text\",\"d\":\"text\"}");
  }

  @Test
  void limits_billionLaughs_isRefused() {
    StringBuilder sb = new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 10; i++) {
      sb.append("a").append(i).append(": &a").append(i).append(" [");
      for (int j = 0; j < 5; j++) {
        sb.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
      }
      sb.append("]\n");
    }
    assertThatThrownBy(() -> codec.readAll(sb.toString(), "laughs.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("laughs.yaml, document 1")
        .hasMessageContaining("YAML aliases expand to more than " + KubernetesCodec.MAX_ALIAS_EXPANSION + " nodes");
  }

  @Test
  void limits_tooManyAliases_areRefused() {
    StringBuilder sb = new StringBuilder("kind: ConfigMap\na: &a x\nb: [");
    for (int j = 0; j <= KubernetesCodec.MAX_ALIASES; j++) {
      sb.append(j == 0 ? "" : ", ").append("*a");
    }
    sb.append("]\n");
    assertThatThrownBy(() -> codec.readAll(sb.toString(), "many.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("more than " + KubernetesCodec.MAX_ALIASES + " YAML aliases");
  }

  @Test
  void aliases_unknownAndMergeKeys_areErrors() {
    assertThatThrownBy(() -> codec.readAll("kind: ConfigMap\na: *nowhere\n", "f"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("found undefined alias nowhere (line 2, column 4)");
    assertThatThrownBy(() -> codec.readAll("kind: ConfigMap\nbase: &b {x: 1}\nother:\n  <<: *b\n", "f"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("YAML merge keys (<<) are not supported");
    assertThatThrownBy(() -> codec.readAll("kind: ConfigMap\n---\nkind: ConfigMap\na: &a 1\n---\nkind: ConfigMap\nb: *a\n", "f"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.document()).isEqualTo(3);
          assertThat(e.getMessage()).contains("found undefined alias a");
        });
  }

  @Test
  void documentNumbers_countEveryDocument() {
    String yaml = "---\nkind: ConfigMap\n---\napiVersion: v1\nkind: Node\nmetadata: {name: [x]}\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "f"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.document()).isEqualTo(2);
          assertThat(e.path()).isEqualTo("metadata.name");
        });
  }

  @Test
  void rawJson_keepsJsonDecimalsAsWritten_andYamlOnesAsKubernetesWritesThem() throws Exception {
    String json = "{\"apiVersion\": \"resource.k8s.io/v1\", \"kind\": \"DeviceClass\", \"metadata\": {\"name\": \"c\"},"
        + " \"spec\": {\"config\": [{\"opaque\": {\"driver\": \"d\", \"parameters\": {\"a\": 2.50, \"b\": 1e3}}}]}}";
    assertThat(((DeviceClass) codec.readAll(json, "f").get(0)).spec().config().get(0).opaque().parameters().json())
        .isEqualTo("{\"a\":2.50,\"b\":1E+3}");
    // YAML goes through float64 and encoding/json (sigs.k8s.io/yaml's YAMLToJSON)
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: c}\n"
        + "spec: {config: [{opaque: {driver: d, parameters: {a: 2.50, b: 100.0, c: 1e3, d: 7}}}]}\n";
    DeviceClass c = (DeviceClass) codec.readAll(yaml, "f").get(0);

    assertThat(c.spec().config().get(0).opaque().parameters().json())
        .isEqualTo("{\"a\":2.5,\"b\":100,\"c\":1000,\"d\":7}");
    assertThat(codec.readAll(codec.writeJson(c), "j")).containsExactly(c);
    assertThat(codec.readAll(codec.writeYaml(List.of(c)), "y")).containsExactly(c);
  }

  @Test
  void limits_typeTagsAreRefused() {
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\n"
        + "x: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL [\"http://h/\"]]]]\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "tags.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("tags.yaml, document 1")
        .hasMessageContaining("Global tag is not allowed: tag:yaml.org,2002:javax.script.ScriptEngineManager")
        .hasMessageContaining("line 4");
  }

  @Test
  void yaml11Scalars_asKubernetesReadsThem() throws Exception {
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\n"
        + "a: yes\nb: off\nc: 0x1F\nd: 010\ne: 1_000\nf: 10:30\ng: ~\nh: 2025-01-01T00:00:00Z\ni: '.inf'\nj: -7\n"
        + "k: 123456789012345678901234567890\nl: !!str 5\n";
    Object o = codec.readAll(yaml, "s").get(0);

    assertThat(((UnknownObject) o).content().json()).endsWith(
        "\"a\":true,\"b\":false,\"c\":31,\"d\":8,\"e\":1000,\"f\":\"10:30\",\"g\":null,"
            + "\"h\":\"2025-01-01T00:00:00Z\",\"i\":\".inf\",\"j\":-7,"
            + "\"k\":1.2345678901234568E+29,\"l\":\"5\"}");
  }

  @Test
  void plainKeys_resolveAsGoYamlThenBecomeJsonStrings() throws Exception {
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\n"
        + "data: {n: 1, Y: 2, 'y': 3, 0x1F: 5, 1_000: 6, \"no\": 7, name: 8}\n";
    Object o = codec.readAll(yaml, "s").get(0);

    assertThat(((UnknownObject) o).content().json()).endsWith(
        "\"data\":{\"false\":1,\"true\":2,\"y\":3,\"31\":5,\"1000\":6,\"no\":7,\"name\":8}}");
  }

  @Test
  void aliases_recursive_isAnError() {
    assertThatThrownBy(() -> codec.readAll("kind: ConfigMap\na: &a [1, *a]\n", "r"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("recursive YAML alias *a");
  }

  /* --- writing --- */

  @Test
  void write_omitsEmptyAndFalse_inlinesRawJson_printsCanonicalQuantities() throws Exception {
    String yaml = String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: DeviceClass",
        "metadata: {name: c}",
        "spec:",
        "  selectors: []",
        "  config:",
        "  - opaque:",
        "      driver: d",
        "      parameters: {b: [1, 2.5, true], a: {nested: \"x\"}}",
        "---",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceSlice",
        "metadata: {name: s}",
        "spec:",
        "  driver: d",
        "  pool: {name: p, generation: 0, resourceSliceCount: 1}",
        "  allNodes: false",
        "  nodeName: 'n'",
        "  devices: [{name: x, capacity: {m: {value: 0.5Gi}}, allowMultipleAllocations: false}]",
        "");
    List<Object> objects = codec.readAll(yaml, "w");
    String json = codec.writeJsonList(objects);

    assertThat(json).contains("\"parameters\" : {").doesNotContain("\"parameters\" : \"")
        .contains("\"value\" : \"512Mi\"")
        .contains("\"generation\" : 0")
        .doesNotContain("selectors").doesNotContain("allNodes").doesNotContain("allowMultipleAllocations")
        .doesNotContain("null");
    DeviceClass c = (DeviceClass) objects.get(0);
    assertThat(c.spec().config().get(0).opaque().parameters().json())
        .isEqualTo("{\"b\":[1,2.5,true],\"a\":{\"nested\":\"x\"}}");
    String out = codec.writeYaml(objects);
    assertThat(out).startsWith("---\napiVersion: resource.k8s.io/v1\nkind: DeviceClass\n")
        .contains("\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\n")
        .contains("value: 512Mi");
    assertThat(codec.readAll(out, "again")).isEqualTo(objects);
  }

  @Test
  void write_nodeUsesCoreApiVersion() {
    assertThat(codec.writeJson(Node.of("n", Map.of("a", "b"))))
        .contains("\"apiVersion\" : \"v1\"", "\"kind\" : \"Node\"", "\"labels\" : {");
  }

  @Test
  void write_rejectsNonModelObjects() {
    assertThatThrownBy(() -> codec.writeJson("text"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a model object: java.lang.String");
  }

  /* --- Jackson module --- */

  @Test
  void jacksonModule_sameJsonAsCodec_andReadsBack() throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper()
        .registerModule(codec.jacksonModule());
    ResourceSlice slice = codec.read(SLICE, ResourceSlice.class);

    String json = mapper.writeValueAsString(Map.of("embedded", slice));
    assertThat(mapper.readTree(json).get("embedded"))
        .isEqualTo(mapper.readTree(codec.writeJson(slice)));
    assertThat(mapper.readValue(mapper.readTree(json).get("embedded").toString(), ResourceSlice.class))
        .isEqualTo(slice);
    assertThat(mapper.writeValueAsString(DeviceAttribute.ofInt(3))).isEqualTo("{\"int\":3}");
    assertThatThrownBy(() -> mapper.readValue("{\"name\":1}", Device.class))
        .isInstanceOf(com.fasterxml.jackson.databind.exc.MismatchedInputException.class)
        .hasMessageContaining("name: expected a string, got number 1");
  }

  @Test
  void writeYaml_quotesEveryStringThatYamlWouldReadAsSomethingElse() throws Exception {
    List<String> tricky = List.of("0x1F", "0b101", "1_000", "010", "1e3", "1.5", ".5", "+1", "-7", "yes", "No", "y", "N",
        "on", "OFF", "true", "null", "~", "", "10:30", "2025-01-01", ".inf", "<<", "=", "*a", "&a", "!tag",
        "- x", "a: b", "#c", "  padded ", "multi\nline");
    Map<String, String> labels = new java.util.LinkedHashMap<>();
    for (int i = 0; i < tricky.size(); i++) {
      labels.put("k" + i, tricky.get(i));
    }
    Node node = Node.of("n", labels);
    String yaml = codec.writeYaml(List.of(node));

    assertThat(codec.readAll(yaml, "y")).containsExactly(node);
    Node keys = Node.of("n", Map.of("0x1F", "v", "yes", "v", "1_000", "v", "n", "v"));
    assertThat(codec.readAll(codec.writeYaml(List.of(keys)), "y")).containsExactly(keys);
  }

  /* --- thread safety --- */

  @Test
  void sharedCodec_readsAndWritesConcurrently() throws Exception {
    String yaml = SLICE + "---\n" + SLICE.replace("slice-1", "slice-2");
    List<Object> expected = codec.readAll(yaml, "x");
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      List<java.util.concurrent.Future<List<Object>>> futures = new java.util.ArrayList<>();
      for (int i = 0; i < 16; i++) {
        futures.add(pool.submit(() -> codec.readAll(codec.writeYaml(codec.readAll(yaml, "t")), "t")));
      }
      for (java.util.concurrent.Future<List<Object>> f : futures) {
        assertThat(f.get()).isEqualTo(expected);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
