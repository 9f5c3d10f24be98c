package io.github.dra4j.api.io;

import static io.github.dra4j.api.io.CoreTables.CONDITION;
import static io.github.dra4j.api.io.CoreTables.NODE_SELECTOR;
import static io.github.dra4j.api.io.CoreTables.OBJECT_META;
import static io.github.dra4j.api.io.Types.BOOL;
import static io.github.dra4j.api.io.Types.LONG;
import static io.github.dra4j.api.io.Types.NAME;
import static io.github.dra4j.api.io.Types.QUANTITY;
import static io.github.dra4j.api.io.Types.RAW_JSON;
import static io.github.dra4j.api.io.Types.STRING;
import static io.github.dra4j.api.io.Types.list;
import static io.github.dra4j.api.io.Types.map;

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
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassConfiguration;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceDerivedAttribute;
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
import io.github.dra4j.api.NodeAllocatableMapping;
import io.github.dra4j.api.NodeAllocatableOverhead;
import io.github.dra4j.api.NodeAllocatableResource;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import java.util.List;

/*
 * The field tables of the resource.k8s.io types, one per record, in the record's component
 * order (Table checks this when it is built). To add a field: add the component to the record
 * (and its builder), then one line here at the same position, e.g. `.field(list(STRING))` for a
 * list of strings named like the component, `.field("jsonName", type)` when the JSON name differs;
 * then required()/nonPointer()/always()/omitEmpty() say how it is read and written. Decoding,
 * encoding, strict field validation (with did-you-mean) and the fabric8 mapping follow. A field
 * the API has and the record does not model goes in known(...), so that it is accepted and
 * checked but not kept. docs/model.md has the details.
 */
final class Tables {
  private Tables() {}

  /** The apiVersions of the DRA kinds, newest first; see Decoder for how older ones are read. */
  static final List<String> RESOURCE_VERSIONS = List.of(
      "resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1beta1", "resource.k8s.io/v1alpha3");

  /* --- ResourceSlice --- */

  static final Table<ResourcePool> POOL = Table.of(ResourcePool.class, "ResourcePool")
      .field(NAME).required()
      .field(LONG)
      .field(LONG)
      .build();

  static final Table<Counter> COUNTER = Table.of(Counter.class, "Counter")
      .field(QUANTITY).required()
      .shared()
      .build();

  static final Table<CounterSet> COUNTER_SET = Table.of(CounterSet.class, "CounterSet")
      .field(NAME).required()
      .field(map(COUNTER))
      .field(list(NAME))
      .shared()
      .build();

  static final Table<DeviceCounterConsumption> CONSUMPTION = Table.of(DeviceCounterConsumption.class,
          "DeviceCounterConsumption")
      .field(NAME).required()
      .field(map(COUNTER))
      .field(list(NAME))
      .field(list(STRING))
      .shared()
      .build();

  static final Table<DeviceTaint> TAINT = Table.of(DeviceTaint.class, "DeviceTaint")
      .field(STRING).required()
      .field(STRING)
      .field(STRING).required()
      .field(STRING)
      .shared()
      .build();

  static final Table<CapacityRequestPolicyRange> RANGE = Table.of(CapacityRequestPolicyRange.class,
          "CapacityRequestPolicyRange")
      .field(QUANTITY)
      .field(QUANTITY)
      .field(QUANTITY)
      .shared()
      .build();

  static final Table<CapacityRequestPolicy> REQUEST_POLICY = Table.of(CapacityRequestPolicy.class,
          "CapacityRequestPolicy")
      .field("default", QUANTITY)
      .field(list(QUANTITY))
      .field(RANGE)
      .shared()
      .build();

  static final Table<DeviceCapacity> CAPACITY_TABLE = Table.of(DeviceCapacity.class, "DeviceCapacity")
      .field(QUANTITY).required()
      .field(REQUEST_POLICY)
      .shared()
      .build();

  /** A device capacity; in v1alpha3 a plain quantity ({@code memory: 40Gi}). */
  static final Type<DeviceCapacity> CAPACITY = new SpecialTypes.AlphaPlainCapacity(CAPACITY_TABLE);

  static final Table<NodeAllocatableMapping> NODE_ALLOCATABLE_MAPPING = Table.of(NodeAllocatableMapping.class,
          "NodeAllocatableMapping")
      .field(STRING)
      .field(QUANTITY)
      .field(QUANTITY)
      .build();

  static final Table<NodeAllocatableOverhead> NODE_ALLOCATABLE_OVERHEAD = Table.of(NodeAllocatableOverhead.class,
          "NodeAllocatableOverhead")
      .field(QUANTITY)
      .field(QUANTITY)
      .build();

  static final Table<NodeAllocatableResource> NODE_ALLOCATABLE = Table.of(NodeAllocatableResource.class,
          "NodeAllocatableResource")
      .field(NODE_ALLOCATABLE_MAPPING)
      .field(NODE_ALLOCATABLE_OVERHEAD)
      .build();

  static final Table<Device> DEVICE = Table.of(Device.class, "Device")
      .field(NAME).required()
      .field(map(SpecialTypes.ATTRIBUTE))
      .field(map(CAPACITY))
      .field(list(CONSUMPTION))
      .field(list(NAME))
      .field(STRING)
      .field(NODE_SELECTOR)
      .field(BOOL)
      .field(list(TAINT))
      .field(list(STRING))
      .field(list(STRING))
      .field(BOOL)
      .field(BOOL)
      .field(map(NODE_ALLOCATABLE))
      .known("nodeAllocatableResourceMappings{}:{v}NodeAllocatableResourceMapping")
      .beta1Wrapper("basic")
      .shared()
      .build();

  static final Table<DeviceMixin> DEVICE_MIXIN = Table.of(DeviceMixin.class, "DeviceMixin")
      .field(NAME).required()
      .field(map(SpecialTypes.ATTRIBUTE))
      .field(map(CAPACITY))
      .shared()
      .build();

  static final Table<CounterSetMixin> COUNTER_SET_MIXIN = Table.of(CounterSetMixin.class, "CounterSetMixin")
      .field(NAME).required()
      .field(map(COUNTER))
      .shared()
      .build();

  static final Table<DeviceCounterConsumptionMixin> CONSUMPTION_MIXIN = Table.of(
          DeviceCounterConsumptionMixin.class, "DeviceCounterConsumptionMixin")
      .field(NAME).required()
      .field(map(COUNTER))
      .shared()
      .build();

  static final Table<ResourceSliceMixins> MIXINS = Table.of(ResourceSliceMixins.class, "ResourceSliceMixins")
      .field(list(DEVICE_MIXIN))
      .field(list(CONSUMPTION_MIXIN))
      .field(list(COUNTER_SET_MIXIN))
      .build();

  static final Table<ResourceSliceSpec> SLICE_SPEC = Table.of(ResourceSliceSpec.class, "ResourceSliceSpec")
      .field(NAME).required()
      .field(POOL).required()
      .field(NAME)
      .field(NODE_SELECTOR)
      .field(BOOL)
      .field(BOOL)
      .field(list(DEVICE))
      .field(list(COUNTER_SET))
      .field(MIXINS)
      .field(STRING)
      .field(list(STRING))
      .build();

  static final Table<ResourceSlice> SLICE = Table.of(ResourceSlice.class, "ResourceSlice")
      .field(OBJECT_META).nonPointer()
      .field(SLICE_SPEC).required()
      .kind("ResourceSlice", RESOURCE_VERSIONS)
      .build();

  /* --- DeviceClass --- */

  static final Table<CelDeviceSelector> CEL = Table.of(CelDeviceSelector.class, "CELDeviceSelector")
      .field(STRING).required()
      .shared()
      .build();

  static final Table<DeviceSelector> SELECTOR = Table.of(DeviceSelector.class, "DeviceSelector")
      .field(CEL)
      .shared()
      .build();

  static final Table<OpaqueDeviceConfiguration> OPAQUE = Table.of(OpaqueDeviceConfiguration.class,
          "OpaqueDeviceConfiguration")
      .field(STRING).required()
      .field(RAW_JSON).required()
      .build();

  static final Table<DeviceClassConfiguration> CLASS_CONFIG = Table.of(DeviceClassConfiguration.class,
          "DeviceClassConfiguration")
      .field(OPAQUE).required()
      .build();

  static final Table<DeviceClassSpec> CLASS_SPEC = Table.of(DeviceClassSpec.class, "DeviceClassSpec")
      .field(list(SELECTOR))
      .field(list(CLASS_CONFIG))
      .field(STRING)
      .build();

  static final Table<DeviceClass> CLASS = Table.of(DeviceClass.class, "DeviceClass")
      .field(OBJECT_META).nonPointer()
      .field(CLASS_SPEC).nonPointer()
      .kind("DeviceClass", RESOURCE_VERSIONS)
      .build();

  /* --- ResourceClaim --- */

  static final Table<CapacityRequirements> CAPACITY_REQUIREMENTS = Table.of(CapacityRequirements.class,
          "CapacityRequirements")
      .field(map(QUANTITY))
      .build();

  static final Table<DeviceToleration> TOLERATION = Table.of(DeviceToleration.class, "DeviceToleration")
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(LONG)
      .shared()
      .build();

  static final Table<DeviceDerivedAttribute> DERIVED = Table.of(DeviceDerivedAttribute.class,
          "DeviceDerivedAttribute")
      .field(STRING).required()
      .field(STRING).required()
      .build();

  static final Table<ExactDeviceRequest> EXACT = Table.of(ExactDeviceRequest.class, "ExactDeviceRequest")
      .field(STRING).required()
      .field(list(SELECTOR))
      .field(STRING)
      .field(LONG)
      .field(BOOL)
      .field(list(TOLERATION))
      .field(CAPACITY_REQUIREMENTS)
      .field(list(DERIVED))
      .build();

  static final Table<DeviceSubRequest> SUB_REQUEST = Table.of(DeviceSubRequest.class, "DeviceSubRequest")
      .field(STRING).required()
      .field(STRING).required()
      .field(list(SELECTOR))
      .field(STRING)
      .field(LONG)
      .field(list(TOLERATION))
      .field(CAPACITY_REQUIREMENTS)
      .field(list(DERIVED))
      .build();

  static final Table<DeviceRequest> REQUEST = Table.of(DeviceRequest.class, "DeviceRequest")
      .field(STRING).required()
      .field(EXACT)
      .field(list(SUB_REQUEST))
      .beta1Inline("exactly")
      .build();

  static final Table<DeviceConstraint> CONSTRAINT = Table.of(DeviceConstraint.class, "DeviceConstraint")
      .field(list(STRING))
      .field(STRING)
      .field(STRING)
      .build();

  static final Table<DeviceClaimConfiguration> CLAIM_CONFIG = Table.of(DeviceClaimConfiguration.class,
          "DeviceClaimConfiguration")
      .field(list(STRING))
      .field(OPAQUE).required()
      .build();

  static final Table<DeviceClaim> DEVICE_CLAIM = Table.of(DeviceClaim.class, "DeviceClaim")
      .field(list(REQUEST))
      .field(list(CONSTRAINT))
      .field(list(CLAIM_CONFIG))
      .build();

  static final Table<ResourceClaimSpec> CLAIM_SPEC = Table.of(ResourceClaimSpec.class, "ResourceClaimSpec")
      .field(DEVICE_CLAIM).nonPointer()
      .build();

  /** Allocation never reads reservations: missing fields are validation's to report. */
  static final Table<ResourceClaimConsumerReference> CONSUMER = Table.of(ResourceClaimConsumerReference.class,
          "ResourceClaimConsumerReference")
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .build();

  static final Table<DeviceRequestAllocationResult> RESULT = Table.of(DeviceRequestAllocationResult.class,
          "DeviceRequestAllocationResult")
      .field(STRING).required()
      .field(STRING).required()
      .field(STRING).required()
      .field(STRING).required()
      .field(BOOL)
      .field(list(TOLERATION))
      .field(list(STRING))
      .field(list(STRING))
      .field(STRING)
      .field(map(QUANTITY))
      .field(list(STRING))
      .known("compatibilityGroups")
      .build();

  static final Table<DeviceAllocationConfiguration> ALLOCATION_CONFIG = Table.of(
          DeviceAllocationConfiguration.class, "DeviceAllocationConfiguration")
      .field(STRING).required()
      .field(list(STRING))
      .field(OPAQUE).required()
      .build();

  static final Table<DeviceAllocationResult> ALLOCATION_DEVICES = Table.of(DeviceAllocationResult.class,
          "DeviceAllocationResult")
      .field(list(RESULT))
      .field(list(ALLOCATION_CONFIG))
      .build();

  static final Table<AllocationResult> ALLOCATION = Table.of(AllocationResult.class, "AllocationResult")
      .field(ALLOCATION_DEVICES).nonPointer()
      .field(NODE_SELECTOR)
      .field(STRING)
      .build();

  static final Table<ResourceClaimStatus> CLAIM_STATUS = Table.of(ResourceClaimStatus.class, "ResourceClaimStatus")
      .field(ALLOCATION)
      .field(list(CONSUMER))
      .known("devices[]:{v}AllocatedDeviceStatus")
      .build();

  static final Table<ResourceClaim> CLAIM = Table.of(ResourceClaim.class, "ResourceClaim")
      .field(OBJECT_META).nonPointer()
      .field(CLAIM_SPEC).nonPointer()
      .field(CLAIM_STATUS)
      .kind("ResourceClaim", RESOURCE_VERSIONS)
      // client-java-api names the v1 claim apart from core v1's ResourceClaim
      .typeName(v -> v == Version.V1 ? "ResourceV1ResourceClaim" : v.prefix() + "ResourceClaim")
      .build();

  static final Table<ResourceClaimTemplateSpec> TEMPLATE_SPEC = Table.of(ResourceClaimTemplateSpec.class,
          "ResourceClaimTemplateSpec")
      .field(OBJECT_META).nonPointer().omitEmpty()
      .field(CLAIM_SPEC).nonPointer()
      .build();

  static final Table<ResourceClaimTemplate> TEMPLATE = Table.of(ResourceClaimTemplate.class, "ResourceClaimTemplate")
      .field(OBJECT_META).nonPointer()
      .field(TEMPLATE_SPEC).nonPointer()
      .kind("ResourceClaimTemplate", RESOURCE_VERSIONS)
      .build();

  /* --- DeviceTaintRule (v1, v1beta2 and v1alpha3 share one shape) --- */

  static final Table<DeviceTaintSelector> TAINT_SELECTOR = Table.of(DeviceTaintSelector.class, "DeviceTaintSelector")
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .build();

  static final Table<DeviceTaintRuleSpec> TAINT_RULE_SPEC = Table.of(DeviceTaintRuleSpec.class, "DeviceTaintRuleSpec")
      .field(TAINT_SELECTOR)
      .field(TAINT).required()
      .build();

  /** The status is never read by allocation, so every condition field is optional here. */
  static final Table<DeviceTaintRuleStatus> TAINT_RULE_STATUS = Table.of(DeviceTaintRuleStatus.class,
          "DeviceTaintRuleStatus")
      .field(list(CONDITION))
      .build();

  static final Table<DeviceTaintRule> TAINT_RULE = Table.of(DeviceTaintRule.class, "DeviceTaintRule")
      .field(OBJECT_META).nonPointer()
      .field(TAINT_RULE_SPEC).required()
      .field(TAINT_RULE_STATUS).nonPointer().omitEmpty()
      .kind("DeviceTaintRule", List.of("resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1alpha3"))
      .build();

  /** Every table of this class, for the known-fields table. */
  static final List<Type<?>> ALL = List.of(POOL, COUNTER, COUNTER_SET, CONSUMPTION, TAINT, RANGE, REQUEST_POLICY,
      CAPACITY_TABLE, SpecialTypes.ATTRIBUTE, NODE_ALLOCATABLE_MAPPING, NODE_ALLOCATABLE_OVERHEAD,
      NODE_ALLOCATABLE, DEVICE, DEVICE_MIXIN, COUNTER_SET_MIXIN, CONSUMPTION_MIXIN, MIXINS,
      SLICE_SPEC, SLICE, CEL, SELECTOR, OPAQUE, CLASS_CONFIG, CLASS_SPEC, CLASS, CAPACITY_REQUIREMENTS, TOLERATION,
      DERIVED, EXACT, SUB_REQUEST, REQUEST, CONSTRAINT, CLAIM_CONFIG, DEVICE_CLAIM, CLAIM_SPEC, CONSUMER, RESULT,
      ALLOCATION_CONFIG, ALLOCATION_DEVICES, ALLOCATION, CLAIM_STATUS, CLAIM, TEMPLATE_SPEC, TEMPLATE, TAINT_SELECTOR,
      TAINT_RULE_SPEC, TAINT_RULE_STATUS, TAINT_RULE);
}
