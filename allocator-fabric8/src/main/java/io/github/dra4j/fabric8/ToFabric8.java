package io.github.dra4j.fabric8;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequirements;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAllocationConfiguration;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassConfiguration;
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
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/*
 * dra4j records -> fabric8, the inverse of ToRecords. Booleans that are false are left unset, as
 * the API server omits them; KEP-5234 fields go to additionalProperties as the untyped maps that
 * fabric8 itself produces when it reads them, so a written object equals a read one.
 */
final class ToFabric8 {
  static final String API_VERSION = "resource.k8s.io/v1";

  private ToFabric8() {}

  /* --- top-level objects --- */

  static io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice slice(ResourceSlice in) {
    ResourceSliceSpec s = in.spec();
    io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec spec =
        new io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec();
    spec.setDriver(s.driver());
    io.fabric8.kubernetes.api.model.resource.v1.ResourcePool pool =
        new io.fabric8.kubernetes.api.model.resource.v1.ResourcePool();
    pool.setName(s.pool().name());
    pool.setGeneration(s.pool().generation());
    pool.setResourceSliceCount(s.pool().resourceSliceCount());
    spec.setPool(pool);
    spec.setNodeName(s.nodeName());
    spec.setNodeSelector(s.nodeSelector() == null ? null : nodeSelector(s.nodeSelector()));
    spec.setAllNodes(trueOrNull(s.allNodes()));
    spec.setPerDeviceNodeSelection(trueOrNull(s.perDeviceNodeSelection()));
    spec.setDevices(list(s.devices(), ToFabric8::device));
    spec.setSharedCounters(list(s.sharedCounters(), ToFabric8::counterSet));
    if (s.mixins() != null) {
      spec.setAdditionalProperty("mixins", mixins(s.mixins()));
    }
    return new io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice(API_VERSION, "ResourceSlice",
        meta(in.metadata()), spec);
  }

  static io.fabric8.kubernetes.api.model.resource.v1.DeviceClass deviceClass(DeviceClass in) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceClassSpec spec =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceClassSpec();
    spec.setSelectors(list(in.spec().selectors(), ToFabric8::selector));
    spec.setConfig(list(in.spec().config(), (DeviceClassConfiguration c) -> {
      io.fabric8.kubernetes.api.model.resource.v1.DeviceClassConfiguration out =
          new io.fabric8.kubernetes.api.model.resource.v1.DeviceClassConfiguration();
      out.setOpaque(opaque(c.opaque(), "DeviceClass " + in.name()));
      return out;
    }));
    spec.setExtendedResourceName(in.spec().extendedResourceName());
    return new io.fabric8.kubernetes.api.model.resource.v1.DeviceClass(API_VERSION, "DeviceClass",
        meta(in.metadata()), spec);
  }

  static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim(ResourceClaim in) {
    String ref = "ResourceClaim " + in.name();
    io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim devices =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim();
    devices.setRequests(list(in.spec().devices().requests(), ToFabric8::request));
    devices.setConstraints(list(in.spec().devices().constraints(), (DeviceConstraint c) -> {
      io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint out =
          new io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint();
      out.setRequests(new ArrayList<>(c.requests()));
      out.setMatchAttribute(c.matchAttribute());
      out.setDistinctAttribute(c.distinctAttribute());
      return out;
    }));
    devices.setConfig(list(in.spec().devices().config(), (DeviceClaimConfiguration c) -> {
      io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration out =
          new io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration();
      out.setRequests(new ArrayList<>(c.requests()));
      out.setOpaque(opaque(c.opaque(), ref));
      return out;
    }));
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimSpec spec =
        new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimSpec();
    spec.setDevices(devices);
    return new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim(API_VERSION, "ResourceClaim",
        meta(in.metadata()), spec, in.status() == null ? null : status(in.status(), ref));
  }

  static io.fabric8.kubernetes.api.model.Node node(Node in) {
    return new io.fabric8.kubernetes.api.model.Node("v1", "Node", meta(in.metadata()), null, null);
  }

  static io.fabric8.kubernetes.api.model.NodeSelector nodeSelector(NodeSelector in) {
    io.fabric8.kubernetes.api.model.NodeSelector out = new io.fabric8.kubernetes.api.model.NodeSelector();
    out.setNodeSelectorTerms(list(in.nodeSelectorTerms(), (NodeSelectorTerm t) -> {
      io.fabric8.kubernetes.api.model.NodeSelectorTerm term = new io.fabric8.kubernetes.api.model.NodeSelectorTerm();
      term.setMatchExpressions(list(t.matchExpressions(), ToFabric8::requirement));
      term.setMatchFields(list(t.matchFields(), ToFabric8::requirement));
      return term;
    }));
    return out;
  }

  /** Returns the status part of a claim; write-back sets it on the server's copy of the claim. */
  static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus status(ResourceClaimStatus s, String ref) {
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus out =
        new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus();
    out.setAllocation(s.allocation() == null ? null : allocation(s.allocation(), ref));
    out.setReservedFor(list(s.reservedFor(), ToFabric8::consumer));
    return out;
  }

  static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference consumer(
      ResourceClaimConsumerReference r) {
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference out =
        new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference();
    out.setApiGroup(r.apiGroup());
    out.setResource(r.resource());
    out.setName(r.name());
    out.setUid(r.uid());
    return out;
  }

  static io.fabric8.kubernetes.api.model.resource.v1.AllocationResult allocation(AllocationResult a, String ref) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationResult devices =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationResult();
    devices.setResults(list(a.devices().results(), ToFabric8::result));
    devices.setConfig(list(a.devices().config(), (DeviceAllocationConfiguration c) -> {
      io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration out =
          new io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration();
      out.setSource(c.source());
      out.setRequests(new ArrayList<>(c.requests()));
      out.setOpaque(opaque(c.opaque(), ref));
      return out;
    }));
    io.fabric8.kubernetes.api.model.resource.v1.AllocationResult out =
        new io.fabric8.kubernetes.api.model.resource.v1.AllocationResult();
    out.setDevices(devices);
    out.setNodeSelector(a.nodeSelector() == null ? null : nodeSelector(a.nodeSelector()));
    out.setAllocationTimestamp(a.allocationTimestamp());
    return out;
  }

  /* --- pieces --- */

  private static io.fabric8.kubernetes.api.model.ObjectMeta meta(ObjectMeta m) {
    io.fabric8.kubernetes.api.model.ObjectMeta out = new io.fabric8.kubernetes.api.model.ObjectMeta();
    out.setName(m.name());
    out.setNamespace(m.namespace());
    out.setUid(m.uid());
    out.setResourceVersion(m.resourceVersion());
    out.setGeneration(m.generation());
    out.setLabels(new LinkedHashMap<>(m.labels()));
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.Device device(Device d) {
    io.fabric8.kubernetes.api.model.resource.v1.Device out = new io.fabric8.kubernetes.api.model.resource.v1.Device();
    out.setName(d.name());
    out.setAttributes(map(d.attributes(), ToFabric8::attribute));
    out.setCapacity(map(d.capacity(), ToFabric8::capacity));
    out.setConsumesCounters(list(d.consumesCounters(), ToFabric8::consumption));
    includes(out.getAdditionalProperties(), d.includes());
    out.setNodeName(d.nodeName());
    out.setNodeSelector(d.nodeSelector() == null ? null : nodeSelector(d.nodeSelector()));
    out.setAllNodes(trueOrNull(d.allNodes()));
    out.setTaints(list(d.taints(), ToFabric8::taint));
    out.setBindingConditions(new ArrayList<>(d.bindingConditions()));
    out.setBindingFailureConditions(new ArrayList<>(d.bindingFailureConditions()));
    out.setBindsToNode(trueOrNull(d.bindsToNode()));
    out.setAllowMultipleAllocations(trueOrNull(d.allowMultipleAllocations()));
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute attribute(DeviceAttribute a) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute();
    if (a instanceof DeviceAttribute.OfBool) {
      out.setBool(((DeviceAttribute.OfBool) a).value());
    } else if (a instanceof DeviceAttribute.OfInt) {
      out.setInt(((DeviceAttribute.OfInt) a).value());
    } else if (a instanceof DeviceAttribute.OfString) {
      out.setString(((DeviceAttribute.OfString) a).value());
    } else if (a instanceof DeviceAttribute.OfVersion) {
      out.setVersion(((DeviceAttribute.OfVersion) a).value());
    } else if (a instanceof DeviceAttribute.OfBools) {
      out.setBools(new ArrayList<>(((DeviceAttribute.OfBools) a).values()));
    } else if (a instanceof DeviceAttribute.OfInts) {
      out.setInts(new ArrayList<>(((DeviceAttribute.OfInts) a).values()));
    } else if (a instanceof DeviceAttribute.OfStrings) {
      out.setStrings(new ArrayList<>(((DeviceAttribute.OfStrings) a).values()));
    } else if (a instanceof DeviceAttribute.OfVersions) {
      out.setVersions(new ArrayList<>(((DeviceAttribute.OfVersions) a).values()));
    }
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity capacity(DeviceCapacity c) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity();
    out.setValue(quantity(c.value()));
    CapacityRequestPolicy p = c.requestPolicy();
    if (p != null) {
      io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicy policy =
          new io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicy();
      policy.setDefault(optionalQuantity(p.defaultValue()));
      policy.setValidValues(list(p.validValues(), ToFabric8::quantity));
      if (p.validRange() != null) {
        io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicyRange range =
            new io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicyRange();
        range.setMin(optionalQuantity(p.validRange().min()));
        range.setMax(optionalQuantity(p.validRange().max()));
        range.setStep(optionalQuantity(p.validRange().step()));
        policy.setValidRange(range);
      }
      out.setRequestPolicy(policy);
    }
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption consumption(
      DeviceCounterConsumption c) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption();
    out.setCounterSet(c.counterSet());
    out.setCounters(map(c.counters(), ToFabric8::counter));
    includes(out.getAdditionalProperties(), c.includes());
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.CounterSet counterSet(CounterSet c) {
    io.fabric8.kubernetes.api.model.resource.v1.CounterSet out =
        new io.fabric8.kubernetes.api.model.resource.v1.CounterSet();
    out.setName(c.name());
    out.setCounters(map(c.counters(), ToFabric8::counter));
    includes(out.getAdditionalProperties(), c.includes());
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.Counter counter(Counter c) {
    io.fabric8.kubernetes.api.model.resource.v1.Counter out = new io.fabric8.kubernetes.api.model.resource.v1.Counter();
    out.setValue(quantity(c.value()));
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint taint(DeviceTaint t) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint();
    out.setKey(t.key());
    out.setValue(t.value());
    out.setEffect(t.effect());
    out.setTimeAdded(t.timeAdded());
    return out;
  }

  private static void includes(Map<String, Object> additional, List<String> includes) {
    if (!includes.isEmpty()) {
      additional.put("includes", new ArrayList<>(includes));
    }
  }

  /** Builds spec.mixins as the untyped structure Jackson reads from JSON, entry by entry. */
  private static Map<String, Object> mixins(ResourceSliceMixins m) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!m.device().isEmpty()) {
      out.put("device", list(m.device(), (DeviceMixin d) -> {
        io.fabric8.kubernetes.api.model.resource.v1.Device typed =
            new io.fabric8.kubernetes.api.model.resource.v1.Device();
        typed.setName(d.name());
        typed.setAttributes(map(d.attributes(), ToFabric8::attribute));
        typed.setCapacity(map(d.capacity(), ToFabric8::capacity));
        return untyped(typed);
      }));
    }
    if (!m.deviceCounterConsumption().isEmpty()) {
      out.put("deviceCounterConsumption", list(m.deviceCounterConsumption(),
          (DeviceCounterConsumptionMixin c) -> untyped(counterMixin(c.name(), c.counters()))));
    }
    if (!m.counterSet().isEmpty()) {
      out.put("counterSet", list(m.counterSet(),
          (CounterSetMixin c) -> untyped(counterMixin(c.name(), c.counters()))));
    }
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.CounterSet counterMixin(String name,
      Map<String, Counter> counters) {
    io.fabric8.kubernetes.api.model.resource.v1.CounterSet typed =
        new io.fabric8.kubernetes.api.model.resource.v1.CounterSet();
    typed.setName(name);
    typed.setCounters(map(counters, ToFabric8::counter));
    return typed;
  }

  /**
   * Goes through JSON text rather than convertValue so that numbers come back as the types a
   * parser produces (Integer for small ints), making the result equal to a read object.
   */
  private static Map<String, Object> untyped(Object typed) {
    try {
      return Json.MAPPER.readValue(Json.SERIALIZATION.asJson(typed), Json.MAP);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("fabric8 wrote invalid JSON for " + typed.getClass().getSimpleName(), e);
    }
  }

  private static io.fabric8.kubernetes.api.model.NodeSelectorRequirement requirement(NodeSelectorRequirement r) {
    io.fabric8.kubernetes.api.model.NodeSelectorRequirement out =
        new io.fabric8.kubernetes.api.model.NodeSelectorRequirement();
    out.setKey(r.key());
    out.setOperator(r.operator());
    out.setValues(new ArrayList<>(r.values()));
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector selector(DeviceSelector s) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector();
    if (s.cel() != null) {
      io.fabric8.kubernetes.api.model.resource.v1.CELDeviceSelector cel =
          new io.fabric8.kubernetes.api.model.resource.v1.CELDeviceSelector();
      cel.setExpression(s.cel().expression());
      out.setCel(cel);
    }
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration opaque(
      OpaqueDeviceConfiguration o, String ref) {
    io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration out =
        new io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration();
    out.setDriver(o.driver());
    try {
      out.setParameters(new io.fabric8.kubernetes.api.model.runtime.RawExtension(
          Json.MAPPER.readValue(o.parameters().json(), Object.class)));
    } catch (JsonProcessingException e) {
      throw new Fabric8ConversionException(ref, FieldPath.of("opaque", "parameters"),
          "not valid JSON: " + e.getOriginalMessage());
    }
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest request(DeviceRequest r) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest();
    out.setName(r.name());
    ExactDeviceRequest e = r.exactly();
    if (e != null) {
      io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest exactly =
          new io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest();
      exactly.setDeviceClassName(e.deviceClassName());
      exactly.setSelectors(list(e.selectors(), ToFabric8::selector));
      exactly.setAllocationMode(e.allocationMode());
      exactly.setCount(e.count());
      exactly.setAdminAccess(e.adminAccess());
      exactly.setTolerations(list(e.tolerations(), ToFabric8::toleration));
      exactly.setCapacity(e.capacity() == null ? null : capacityRequirements(e.capacity()));
      out.setExactly(exactly);
    }
    out.setFirstAvailable(list(r.firstAvailable(), (DeviceSubRequest s) -> {
      io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest sub =
          new io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest();
      sub.setName(s.name());
      sub.setDeviceClassName(s.deviceClassName());
      sub.setSelectors(list(s.selectors(), ToFabric8::selector));
      sub.setAllocationMode(s.allocationMode());
      sub.setCount(s.count());
      sub.setTolerations(list(s.tolerations(), ToFabric8::toleration));
      sub.setCapacity(s.capacity() == null ? null : capacityRequirements(s.capacity()));
      return sub;
    }));
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirements capacityRequirements(
      CapacityRequirements c) {
    io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirements out =
        new io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirements();
    out.setRequests(map(c.requests(), ToFabric8::quantity));
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration toleration(DeviceToleration t) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration();
    out.setKey(t.key());
    out.setOperator(t.operator());
    out.setValue(t.value());
    out.setEffect(t.effect());
    out.setTolerationSeconds(t.tolerationSeconds());
    return out;
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult result(
      DeviceRequestAllocationResult r) {
    io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult out =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult();
    out.setRequest(r.request());
    out.setDriver(r.driver());
    out.setPool(r.pool());
    out.setDevice(r.device());
    out.setAdminAccess(r.adminAccess());
    out.setTolerations(list(r.tolerations(), ToFabric8::toleration));
    out.setBindingConditions(new ArrayList<>(r.bindingConditions()));
    out.setBindingFailureConditions(new ArrayList<>(r.bindingFailureConditions()));
    out.setShareID(r.shareID());
    out.setConsumedCapacity(map(r.consumedCapacity(), ToFabric8::quantity));
    return out;
  }

  /* --- values --- */

  static io.fabric8.kubernetes.api.model.Quantity quantity(Quantity q) {
    return new io.fabric8.kubernetes.api.model.Quantity(q.toString());
  }

  private static io.fabric8.kubernetes.api.model.@Nullable Quantity optionalQuantity(@Nullable Quantity q) {
    return q == null ? null : quantity(q);
  }

  private static @Nullable Boolean trueOrNull(boolean b) {
    return b ? Boolean.TRUE : null;
  }

  private static <F, T> List<T> list(List<F> in, Function<F, T> convert) {
    List<T> out = new ArrayList<>(in.size());
    for (F f : in) {
      out.add(convert.apply(f));
    }
    return out;
  }

  private static <F, T> Map<String, T> map(Map<String, F> in, Function<F, T> convert) {
    Map<String, T> out = new LinkedHashMap<>(in.size() * 2);
    in.forEach((k, v) -> out.put(k, convert.apply(v)));
    return out;
  }
}
