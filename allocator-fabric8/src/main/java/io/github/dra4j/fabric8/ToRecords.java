package io.github.dra4j.fabric8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequestPolicyRange;
import io.github.dra4j.api.CapacityRequirements;
import io.github.dra4j.api.CelDeviceSelector;
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
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/*
 * fabric8 -> dra4j records, one instance per top-level object so that every error names it.
 * fabric8 has no typed KEP-5234 fields: spec.mixins and the includes lists arrive as Jackson's
 * untyped maps in additionalProperties. Mixin entries are converted to the fabric8 type of the
 * same shape (a device mixin is a Device with name, attributes and capacity; counter mixins are
 * CounterSets) and then read with the typed code, so both paths apply the same rules.
 */
final class ToRecords {
  private static final FieldPath META = FieldPath.of("metadata");
  private static final FieldPath SPEC = FieldPath.of("spec");
  private static final Set<String> DEVICE_MIXIN_FIELDS = Set.of("name", "attributes", "capacity");
  private static final Set<String> COUNTER_MIXIN_FIELDS = Set.of("name", "counters");

  private final String objectRef;

  private ToRecords(String objectRef) {
    this.objectRef = objectRef;
  }

  static String ref(String kind, io.fabric8.kubernetes.api.model.@Nullable ObjectMeta meta) {
    if (meta == null) {
      return kind + " <unnamed>";
    }
    String name = meta.getName() == null ? "<unnamed>" : meta.getName();
    return meta.getNamespace() == null ? kind + " " + name : kind + " " + meta.getNamespace() + "/" + name;
  }

  /* --- top-level objects --- */

  static ResourceSlice slice(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice in) {
    ToRecords c = new ToRecords(ref("ResourceSlice", in.getMetadata()));
    return new ResourceSlice(c.meta(in.getMetadata()), c.sliceSpec(c.required(in.getSpec(), SPEC)));
  }

  static DeviceClass deviceClass(io.fabric8.kubernetes.api.model.resource.v1.DeviceClass in) {
    ToRecords c = new ToRecords(ref("DeviceClass", in.getMetadata()));
    io.fabric8.kubernetes.api.model.resource.v1.DeviceClassSpec s = c.required(in.getSpec(), SPEC);
    return new DeviceClass(c.meta(in.getMetadata()), new DeviceClassSpec(
        c.list(s.getSelectors(), SPEC.child("selectors"), c::selector),
        c.list(s.getConfig(), SPEC.child("config"), (cfg, p) ->
            new DeviceClassConfiguration(c.opaque(c.required(cfg.getOpaque(), p.child("opaque")), p.child("opaque")))),
        s.getExtendedResourceName()));
  }

  static ResourceClaim claim(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim in) {
    ToRecords c = new ToRecords(ref("ResourceClaim", in.getMetadata()));
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimSpec s = c.required(in.getSpec(), SPEC);
    FieldPath dp = SPEC.child("devices");
    io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim d = c.required(s.getDevices(), dp);
    DeviceClaim devices = new DeviceClaim(
        c.list(d.getRequests(), dp.child("requests"), c::request),
        c.list(d.getConstraints(), dp.child("constraints"),
            (k, p) -> new DeviceConstraint(k.getRequests(), k.getMatchAttribute(), k.getDistinctAttribute())),
        c.list(d.getConfig(), dp.child("config"), (k, p) -> new DeviceClaimConfiguration(
            k.getRequests(), c.opaque(c.required(k.getOpaque(), p.child("opaque")), p.child("opaque")))));
    return new ResourceClaim(c.meta(in.getMetadata()), new ResourceClaimSpec(devices),
        in.getStatus() == null ? null : c.status(in.getStatus(), FieldPath.of("status")));
  }

  static Node node(io.fabric8.kubernetes.api.model.Node in) {
    ToRecords c = new ToRecords(ref("Node", in.getMetadata()));
    io.fabric8.kubernetes.api.model.ObjectMeta m = c.required(in.getMetadata(), META);
    c.required(m.getName(), META.child("name"));
    return new Node(c.meta(m));
  }

  static NodeSelector nodeSelector(io.fabric8.kubernetes.api.model.NodeSelector in) {
    return new ToRecords("NodeSelector").selector(in, FieldPath.root());
  }

  /* --- metadata --- */

  private ObjectMeta meta(io.fabric8.kubernetes.api.model.@Nullable ObjectMeta m) {
    if (m == null) {
      return new ObjectMeta(null, null, null, null, null, Map.of());
    }
    return new ObjectMeta(m.getName(), m.getNamespace(), m.getUid(), m.getResourceVersion(), m.getGeneration(),
        m.getLabels());
  }

  /* --- ResourceSlice --- */

  private ResourceSliceSpec sliceSpec(io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec s) {
    io.fabric8.kubernetes.api.model.resource.v1.ResourcePool pool = required(s.getPool(), SPEC.child("pool"));
    ResourcePool p = new ResourcePool(required(pool.getName(), SPEC.child("pool").child("name")),
        orZero(pool.getGeneration()), orZero(pool.getResourceSliceCount()));
    return new ResourceSliceSpec(
        required(s.getDriver(), SPEC.child("driver")),
        p,
        s.getNodeName(),
        s.getNodeSelector() == null ? null : selector(s.getNodeSelector(), SPEC.child("nodeSelector")),
        isTrue(s.getAllNodes()),
        isTrue(s.getPerDeviceNodeSelection()),
        list(s.getDevices(), SPEC.child("devices"), this::device),
        list(s.getSharedCounters(), SPEC.child("sharedCounters"), this::counterSet),
        mixins(s.getAdditionalProperties().get("mixins"), SPEC.child("mixins")));
  }

  private Device device(io.fabric8.kubernetes.api.model.resource.v1.Device d, FieldPath p) {
    return new Device(
        required(d.getName(), p.child("name")),
        map(d.getAttributes(), p.child("attributes"), this::attribute),
        map(d.getCapacity(), p.child("capacity"), this::capacity),
        list(d.getConsumesCounters(), p.child("consumesCounters"), this::consumption),
        includes(d.getAdditionalProperties(), p),
        d.getNodeName(),
        d.getNodeSelector() == null ? null : selector(d.getNodeSelector(), p.child("nodeSelector")),
        isTrue(d.getAllNodes()),
        list(d.getTaints(), p.child("taints"), this::taint),
        d.getBindingConditions(),
        d.getBindingFailureConditions(),
        isTrue(d.getBindsToNode()),
        isTrue(d.getAllowMultipleAllocations()));
  }

  private DeviceAttribute attribute(io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute a, FieldPath p) {
    List<DeviceAttribute> set = new ArrayList<>(1);
    if (a.getBool() != null) {
      set.add(DeviceAttribute.ofBool(a.getBool()));
    }
    if (a.getInt() != null) {
      set.add(DeviceAttribute.ofInt(a.getInt()));
    }
    if (a.getString() != null) {
      set.add(DeviceAttribute.ofString(a.getString()));
    }
    if (a.getVersion() != null) {
      set.add(DeviceAttribute.ofVersion(a.getVersion()));
    }
    if (nonEmpty(a.getBools())) {
      set.add(DeviceAttribute.ofBools(noNulls(a.getBools(), p.child("bools"))));
    }
    if (nonEmpty(a.getInts())) {
      set.add(DeviceAttribute.ofInts(noNulls(a.getInts(), p.child("ints"))));
    }
    if (nonEmpty(a.getStrings())) {
      set.add(DeviceAttribute.ofStrings(noNulls(a.getStrings(), p.child("strings"))));
    }
    if (nonEmpty(a.getVersions())) {
      set.add(DeviceAttribute.ofVersions(noNulls(a.getVersions(), p.child("versions"))));
    }
    if (set.isEmpty()) {
      // Kept, not rejected: validation and the allocator report it ("unsupported attribute value").
      return DeviceAttribute.empty();
    }
    if (set.size() > 1) {
      throw fail(p, set.size() + " values: exactly one of bool, int, string, version, bools, ints, strings, "
          + "versions must be set");
    }
    return set.get(0);
  }

  private DeviceCapacity capacity(io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity c, FieldPath p) {
    io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicy rp = c.getRequestPolicy();
    CapacityRequestPolicy policy = null;
    if (rp != null) {
      FieldPath pp = p.child("requestPolicy");
      io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicyRange r = rp.getValidRange();
      FieldPath rangePath = pp.child("validRange");
      policy = new CapacityRequestPolicy(
          optionalQuantity(rp.getDefault(), pp.child("default")),
          list(rp.getValidValues(), pp.child("validValues"), this::quantity),
          r == null ? null : new CapacityRequestPolicyRange(
              optionalQuantity(r.getMin(), rangePath.child("min")),
              optionalQuantity(r.getMax(), rangePath.child("max")),
              optionalQuantity(r.getStep(), rangePath.child("step"))));
    }
    return new DeviceCapacity(quantity(required(c.getValue(), p.child("value")), p.child("value")), policy);
  }

  private DeviceCounterConsumption consumption(
      io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption c, FieldPath p) {
    return new DeviceCounterConsumption(required(c.getCounterSet(), p.child("counterSet")),
        map(c.getCounters(), p.child("counters"), this::counter), includes(c.getAdditionalProperties(), p));
  }

  private CounterSet counterSet(io.fabric8.kubernetes.api.model.resource.v1.CounterSet c, FieldPath p) {
    return new CounterSet(required(c.getName(), p.child("name")),
        map(c.getCounters(), p.child("counters"), this::counter), includes(c.getAdditionalProperties(), p));
  }

  private Counter counter(io.fabric8.kubernetes.api.model.resource.v1.Counter c, FieldPath p) {
    return new Counter(quantity(required(c.getValue(), p.child("value")), p.child("value")));
  }

  private DeviceTaint taint(io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint t, FieldPath p) {
    return new DeviceTaint(required(t.getKey(), p.child("key")), t.getValue(),
        required(t.getEffect(), p.child("effect")), t.getTimeAdded());
  }

  private List<String> includes(Map<String, Object> additional, FieldPath owner) {
    Object raw = additional.get("includes");
    if (raw == null) {
      return List.of();
    }
    FieldPath p = owner.child("includes");
    if (!(raw instanceof List)) {
      throw fail(p, "must be a list of mixin names, got " + describe(raw));
    }
    List<?> items = (List<?>) raw;
    List<String> names = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i) instanceof String)) {
        throw fail(p.index(i), "must be a mixin name (string), got " + describe(items.get(i)));
      }
      names.add((String) items.get(i));
    }
    return names;
  }

  private @Nullable ResourceSliceMixins mixins(@Nullable Object raw, FieldPath p) {
    if (raw == null) {
      return null;
    }
    Map<String, Object> m = object(raw, p);
    for (String key : m.keySet()) {
      if (!Set.of("device", "deviceCounterConsumption", "counterSet").contains(key)) {
        throw fail(p.child(key), "unknown field; supported: device, deviceCounterConsumption, counterSet");
      }
    }
    List<DeviceMixin> device = rawList(m.get("device"), p.child("device"), (item, ip) -> {
      io.fabric8.kubernetes.api.model.resource.v1.Device d =
          typed(item, ip, DEVICE_MIXIN_FIELDS, io.fabric8.kubernetes.api.model.resource.v1.Device.class);
      return new DeviceMixin(required(d.getName(), ip.child("name")),
          map(d.getAttributes(), ip.child("attributes"), this::attribute),
          map(d.getCapacity(), ip.child("capacity"), this::capacity));
    });
    List<DeviceCounterConsumptionMixin> consumption =
        rawList(m.get("deviceCounterConsumption"), p.child("deviceCounterConsumption"), (item, ip) -> {
          io.fabric8.kubernetes.api.model.resource.v1.CounterSet c = typed(item, ip, COUNTER_MIXIN_FIELDS,
              io.fabric8.kubernetes.api.model.resource.v1.CounterSet.class);
          return new DeviceCounterConsumptionMixin(required(c.getName(), ip.child("name")),
              map(c.getCounters(), ip.child("counters"), this::counter));
        });
    List<CounterSetMixin> counterSet = rawList(m.get("counterSet"), p.child("counterSet"), (item, ip) -> {
      io.fabric8.kubernetes.api.model.resource.v1.CounterSet c = typed(item, ip, COUNTER_MIXIN_FIELDS,
          io.fabric8.kubernetes.api.model.resource.v1.CounterSet.class);
      return new CounterSetMixin(required(c.getName(), ip.child("name")),
          map(c.getCounters(), ip.child("counters"), this::counter));
    });
    return new ResourceSliceMixins(device, consumption, counterSet);
  }

  private <T> T typed(Object item, FieldPath p, Set<String> allowed, Class<T> type) {
    Map<String, Object> m = object(item, p);
    for (String key : m.keySet()) {
      if (!allowed.contains(key)) {
        throw fail(p.child(key), "unknown field; supported: " + String.join(", ", new java.util.TreeSet<>(allowed)));
      }
    }
    try {
      return Json.SERIALIZATION.convertValue(m, type);
    } catch (IllegalArgumentException e) {
      throw fail(p, "malformed: " + Json.rootMessage(e));
    }
  }

  private <T> List<T> rawList(@Nullable Object raw, FieldPath p, BiFunction<Object, FieldPath, T> convert) {
    if (raw == null) {
      return List.of();
    }
    if (!(raw instanceof List)) {
      throw fail(p, "must be a list, got " + describe(raw));
    }
    List<?> items = (List<?>) raw;
    List<T> out = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      out.add(convert.apply(required(items.get(i), p.index(i)), p.index(i)));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> object(Object raw, FieldPath p) {
    if (!(raw instanceof Map)) {
      throw fail(p, "must be an object, got " + describe(raw));
    }
    return (Map<String, Object>) raw;
  }

  private static String describe(@Nullable Object raw) {
    if (raw == null) {
      return "null";
    }
    String s = String.valueOf(raw);
    return raw.getClass().getSimpleName() + " " + (s.length() > 40 ? s.substring(0, 40) + "..." : s);
  }

  /* --- NodeSelector --- */

  private NodeSelector selector(io.fabric8.kubernetes.api.model.NodeSelector s, FieldPath p) {
    return new NodeSelector(list(s.getNodeSelectorTerms(), p.child("nodeSelectorTerms"), (t, tp) ->
        new NodeSelectorTerm(
            list(t.getMatchExpressions(), tp.child("matchExpressions"), this::requirement),
            list(t.getMatchFields(), tp.child("matchFields"), this::requirement))));
  }

  private NodeSelectorRequirement requirement(io.fabric8.kubernetes.api.model.NodeSelectorRequirement r,
      FieldPath p) {
    return new NodeSelectorRequirement(required(r.getKey(), p.child("key")),
        required(r.getOperator(), p.child("operator")), noNulls(r.getValues(), p.child("values")));
  }

  /* --- DeviceClass and ResourceClaim spec --- */

  private DeviceSelector selector(io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector s, FieldPath p) {
    io.fabric8.kubernetes.api.model.resource.v1.CELDeviceSelector cel = s.getCel();
    return new DeviceSelector(cel == null ? null
        : new CelDeviceSelector(required(cel.getExpression(), p.child("cel").child("expression"))));
  }

  private OpaqueDeviceConfiguration opaque(io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration o,
      FieldPath p) {
    Object parameters = required(o.getParameters(), p.child("parameters"));
    if (parameters instanceof io.fabric8.kubernetes.api.model.AnyType) {
      parameters = required(((io.fabric8.kubernetes.api.model.AnyType) parameters).getValue(), p.child("parameters"));
    }
    try {
      return new OpaqueDeviceConfiguration(required(o.getDriver(), p.child("driver")),
          RawJson.of(Json.MAPPER.writeValueAsString(parameters)));
    } catch (JsonProcessingException e) {
      throw fail(p.child("parameters"), "not representable as JSON: " + e.getOriginalMessage());
    }
  }

  private DeviceRequest request(io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest r, FieldPath p) {
    io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest e = r.getExactly();
    FieldPath ep = p.child("exactly");
    ExactDeviceRequest exactly = e == null ? null : new ExactDeviceRequest(
        required(e.getDeviceClassName(), ep.child("deviceClassName")),
        list(e.getSelectors(), ep.child("selectors"), this::selector),
        e.getAllocationMode(),
        e.getCount(),
        e.getAdminAccess(),
        list(e.getTolerations(), ep.child("tolerations"), this::toleration),
        e.getCapacity() == null ? null : capacityRequirements(e.getCapacity(), ep.child("capacity")));
    return new DeviceRequest(required(r.getName(), p.child("name")), exactly,
        list(r.getFirstAvailable(), p.child("firstAvailable"), (s, sp) -> new DeviceSubRequest(
            required(s.getName(), sp.child("name")),
            required(s.getDeviceClassName(), sp.child("deviceClassName")),
            list(s.getSelectors(), sp.child("selectors"), this::selector),
            s.getAllocationMode(),
            s.getCount(),
            list(s.getTolerations(), sp.child("tolerations"), this::toleration),
            s.getCapacity() == null ? null : capacityRequirements(s.getCapacity(), sp.child("capacity")))));
  }

  private CapacityRequirements capacityRequirements(
      io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirements c, FieldPath p) {
    return new CapacityRequirements(map(c.getRequests(), p.child("requests"), this::quantity));
  }

  private DeviceToleration toleration(io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration t, FieldPath p) {
    return new DeviceToleration(t.getKey(), t.getOperator(), t.getValue(), t.getEffect(), t.getTolerationSeconds());
  }

  /* --- ResourceClaim status --- */

  private ResourceClaimStatus status(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus s, FieldPath p) {
    return new ResourceClaimStatus(
        s.getAllocation() == null ? null : allocation(s.getAllocation(), p.child("allocation")),
        list(s.getReservedFor(), p.child("reservedFor"), (r, rp) -> new ResourceClaimConsumerReference(
            r.getApiGroup(), required(r.getResource(), rp.child("resource")),
            required(r.getName(), rp.child("name")), required(r.getUid(), rp.child("uid")))));
  }

  private AllocationResult allocation(io.fabric8.kubernetes.api.model.resource.v1.AllocationResult a, FieldPath p) {
    FieldPath dp = p.child("devices");
    io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationResult d = required(a.getDevices(), dp);
    DeviceAllocationResult devices = new DeviceAllocationResult(
        list(d.getResults(), dp.child("results"), (r, rp) -> new DeviceRequestAllocationResult(
            required(r.getRequest(), rp.child("request")),
            required(r.getDriver(), rp.child("driver")),
            required(r.getPool(), rp.child("pool")),
            required(r.getDevice(), rp.child("device")),
            r.getAdminAccess(),
            list(r.getTolerations(), rp.child("tolerations"), this::toleration),
            r.getBindingConditions(),
            r.getBindingFailureConditions(),
            r.getShareID(),
            map(r.getConsumedCapacity(), rp.child("consumedCapacity"), this::quantity))),
        list(d.getConfig(), dp.child("config"), (c, cp) -> new DeviceAllocationConfiguration(
            required(c.getSource(), cp.child("source")),
            c.getRequests(),
            opaque(required(c.getOpaque(), cp.child("opaque")), cp.child("opaque")))));
    return new AllocationResult(devices,
        a.getNodeSelector() == null ? null : selector(a.getNodeSelector(), p.child("nodeSelector")),
        a.getAllocationTimestamp());
  }

  /* --- values and helpers --- */

  private Quantity quantity(io.fabric8.kubernetes.api.model.Quantity q, FieldPath p) {
    String text = (q.getAmount() == null ? "" : q.getAmount()) + (q.getFormat() == null ? "" : q.getFormat());
    try {
      return Quantity.parse(text);
    } catch (IllegalArgumentException e) {
      throw fail(p, String.valueOf(e.getMessage()));
    }
  }

  private @Nullable Quantity optionalQuantity(io.fabric8.kubernetes.api.model.@Nullable Quantity q, FieldPath p) {
    return q == null ? null : quantity(q, p);
  }

  @CanIgnoreReturnValue
  private <T> T required(@Nullable T value, FieldPath p) {
    if (value == null) {
      throw fail(p, "Required value");
    }
    return value;
  }

  private <T> List<T> noNulls(@Nullable List<T> values, FieldPath p) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      required(values.get(i), p.index(i));
    }
    return values;
  }

  private <F, T> List<T> list(@Nullable List<F> in, FieldPath p, BiFunction<F, FieldPath, T> convert) {
    if (in == null || in.isEmpty()) {
      return List.of();
    }
    List<T> out = new ArrayList<>(in.size());
    for (int i = 0; i < in.size(); i++) {
      out.add(convert.apply(required(in.get(i), p.index(i)), p.index(i)));
    }
    return out;
  }

  private <F, T> Map<String, T> map(@Nullable Map<String, F> in, FieldPath p, BiFunction<F, FieldPath, T> convert) {
    if (in == null || in.isEmpty()) {
      return Map.of();
    }
    Map<String, T> out = new LinkedHashMap<>(in.size() * 2);
    in.forEach((k, v) -> out.put(k, convert.apply(required(v, p.key(k)), p.key(k))));
    return out;
  }

  private static boolean nonEmpty(@Nullable List<?> l) {
    return l != null && !l.isEmpty();
  }

  private static boolean isTrue(@Nullable Boolean b) {
    return b != null && b;
  }

  private static long orZero(@Nullable Long l) {
    return l == null ? 0L : l;
  }

  private Fabric8ConversionException fail(FieldPath p, String detail) {
    return new Fabric8ConversionException(objectRef, p, detail);
  }
}
