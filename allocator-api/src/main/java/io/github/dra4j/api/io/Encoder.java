package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/*
 * Record-to-tree encoding with Kubernetes' omitempty conventions: nulls, empty lists and maps
 * and false primitive booleans are left out; nullable Booleans and Longs are written when set
 * (they are pointers in Go); pool generation and slice count are always written (not omitempty
 * in Go). Quantities print canonically, raw JSON is inlined.
 */
final class Encoder {
  static final String API_VERSION = "resource.k8s.io/v1";

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private final ObjectMapper json;

  Encoder(ObjectMapper json) {
    this.json = json;
  }

  /** Encodes a model object; top-level kinds get apiVersion and kind. */
  JsonNode encode(Object o) {
    if (o instanceof ResourceSlice s) {
      return object(API_VERSION, "ResourceSlice", s.metadata(), spec(s.spec()), null);
    }
    if (o instanceof DeviceClass c) {
      return object(API_VERSION, "DeviceClass", c.metadata(), classSpec(c.spec()), null);
    }
    if (o instanceof ResourceClaim c) {
      return object(API_VERSION, "ResourceClaim", c.metadata(), claimSpec(c.spec()),
          c.status() == null ? null : status(c.status()));
    }
    if (o instanceof ResourceClaimTemplate t) {
      return object(API_VERSION, "ResourceClaimTemplate", t.metadata(), templateSpec(t.spec()), null);
    }
    if (o instanceof Node node) {
      return object("v1", "Node", node.metadata(), null, null);
    }
    if (o instanceof DeviceTaintRule r) {
      return object(API_VERSION, "DeviceTaintRule", r.metadata(), taintRuleSpec(r.spec()),
          r.status().conditions().isEmpty() ? null : taintRuleStatus(r.status()));
    }
    if (o instanceof Pod p) {
      return object("v1", "Pod", p.metadata(), podSpec(p.spec()),
          p.status().isEmpty() ? null : podStatus(p.status()));
    }
    if (o instanceof UnknownObject) {
      return raw(((UnknownObject) o).content());
    }
    return part(o);
  }

  private JsonNode part(Object o) {
    if (o instanceof ResourceSliceSpec) {
      return spec((ResourceSliceSpec) o);
    } else if (o instanceof ResourcePool) {
      return pool((ResourcePool) o);
    } else if (o instanceof Device) {
      return device((Device) o);
    } else if (o instanceof DeviceAttribute) {
      return attribute((DeviceAttribute) o);
    } else if (o instanceof DeviceCapacity) {
      return capacity((DeviceCapacity) o);
    } else if (o instanceof CapacityRequestPolicy) {
      return policy((CapacityRequestPolicy) o);
    } else if (o instanceof CapacityRequestPolicyRange) {
      return range((CapacityRequestPolicyRange) o);
    } else if (o instanceof DeviceCounterConsumption) {
      return consumption((DeviceCounterConsumption) o);
    } else if (o instanceof Counter) {
      return counter((Counter) o);
    } else if (o instanceof CounterSet) {
      return counterSet((CounterSet) o);
    } else if (o instanceof DeviceTaint) {
      return taint((DeviceTaint) o);
    } else if (o instanceof ResourceSliceMixins) {
      return mixins((ResourceSliceMixins) o);
    } else if (o instanceof DeviceMixin) {
      return deviceMixin((DeviceMixin) o);
    } else if (o instanceof CounterSetMixin) {
      CounterSetMixin m = (CounterSetMixin) o;
      return named(m.name(), m.counters());
    } else if (o instanceof DeviceCounterConsumptionMixin) {
      DeviceCounterConsumptionMixin m = (DeviceCounterConsumptionMixin) o;
      return named(m.name(), m.counters());
    } else if (o instanceof NodeSelector) {
      return nodeSelector((NodeSelector) o);
    } else if (o instanceof NodeSelectorTerm) {
      return term((NodeSelectorTerm) o);
    } else if (o instanceof NodeSelectorRequirement) {
      return requirement((NodeSelectorRequirement) o);
    } else if (o instanceof ObjectMeta) {
      return meta((ObjectMeta) o);
    } else if (o instanceof DeviceClassSpec) {
      return classSpec((DeviceClassSpec) o);
    } else if (o instanceof DeviceSelector) {
      return selector((DeviceSelector) o);
    } else if (o instanceof CelDeviceSelector) {
      return cel((CelDeviceSelector) o);
    } else if (o instanceof DeviceClassConfiguration) {
      return classConfig((DeviceClassConfiguration) o);
    } else if (o instanceof OpaqueDeviceConfiguration) {
      return opaque((OpaqueDeviceConfiguration) o);
    } else if (o instanceof ResourceClaimSpec) {
      return claimSpec((ResourceClaimSpec) o);
    } else if (o instanceof DeviceClaim) {
      return deviceClaim((DeviceClaim) o);
    } else if (o instanceof DeviceRequest) {
      return request((DeviceRequest) o);
    } else if (o instanceof ExactDeviceRequest) {
      return exact((ExactDeviceRequest) o);
    } else if (o instanceof DeviceSubRequest) {
      return subRequest((DeviceSubRequest) o);
    } else if (o instanceof CapacityRequirements) {
      return capacityRequirements((CapacityRequirements) o);
    } else if (o instanceof DeviceToleration) {
      return toleration((DeviceToleration) o);
    } else if (o instanceof DeviceConstraint) {
      return constraint((DeviceConstraint) o);
    } else if (o instanceof DeviceClaimConfiguration) {
      return claimConfig((DeviceClaimConfiguration) o);
    } else if (o instanceof ResourceClaimStatus) {
      return status((ResourceClaimStatus) o);
    } else if (o instanceof ResourceClaimConsumerReference) {
      return consumer((ResourceClaimConsumerReference) o);
    } else if (o instanceof AllocationResult) {
      return allocation((AllocationResult) o);
    } else if (o instanceof DeviceAllocationResult) {
      return allocationDevices((DeviceAllocationResult) o);
    } else if (o instanceof DeviceRequestAllocationResult) {
      return result((DeviceRequestAllocationResult) o);
    } else if (o instanceof DeviceAllocationConfiguration) {
      return allocationConfig((DeviceAllocationConfiguration) o);
    } else if (o instanceof DeviceTaintRuleSpec) {
      return taintRuleSpec((DeviceTaintRuleSpec) o);
    } else if (o instanceof DeviceTaintSelector) {
      return taintSelector((DeviceTaintSelector) o);
    } else if (o instanceof DeviceTaintRuleStatus) {
      return taintRuleStatus((DeviceTaintRuleStatus) o);
    } else if (o instanceof Condition) {
      return condition((Condition) o);
    } else if (o instanceof ResourceClaimTemplateSpec) {
      return templateSpec((ResourceClaimTemplateSpec) o);
    } else if (o instanceof PodSpec) {
      return podSpec((PodSpec) o);
    } else if (o instanceof PodStatus) {
      return podStatus((PodStatus) o);
    } else if (o instanceof PodResourceClaim) {
      return podClaim((PodResourceClaim) o);
    } else if (o instanceof PodResourceClaimStatus) {
      return podClaimStatus((PodResourceClaimStatus) o);
    } else if (o instanceof PodExtendedResourceClaimStatus) {
      return extendedStatus((PodExtendedResourceClaimStatus) o);
    } else if (o instanceof ContainerExtendedResourceRequest) {
      return requestMapping((ContainerExtendedResourceRequest) o);
    } else if (o instanceof Container) {
      return container((Container) o);
    } else if (o instanceof ResourceRequirements) {
      return requirements((ResourceRequirements) o);
    } else if (o instanceof ContainerResourceClaim) {
      return containerClaim((ContainerResourceClaim) o);
    } else if (o instanceof Quantity) {
      return F.textNode(o.toString());
    } else if (o instanceof RawJson) {
      return raw((RawJson) o);
    }
    throw new IllegalArgumentException("not a model object: " + o.getClass().getName());
  }

  /* --- helpers --- */

  /** A top-level object; a null spec or status is left out. */
  private static ObjectNode object(String apiVersion, String kind, ObjectMeta meta, @Nullable JsonNode spec,
      @Nullable JsonNode status) {
    ObjectNode n = F.objectNode();
    n.put("apiVersion", apiVersion);
    n.put("kind", kind);
    n.set("metadata", meta(meta));
    obj(n, "spec", spec, Function.identity());
    obj(n, "status", status, Function.identity());
    return n;
  }

  private static void str(ObjectNode n, String field, @Nullable String value) {
    if (value != null) {
      n.put(field, value);
    }
  }

  private static void flag(ObjectNode n, String field, boolean value) {
    if (value) {
      n.put(field, true);
    }
  }

  private static void bool(ObjectNode n, String field, @Nullable Boolean value) {
    if (value != null) {
      n.put(field, value.booleanValue());
    }
  }

  private static void lng(ObjectNode n, String field, @Nullable Long value) {
    if (value != null) {
      n.put(field, value.longValue());
    }
  }

  private static <T> void obj(ObjectNode n, String field, @Nullable T value, Function<T, JsonNode> f) {
    if (value != null) {
      n.set(field, f.apply(value));
    }
  }

  private static <T> void list(ObjectNode n, String field, List<T> values, Function<T, JsonNode> f) {
    if (!values.isEmpty()) {
      array(n, field, values, f);
    }
  }

  /** Writes the list even when empty: for values and for the fields Go declares without omitempty. */
  private static <T> void array(ObjectNode n, String field, List<T> values, Function<T, JsonNode> f) {
    ArrayNode a = n.putArray(field);
    for (T v : values) {
      a.add(f.apply(v));
    }
  }

  private static void strings(ObjectNode n, String field, List<String> values) {
    list(n, field, values, F::textNode);
  }

  private static <T> void map(ObjectNode n, String field, Map<String, T> values, Function<T, JsonNode> f) {
    if (!values.isEmpty()) {
      ObjectNode m = n.putObject(field);
      values.forEach((k, v) -> m.set(k, f.apply(v)));
    }
  }

  private static JsonNode quantity(Quantity q) {
    return F.textNode(q.toString());
  }

  private JsonNode raw(RawJson raw) {
    try {
      return json.readTree(raw.json());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("RawJson is not valid JSON: " + e.getOriginalMessage(), e);
    }
  }

  /* --- metadata and nodes --- */

  private static ObjectNode meta(ObjectMeta m) {
    ObjectNode n = F.objectNode();
    str(n, "name", m.name());
    str(n, "generateName", m.generateName());
    str(n, "namespace", m.namespace());
    str(n, "uid", m.uid());
    str(n, "resourceVersion", m.resourceVersion());
    lng(n, "generation", m.generation());
    map(n, "labels", m.labels(), F::textNode);
    map(n, "annotations", m.annotations(), F::textNode);
    list(n, "ownerReferences", m.ownerReferences(), Encoder::ownerReference);
    return n;
  }

  private static ObjectNode ownerReference(OwnerReference r) {
    ObjectNode n = F.objectNode();
    n.put("apiVersion", r.apiVersion());
    n.put("kind", r.kind());
    n.put("name", r.name());
    str(n, "uid", r.uid());
    bool(n, "controller", r.controller());
    bool(n, "blockOwnerDeletion", r.blockOwnerDeletion());
    return n;
  }

  private static ObjectNode nodeSelector(NodeSelector s) {
    ObjectNode n = F.objectNode();
    // An empty term list is meaningful (matches nothing), so it is written.
    array(n, "nodeSelectorTerms", s.nodeSelectorTerms(), Encoder::term);
    return n;
  }

  private static ObjectNode term(NodeSelectorTerm t) {
    ObjectNode n = F.objectNode();
    list(n, "matchExpressions", t.matchExpressions(), Encoder::requirement);
    list(n, "matchFields", t.matchFields(), Encoder::requirement);
    return n;
  }

  private static ObjectNode requirement(NodeSelectorRequirement r) {
    ObjectNode n = F.objectNode();
    n.put("key", r.key());
    n.put("operator", r.operator());
    strings(n, "values", r.values());
    return n;
  }

  /* --- ResourceSlice --- */

  private static ObjectNode spec(ResourceSliceSpec s) {
    ObjectNode n = F.objectNode();
    n.put("driver", s.driver());
    n.set("pool", pool(s.pool()));
    str(n, "nodeName", s.nodeName());
    obj(n, "nodeSelector", s.nodeSelector(), Encoder::nodeSelector);
    flag(n, "allNodes", s.allNodes());
    flag(n, "perDeviceNodeSelection", s.perDeviceNodeSelection());
    list(n, "devices", s.devices(), Encoder::device);
    list(n, "sharedCounters", s.sharedCounters(), Encoder::counterSet);
    obj(n, "mixins", s.mixins(), Encoder::mixins);
    return n;
  }

  private static ObjectNode pool(ResourcePool p) {
    ObjectNode n = F.objectNode();
    n.put("name", p.name());
    n.put("generation", p.generation());
    n.put("resourceSliceCount", p.resourceSliceCount());
    return n;
  }

  private static ObjectNode device(Device d) {
    ObjectNode n = F.objectNode();
    n.put("name", d.name());
    map(n, "attributes", d.attributes(), Encoder::attribute);
    map(n, "capacity", d.capacity(), Encoder::capacity);
    list(n, "consumesCounters", d.consumesCounters(), Encoder::consumption);
    strings(n, "includes", d.includes());
    str(n, "nodeName", d.nodeName());
    obj(n, "nodeSelector", d.nodeSelector(), Encoder::nodeSelector);
    flag(n, "allNodes", d.allNodes());
    list(n, "taints", d.taints(), Encoder::taint);
    strings(n, "bindingConditions", d.bindingConditions());
    strings(n, "bindingFailureConditions", d.bindingFailureConditions());
    flag(n, "bindsToNode", d.bindsToNode());
    flag(n, "allowMultipleAllocations", d.allowMultipleAllocations());
    return n;
  }

  private static ObjectNode attribute(DeviceAttribute a) {
    ObjectNode n = F.objectNode();
    if (a instanceof DeviceAttribute.OfBool) {
      n.put("bool", ((DeviceAttribute.OfBool) a).value());
    } else if (a instanceof DeviceAttribute.OfInt) {
      n.put("int", ((DeviceAttribute.OfInt) a).value());
    } else if (a instanceof DeviceAttribute.OfString) {
      n.put("string", ((DeviceAttribute.OfString) a).value());
    } else if (a instanceof DeviceAttribute.OfVersion) {
      n.put("version", ((DeviceAttribute.OfVersion) a).value());
    } else if (a instanceof DeviceAttribute.OfBools) {
      array(n, "bools", ((DeviceAttribute.OfBools) a).values(), F::booleanNode);
    } else if (a instanceof DeviceAttribute.OfInts) {
      array(n, "ints", ((DeviceAttribute.OfInts) a).values(), F::numberNode);
    } else if (a instanceof DeviceAttribute.OfStrings) {
      array(n, "strings", ((DeviceAttribute.OfStrings) a).values(), F::textNode);
    } else if (a instanceof DeviceAttribute.OfVersions) {
      array(n, "versions", ((DeviceAttribute.OfVersions) a).values(), F::textNode);
    }
    return n;
  }

  private static ObjectNode capacity(DeviceCapacity c) {
    ObjectNode n = F.objectNode();
    n.set("value", quantity(c.value()));
    obj(n, "requestPolicy", c.requestPolicy(), Encoder::policy);
    return n;
  }

  private static ObjectNode policy(CapacityRequestPolicy p) {
    ObjectNode n = F.objectNode();
    obj(n, "default", p.defaultValue(), Encoder::quantity);
    list(n, "validValues", p.validValues(), Encoder::quantity);
    obj(n, "validRange", p.validRange(), Encoder::range);
    return n;
  }

  private static ObjectNode range(CapacityRequestPolicyRange r) {
    ObjectNode n = F.objectNode();
    obj(n, "min", r.min(), Encoder::quantity);
    obj(n, "max", r.max(), Encoder::quantity);
    obj(n, "step", r.step(), Encoder::quantity);
    return n;
  }

  private static ObjectNode consumption(DeviceCounterConsumption c) {
    ObjectNode n = F.objectNode();
    n.put("counterSet", c.counterSet());
    map(n, "counters", c.counters(), Encoder::counter);
    strings(n, "includes", c.includes());
    return n;
  }

  private static ObjectNode counter(Counter c) {
    return F.objectNode().set("value", quantity(c.value()));
  }

  private static ObjectNode counterSet(CounterSet c) {
    ObjectNode n = named(c.name(), c.counters());
    strings(n, "includes", c.includes());
    return n;
  }

  private static ObjectNode named(String name, Map<String, Counter> counters) {
    ObjectNode n = F.objectNode();
    n.put("name", name);
    map(n, "counters", counters, Encoder::counter);
    return n;
  }

  private static ObjectNode taint(DeviceTaint t) {
    ObjectNode n = F.objectNode();
    n.put("key", t.key());
    str(n, "value", t.value());
    n.put("effect", t.effect());
    str(n, "timeAdded", t.timeAdded());
    return n;
  }

  private static ObjectNode taintRuleSpec(DeviceTaintRuleSpec s) {
    ObjectNode n = F.objectNode();
    obj(n, "deviceSelector", s.deviceSelector(), Encoder::taintSelector);
    n.set("taint", taint(s.taint()));
    return n;
  }

  private static ObjectNode taintSelector(DeviceTaintSelector s) {
    ObjectNode n = F.objectNode();
    str(n, "driver", s.driver());
    str(n, "pool", s.pool());
    str(n, "device", s.device());
    return n;
  }

  private static ObjectNode taintRuleStatus(DeviceTaintRuleStatus s) {
    ObjectNode n = F.objectNode();
    list(n, "conditions", s.conditions(), Encoder::condition);
    return n;
  }

  private static ObjectNode condition(Condition c) {
    ObjectNode n = F.objectNode();
    str(n, "type", c.type());
    str(n, "status", c.status());
    lng(n, "observedGeneration", c.observedGeneration());
    str(n, "lastTransitionTime", c.lastTransitionTime());
    str(n, "reason", c.reason());
    str(n, "message", c.message());
    return n;
  }

  private static ObjectNode mixins(ResourceSliceMixins m) {
    ObjectNode n = F.objectNode();
    list(n, "device", m.device(), Encoder::deviceMixin);
    list(n, "deviceCounterConsumption", m.deviceCounterConsumption(), c -> named(c.name(), c.counters()));
    list(n, "counterSet", m.counterSet(), c -> named(c.name(), c.counters()));
    return n;
  }

  private static ObjectNode deviceMixin(DeviceMixin m) {
    ObjectNode n = F.objectNode();
    n.put("name", m.name());
    map(n, "attributes", m.attributes(), Encoder::attribute);
    map(n, "capacity", m.capacity(), Encoder::capacity);
    return n;
  }

  /* --- DeviceClass --- */

  private ObjectNode classSpec(DeviceClassSpec s) {
    ObjectNode n = F.objectNode();
    list(n, "selectors", s.selectors(), Encoder::selector);
    list(n, "config", s.config(), this::classConfig);
    str(n, "extendedResourceName", s.extendedResourceName());
    return n;
  }

  private ObjectNode classConfig(DeviceClassConfiguration c) {
    return F.objectNode().set("opaque", opaque(c.opaque()));
  }

  private static ObjectNode selector(DeviceSelector s) {
    ObjectNode n = F.objectNode();
    obj(n, "cel", s.cel(), Encoder::cel);
    return n;
  }

  private static ObjectNode cel(CelDeviceSelector c) {
    return F.objectNode().put("expression", c.expression());
  }

  private ObjectNode opaque(OpaqueDeviceConfiguration o) {
    ObjectNode n = F.objectNode();
    n.put("driver", o.driver());
    n.set("parameters", raw(o.parameters()));
    return n;
  }

  /* --- ResourceClaim --- */

  private ObjectNode claimSpec(ResourceClaimSpec s) {
    return F.objectNode().set("devices", deviceClaim(s.devices()));
  }

  private ObjectNode deviceClaim(DeviceClaim d) {
    ObjectNode n = F.objectNode();
    list(n, "requests", d.requests(), Encoder::request);
    list(n, "constraints", d.constraints(), Encoder::constraint);
    list(n, "config", d.config(), this::claimConfig);
    return n;
  }

  private static ObjectNode request(DeviceRequest r) {
    ObjectNode n = F.objectNode();
    n.put("name", r.name());
    obj(n, "exactly", r.exactly(), Encoder::exact);
    list(n, "firstAvailable", r.firstAvailable(), Encoder::subRequest);
    return n;
  }

  private static ObjectNode exact(ExactDeviceRequest r) {
    ObjectNode n = F.objectNode();
    n.put("deviceClassName", r.deviceClassName());
    list(n, "selectors", r.selectors(), Encoder::selector);
    str(n, "allocationMode", r.allocationMode());
    lng(n, "count", r.count());
    bool(n, "adminAccess", r.adminAccess());
    list(n, "tolerations", r.tolerations(), Encoder::toleration);
    obj(n, "capacity", r.capacity(), Encoder::capacityRequirements);
    return n;
  }

  private static ObjectNode subRequest(DeviceSubRequest r) {
    ObjectNode n = F.objectNode();
    n.put("name", r.name());
    // After its name, a subrequest has the fields of an exact request without adminAccess.
    n.setAll(exact(new ExactDeviceRequest(r.deviceClassName(), r.selectors(), r.allocationMode(), r.count(), null,
        r.tolerations(), r.capacity())));
    return n;
  }

  private static ObjectNode capacityRequirements(CapacityRequirements c) {
    ObjectNode n = F.objectNode();
    map(n, "requests", c.requests(), Encoder::quantity);
    return n;
  }

  private static ObjectNode toleration(DeviceToleration t) {
    ObjectNode n = F.objectNode();
    str(n, "key", t.key());
    str(n, "operator", t.operator());
    str(n, "value", t.value());
    str(n, "effect", t.effect());
    lng(n, "tolerationSeconds", t.tolerationSeconds());
    return n;
  }

  private static ObjectNode constraint(DeviceConstraint c) {
    ObjectNode n = F.objectNode();
    strings(n, "requests", c.requests());
    str(n, "matchAttribute", c.matchAttribute());
    str(n, "distinctAttribute", c.distinctAttribute());
    return n;
  }

  private ObjectNode claimConfig(DeviceClaimConfiguration c) {
    ObjectNode n = F.objectNode();
    strings(n, "requests", c.requests());
    n.set("opaque", opaque(c.opaque()));
    return n;
  }

  private ObjectNode status(ResourceClaimStatus s) {
    ObjectNode n = F.objectNode();
    obj(n, "allocation", s.allocation(), this::allocation);
    list(n, "reservedFor", s.reservedFor(), Encoder::consumer);
    return n;
  }

  private static ObjectNode consumer(ResourceClaimConsumerReference r) {
    ObjectNode n = F.objectNode();
    str(n, "apiGroup", r.apiGroup());
    str(n, "resource", r.resource());
    str(n, "name", r.name());
    str(n, "uid", r.uid());
    return n;
  }

  private ObjectNode allocation(AllocationResult a) {
    ObjectNode n = F.objectNode();
    n.set("devices", allocationDevices(a.devices()));
    obj(n, "nodeSelector", a.nodeSelector(), Encoder::nodeSelector);
    str(n, "allocationTimestamp", a.allocationTimestamp());
    return n;
  }

  private ObjectNode allocationDevices(DeviceAllocationResult d) {
    ObjectNode n = F.objectNode();
    list(n, "results", d.results(), Encoder::result);
    list(n, "config", d.config(), this::allocationConfig);
    return n;
  }

  private static ObjectNode result(DeviceRequestAllocationResult r) {
    ObjectNode n = F.objectNode();
    n.put("request", r.request());
    n.put("driver", r.driver());
    n.put("pool", r.pool());
    n.put("device", r.device());
    bool(n, "adminAccess", r.adminAccess());
    list(n, "tolerations", r.tolerations(), Encoder::toleration);
    strings(n, "bindingConditions", r.bindingConditions());
    strings(n, "bindingFailureConditions", r.bindingFailureConditions());
    str(n, "shareID", r.shareID());
    map(n, "consumedCapacity", r.consumedCapacity(), Encoder::quantity);
    return n;
  }

  private ObjectNode allocationConfig(DeviceAllocationConfiguration c) {
    ObjectNode n = F.objectNode();
    n.put("source", c.source());
    strings(n, "requests", c.requests());
    n.set("opaque", opaque(c.opaque()));
    return n;
  }

  /* --- ResourceClaimTemplate --- */

  private ObjectNode templateSpec(ResourceClaimTemplateSpec s) {
    ObjectNode n = F.objectNode();
    ObjectNode meta = meta(s.metadata());
    if (!meta.isEmpty()) {
      n.set("metadata", meta);
    }
    n.set("spec", claimSpec(s.spec()));
    return n;
  }

  /* --- Pod (core/v1) --- */

  private static ObjectNode podSpec(PodSpec s) {
    ObjectNode n = F.objectNode();
    str(n, "nodeName", s.nodeName());
    map(n, "nodeSelector", s.nodeSelector(), F::textNode);
    if (s.requiredNodeAffinity() != null) {
      n.putObject("affinity").putObject("nodeAffinity")
          .set("requiredDuringSchedulingIgnoredDuringExecution", nodeSelector(s.requiredNodeAffinity()));
    }
    if (s.priority() != null) {
      n.put("priority", s.priority().intValue());
    }
    list(n, "resourceClaims", s.resourceClaims(), Encoder::podClaim);
    list(n, "initContainers", s.initContainers(), Encoder::container);
    // Go writes containers even when empty (no omitempty).
    array(n, "containers", s.containers(), Encoder::container);
    return n;
  }

  private static ObjectNode podClaim(PodResourceClaim c) {
    ObjectNode n = F.objectNode();
    n.put("name", c.name());
    str(n, "resourceClaimName", c.resourceClaimName());
    str(n, "resourceClaimTemplateName", c.resourceClaimTemplateName());
    return n;
  }

  private static ObjectNode container(Container c) {
    ObjectNode n = F.objectNode();
    n.put("name", c.name());
    if (!c.resources().isEmpty()) {
      n.set("resources", requirements(c.resources()));
    }
    return n;
  }

  private static ObjectNode requirements(ResourceRequirements r) {
    ObjectNode n = F.objectNode();
    map(n, "limits", r.limits(), Encoder::quantity);
    map(n, "requests", r.requests(), Encoder::quantity);
    list(n, "claims", r.claims(), Encoder::containerClaim);
    return n;
  }

  private static ObjectNode containerClaim(ContainerResourceClaim c) {
    ObjectNode n = F.objectNode();
    n.put("name", c.name());
    str(n, "request", c.request());
    return n;
  }

  private static ObjectNode podStatus(PodStatus s) {
    ObjectNode n = F.objectNode();
    list(n, "resourceClaimStatuses", s.resourceClaimStatuses(), Encoder::podClaimStatus);
    obj(n, "extendedResourceClaimStatus", s.extendedResourceClaimStatus(), Encoder::extendedStatus);
    return n;
  }

  private static ObjectNode podClaimStatus(PodResourceClaimStatus s) {
    ObjectNode n = F.objectNode();
    n.put("name", s.name());
    str(n, "resourceClaimName", s.resourceClaimName());
    return n;
  }

  private static ObjectNode extendedStatus(PodExtendedResourceClaimStatus s) {
    ObjectNode n = F.objectNode();
    // requestMappings has no omitempty in Go.
    array(n, "requestMappings", s.requestMappings(), Encoder::requestMapping);
    n.put("resourceClaimName", s.resourceClaimName());
    return n;
  }

  private static ObjectNode requestMapping(ContainerExtendedResourceRequest m) {
    ObjectNode n = F.objectNode();
    n.put("containerName", m.containerName());
    n.put("resourceName", m.resourceName());
    n.put("requestName", m.requestName());
    return n;
  }
}
