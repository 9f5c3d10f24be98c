package io.github.dra4j.api.validation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequestPolicyRange;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/*
 * ResourceSlice rules: the v1 API reference and pkg/apis/resource/validation for the fields
 * of KEP-4815 and earlier, KEP-5234 for mixins. Limits where the texts disagree are listed in
 * docs/validation.md. Mixins are never flattened into new objects: the per-device limit is
 * computed from key sets only.
 */
final class SliceValidation {
  static final int MAX_DEVICES = 128;
  static final int MAX_DEVICES_WITH_TAINTS_OR_COUNTERS = 64;
  static final int MAX_COUNTER_SETS = 8;
  static final int MAX_COUNTERS_PER_COUNTER_SET = 32;
  static final int MAX_CONSUMPTIONS_PER_DEVICE = 2;
  static final int MAX_COUNTERS_PER_CONSUMPTION = 32;
  static final int MAX_CONSUMED_COUNTERS_PER_SLICE = 2048;
  static final int MAX_ATTRIBUTES_AND_CAPACITIES_PER_DEVICE = 32;
  static final int MAX_TAINTS_PER_DEVICE = 16;
  static final int MAX_BINDING_CONDITIONS = 4;
  static final int MAX_VALID_VALUES = 10;
  static final int ATTRIBUTE_MAX_VALUE_LENGTH = 64;
  static final int MAX_DEVICE_MIXINS = 128;
  static final int MAX_COUNTER_SET_MIXINS = 32;
  static final int MAX_CONSUMPTION_MIXINS = 128;
  static final int MAX_DEVICE_INCLUDES = 8;
  static final int MAX_COUNTER_SET_INCLUDES = 8;
  static final int MAX_CONSUMPTION_INCLUDES = 4;
  static final int MAX_ATTRIBUTES_AND_CAPACITIES_PER_SLICE = 4096;
  static final int MAX_COUNTERS_PER_SLICE = 256;

  private static final String EXACTLY_ONE_NODE =
      "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required";
  private static final String EXACTLY_ONE_DEVICE_NODE = "exactly one of `nodeName`, `nodeSelector`,"
      + " or `allNodes` is required when `perDeviceNodeSelection` is set to true in the"
      + " ResourceSlice spec";

  private final List<FieldError> errs = new ArrayList<>();
  private final Map<String, DeviceMixin> deviceMixins = new HashMap<>();
  private final Set<String> consumptionMixins = new HashSet<>();
  private final Set<String> counterSetMixins = new HashSet<>();

  private SliceValidation() {}

  static List<FieldError> validate(ResourceSlice slice) {
    SliceValidation v = new SliceValidation();
    Common.metadata(slice.metadata(), v.errs);
    v.spec(slice.spec(), FieldPath.of("spec"));
    return List.copyOf(v.errs);
  }

  private void spec(ResourceSliceSpec spec, FieldPath path) {
    Formats.driverName(spec.driver(), path.child("driver"), errs);
    pool(spec.pool(), path.child("pool"));
    nodeSelection(spec, path);
    if (!spec.devices().isEmpty() && !spec.sharedCounters().isEmpty()) {
      errs.add(FieldError.invalid(path, "", "only one of `sharedCounters` or `devices` is allowed"));
    }
    ResourceSliceMixins mixins = spec.mixins();
    if (mixins != null) {
      mixins(mixins, path.child("mixins"));
    }

    boolean advanced = false;
    for (Device d : spec.devices()) {
      advanced |= !d.taints().isEmpty() || !d.consumesCounters().isEmpty();
    }
    FieldPath devicesPath = path.child("devices");
    int maxDevices = advanced ? MAX_DEVICES_WITH_TAINTS_OR_COUNTERS : MAX_DEVICES;
    if (Common.size(spec.devices(), maxDevices, devicesPath, errs)) {
      for (int i = 0; i < spec.devices().size(); i++) {
        device(spec.devices().get(i), devicesPath.index(i), spec.perDeviceNodeSelection());
      }
      Common.unique(spec.devices(), Device::name, devicesPath, errs);
    }

    FieldPath setsPath = path.child("sharedCounters");
    if (Common.size(spec.sharedCounters(), MAX_COUNTER_SETS, setsPath, errs)) {
      for (int i = 0; i < spec.sharedCounters().size(); i++) {
        counterSet(spec.sharedCounters().get(i), setsPath.index(i));
      }
      Common.unique(spec.sharedCounters(), CounterSet::name, setsPath, errs);
    }
    sliceTotals(spec, path);
    FeatureFieldValidation.partitionTypeAttribute(spec, path, this::attribute, errs);
    FeatureFieldValidation.skipNodeOperations(spec.skipNodeOperations(), path.child("skipNodeOperations"), errs);
  }

  private void pool(ResourcePool pool, FieldPath path) {
    Formats.poolName(pool.name(), path.child("name"), errs);
    if (pool.resourceSliceCount() <= 0) {
      errs.add(FieldError.invalid(path.child("resourceSliceCount"), pool.resourceSliceCount(),
          "must be greater than zero"));
    }
    if (pool.generation() < 0) {
      errs.add(FieldError.invalid(path.child("generation"), pool.generation(),
          "must be greater than or equal to zero"));
    }
  }

  private void nodeSelection(ResourceSliceSpec spec, FieldPath path) {
    List<String> set = new ArrayList<>();
    String nodeName = spec.nodeName();
    if (nodeName != null) {
      if (nodeName.isEmpty()) {
        errs.add(FieldError.invalid(path.child("nodeName"), "",
            "must be either unset or set to a non-empty string"));
      } else {
        set.add("`nodeName`");
        Formats.dnsSubdomain(nodeName, path.child("nodeName"), errs);
      }
    }
    if (spec.nodeSelector() != null) {
      set.add("`nodeSelector`");
      exactlyOneTermSelector(spec.nodeSelector(), path.child("nodeSelector"));
    }
    if (spec.allNodes()) {
      set.add("`allNodes`");
    }
    if (spec.perDeviceNodeSelection()) {
      set.add("`perDeviceNodeSelection`");
    }
    if (set.isEmpty()) {
      errs.add(FieldError.required(path, EXACTLY_ONE_NODE));
    } else if (set.size() > 1) {
      errs.add(FieldError.invalid(path, "{" + String.join(", ", set) + "}",
          EXACTLY_ONE_NODE + ", but multiple fields are set"));
    }
  }

  private void exactlyOneTermSelector(NodeSelector selector, FieldPath path) {
    Common.nodeSelector(selector, path, errs);
    int terms = selector.nodeSelectorTerms().size();
    if (terms > 1) {
      errs.add(FieldError.invalid(path.child("nodeSelectorTerms"), terms,
          "must have exactly one node selector term"));
    }
  }

  /* --- mixins (KEP-5234) --- */

  private void mixins(ResourceSliceMixins mixins, FieldPath path) {
    FieldPath dp = path.child("device");
    if (Common.size(mixins.device(), MAX_DEVICE_MIXINS, dp, errs)) {
      for (int i = 0; i < mixins.device().size(); i++) {
        DeviceMixin m = mixins.device().get(i);
        FieldPath p = dp.index(i);
        Formats.requiredDnsLabel(m.name(), p.child("name"), errs);
        attributes(m.attributes(), p.child("attributes"));
        capacities(m.capacity(), true, p.child("capacity"));
        deviceMixins.putIfAbsent(m.name(), m);
      }
      Common.unique(mixins.device(), DeviceMixin::name, dp, errs);
    }
    FieldPath cp = path.child("deviceCounterConsumption");
    if (Common.size(mixins.deviceCounterConsumption(), MAX_CONSUMPTION_MIXINS, cp, errs)) {
      for (int i = 0; i < mixins.deviceCounterConsumption().size(); i++) {
        DeviceCounterConsumptionMixin m = mixins.deviceCounterConsumption().get(i);
        FieldPath p = cp.index(i);
        Formats.requiredDnsLabel(m.name(), p.child("name"), errs);
        counters(m.counters(), -1, false, p.child("counters"));
        consumptionMixins.add(m.name());
      }
      Common.unique(mixins.deviceCounterConsumption(), DeviceCounterConsumptionMixin::name, cp,
          errs);
    }
    FieldPath sp = path.child("counterSet");
    if (Common.size(mixins.counterSet(), MAX_COUNTER_SET_MIXINS, sp, errs)) {
      for (int i = 0; i < mixins.counterSet().size(); i++) {
        CounterSetMixin m = mixins.counterSet().get(i);
        FieldPath p = sp.index(i);
        Formats.requiredDnsLabel(m.name(), p.child("name"), errs);
        counters(m.counters(), -1, false, p.child("counters"));
        counterSetMixins.add(m.name());
      }
      Common.unique(mixins.counterSet(), CounterSetMixin::name, sp, errs);
    }
  }

  @CanIgnoreReturnValue
  private boolean includes(List<String> includes, int max, Set<String> known, String kind,
      FieldPath path) {
    if (!Common.size(includes, max, path, errs)) {
      return false;
    }
    for (int i = 0; i < includes.size(); i++) {
      String name = includes.get(i);
      if (!known.contains(name)) {
        errs.add(FieldError.notFound(path.index(i), name,
            "must be the name of a " + kind + " mixin in this ResourceSlice"));
      }
    }
    return true;
  }

  /* --- devices --- */

  private void device(Device d, FieldPath path, boolean perDeviceNodeSelection) {
    Formats.requiredDnsLabel(d.name(), path.child("name"), errs);

    FieldPath includesPath = path.child("includes");
    boolean includesOk = includes(d.includes(), MAX_DEVICE_INCLUDES, deviceMixins.keySet(),
        "device", includesPath);
    Set<String> attributeNames = new HashSet<>(d.attributes().keySet());
    Set<String> capacityNames = new HashSet<>(d.capacity().keySet());
    if (includesOk) {
      for (String name : d.includes()) {
        DeviceMixin m = deviceMixins.get(name);
        if (m != null) {
          attributeNames.addAll(m.attributes().keySet());
          capacityNames.addAll(m.capacity().keySet());
        }
      }
    }
    int total = attributeNames.size() + capacityNames.size();
    if (total > MAX_ATTRIBUTES_AND_CAPACITIES_PER_DEVICE) {
      errs.add(FieldError.invalid(path, total,
          "the total number of attributes and capacities must not exceed "
              + MAX_ATTRIBUTES_AND_CAPACITIES_PER_DEVICE));
    }
    attributes(d.attributes(), path.child("attributes"));
    capacities(d.capacity(), d.allowMultipleAllocations(), path.child("capacity"));
    if (includesOk && !d.allowMultipleAllocations()) {
      mixinRequestPolicies(d, includesPath);
    }

    FieldPath taintsPath = path.child("taints");
    if (Common.size(d.taints(), MAX_TAINTS_PER_DEVICE, taintsPath, errs)) {
      for (int i = 0; i < d.taints().size(); i++) {
        Common.taint(d.taints().get(i), taintsPath.index(i), errs);
      }
    }

    FieldPath consumesPath = path.child("consumesCounters");
    if (Common.size(d.consumesCounters(), MAX_CONSUMPTIONS_PER_DEVICE, consumesPath, errs)) {
      for (int i = 0; i < d.consumesCounters().size(); i++) {
        consumption(d.consumesCounters().get(i), consumesPath.index(i));
      }
      Common.unique(d.consumesCounters(), DeviceCounterConsumption::counterSet, consumesPath,
          errs);
    }

    deviceNodeSelection(d, path, perDeviceNodeSelection);
    bindingConditions(d.bindingConditions(), d.bindingFailureConditions(), path);
    FeatureFieldValidation.nodeAllocatableResources(d.nodeAllocatableResources(), capacityNames,
        path.child("nodeAllocatableResources"), errs);
  }

  /** The device's attribute of that name, its own or from a mixin it includes (the last one wins). */
  private @Nullable DeviceAttribute attribute(Device d, String name) {
    DeviceAttribute own = d.attributes().get(name);
    if (own != null) {
      return own;
    }
    DeviceAttribute found = null;
    for (String include : d.includes()) {
      DeviceMixin m = deviceMixins.get(include);
      if (m != null && m.attributes().containsKey(name)) {
        found = m.attributes().get(name);
      }
    }
    return found;
  }

  /*
   * A capacity that comes from a mixin (the last including mixin wins, an own entry wins over
   * all) keeps its request policy, so the device must allow multiple allocations.
   */
  private void mixinRequestPolicies(Device d, FieldPath includesPath) {
    Map<String, Integer> source = new HashMap<>();
    for (int j = 0; j < d.includes().size(); j++) {
      DeviceMixin m = deviceMixins.get(d.includes().get(j));
      if (m != null) {
        for (String key : m.capacity().keySet()) {
          source.put(key, j);
        }
      }
    }
    source.keySet().removeAll(d.capacity().keySet());
    new TreeMap<>(source).forEach((key, j) -> {
      // source holds only includes that name a mixin, with keys of that mixin's capacity
      DeviceMixin m = Objects.requireNonNull(deviceMixins.get(d.includes().get(j)));
      DeviceCapacity c = Objects.requireNonNull(m.capacity().get(key));
      if (c.requestPolicy() != null) {
        errs.add(FieldError.forbidden(includesPath.index(j), "capacity \"" + key
            + "\" of this mixin has a requestPolicy: allowMultipleAllocations must be true"));
      }
    });
  }

  private void deviceNodeSelection(Device d, FieldPath path, boolean perDeviceNodeSelection) {
    String nodeName = d.nodeName();
    if (!perDeviceNodeSelection) {
      if (nodeName != null || d.nodeSelector() != null || d.allNodes()) {
        errs.add(FieldError.invalid(path, null, "`nodeName`, `nodeSelector` and `allNodes` can"
            + " only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec"));
      }
      return;
    }
    List<String> set = new ArrayList<>();
    if (nodeName != null) {
      if (nodeName.isEmpty()) {
        errs.add(FieldError.invalid(path.child("nodeName"), "", "must not be empty"));
      } else {
        set.add("`nodeName`");
        Formats.dnsSubdomain(nodeName, path.child("nodeName"), errs);
      }
    }
    if (d.nodeSelector() != null) {
      set.add("`nodeSelector`");
      exactlyOneTermSelector(d.nodeSelector(), path.child("nodeSelector"));
    }
    if (d.allNodes()) {
      set.add("`allNodes`");
    }
    if (set.isEmpty()) {
      errs.add(FieldError.required(path, EXACTLY_ONE_DEVICE_NODE));
    } else if (set.size() > 1) {
      errs.add(FieldError.invalid(path, "{" + String.join(", ", set) + "}",
          EXACTLY_ONE_DEVICE_NODE));
    }
  }

  private void bindingConditions(List<String> conditions, List<String> failureConditions,
      FieldPath path) {
    FieldPath cp = path.child("bindingConditions");
    FieldPath fp = path.child("bindingFailureConditions");
    if (Common.size(conditions, MAX_BINDING_CONDITIONS, cp, errs)) {
      for (int i = 0; i < conditions.size(); i++) {
        Formats.labelName(conditions.get(i), cp.index(i), errs);
      }
    }
    if (Common.size(failureConditions, MAX_BINDING_CONDITIONS, fp, errs)) {
      for (int i = 0; i < failureConditions.size(); i++) {
        Formats.labelName(failureConditions.get(i), fp.index(i), errs);
      }
    }
    Common.unique(conditions, c -> c, cp, errs);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < failureConditions.size(); i++) {
      String c = failureConditions.get(i);
      if (!seen.add(c)) {
        errs.add(FieldError.duplicate(fp.index(i), c));
      }
      if (conditions.contains(c)) {
        errs.add(FieldError.invalid(fp.index(i), c,
            "bindingFailureConditions must not overlap with bindingConditions"));
      }
    }
    if (conditions.isEmpty() && !failureConditions.isEmpty()) {
      errs.add(FieldError.invalid(cp, conditions,
          "bindingConditions are required to use bindingFailureConditions"));
    }
    if (failureConditions.isEmpty() && !conditions.isEmpty()) {
      errs.add(FieldError.invalid(fp, failureConditions,
          "bindingFailureConditions are required to use bindingConditions"));
    }
  }

  /* --- attributes and capacities --- */

  private void attributes(Map<String, DeviceAttribute> attributes, FieldPath path) {
    attributes.forEach((name, value) -> {
      Formats.qualifiedName(name, path, errs);
      attribute(value, path.key(name));
    });
  }

  private void attribute(DeviceAttribute a, FieldPath path) {
    if (a instanceof DeviceAttribute.OfString) {
      stringValue(((DeviceAttribute.OfString) a).value(), path.child("string"));
    } else if (a instanceof DeviceAttribute.OfVersion) {
      versionValue(((DeviceAttribute.OfVersion) a).value(), path.child("version"));
    } else if (a instanceof DeviceAttribute.OfBools) {
      nonEmpty(((DeviceAttribute.OfBools) a).values(), path.child("bools"));
    } else if (a instanceof DeviceAttribute.OfInts) {
      nonEmpty(((DeviceAttribute.OfInts) a).values(), path.child("ints"));
    } else if (a instanceof DeviceAttribute.OfStrings) {
      List<String> values = ((DeviceAttribute.OfStrings) a).values();
      FieldPath p = path.child("strings");
      nonEmpty(values, p);
      for (int i = 0; i < values.size(); i++) {
        stringValue(values.get(i), p.index(i));
      }
    } else if (a instanceof DeviceAttribute.OfVersions) {
      List<String> values = ((DeviceAttribute.OfVersions) a).values();
      FieldPath p = path.child("versions");
      nonEmpty(values, p);
      for (int i = 0; i < values.size(); i++) {
        versionValue(values.get(i), p.index(i));
      }
    }
  }

  private void nonEmpty(List<?> values, FieldPath path) {
    if (values.isEmpty()) {
      errs.add(FieldError.invalid(path, values, "must not be empty if specified"));
    }
  }

  private void stringValue(String value, FieldPath path) {
    if (Formats.bytes(value) > ATTRIBUTE_MAX_VALUE_LENGTH) {
      errs.add(FieldError.tooLong(path, ATTRIBUTE_MAX_VALUE_LENGTH));
    }
  }

  private void versionValue(String value, FieldPath path) {
    if (!Formats.isSemver(value)) {
      errs.add(FieldError.invalid(path, value, Formats.SEMVER_MSG));
    }
    stringValue(value, path);
  }

  private void capacities(Map<String, DeviceCapacity> capacity, boolean multiAllocatable,
      FieldPath path) {
    capacity.forEach((name, c) -> {
      Formats.qualifiedName(name, path, errs);
      CapacityRequestPolicy policy = c.requestPolicy();
      if (policy == null) {
        return;
      }
      FieldPath pp = path.key(name).child("requestPolicy");
      if (!multiAllocatable) {
        errs.add(FieldError.forbidden(pp, "allowMultipleAllocations must be true"));
      } else {
        requestPolicy(c.value(), policy, pp);
      }
    });
  }

  private void requestPolicy(Quantity capacity, CapacityRequestPolicy policy, FieldPath path) {
    CapacityRequestPolicyRange range = policy.validRange();
    if (!policy.validValues().isEmpty() && range != null) {
      errs.add(FieldError.forbidden(path, "exactly one policy can be specified, cannot specify"
          + " \"validValues\" and \"validRange\" at the same time"));
      return;
    }
    Quantity def = policy.defaultValue();
    if (!policy.validValues().isEmpty()) {
      if (def == null) {
        errs.add(FieldError.required(path.child("default"), "required when validValues is defined"));
      } else {
        validValues(def, capacity, policy.validValues(), path.child("validValues"));
      }
    } else if (range != null) {
      if (def == null) {
        errs.add(FieldError.required(path.child("default"), "required when validRange is defined"));
      } else {
        validRange(def, capacity, range, path.child("validRange"));
      }
    }
  }

  private void validValues(Quantity def, Quantity capacity, List<Quantity> values,
      FieldPath path) {
    for (int i = 0; i + 1 < values.size(); i++) {
      if (values.get(i).compareTo(values.get(i + 1)) > 0) {
        errs.add(FieldError.invalid(path.index(i + 1), values.get(i + 1).toString(),
            "values must be sorted in ascending order"));
      }
    }
    if (!Common.size(values, MAX_VALID_VALUES, path, errs)) {
      return;
    }
    boolean foundDefault = false;
    for (int i = 0; i < values.size(); i++) {
      Quantity v = values.get(i);
      if (v.compareTo(capacity) > 0) {
        errs.add(FieldError.invalid(path.index(i), v.toString(),
            "option is larger than capacity value: " + capacity));
      }
      foundDefault |= v.compareTo(def) == 0;
    }
    Common.unique(values, SliceValidation::quantityKey, path, errs);
    if (!foundDefault) {
      errs.add(FieldError.invalid(path, def.toString(),
          "default value is not valid according to the requestPolicy"));
    }
  }

  /* Plain digits as Kubernetes prints the key, but never expand a huge exponent. */
  private static String quantityKey(Quantity q) {
    BigDecimal v = q.value().stripTrailingZeros();
    return v.scale() < -18 ? v.toString() : v.toPlainString();
  }

  private void validRange(Quantity def, Quantity capacity, CapacityRequestPolicyRange range,
      FieldPath path) {
    Quantity min = range.min();
    if (min == null) {
      errs.add(FieldError.required(path.child("min"), "required when validRange is defined"));
      return;
    }
    if (min.compareTo(capacity) > 0) {
      errs.add(FieldError.invalid(path.child("min"), min.toString(),
          "min is larger than capacity value: " + capacity));
    }
    if (def.compareTo(min) < 0) {
      errs.add(FieldError.invalid(path.child("default"), def.toString(),
          "default is less than min: " + min));
    }
    Quantity max = range.max();
    if (max != null) {
      if (min.compareTo(max) > 0) {
        errs.add(FieldError.invalid(path.child("max"), min.toString(),
            "min is larger than max: " + max));
      }
      if (max.compareTo(capacity) > 0) {
        errs.add(FieldError.invalid(path.child("max"), max.toString(),
            "max is larger than capacity value: " + capacity));
      }
      if (def.compareTo(max) > 0) {
        errs.add(FieldError.invalid(path.child("default"), def.toString(),
            "default is more than max: " + max));
      }
    }
    Quantity step = range.step();
    if (!milliValues(def, range, path)) {
      return;
    }
    if (step == null) {
      return;
    }
    if (step.signum() <= 0) {
      errs.add(FieldError.invalid(path.child("step"), step.toString(), "must be greater than zero"));
      return;
    }
    Quantity oneStep = min.add(step);
    if (oneStep.compareTo(capacity) > 0) {
      errs.add(FieldError.invalid(path.child("step"), step.toString(),
          "one step " + oneStep + " is larger than capacity value: " + capacity));
    }
    stepMultiple(def, min, step, path.child("step"));
    if (max != null) {
      stepMultiple(max, min, step, path.child("step"));
    }
  }

  /*
   * DRAFractionalCapacityRange (beta, on in Kubernetes 1.37): a range with a fractional default,
   * min, max or step is computed in milli-units, so each of them must be a whole number of
   * milli-units (within int64); false, after reporting them, when one is not.
   */
  private boolean milliValues(Quantity def, CapacityRequestPolicyRange range, FieldPath path) {
    Map<String, Quantity> values = new LinkedHashMap<>();
    values.put("default", def);
    values.put("min", range.min());
    if (range.max() != null) {
      values.put("max", range.max());
    }
    if (range.step() != null) {
      values.put("step", range.step());
    }
    boolean fractional = false;
    for (Quantity q : values.values()) {
      fractional |= q.value().stripTrailingZeros().scale() > 0;
    }
    if (!fractional) {
      return true;
    }
    boolean ok = true;
    for (Map.Entry<String, Quantity> e : values.entrySet()) {
      BigDecimal milli = e.getValue().value().movePointRight(3);
      if (milli.stripTrailingZeros().scale() > 0 || milli.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
        errs.add(FieldError.invalid(path.child(e.getKey()), e.getValue().toString(),
            "value cannot be represented as a milli value"));
        ok = false;
      }
    }
    return ok;
  }

  /* Exact decimal arithmetic: no int64 overflow, fractional steps work as well. */
  private void stepMultiple(Quantity value, Quantity min, Quantity step, FieldPath path) {
    BigDecimal rest = value.value().subtract(min.value()).remainder(step.value());
    if (rest.signum() != 0) {
      errs.add(FieldError.invalid(path, value.toString(),
          "value is not a multiple of a given step (" + step + ") from (" + min + ")"));
    }
  }

  /* --- counters --- */

  private void counterSet(CounterSet set, FieldPath path) {
    Formats.requiredDnsLabel(set.name(), path.child("name"), errs);
    counters(set.counters(), MAX_COUNTERS_PER_COUNTER_SET, !set.includes().isEmpty(),
        path.child("counters"));
    includes(set.includes(), MAX_COUNTER_SET_INCLUDES, counterSetMixins, "counter set",
        path.child("includes"));
  }

  private void consumption(DeviceCounterConsumption c, FieldPath path) {
    Formats.requiredDnsLabel(c.counterSet(), path.child("counterSet"), errs);
    counters(c.counters(), MAX_COUNTERS_PER_CONSUMPTION, !c.includes().isEmpty(),
        path.child("counters"));
    includes(c.includes(), MAX_CONSUMPTION_INCLUDES, consumptionMixins,
        "device counter consumption", path.child("includes"));
    FeatureFieldValidation.compatibilityGroups(c.compatibilityGroups(), path.child("compatibilityGroups"), errs);
  }

  /** Counter names are DNS labels; an empty map is allowed only when mixins supply counters. */
  private void counters(Map<String, Counter> counters, int max, boolean hasIncludes,
      FieldPath path) {
    if (counters.isEmpty()) {
      if (!hasIncludes) {
        errs.add(FieldError.required(path, ""));
      }
      return;
    }
    if (max >= 0 && counters.size() > max) {
      errs.add(FieldError.tooMany(path, counters.size(), max));
      return;
    }
    for (String name : counters.keySet()) {
      Formats.dnsLabel(name, path, errs);
    }
  }

  /* --- slice-wide totals --- */

  private void sliceTotals(ResourceSliceSpec spec, FieldPath path) {
    ResourceSliceMixins mixins = spec.mixins();
    List<DeviceMixin> deviceMixinList = mixins == null ? List.of() : mixins.device();
    List<CounterSetMixin> setMixinList = mixins == null ? List.of() : mixins.counterSet();
    List<DeviceCounterConsumptionMixin> consumptionMixinList =
        mixins == null ? List.of() : mixins.deviceCounterConsumption();

    long attributes = 0;
    long consumed = 0;
    for (Device d : spec.devices()) {
      attributes += d.attributes().size() + d.capacity().size();
      for (DeviceCounterConsumption c : d.consumesCounters()) {
        consumed += c.counters().size();
      }
    }
    for (DeviceMixin m : deviceMixinList) {
      attributes += m.attributes().size() + m.capacity().size();
    }
    for (DeviceCounterConsumptionMixin m : consumptionMixinList) {
      consumed += m.counters().size();
    }
    long counters = 0;
    for (CounterSet s : spec.sharedCounters()) {
      counters += s.counters().size();
    }
    for (CounterSetMixin m : setMixinList) {
      counters += m.counters().size();
    }
    if (attributes > MAX_ATTRIBUTES_AND_CAPACITIES_PER_SLICE) {
      errs.add(FieldError.invalid(path, attributes, "the total number of attributes and"
          + " capacities across devices and device mixins must not exceed "
          + MAX_ATTRIBUTES_AND_CAPACITIES_PER_SLICE));
    }
    if (counters > MAX_COUNTERS_PER_SLICE) {
      errs.add(FieldError.invalid(path, counters, "the total number of counters across counter"
          + " sets and counter set mixins must not exceed " + MAX_COUNTERS_PER_SLICE));
    }
    if (consumed > MAX_CONSUMED_COUNTERS_PER_SLICE) {
      errs.add(FieldError.invalid(path, consumed, "the total number of consumed counters across"
          + " devices and device counter consumption mixins must not exceed "
          + MAX_CONSUMED_COUNTERS_PER_SLICE));
    }
  }
}
