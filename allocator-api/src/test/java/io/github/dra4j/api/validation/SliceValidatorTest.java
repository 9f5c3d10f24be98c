package io.github.dra4j.api.validation;

import static io.github.dra4j.testing.Builders.DRIVER;
import static io.github.dra4j.testing.Builders.NODE;
import static io.github.dra4j.testing.Builders.POOL;
import static io.github.dra4j.testing.Builders.capacity;
import static io.github.dra4j.testing.Builders.consumption;
import static io.github.dra4j.testing.Builders.consumptionMixin;
import static io.github.dra4j.testing.Builders.counterSet;
import static io.github.dra4j.testing.Builders.counterSetMixin;
import static io.github.dra4j.testing.Builders.counterSlice;
import static io.github.dra4j.testing.Builders.counters;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.mixin;
import static io.github.dra4j.testing.Builders.nodeNameSelector;
import static io.github.dra4j.testing.Builders.nodeSelector;
import static io.github.dra4j.testing.Builders.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;

import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequestPolicyRange;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.Quoted;
import io.github.dra4j.testing.Builders.DeviceBuilder;
import io.github.dra4j.testing.Builders.DeviceMixinBuilder;
import io.github.dra4j.testing.Builders.SliceBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every ResourceSlice rule with a failing and a passing input, asserting the printed errors. */
final class SliceValidatorTest {

  record Case(ResourceSlice slice, List<String> errors) {}

  private static Named<Case> ok(String name, SliceBuilder slice) {
    return ok(name, slice.build());
  }

  private static Named<Case> ok(String name, ResourceSlice slice) {
    return named("ok: " + name, new Case(slice, List.of()));
  }

  private static Named<Case> bad(String name, SliceBuilder slice, String... errors) {
    return bad(name, slice.build(), errors);
  }

  private static Named<Case> bad(String name, ResourceSlice slice, String... errors) {
    return named("bad: " + name, new Case(slice, List.of(errors)));
  }

  private static SliceBuilder one(DeviceBuilder d) {
    return slice("slice-1", DRIVER, POOL, NODE, d);
  }

  private static SliceBuilder plain() {
    return one(device("dev-0"));
  }

  private static ResourceSlice withName(@Nullable String name, SliceBuilder b) {
    ResourceSlice s = b.build();
    return new ResourceSlice(new ObjectMeta(name, null, null, null, null, Map.of()), s.spec());
  }

  private static DeviceBuilder[] devices(int n, boolean tainted) {
    DeviceBuilder[] ds = new DeviceBuilder[n];
    for (int i = 0; i < n; i++) {
      ds[i] = device("dev-" + i);
      if (tainted) {
        ds[i].taint("example.com/t", null, "NoSchedule");
      }
    }
    return ds;
  }

  private static DeviceBuilder withAttributes(DeviceBuilder d, String prefix, int n) {
    for (int i = 0; i < n; i++) {
      d.attr(prefix + i, (long) i);
    }
    return d;
  }

  private static DeviceMixinBuilder mixinWithAttributes(String name, String prefix, int n) {
    DeviceMixinBuilder m = mixin(name);
    for (int i = 0; i < n; i++) {
      m.attr(prefix + i, (long) i);
    }
    return m;
  }

  private static Map<String, Counter> manyCounters(int n) {
    Map<String, Counter> m = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      m.put("c" + i, Counter.of("1"));
    }
    return m;
  }

  private static NodeSelector selector(NodeSelectorRequirement... expressions) {
    return NodeSelector.of(new NodeSelectorTerm(List.of(expressions), List.of()));
  }

  private static NodeSelector fieldSelector(NodeSelectorRequirement... fields) {
    return NodeSelector.of(new NodeSelectorTerm(List.of(), List.of(fields)));
  }

  private static NodeSelectorRequirement req(String key, String op, String... values) {
    return new NodeSelectorRequirement(key, op, List.of(values));
  }

  private static DeviceCapacity policy(String value, @Nullable String def, @Nullable String min,
      @Nullable String max, @Nullable String step) {
    return new DeviceCapacity(Quantity.parse(value), new CapacityRequestPolicy(
        def == null ? null : Quantity.parse(def), List.of(),
        new CapacityRequestPolicyRange(q(min), q(max), q(step))));
  }

  private static @Nullable Quantity q(@Nullable String s) {
    return s == null ? null : Quantity.parse(s);
  }

  private static DeviceBuilder multi(String capacityName, DeviceCapacity c) {
    return device("dev-0").allowMultipleAllocations(true).capacity(capacityName, c);
  }

  static Stream<Named<Case>> objectAndPool() {
    String longDriver = "d".repeat(64);
    return Stream.of(
        ok("minimal node-local slice", plain()),
        bad("name missing", withName(null, plain()),
            "metadata.name: Required value: name or generateName is required"),
        bad("name not a DNS subdomain", withName("Slice_1", plain()),
            "metadata.name: Invalid value: \"Slice_1\": " + Formats.SUBDOMAIN_MSG),
        ok("driver with upper case letters (lower-cased for the check)",
            slice("s", "GPU.Example.com", POOL, NODE, device("d"))),
        bad("driver missing", slice("s", "", POOL, NODE, device("d")),
            "spec.driver: Required value"),
        bad("driver too long", slice("s", longDriver, POOL, NODE, device("d")),
            "spec.driver: Too long: may not be more than 63 bytes"),
        bad("driver not a DNS subdomain", slice("s", "driver_a", POOL, NODE, device("d")),
            "spec.driver: Invalid value: \"driver_a\": " + Formats.SUBDOMAIN_MSG),
        ok("pool name with slashes", slice("s", DRIVER, "zone-a/rack-1", NODE, device("d"))),
        bad("pool name missing", slice("s", DRIVER, "", NODE, device("d")),
            "spec.pool.name: Required value"),
        bad("pool name with an empty part", slice("s", DRIVER, "a//b", NODE, device("d")),
            "spec.pool.name: Invalid value: \"\": " + Formats.SUBDOMAIN_MSG),
        bad("pool name too long", slice("s", DRIVER, "p".repeat(254), NODE, device("d")),
            "spec.pool.name: Too long: may not be more than 253 bytes",
            "spec.pool.name: Invalid value: \"" + "p".repeat(Quoted.MAX_CHARS)
                + "...\" (254 characters): must be no more than 253 characters"),
        bad("resourceSliceCount zero", plain().resourceSliceCount(0),
            "spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero"),
        bad("generation negative", plain().generation(-1),
            "spec.pool.generation: Invalid value: -1: must be greater than or equal to zero"),
        ok("generation zero", plain().generation(0)));
  }

  static Stream<Named<Case>> nodeSelection() {
    String required = "spec: Required value: exactly one of `nodeName`, `nodeSelector`,"
        + " `allNodes`, `perDeviceNodeSelection` is required";
    return Stream.of(
        ok("allNodes", plain().nodeName(null).allNodes(true)),
        ok("nodeSelector with one term",
            plain().nodeName(null).nodeSelector(nodeSelector("zone", "In", "a"))),
        ok("perDeviceNodeSelection", slice("s", DRIVER, POOL, null, device("d").nodeName(NODE))
            .perDeviceNodeSelection(true)),
        bad("no node selection", plain().nodeName(null), required),
        bad("empty nodeName", plain().nodeName(""),
            "spec.nodeName: Invalid value: \"\": must be either unset or set to a non-empty string",
            required),
        bad("nodeName not a DNS subdomain", plain().nodeName("Node_1"),
            "spec.nodeName: Invalid value: \"Node_1\": " + Formats.SUBDOMAIN_MSG),
        bad("two node selections", plain().allNodes(true),
            "spec: Invalid value: \"{`nodeName`, `allNodes`}\": exactly one of `nodeName`,"
                + " `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but"
                + " multiple fields are set"),
        bad("nodeSelector with two terms", plain().nodeName(null).nodeSelector(new NodeSelector(
                List.of(new NodeSelectorTerm(List.of(req("a", "Exists")), List.of()),
                    new NodeSelectorTerm(List.of(req("b", "Exists")), List.of())))),
            "spec.nodeSelector.nodeSelectorTerms: Invalid value: 2: must have exactly one node"
                + " selector term"),
        bad("nodeSelector without terms",
            plain().nodeName(null).nodeSelector(new NodeSelector(List.of())),
            "spec.nodeSelector.nodeSelectorTerms: Required value: must have at least one node"
                + " selector term"),
        ok("nodeSelector operators with valid values", plain().nodeName(null).nodeSelector(
            selector(req("a", "NotIn", "x"), req("b", "DoesNotExist"), req("c", "Gt", "3"),
                req("example.com/d", "Lt", "7")))),
        bad("nodeSelector In without values",
            plain().nodeName(null).nodeSelector(selector(req("zone", "In"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].values: Required value:"
                + " must be specified when `operator` is 'In' or 'NotIn'"),
        bad("nodeSelector Exists with values",
            plain().nodeName(null).nodeSelector(selector(req("zone", "Exists", "a"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].values: Forbidden: may"
                + " not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
        bad("nodeSelector Gt with two values",
            plain().nodeName(null).nodeSelector(selector(req("n", "Gt", "1", "2"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].values: Required value:"
                + " must be specified single value when `operator` is 'Lt' or 'Gt'"),
        bad("nodeSelector unknown operator",
            plain().nodeName(null).nodeSelector(selector(req("zone", "Near", "a"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].operator: Unsupported"
                + " value: \"Near\": supported values: \"In\", \"NotIn\", \"Exists\","
                + " \"DoesNotExist\", \"Gt\", \"Lt\""),
        bad("nodeSelector key not a label name",
            plain().nodeName(null).nodeSelector(selector(req("-zone", "Exists"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].key: Invalid value:"
                + " \"-zone\": name part " + Formats.QUALIFIED_NAME_MSG),
        bad("nodeSelector value not a label value",
            plain().nodeName(null).nodeSelector(selector(req("zone", "In", "a b"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid"
                + " value: \"a b\": " + Formats.LABEL_VALUE_MSG),
        ok("matchFields on metadata.name", plain().nodeName(null).nodeSelector(
            nodeNameSelector(NODE))),
        bad("matchFields on another field",
            plain().nodeName(null).nodeSelector(fieldSelector(req("spec.x", "In", "a"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchFields[0].key: Unsupported value:"
                + " \"spec.x\": supported values: \"metadata.name\""),
        bad("matchFields with two values", plain().nodeName(null).nodeSelector(
                fieldSelector(req("metadata.name", "In", "a", "b"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchFields[0].values: Required value: must"
                + " be only one value when `operator` is 'In' or 'NotIn' for node field selector"),
        bad("matchFields with Exists", plain().nodeName(null).nodeSelector(
                fieldSelector(req("metadata.name", "Exists"))),
            "spec.nodeSelector.nodeSelectorTerms[0].matchFields[0].operator: Unsupported value:"
                + " \"Exists\": supported values: \"In\", \"NotIn\""));
  }

  static Stream<Named<Case>> devices() {
    return Stream.of(
        bad("devices and sharedCounters in one slice",
            plain().counterSets(counterSet("set", counters("a", "1"))),
            "spec: Invalid value: \"\": only one of `sharedCounters` or `devices` is allowed"),
        ok("counter sets alone",
            counterSlice("s", DRIVER, POOL, NODE, counterSet("set", counters("a", "1")))),
        bad("device name not a DNS label", one(device("GPU_0")),
            "spec.devices[0].name: Invalid value: \"GPU_0\": " + Formats.LABEL_MSG),
        bad("device name missing", one(device("")), "spec.devices[0].name: Required value"),
        bad("device name too long", one(device("d".repeat(64))),
            "spec.devices[0].name: Invalid value: \"" + "d".repeat(64)
                + "\": must be no more than 63 characters"),
        bad("duplicate device names", plain().devices(device("dev-1"), device("dev-0")),
            "spec.devices[2]: Duplicate value: \"dev-0\""),
        ok("128 devices", slice("s", DRIVER, POOL, NODE, devices(128, false))),
        bad("129 devices", slice("s", DRIVER, POOL, NODE, devices(129, false)),
            "spec.devices: Too many: 129: must have at most 128 items"),
        ok("64 tainted devices", slice("s", DRIVER, POOL, NODE, devices(64, true))),
        bad("65 devices when one is tainted",
            slice("s", DRIVER, POOL, NODE, devices(64, false))
                .devices(device("x").taint("k", null, "None")),
            "spec.devices: Too many: 65: must have at most 64 items"),
        bad("65 devices when one consumes counters",
            slice("s", DRIVER, POOL, NODE, devices(64, false))
                .devices(device("x").consumes("set", "a", "1")),
            "spec.devices: Too many: 65: must have at most 64 items"));
  }

  static Stream<Named<Case>> attributes() {
    String id64 = "a".repeat(64);
    return Stream.of(
        ok("qualified and unqualified names", one(device("d").attr("model", "a100")
            .attr("gpu.example.com/index", 0L).attr("_x", true)
            .attr("v", DeviceAttribute.ofVersion("1.2.3-rc.1+build.5")).attr(id64, 1L)
            .attr("s", "x".repeat(64)))),
        bad("name not a C identifier", one(device("d").attr("bad-name", 1L)),
            "spec.devices[0].attributes: Invalid value: \"bad-name\": " + Formats.C_IDENTIFIER_MSG),
        bad("id too long", one(device("d").attr(id64 + "a", 1L)),
            "spec.devices[0].attributes: Too long: may not be more than 64 bytes"),
        bad("domain not a DNS subdomain", one(device("d").attr("bad_domain/x", 1L)),
            "spec.devices[0].attributes: Invalid value: \"bad_domain\": " + Formats.SUBDOMAIN_MSG),
        bad("empty domain", one(device("d").attr("/x", 1L)),
            "spec.devices[0].attributes: Invalid value: \"\": the domain must not be empty"),
        bad("empty id after the domain", one(device("d").attr("example.com/", 1L)),
            "spec.devices[0].attributes: Invalid value: \"\": the name must not be empty"),
        bad("two slashes", one(device("d").attr("a/b/c", 1L)),
            "spec.devices[0].attributes: Invalid value: \"a/b/c\": must not contain more than"
                + " one slash"),
        bad("string value too long", one(device("d").attr("s", "x".repeat(65))),
            "spec.devices[0].attributes[s].string: Too long: may not be more than 64 bytes"),
        bad("string value too long in UTF-8 bytes", one(device("d").attr("s", "é".repeat(33))),
            "spec.devices[0].attributes[s].string: Too long: may not be more than 64 bytes"),
        bad("version not semver", one(device("d").attr("v", DeviceAttribute.ofVersion("1.0"))),
            "spec.devices[0].attributes[v].version: Invalid value: \"1.0\": "
                + Formats.SEMVER_MSG),
        bad("version with a leading zero",
            one(device("d").attr("v", DeviceAttribute.ofVersion("1.02.3"))),
            "spec.devices[0].attributes[v].version: Invalid value: \"1.02.3\": "
                + Formats.SEMVER_MSG),
        bad("version too long", one(device("d").attr("v",
                DeviceAttribute.ofVersion("1.2.3-" + "a".repeat(60)))),
            "spec.devices[0].attributes[v].version: Too long: may not be more than 64 bytes"),
        ok("non-empty lists", one(device("d").attr("b", DeviceAttribute.ofBools(List.of(true)))
            .attr("i", DeviceAttribute.ofInts(List.of(1L, 2L)))
            .attr("s", DeviceAttribute.ofStrings(List.of("a")))
            .attr("v", DeviceAttribute.ofVersions(List.of("1.0.0"))))),
        bad("empty lists", one(device("d").attr("b", DeviceAttribute.ofBools(List.of()))
                .attr("i", DeviceAttribute.ofInts(List.of()))
                .attr("s", DeviceAttribute.ofStrings(List.of()))
                .attr("v", DeviceAttribute.ofVersions(List.of()))),
            "spec.devices[0].attributes[b].bools: Invalid value: []: must not be empty if specified",
            "spec.devices[0].attributes[i].ints: Invalid value: []: must not be empty if specified",
            "spec.devices[0].attributes[s].strings: Invalid value: []: must not be empty if"
                + " specified",
            "spec.devices[0].attributes[v].versions: Invalid value: []: must not be empty if"
                + " specified"),
        bad("list items too long or not semver", one(device("d")
                .attr("s", DeviceAttribute.ofStrings(List.of("a", "x".repeat(65))))
                .attr("v", DeviceAttribute.ofVersions(List.of("1.0.0", "v1")))),
            "spec.devices[0].attributes[s].strings[1]: Too long: may not be more than 64 bytes",
            "spec.devices[0].attributes[v].versions[1]: Invalid value: \"v1\": "
                + Formats.SEMVER_MSG),
        ok("32 attributes and capacities",
            one(withAttributes(device("d"), "a", 31).capacity("mem", "1Gi"))),
        bad("33 attributes and capacities",
            one(withAttributes(device("d"), "a", 32).capacity("mem", "1Gi")),
            "spec.devices[0]: Invalid value: 33: the total number of attributes and capacities"
                + " must not exceed 32"),
        bad("capacity name not a C identifier", one(device("d").capacity("mem-size", "1")),
            "spec.devices[0].capacity: Invalid value: \"mem-size\": " + Formats.C_IDENTIFIER_MSG));
  }

  static Stream<Named<Case>> requestPolicies() {
    String p = "spec.devices[0].capacity[mem].requestPolicy";
    return Stream.of(
        bad("request policy without allowMultipleAllocations",
            one(device("d").capacity("mem", capacity("8Gi", "1Gi", "1Gi"))),
            p + ": Forbidden: allowMultipleAllocations must be true"),
        ok("valid values", one(multi("mem", capacity("8Gi", "2Gi", "1Gi", "2Gi", "8Gi")))),
        ok("policy with a default only", one(multi("mem", capacity("8Gi", "2Gi")))),
        bad("valid values and a range", one(multi("mem", new DeviceCapacity(Quantity.parse("8Gi"),
                new CapacityRequestPolicy(Quantity.parse("1Gi"), List.of(Quantity.parse("1Gi")),
                    new CapacityRequestPolicyRange(Quantity.parse("1Gi"), null, null))))),
            p + ": Forbidden: exactly one policy can be specified, cannot specify \"validValues\""
                + " and \"validRange\" at the same time"),
        bad("valid values without default", one(multi("mem", capacity("8Gi", null, "1Gi"))),
            p + ".default: Required value: required when validValues is defined"),
        bad("valid values not sorted", one(multi("mem", capacity("8Gi", "1Gi", "2Gi", "1Gi"))),
            p + ".validValues[1]: Invalid value: \"1Gi\": values must be sorted in ascending order"),
        bad("duplicate valid values", one(multi("mem", capacity("8Gi", "1Gi", "1Gi", "1024Mi"))),
            p + ".validValues[1]: Duplicate value: \"1073741824\""),
        bad("valid value above capacity", one(multi("mem", capacity("8Gi", "1Gi", "1Gi", "9Gi"))),
            p + ".validValues[1]: Invalid value: \"9Gi\": option is larger than capacity value: 8Gi"),
        bad("default not a valid value", one(multi("mem", capacity("8Gi", "3Gi", "1Gi", "2Gi"))),
            p + ".validValues: Invalid value: \"3Gi\": default value is not valid according to the"
                + " requestPolicy"),
        bad("eleven valid values", one(multi("mem",
                capacity("100", "1", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"))),
            p + ".validValues: Too many: 11: must have at most 10 items"),
        ok("valid range with step", one(multi("mem", policy("8Gi", "2Gi", "1Gi", "7Gi", "1Gi")))),
        ok("fractional step", one(multi("cores", policy("4", "1500m", "500m", "4", "500m")))),
        bad("range without default", one(multi("mem", policy("8Gi", null, "1Gi", null, null))),
            p + ".default: Required value: required when validRange is defined"),
        bad("range without min", one(multi("mem", policy("8Gi", "1Gi", null, null, null))),
            p + ".validRange.min: Required value: required when validRange is defined"),
        bad("min above capacity and default below min",
            one(multi("mem", policy("8Gi", "1Gi", "9Gi", null, null))),
            p + ".validRange.min: Invalid value: \"9Gi\": min is larger than capacity value: 8Gi",
            p + ".validRange.default: Invalid value: \"1Gi\": default is less than min: 9Gi"),
        bad("min above max, max above capacity, default above max",
            one(multi("mem", policy("8Gi", "10Gi", "10Gi", "9Gi", null))),
            p + ".validRange.min: Invalid value: \"10Gi\": min is larger than capacity value: 8Gi",
            p + ".validRange.max: Invalid value: \"10Gi\": min is larger than max: 9Gi",
            p + ".validRange.max: Invalid value: \"9Gi\": max is larger than capacity value: 8Gi",
            p + ".validRange.default: Invalid value: \"10Gi\": default is more than max: 9Gi"),
        bad("step zero", one(multi("mem", policy("8Gi", "1Gi", "1Gi", null, "0"))),
            p + ".validRange.step: Invalid value: \"0\": must be greater than zero"),
        bad("one step above capacity", one(multi("mem", policy("8Gi", "4Gi", "4Gi", null, "5Gi"))),
            p + ".validRange.step: Invalid value: \"5Gi\": one step 9Gi is larger than capacity"
                + " value: 8Gi"),
        bad("default and max not multiples of the step",
            one(multi("mem", policy("8Gi", "2Gi", "1Gi", "8Gi", "2Gi"))),
            p + ".validRange.step: Invalid value: \"2Gi\": value is not a multiple of a given step"
                + " (2Gi) from (1Gi)",
            p + ".validRange.step: Invalid value: \"8Gi\": value is not a multiple of a given step"
                + " (2Gi) from (1Gi)"));
  }

  static Stream<Named<Case>> taintsAndBinding() {
    DeviceBuilder many = device("d");
    for (int i = 0; i < 17; i++) {
      many.taint("example.com/t" + i, null, "None");
    }
    DeviceBuilder sixteen = device("d");
    for (int i = 0; i < 16; i++) {
      sixteen.taint("example.com/t" + i, "v", "NoExecute");
    }
    String t = "spec.devices[0].taints[0]";
    return Stream.of(
        ok("16 taints", one(sixteen)),
        bad("17 taints", one(many), "spec.devices[0].taints: Too many: 17: must have at most 16"
            + " items"),
        bad("taint without key or effect", one(device("d").taint("", null, "")),
            t + ".key: Invalid value: \"\": name part must be non-empty",
            t + ".effect: Required value"),
        bad("taint with unknown effect", one(device("d").taint("k", null, "PreferNoSchedule")),
            t + ".effect: Unsupported value: \"PreferNoSchedule\": supported values:"
                + " \"NoExecute\", \"NoSchedule\", \"None\""),
        bad("taint value not a label value", one(device("d").taint("k", "a b", "None")),
            t + ".value: Invalid value: \"a b\": " + Formats.LABEL_VALUE_MSG),
        bad("taint key with two slashes", one(device("d").taint("a/b/c", null, "None")),
            t + ".key: Invalid value: \"a/b/c\": a qualified name " + Formats.QUALIFIED_NAME_MSG
                + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"),
        ok("binding conditions", one(device("d").bindingConditions("a", "example.com/b")
            .bindingFailureConditions("c").bindsToNode(true))),
        bad("five binding conditions", one(device("d").bindingConditions("a", "b", "c", "d", "e")
                .bindingFailureConditions("f", "g", "h", "i", "j")),
            "spec.devices[0].bindingConditions: Too many: 5: must have at most 4 items",
            "spec.devices[0].bindingFailureConditions: Too many: 5: must have at most 4 items"),
        bad("duplicate and overlapping conditions",
            one(device("d").bindingConditions("a", "a").bindingFailureConditions("b", "b", "a")),
            "spec.devices[0].bindingConditions[1]: Duplicate value: \"a\"",
            "spec.devices[0].bindingFailureConditions[1]: Duplicate value: \"b\"",
            "spec.devices[0].bindingFailureConditions[2]: Invalid value: \"a\":"
                + " bindingFailureConditions must not overlap with bindingConditions"),
        bad("binding conditions without failure conditions", one(device("d").bindingConditions("a")),
            "spec.devices[0].bindingFailureConditions: Invalid value: []: bindingFailureConditions"
                + " are required to use bindingConditions"),
        bad("failure conditions without binding conditions",
            one(device("d").bindingFailureConditions("a")),
            "spec.devices[0].bindingConditions: Invalid value: []: bindingConditions are required"
                + " to use bindingFailureConditions"),
        bad("condition not a label name",
            one(device("d").bindingConditions("a b").bindingFailureConditions("c")),
            "spec.devices[0].bindingConditions[0]: Invalid value: \"a b\": name part "
                + Formats.QUALIFIED_NAME_MSG));
  }

  static Stream<Named<Case>> counterCases() {
    String c = "spec.devices[0].consumesCounters";
    CounterSet[] nine = new CounterSet[9];
    for (int i = 0; i < 9; i++) {
      nine[i] = counterSet("set-" + i, counters("a", "1"));
    }
    return Stream.of(
        ok("two consumptions", one(device("d").consumes("set-a", "mem", "1Gi")
            .consumes("set-b", "mem", "1Gi"))),
        bad("three consumptions", one(device("d").consumes("a", "m", "1").consumes("b", "m", "1")
                .consumes("c", "m", "1")),
            c + ": Too many: 3: must have at most 2 items"),
        bad("two consumptions of one set",
            one(device("d").consumes("a", "m", "1").consumes("a", "n", "1")),
            c + "[1]: Duplicate value: \"a\""),
        bad("counter set name not a DNS label and no counters",
            one(device("d").consumes(consumption("Set_A", Map.of()))),
            c + "[0].counterSet: Invalid value: \"Set_A\": " + Formats.LABEL_MSG,
            c + "[0].counters: Required value"),
        bad("counter set name missing", one(device("d").consumes("", "m", "1")),
            c + "[0].counterSet: Required value"),
        ok("32 consumed counters", one(device("d").consumes(consumption("a", manyCounters(32))))),
        bad("33 consumed counters", one(device("d").consumes(consumption("a", manyCounters(33)))),
            c + "[0].counters: Too many: 33: must have at most 32 items"),
        bad("consumed counter name not a DNS label", one(device("d").consumes("a", "Mem", "1")),
            c + "[0].counters: Invalid value: \"Mem\": " + Formats.LABEL_MSG),
        ok("eight counter sets", counterSlice("s", DRIVER, POOL, NODE,
            java.util.Arrays.copyOf(nine, 8))),
        bad("nine counter sets", counterSlice("s", DRIVER, POOL, NODE, nine),
            "spec.sharedCounters: Too many: 9: must have at most 8 items"),
        bad("duplicate counter set names", counterSlice("s", DRIVER, POOL, NODE,
                counterSet("a", counters("x", "1")), counterSet("a", counters("y", "1"))),
            "spec.sharedCounters[1]: Duplicate value: \"a\""),
        bad("counter set without name or counters",
            counterSlice("s", DRIVER, POOL, NODE, counterSet("", Map.of())),
            "spec.sharedCounters[0].name: Required value",
            "spec.sharedCounters[0].counters: Required value"),
        bad("counter set name not a DNS label",
            counterSlice("s", DRIVER, POOL, NODE, counterSet("gpu.0", counters("a", "1"))),
            "spec.sharedCounters[0].name: Invalid value: \"gpu.0\": " + Formats.LABEL_MSG),
        ok("32 counters in a set",
            counterSlice("s", DRIVER, POOL, NODE, counterSet("a", manyCounters(32)))),
        bad("33 counters in a set",
            counterSlice("s", DRIVER, POOL, NODE, counterSet("a", manyCounters(33))),
            "spec.sharedCounters[0].counters: Too many: 33: must have at most 32 items"),
        bad("counter name not a DNS label",
            counterSlice("s", DRIVER, POOL, NODE, counterSet("a", counters("memory_0", "1"))),
            "spec.sharedCounters[0].counters: Invalid value: \"memory_0\": " + Formats.LABEL_MSG));
  }

  static Stream<Named<Case>> perDeviceNodeSelection() {
    String required = "spec.devices[0]: Required value: exactly one of `nodeName`,"
        + " `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to"
        + " true in the ResourceSlice spec";
    return Stream.of(
        ok("each device with one node selection", slice("s", DRIVER, POOL, null,
            device("a").nodeName(NODE), device("b").allNodes(true),
            device("c").nodeSelector(nodeSelector("zone", "In", "a")))
            .perDeviceNodeSelection(true)),
        bad("device node field without perDeviceNodeSelection", one(device("d").nodeName(NODE)),
            "spec.devices[0]: Invalid value: `nodeName`, `nodeSelector` and `allNodes` can only be"
                + " set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec"),
        bad("device without node selection",
            slice("s", DRIVER, POOL, null, device("d")).perDeviceNodeSelection(true), required),
        bad("device with empty nodeName",
            slice("s", DRIVER, POOL, null, device("d").nodeName("")).perDeviceNodeSelection(true),
            "spec.devices[0].nodeName: Invalid value: \"\": must not be empty", required),
        bad("device with two node selections", slice("s", DRIVER, POOL, null,
                device("d").nodeName(NODE).allNodes(true)).perDeviceNodeSelection(true),
            "spec.devices[0]: Invalid value: \"{`nodeName`, `allNodes`}\": exactly one of"
                + " `nodeName`, `nodeSelector`, or `allNodes` is required when"
                + " `perDeviceNodeSelection` is set to true in the ResourceSlice spec"),
        bad("device node selector with two terms", slice("s", DRIVER, POOL, null,
                device("d").nodeSelector(new NodeSelector(List.of(
                    new NodeSelectorTerm(List.of(req("a", "Exists")), List.of()),
                    new NodeSelectorTerm(List.of(req("b", "Exists")), List.of())))))
                .perDeviceNodeSelection(true),
            "spec.devices[0].nodeSelector.nodeSelectorTerms: Invalid value: 2: must have exactly"
                + " one node selector term"));
  }

  static Stream<Named<Case>> mixins() {
    DeviceMixinBuilder[] many = new DeviceMixinBuilder[129];
    for (int i = 0; i < many.length; i++) {
      many[i] = mixin("m-" + i);
    }
    var manyConsumption = new io.github.dra4j.api.DeviceCounterConsumptionMixin[129];
    for (int i = 0; i < manyConsumption.length; i++) {
      manyConsumption[i] = consumptionMixin("m-" + i, counters("a", "1"));
    }
    var manySets = new io.github.dra4j.api.CounterSetMixin[33];
    for (int i = 0; i < manySets.length; i++) {
      manySets[i] = counterSetMixin("m-" + i, counters("a", "1"));
    }
    String[] nine = {"a", "a", "a", "a", "a", "a", "a", "a", "a"};
    return Stream.of(
        ok("device including mixins",
            one(device("d").includes("a", "b")).deviceMixins(mixin("a").attr("x", 1L),
                mixin("b").capacity("mem", "1Gi"))),
        ok("128 device mixins", plain().deviceMixins(java.util.Arrays.copyOf(many, 128))),
        bad("129 device mixins", plain().deviceMixins(many),
            "spec.mixins.device: Too many: 129: must have at most 128 items"),
        bad("duplicate device mixin", plain().deviceMixins(mixin("a"), mixin("a")),
            "spec.mixins.device[1]: Duplicate value: \"a\""),
        bad("device mixin name not a DNS label and bad attribute",
            plain().deviceMixins(mixin("A").attr("x-y", 1L)),
            "spec.mixins.device[0].name: Invalid value: \"A\": " + Formats.LABEL_MSG,
            "spec.mixins.device[0].attributes: Invalid value: \"x-y\": " + Formats.C_IDENTIFIER_MSG),
        bad("device mixin with bad request policy",
            plain().deviceMixins(mixin("a").capacity("mem", capacity("1Gi", null, "1Gi"))),
            "spec.mixins.device[0].capacity[mem].requestPolicy.default: Required value: required"
                + " when validValues is defined"),
        bad("129 consumption mixins", plain().consumptionMixins(manyConsumption),
            "spec.mixins.deviceCounterConsumption: Too many: 129: must have at most 128 items"),
        bad("consumption mixin without counters and duplicate",
            plain().consumptionMixins(consumptionMixin("a", Map.of()),
                consumptionMixin("a", counters("x", "1"))),
            "spec.mixins.deviceCounterConsumption[0].counters: Required value",
            "spec.mixins.deviceCounterConsumption[1]: Duplicate value: \"a\""),
        ok("32 counter set mixins", counterSlice("s", DRIVER, POOL, NODE)
            .counterSetMixins(java.util.Arrays.copyOf(manySets, 32))),
        bad("33 counter set mixins", counterSlice("s", DRIVER, POOL, NODE)
                .counterSetMixins(manySets),
            "spec.mixins.counterSet: Too many: 33: must have at most 32 items"),
        bad("counter set mixin with bad name and counter name", counterSlice("s", DRIVER, POOL,
                NODE).counterSetMixins(counterSetMixin("", counters("A", "1"))),
            "spec.mixins.counterSet[0].name: Required value",
            "spec.mixins.counterSet[0].counters: Invalid value: \"A\": " + Formats.LABEL_MSG),
        ok("eight device includes", one(device("d").includes(java.util.Arrays.copyOf(nine, 8)))
            .deviceMixins(mixin("a"))),
        bad("nine device includes", one(device("d").includes(nine)).deviceMixins(mixin("a")),
            "spec.devices[0].includes: Too many: 9: must have at most 8 items"),
        bad("unknown device mixin", one(device("d").includes("a", "b")).deviceMixins(mixin("a")),
            "spec.devices[0].includes[1]: Not found: \"b\": must be the name of a device mixin in"
                + " this ResourceSlice"),
        bad("include without any mixins", one(device("d").includes("a")),
            "spec.devices[0].includes[0]: Not found: \"a\": must be the name of a device mixin in"
                + " this ResourceSlice"),
        ok("counter set with counters only from mixins", counterSlice("s", DRIVER, POOL, NODE,
            counterSet("gpu-0", Map.of(), "a")).counterSetMixins(counterSetMixin("a",
            counters("mem", "1Gi")))),
        bad("nine counter set includes", counterSlice("s", DRIVER, POOL, NODE,
                counterSet("gpu-0", Map.of(), nine))
                .counterSetMixins(counterSetMixin("a", counters("mem", "1Gi"))),
            "spec.sharedCounters[0].includes: Too many: 9: must have at most 8 items"),
        bad("unknown counter set mixin", counterSlice("s", DRIVER, POOL, NODE,
                counterSet("gpu-0", counters("x", "1"), "b")),
            "spec.sharedCounters[0].includes[0]: Not found: \"b\": must be the name of a counter"
                + " set mixin in this ResourceSlice"),
        ok("four consumption includes", one(device("d")
                .consumes(consumption("set", Map.of(), "a", "a", "a", "a")))
            .consumptionMixins(consumptionMixin("a", counters("mem", "1")))),
        bad("five consumption includes", one(device("d")
                .consumes(consumption("set", Map.of(), "a", "a", "a", "a", "a")))
                .consumptionMixins(consumptionMixin("a", counters("mem", "1"))),
            "spec.devices[0].consumesCounters[0].includes: Too many: 5: must have at most 4 items"),
        bad("unknown consumption mixin", one(device("d")
                .consumes(consumption("set", Map.of(), "b"))),
            "spec.devices[0].consumesCounters[0].includes[0]: Not found: \"b\": must be the name"
                + " of a device counter consumption mixin in this ResourceSlice"),
        ok("32 attributes after mixins, overlapping names counted once",
            one(withAttributes(device("d"), "a", 20).includes("m1", "m2"))
                .deviceMixins(mixinWithAttributes("m1", "a", 30), mixinWithAttributes("m2", "b",
                    2))),
        bad("33 attributes after mixins",
            one(withAttributes(device("d"), "a", 20).includes("m1", "m2"))
                .deviceMixins(mixinWithAttributes("m1", "a", 30), mixinWithAttributes("m2", "b",
                    3)),
            "spec.devices[0]: Invalid value: 33: the total number of attributes and capacities"
                + " must not exceed 32"),
        bad("mixin capacity with request policy on a single-allocation device",
            one(device("d").includes("shared")).deviceMixins(
                mixin("shared").capacity("mem", capacity("8Gi", "1Gi", "1Gi"))),
            "spec.devices[0].includes[0]: Forbidden: capacity \"mem\" of this mixin has a"
                + " requestPolicy: allowMultipleAllocations must be true"),
        ok("own capacity overrides a mixin capacity with request policy",
            one(device("d").includes("shared").capacity("mem", "8Gi")).deviceMixins(
                mixin("shared").capacity("mem", capacity("8Gi", "1Gi", "1Gi")))));
  }

  static Stream<Named<Case>> sliceTotals() {
    DeviceMixinBuilder[] mixins32 = new DeviceMixinBuilder[128];
    DeviceBuilder[] devices32 = new DeviceBuilder[128];
    for (int i = 0; i < 128; i++) {
      mixins32[i] = mixinWithAttributes("m-" + i, "a", 16);
      devices32[i] = withAttributes(device("d-" + i), "b", 16);
    }
    List<DeviceBuilder> consumers = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      consumers.add(device("d-" + i).consumes(consumption("s", manyCounters(32))));
    }
    var setMixins = new io.github.dra4j.api.CounterSetMixin[8];
    for (int i = 0; i < 8; i++) {
      setMixins[i] = counterSetMixin("m-" + i, manyCounters(i == 0 ? 1 : 0));
    }
    CounterSet[] sets = new CounterSet[8];
    for (int i = 0; i < 8; i++) {
      sets[i] = counterSet("s-" + i, manyCounters(32));
    }
    return Stream.of(
        ok("4096 attributes and capacities", slice("s", DRIVER, POOL, NODE, devices32)
            .deviceMixins(mixins32)),
        bad("4097 attributes and capacities", slice("s", DRIVER, POOL, NODE, devices32)
                .deviceMixins(mixins32).deviceMixins(mixin("extra").attr("x", 1L)),
            "spec.mixins.device: Too many: 129: must have at most 128 items",
            "spec: Invalid value: 4097: the total number of attributes and capacities across"
                + " devices and device mixins must not exceed 4096"),
        ok("2048 consumed counters", slice("s", DRIVER, POOL, NODE,
            consumers.toArray(new DeviceBuilder[0]))),
        bad("2049 consumed counters", slice("s", DRIVER, POOL, NODE,
                consumers.toArray(new DeviceBuilder[0]))
                .consumptionMixins(consumptionMixin("m", counters("x", "1"))),
            "spec: Invalid value: 2049: the total number of consumed counters across devices and"
                + " device counter consumption mixins must not exceed 2048"),
        ok("256 counters", counterSlice("s", DRIVER, POOL, NODE, sets)),
        bad("257 counters", counterSlice("s", DRIVER, POOL, NODE, sets)
                .counterSetMixins(counterSetMixin("m", counters("x", "1"))),
            "spec: Invalid value: 257: the total number of counters across counter sets and"
                + " counter set mixins must not exceed 256"));
  }

  static Stream<Named<Case>> cases() {
    return Stream.of(objectAndPool(), nodeSelection(), devices(), attributes(),
            requestPolicies(), taintsAndBinding(), counterCases(), perDeviceNodeSelection(),
            mixins(), sliceTotals())
        .flatMap(s -> s);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void validate_reportsExactlyTheApiServersErrors_withoutModifyingTheSlice(Case c) {
    ResourceSlice before = c.slice();
    List<String> printed = Validator.validate(c.slice()).stream().map(FieldError::toString)
        .toList();
    assertThat(printed).containsExactlyElementsOf(c.errors());
    assertThat(c.slice()).isEqualTo(before);
  }

  @Test
  void validate_reportsEveryError_notJustTheFirst() {
    ResourceSlice s = slice("s", "", "", null, device("A"), device("A")).resourceSliceCount(0)
        .build();
    assertThat(Validator.validate(s)).extracting(e -> e.field().toString()).containsExactly(
        "spec.driver", "spec.pool.name", "spec.pool.resourceSliceCount", "spec",
        "spec.devices[0].name", "spec.devices[1].name", "spec.devices[1]");
  }
}
