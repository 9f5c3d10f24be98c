package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequestPolicyRange;
import io.github.dra4j.api.CapacityRequirements;
import io.github.dra4j.api.CelDeviceSelector;
import io.github.dra4j.api.Condition;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerExtendedResourceRequest;
import io.github.dra4j.api.ContainerResourceClaim;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAllocationConfiguration;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassConfiguration;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceTaintRuleSpec;
import io.github.dra4j.api.DeviceTaintRuleStatus;
import io.github.dra4j.api.DeviceTaintSelector;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodExtendedResourceClaimStatus;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PodStatus;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/*
 * Tree-to-record decoding. Hand-written rather than Jackson data binding so that every error
 * carries the JSON path and a Kubernetes-like message, records need no annotations, and the
 * API's one-of types (attributes, quantities, raw parameters) map exactly. JSON null counts as
 * absent, as in Go; unknown fields are ignored. Fields that are non-pointer structs in Go
 * (ResourceClaim.spec, DeviceClaim, AllocationResult.devices, DeviceClass.spec) decode to an
 * empty value when absent.
 */
final class Decoder {

  /** A decoding error at a path; the codec adds source, document and object. */
  static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String path;

    Failure(JsonPath path, String message) {
      super(message, null, false, false);
      this.path = path.toString();
    }

    /** {@return the message, which the constructor requires} */
    @Override
    public String getMessage() {
      return Objects.requireNonNull(super.getMessage());
    }
  }

  private static final String V1BETA1 = "resource.k8s.io/v1beta1";
  private static final String V1ALPHA3 = "resource.k8s.io/v1alpha3";
  private static final List<String> ATTRIBUTE_FIELDS =
      List.of("bool", "int", "string", "version", "bools", "ints", "strings", "versions");

  /** v1beta1 and v1alpha3: devices wrapped in {@code basic}, requests without {@code exactly}. */
  private final boolean v1beta1;
  /** v1alpha3 (1.31 to 1.33): a device capacity is a plain quantity, not {@code {value: ...}}. */
  private final boolean v1alpha3;

  private Decoder(boolean v1beta1, boolean v1alpha3) {
    this.v1beta1 = v1beta1;
    this.v1alpha3 = v1alpha3;
  }

  static Decoder forApiVersion(@Nullable String apiVersion) {
    boolean alpha = V1ALPHA3.equals(apiVersion);
    return new Decoder(alpha || V1BETA1.equals(apiVersion), alpha);
  }

  /* --- dispatch by type --- */

  private static final Map<Class<?>, BiFunction<Decoder, In, ?>> TYPES = types();

  private static Map<Class<?>, BiFunction<Decoder, In, ?>> types() {
    Map<Class<?>, BiFunction<Decoder, In, ?>> m = new HashMap<>();
    m.put(ResourceSlice.class, Decoder::resourceSlice);
    m.put(ResourceSliceSpec.class, Decoder::resourceSliceSpec);
    m.put(ResourcePool.class, Decoder::pool);
    m.put(Device.class, Decoder::device);
    m.put(DeviceAttribute.class, (d, in) -> attribute(in));
    m.put(DeviceCapacity.class, (d, in) -> capacity(in));
    m.put(CapacityRequestPolicy.class, (d, in) -> requestPolicy(in));
    m.put(CapacityRequestPolicyRange.class, (d, in) -> range(in));
    m.put(DeviceCounterConsumption.class, (d, in) -> consumption(in));
    m.put(Counter.class, (d, in) -> counter(in));
    m.put(CounterSet.class, (d, in) -> counterSet(in));
    m.put(DeviceTaint.class, (d, in) -> taint(in));
    m.put(ResourceSliceMixins.class, (d, in) -> mixins(in));
    m.put(DeviceMixin.class, (d, in) -> deviceMixin(in));
    m.put(CounterSetMixin.class, (d, in) -> counterSetMixin(in));
    m.put(DeviceCounterConsumptionMixin.class, (d, in) -> consumptionMixin(in));
    m.put(NodeSelector.class, (d, in) -> nodeSelector(in));
    m.put(NodeSelectorTerm.class, (d, in) -> term(in));
    m.put(NodeSelectorRequirement.class, (d, in) -> requirement(in));
    m.put(ObjectMeta.class, (d, in) -> meta(in));
    m.put(OwnerReference.class, (d, in) -> ownerReference(in));
    m.put(Node.class, (d, in) -> node(in));
    m.put(DeviceClass.class, (d, in) -> deviceClass(in));
    m.put(DeviceClassSpec.class, (d, in) -> deviceClassSpec(in));
    m.put(DeviceSelector.class, (d, in) -> selector(in));
    m.put(CelDeviceSelector.class, (d, in) -> cel(in));
    m.put(DeviceClassConfiguration.class, (d, in) -> classConfig(in));
    m.put(OpaqueDeviceConfiguration.class, (d, in) -> opaque(in));
    m.put(ResourceClaim.class, Decoder::resourceClaim);
    m.put(ResourceClaimSpec.class, Decoder::claimSpec);
    m.put(DeviceClaim.class, Decoder::deviceClaim);
    m.put(DeviceRequest.class, Decoder::request);
    m.put(ExactDeviceRequest.class, (d, in) -> exact(in));
    m.put(DeviceSubRequest.class, (d, in) -> subRequest(in));
    m.put(CapacityRequirements.class, (d, in) -> capacityRequirements(in));
    m.put(DeviceToleration.class, (d, in) -> toleration(in));
    m.put(DeviceConstraint.class, (d, in) -> constraint(in));
    m.put(DeviceClaimConfiguration.class, (d, in) -> claimConfig(in));
    m.put(ResourceClaimStatus.class, (d, in) -> status(in));
    m.put(ResourceClaimConsumerReference.class, (d, in) -> consumer(in));
    m.put(AllocationResult.class, (d, in) -> allocation(in));
    m.put(DeviceAllocationResult.class, (d, in) -> allocationDevices(in));
    m.put(DeviceRequestAllocationResult.class, (d, in) -> result(in));
    m.put(DeviceAllocationConfiguration.class, (d, in) -> allocationConfig(in));
    m.put(DeviceTaintRule.class, (d, in) -> taintRule(in));
    m.put(DeviceTaintRuleSpec.class, (d, in) -> taintRuleSpec(in));
    m.put(DeviceTaintSelector.class, (d, in) -> taintSelector(in));
    m.put(DeviceTaintRuleStatus.class, (d, in) -> taintRuleStatus(in));
    m.put(Condition.class, (d, in) -> condition(in));
    m.put(Pod.class, (d, in) -> pod(in));
    m.put(PodSpec.class, (d, in) -> podSpec(in));
    m.put(PodStatus.class, (d, in) -> podStatus(in));
    m.put(PodResourceClaim.class, (d, in) -> podClaim(in));
    m.put(PodResourceClaimStatus.class, (d, in) -> podClaimStatus(in));
    m.put(PodExtendedResourceClaimStatus.class, (d, in) -> extendedStatus(in));
    m.put(ContainerExtendedResourceRequest.class, (d, in) -> requestMapping(in));
    m.put(Container.class, (d, in) -> container(in));
    m.put(ResourceRequirements.class, (d, in) -> requirements(in));
    m.put(ContainerResourceClaim.class, (d, in) -> containerClaim(in));
    m.put(ResourceClaimTemplate.class, Decoder::template);
    m.put(ResourceClaimTemplateSpec.class, Decoder::templateSpec);
    m.put(Quantity.class, (d, in) -> quantity(in));
    m.put(RawJson.class, (d, in) -> raw(in));
    return Collections.unmodifiableMap(m);
  }

  /** {@return every model type this decoder reads} */
  static java.util.Set<Class<?>> modelTypes() {
    return TYPES.keySet();
  }

  static boolean supports(Class<?> type) {
    return TYPES.containsKey(type);
  }

  /** Decodes {@code node} as {@code type}, a model type for which {@link #supports} holds. */
  <T> T decode(Class<T> type, JsonNode node, JsonPath path) {
    BiFunction<Decoder, In, ?> f = TYPES.get(type);
    if (f == null) {
      throw new IllegalArgumentException("not a model type: " + type.getName());
    }
    return type.cast(f.apply(this, new In(node, path)));
  }

  /* --- cursor --- */

  /** A node and its path; absent (missing or null) fields are a null node. */
  static final class In {
    final @Nullable JsonNode node;
    final JsonPath path;
    /*
     * Names that objects of one document refer to (mixin and counter set names, includes), one
     * String per distinct name: a slice's includes repeat a few mixin names on every device,
     * and an informer cache would otherwise hold a copy per reference (the Footprint measure of allocator-bench).
     */
    private final Map<String, String> names;

    In(@Nullable JsonNode node, JsonPath path) {
      this(node, path, new HashMap<>());
    }

    private In(@Nullable JsonNode node, JsonPath path, Map<String, String> names) {
      this.node = node == null || node.isNull() || node.isMissingNode() ? null : node;
      this.path = path;
      this.names = names;
    }

    boolean absent() {
      return node == null;
    }

    @CanIgnoreReturnValue
    JsonNode object() {
      if (node == null || !node.isObject()) {
        throw fail("expected an object, got " + describe(node));
      }
      return node;
    }

    In at(String field) {
      return new In(object().get(field), path.field(field), names);
    }

    boolean has(String field) {
      return !at(field).absent();
    }

    Failure fail(String message) {
      return new Failure(path, message);
    }

    @Nullable String str(String field) {
      In in = at(field);
      return in.absent() ? null : in.string();
    }

    String reqStr(String field) {
      return at(field).required().string();
    }

    @CanIgnoreReturnValue
    In required() {
      if (node == null) {
        throw fail("Required value: missing required field");
      }
      return this;
    }

    /** {@return the node}, failing as {@link #required} does when the field is absent */
    JsonNode requiredNode() {
      required();
      return Objects.requireNonNull(node); // required() has thrown when it is null
    }

    String string() {
      JsonNode n = requiredNode();
      if (!n.isTextual()) {
        throw fail("expected a string, got " + describe(n));
      }
      return n.textValue();
    }

    long integer() {
      JsonNode n = requiredNode();
      if (!n.isIntegralNumber() || !n.canConvertToLong()) {
        throw fail("expected a 64-bit integer, got " + describe(n));
      }
      return n.longValue();
    }

    boolean bool() {
      JsonNode n = requiredNode();
      if (!n.isBoolean()) {
        throw fail("expected a boolean, got " + describe(n));
      }
      return n.booleanValue();
    }

    @Nullable Long lng(String field) {
      In in = at(field);
      return in.absent() ? null : in.integer();
    }

    @Nullable Boolean boolOrNull(String field) {
      In in = at(field);
      return in.absent() ? null : in.bool();
    }

    boolean flag(String field) {
      In in = at(field);
      return !in.absent() && in.bool();
    }

    <T> @Nullable T obj(String field, java.util.function.Function<In, T> f) {
      In in = at(field);
      return in.absent() ? null : f.apply(in);
    }

    <T> List<T> list(String field, java.util.function.Function<In, T> f) {
      In in = at(field);
      return in.absent() ? List.of() : in.elements(f);
    }

    <T> List<T> elements(java.util.function.Function<In, T> f) {
      JsonNode n = requiredNode();
      if (!n.isArray()) {
        throw fail("expected a list, got " + describe(n));
      }
      List<T> out = new ArrayList<>(n.size());
      for (int i = 0; i < n.size(); i++) {
        In e = new In(n.get(i), path.index(i), names);
        out.add(f.apply(e.required()));
      }
      return out;
    }

    List<String> strings(String field) {
      return list(field, In::string);
    }

    /** {@return a required string field, one String per distinct value in the document} */
    String reqName(String field) {
      return at(field).required().name();
    }

    /** {@return a list of strings, one String per distinct value in the document} */
    List<String> names(String field) {
      return list(field, In::name);
    }

    private String name() {
      String s = string();
      String known = names.putIfAbsent(s, s);
      return known == null ? s : known;
    }

    <T> Map<String, T> map(String field, java.util.function.Function<In, T> f) {
      In in = at(field);
      if (in.absent()) {
        return Map.of();
      }
      JsonNode n = in.object();
      Map<String, T> out = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        In v = new In(e.getValue(), in.path.key(e.getKey()), in.names);
        out.put(e.getKey(), f.apply(v.required()));
      }
      return out;
    }
  }

  static String describe(@Nullable JsonNode n) {
    if (n == null || n.isNull() || n.isMissingNode()) {
      return "null";
    }
    switch (n.getNodeType()) {
      case ARRAY:
        return "a list";
      case OBJECT:
        return "an object";
      case BOOLEAN:
        return "boolean " + n.asText();
      case NUMBER:
        return "number " + n.asText();
      case STRING:
        String s = n.textValue();
        return "string \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
      default:
        return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /* --- scalars --- */

  static Quantity quantity(In in) {
    JsonNode n = in.requiredNode();
    String text;
    if (n.isTextual()) {
      // Kubernetes trims surrounding blanks when it unmarshals a quantity.
      text = n.textValue().strip();
    } else if (n.isIntegralNumber()) {
      text = n.bigIntegerValue().toString();
    } else if (n.isNumber()) {
      text = n.decimalValue().toString();
    } else {
      throw in.fail("expected a quantity (string or number), got " + describe(n));
    }
    try {
      return Quantity.parse(text);
    } catch (IllegalArgumentException e) {
      throw in.fail(String.valueOf(e.getMessage()));
    }
  }

  static RawJson raw(In in) {
    return new RawJson(in.requiredNode().toString());
  }

  /* --- metadata and nodes --- */

  static ObjectMeta meta(In in) {
    in.object();
    return new ObjectMeta(
        in.str("name"), in.str("namespace"), in.str("uid"), in.str("resourceVersion"),
        in.lng("generation"), in.map("labels", In::string), in.map("annotations", In::string),
        in.str("generateName"), in.list("ownerReferences", Decoder::ownerReference));
  }

  static OwnerReference ownerReference(In in) {
    in.object();
    return new OwnerReference(in.reqStr("apiVersion"), in.reqStr("kind"), in.reqStr("name"), in.str("uid"),
        in.boolOrNull("controller"), in.boolOrNull("blockOwnerDeletion"));
  }

  private static ObjectMeta metaOf(In in) {
    return in.has("metadata") ? meta(in.at("metadata")) : new ObjectMeta(null, null, null, null, null, Map.of(), Map.of());
  }

  static Node node(In in) {
    ObjectMeta meta = metaOf(in);
    if (meta.name() == null) {
      in.at("metadata").at("name").required();
    }
    return new Node(meta);
  }

  static NodeSelector nodeSelector(In in) {
    in.object();
    return new NodeSelector(in.list("nodeSelectorTerms", Decoder::term));
  }

  static NodeSelectorTerm term(In in) {
    in.object();
    return new NodeSelectorTerm(
        in.list("matchExpressions", Decoder::requirement), in.list("matchFields", Decoder::requirement));
  }

  static NodeSelectorRequirement requirement(In in) {
    return new NodeSelectorRequirement(in.reqStr("key"), in.reqStr("operator"), in.strings("values"));
  }

  /* --- ResourceSlice --- */

  ResourceSlice resourceSlice(In in) {
    return new ResourceSlice(metaOf(in), resourceSliceSpec(in.at("spec").required()));
  }

  ResourceSliceSpec resourceSliceSpec(In in) {
    return new ResourceSliceSpec(
        in.reqStr("driver"),
        pool(in.at("pool").required()),
        in.str("nodeName"),
        in.obj("nodeSelector", Decoder::nodeSelector),
        in.flag("allNodes"),
        in.flag("perDeviceNodeSelection"),
        in.list("devices", this::device),
        in.list("sharedCounters", Decoder::counterSet),
        in.obj("mixins", Decoder::mixins));
  }

  ResourcePool pool(In in) {
    Long generation = in.lng("generation");
    Long count = in.lng("resourceSliceCount");
    return new ResourcePool(in.reqStr("name"), generation == null ? 0 : generation, count == null ? 0 : count);
  }

  /** v1beta1 nests everything but the name under {@code basic}. */
  Device device(In in) {
    String name = in.reqStr("name");
    In b = v1beta1 && in.has("basic") ? in.at("basic") : in;
    b.object();
    return new Device(
        name,
        b.map("attributes", Decoder::attribute),
        b.map("capacity", this::deviceCapacity),
        b.list("consumesCounters", Decoder::consumption),
        b.names("includes"),
        b.str("nodeName"),
        b.obj("nodeSelector", Decoder::nodeSelector),
        b.flag("allNodes"),
        b.list("taints", Decoder::taint),
        b.strings("bindingConditions"),
        b.strings("bindingFailureConditions"),
        b.flag("bindsToNode"),
        b.flag("allowMultipleAllocations"));
  }

  static DeviceAttribute attribute(In in) {
    in.object();
    String found = null;
    List<String> all = new ArrayList<>(1);
    for (String f : ATTRIBUTE_FIELDS) {
      if (in.has(f)) {
        all.add(f);
        found = f;
      }
    }
    if (found == null) {
      return DeviceAttribute.empty();
    }
    if (all.size() > 1) {
      throw in.fail("an attribute must have exactly one of bool, int, string, version, bools, ints, "
          + "strings, versions; found " + String.join(", ", all));
    }
    In v = in.at(found);
    switch (found) {
      case "bool":
        return DeviceAttribute.ofBool(v.bool());
      case "int":
        return DeviceAttribute.ofInt(v.integer());
      case "string":
        return DeviceAttribute.ofString(v.string());
      case "version":
        return DeviceAttribute.ofVersion(v.string());
      case "bools":
        return DeviceAttribute.ofBools(v.elements(In::bool));
      case "ints":
        return DeviceAttribute.ofInts(v.elements(In::integer));
      case "strings":
        return DeviceAttribute.ofStrings(v.elements(In::string));
      default:
        return DeviceAttribute.ofVersions(v.elements(In::string));
    }
  }

  private DeviceCapacity deviceCapacity(In in) {
    JsonNode n = in.requiredNode();
    if (v1alpha3 && n != null && !n.isObject()) {
      return new DeviceCapacity(quantity(in), null);
    }
    return capacity(in);
  }

  static DeviceCapacity capacity(In in) {
    return new DeviceCapacity(quantity(in.at("value")), in.obj("requestPolicy", Decoder::requestPolicy));
  }

  static CapacityRequestPolicy requestPolicy(In in) {
    return new CapacityRequestPolicy(
        in.obj("default", Decoder::quantity),
        in.list("validValues", Decoder::quantity),
        in.obj("validRange", Decoder::range));
  }

  static CapacityRequestPolicyRange range(In in) {
    return new CapacityRequestPolicyRange(
        in.obj("min", Decoder::quantity), in.obj("max", Decoder::quantity), in.obj("step", Decoder::quantity));
  }

  static DeviceCounterConsumption consumption(In in) {
    return new DeviceCounterConsumption(
        in.reqName("counterSet"), in.map("counters", Decoder::counter), in.names("includes"));
  }

  static Counter counter(In in) {
    return new Counter(quantity(in.at("value")));
  }

  static CounterSet counterSet(In in) {
    return new CounterSet(in.reqName("name"), in.map("counters", Decoder::counter), in.names("includes"));
  }

  static DeviceTaint taint(In in) {
    return new DeviceTaint(in.reqStr("key"), in.str("value"), in.reqStr("effect"), in.str("timeAdded"));
  }

  static ResourceSliceMixins mixins(In in) {
    in.object();
    return new ResourceSliceMixins(
        in.list("device", Decoder::deviceMixin),
        in.list("deviceCounterConsumption", Decoder::consumptionMixin),
        in.list("counterSet", Decoder::counterSetMixin));
  }

  static DeviceMixin deviceMixin(In in) {
    return new DeviceMixin(
        in.reqName("name"), in.map("attributes", Decoder::attribute), in.map("capacity", Decoder::capacity));
  }

  static CounterSetMixin counterSetMixin(In in) {
    return new CounterSetMixin(in.reqName("name"), in.map("counters", Decoder::counter));
  }

  static DeviceCounterConsumptionMixin consumptionMixin(In in) {
    return new DeviceCounterConsumptionMixin(in.reqName("name"), in.map("counters", Decoder::counter));
  }

  /* --- DeviceClass --- */

  static DeviceClass deviceClass(In in) {
    return new DeviceClass(metaOf(in), deviceClassSpec(in.at("spec")));
  }

  static DeviceClassSpec deviceClassSpec(In in) {
    if (in.absent()) {
      return new DeviceClassSpec(List.of(), List.of(), null);
    }
    return new DeviceClassSpec(
        in.list("selectors", Decoder::selector),
        in.list("config", Decoder::classConfig),
        in.str("extendedResourceName"));
  }

  static DeviceSelector selector(In in) {
    in.object();
    return new DeviceSelector(in.obj("cel", Decoder::cel));
  }

  static CelDeviceSelector cel(In in) {
    return new CelDeviceSelector(in.reqStr("expression"));
  }

  static DeviceClassConfiguration classConfig(In in) {
    return new DeviceClassConfiguration(opaque(in.at("opaque")));
  }

  static OpaqueDeviceConfiguration opaque(In in) {
    return new OpaqueDeviceConfiguration(in.required().reqStr("driver"), raw(in.at("parameters")));
  }

  /* --- ResourceClaim --- */

  ResourceClaim resourceClaim(In in) {
    return new ResourceClaim(metaOf(in), claimSpec(in.at("spec")), in.obj("status", Decoder::status));
  }

  ResourceClaimSpec claimSpec(In in) {
    if (in.absent()) {
      return new ResourceClaimSpec(new DeviceClaim(List.of(), List.of(), List.of()));
    }
    return new ResourceClaimSpec(deviceClaim(in.at("devices")));
  }

  DeviceClaim deviceClaim(In in) {
    if (in.absent()) {
      return new DeviceClaim(List.of(), List.of(), List.of());
    }
    return new DeviceClaim(
        in.list("requests", this::request),
        in.list("constraints", Decoder::constraint),
        in.list("config", Decoder::claimConfig));
  }

  /** v1beta1 has the fields of {@code exactly} inline in the request. */
  DeviceRequest request(In in) {
    ExactDeviceRequest exactly = in.obj("exactly", Decoder::exact);
    if (exactly == null && v1beta1 && in.has("deviceClassName")) {
      exactly = exact(in);
    }
    return new DeviceRequest(in.reqStr("name"), exactly, in.list("firstAvailable", Decoder::subRequest));
  }

  static ExactDeviceRequest exact(In in) {
    return new ExactDeviceRequest(
        in.reqStr("deviceClassName"),
        in.list("selectors", Decoder::selector),
        in.str("allocationMode"),
        in.lng("count"),
        in.boolOrNull("adminAccess"),
        in.list("tolerations", Decoder::toleration),
        in.obj("capacity", Decoder::capacityRequirements));
  }

  static DeviceSubRequest subRequest(In in) {
    return new DeviceSubRequest(
        in.reqStr("name"),
        in.reqStr("deviceClassName"),
        in.list("selectors", Decoder::selector),
        in.str("allocationMode"),
        in.lng("count"),
        in.list("tolerations", Decoder::toleration),
        in.obj("capacity", Decoder::capacityRequirements));
  }

  static CapacityRequirements capacityRequirements(In in) {
    in.object();
    return new CapacityRequirements(in.map("requests", Decoder::quantity));
  }

  static DeviceToleration toleration(In in) {
    in.object();
    return new DeviceToleration(
        in.str("key"), in.str("operator"), in.str("value"), in.str("effect"), in.lng("tolerationSeconds"));
  }

  static DeviceConstraint constraint(In in) {
    in.object();
    return new DeviceConstraint(in.strings("requests"), in.str("matchAttribute"), in.str("distinctAttribute"));
  }

  static DeviceClaimConfiguration claimConfig(In in) {
    in.object();
    return new DeviceClaimConfiguration(in.strings("requests"), opaque(in.at("opaque")));
  }

  static ResourceClaimStatus status(In in) {
    in.object();
    return new ResourceClaimStatus(in.obj("allocation", Decoder::allocation), in.list("reservedFor", Decoder::consumer));
  }

  static ResourceClaimConsumerReference consumer(In in) {
    // Allocation never reads reservations: missing fields are validation's to report.
    return new ResourceClaimConsumerReference(in.str("apiGroup"), in.str("resource"), in.str("name"), in.str("uid"));
  }

  static AllocationResult allocation(In in) {
    in.object();
    return new AllocationResult(
        allocationDevices(in.at("devices")), in.obj("nodeSelector", Decoder::nodeSelector), in.str("allocationTimestamp"));
  }

  static DeviceAllocationResult allocationDevices(In in) {
    if (in.absent()) {
      return new DeviceAllocationResult(List.of(), List.of());
    }
    return new DeviceAllocationResult(in.list("results", Decoder::result), in.list("config", Decoder::allocationConfig));
  }

  static DeviceRequestAllocationResult result(In in) {
    return new DeviceRequestAllocationResult(
        in.reqStr("request"),
        in.reqStr("driver"),
        in.reqStr("pool"),
        in.reqStr("device"),
        in.boolOrNull("adminAccess"),
        in.list("tolerations", Decoder::toleration),
        in.strings("bindingConditions"),
        in.strings("bindingFailureConditions"),
        in.str("shareID"),
        in.map("consumedCapacity", Decoder::quantity));
  }

  static DeviceAllocationConfiguration allocationConfig(In in) {
    return new DeviceAllocationConfiguration(in.reqStr("source"), in.strings("requests"), opaque(in.at("opaque")));
  }

  /* --- DeviceTaintRule (v1alpha3, v1beta2 and v1 share one shape) --- */

  static DeviceTaintRule taintRule(In in) {
    return new DeviceTaintRule(metaOf(in), taintRuleSpec(in.at("spec").required()), taintRuleStatus(in.at("status")));
  }

  static DeviceTaintRuleSpec taintRuleSpec(In in) {
    return new DeviceTaintRuleSpec(in.obj("deviceSelector", Decoder::taintSelector), taint(in.at("taint").required()));
  }

  static DeviceTaintSelector taintSelector(In in) {
    in.object();
    return new DeviceTaintSelector(in.str("driver"), in.str("pool"), in.str("device"));
  }

  /** The status is never read by allocation, so every condition field is optional here. */
  static DeviceTaintRuleStatus taintRuleStatus(In in) {
    if (in.absent()) {
      return DeviceTaintRuleStatus.EMPTY;
    }
    in.object();
    return new DeviceTaintRuleStatus(in.list("conditions", Decoder::condition));
  }

  static Condition condition(In in) {
    in.object();
    return new Condition(in.str("type"), in.str("status"), in.lng("observedGeneration"),
        in.str("lastTransitionTime"), in.str("reason"), in.str("message"));
  }

  /* --- ResourceClaimTemplate --- */

  ResourceClaimTemplate template(In in) {
    return new ResourceClaimTemplate(metaOf(in), templateSpec(in.at("spec")));
  }

  /** Go's {@code spec} and {@code spec.spec} are non-pointer structs: absent means empty. */
  ResourceClaimTemplateSpec templateSpec(In in) {
    if (in.absent()) {
      return new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), claimSpec(in));
    }
    return new ResourceClaimTemplateSpec(metaOf(in), claimSpec(in.at("spec")));
  }

  /* --- Pod (core/v1) --- */

  static Pod pod(In in) {
    return new Pod(metaOf(in), podSpec(in.at("spec")), podStatus(in.at("status")));
  }

  static PodSpec podSpec(In in) {
    if (in.absent()) {
      return PodSpec.builder().build();
    }
    in.object();
    return new PodSpec(
        in.str("nodeName"),
        in.map("nodeSelector", In::string),
        requiredNodeAffinity(in.at("affinity")),
        int32(in.at("priority")),
        in.list("resourceClaims", Decoder::podClaim),
        in.list("initContainers", Decoder::container),
        in.list("containers", Decoder::container));
  }

  /** {@code affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution}, or null. */
  private static @Nullable NodeSelector requiredNodeAffinity(In affinity) {
    if (affinity.absent()) {
      return null;
    }
    In nodeAffinity = affinity.at("nodeAffinity");
    return nodeAffinity.absent()
        ? null
        : nodeAffinity.obj("requiredDuringSchedulingIgnoredDuringExecution", Decoder::nodeSelector);
  }

  private static @Nullable Integer int32(In in) {
    if (in.absent()) {
      return null;
    }
    long v = in.integer();
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw in.fail("expected a 32-bit integer, got " + v);
    }
    return (int) v;
  }

  static PodResourceClaim podClaim(In in) {
    return new PodResourceClaim(in.reqStr("name"), in.str("resourceClaimName"), in.str("resourceClaimTemplateName"));
  }

  static Container container(In in) {
    In resources = in.at("resources");
    return new Container(in.reqStr("name"), resources.absent() ? ResourceRequirements.EMPTY : requirements(resources));
  }

  static ResourceRequirements requirements(In in) {
    in.object();
    return new ResourceRequirements(
        in.map("limits", Decoder::quantity),
        in.map("requests", Decoder::quantity),
        in.list("claims", Decoder::containerClaim));
  }

  static ContainerResourceClaim containerClaim(In in) {
    return new ContainerResourceClaim(in.reqStr("name"), in.str("request"));
  }

  static PodStatus podStatus(In in) {
    if (in.absent()) {
      return PodStatus.EMPTY;
    }
    in.object();
    return new PodStatus(
        in.list("resourceClaimStatuses", Decoder::podClaimStatus),
        in.obj("extendedResourceClaimStatus", Decoder::extendedStatus));
  }

  static PodResourceClaimStatus podClaimStatus(In in) {
    return new PodResourceClaimStatus(in.reqStr("name"), in.str("resourceClaimName"));
  }

  static PodExtendedResourceClaimStatus extendedStatus(In in) {
    return new PodExtendedResourceClaimStatus(
        in.list("requestMappings", Decoder::requestMapping), in.reqStr("resourceClaimName"));
  }

  static ContainerExtendedResourceRequest requestMapping(In in) {
    return new ContainerExtendedResourceRequest(
        in.reqStr("containerName"), in.reqStr("resourceName"), in.reqStr("requestName"));
  }
}
