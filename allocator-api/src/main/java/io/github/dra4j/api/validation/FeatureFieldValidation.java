package io.github.dra4j.api.validation;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceDerivedAttribute;
import io.github.dra4j.api.NodeAllocatableMapping;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.NodeAllocatableOverhead;
import io.github.dra4j.api.NodeAllocatableResource;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/*
 * The rules of the API server (pkg/apis/resource/validation/validation.go and the declarative
 * tags of k8s.io/api/resource/v1) for the fields the DRA features of Kubernetes 1.37 add:
 * compatibilityGroups (DRADeviceCompatibilityGroups), derivedAttributes (DRADerivedAttributes),
 * partitionTypeAttribute (DRAPartitionableDevicesType), skipNodeOperations
 * (DRAOptionalNodeOperations) and nodeAllocatableResources (DRANodeAllocatableResources). The
 * CEL of a derived attribute is compiled where selectors are (the CLI's validate), as the API
 * server compiles both. docs/validation.md lists each rule.
 */
final class FeatureFieldValidation {
  static final int MAX_COMPATIBILITY_GROUPS = 2;
  static final int MAX_DERIVED_ATTRIBUTES = 32;
  static final List<String> SKIP_NODE_OPERATIONS = List.of("*", "NodePrepareResources", "NodeUnprepareResources");

  private FeatureFieldValidation() {}

  /** compatibilityGroups: at most 2, each a DNS label, no duplicates (+k8s:maxItems, format, unique=set). */
  static void compatibilityGroups(List<String> groups, FieldPath path, List<FieldError> errs) {
    if (!Common.size(groups, MAX_COMPATIBILITY_GROUPS, path, errs)) {
      return;
    }
    for (int i = 0; i < groups.size(); i++) {
      Formats.dnsLabel(groups.get(i), path.index(i), errs);
    }
    Common.unique(groups, g -> g, path, errs);
  }

  /**
   * skipNodeOperations of a slice or an allocation result: known values only, each once, and
   * NodePrepareResources only with NodeUnprepareResources or "*" (validateSkipNodeOperations).
   */
  static void skipNodeOperations(List<String> ops, FieldPath path, List<FieldError> errs) {
    for (int i = 0; i < ops.size(); i++) {
      if (!SKIP_NODE_OPERATIONS.contains(ops.get(i))) {
        errs.add(FieldError.notSupported(path.index(i), ops.get(i), Common.supported(SKIP_NODE_OPERATIONS)));
      }
    }
    Common.unique(ops, o -> o, path, errs);
    if (ops.contains("NodePrepareResources") && !ops.contains("NodeUnprepareResources") && !ops.contains("*")) {
      errs.add(FieldError.invalid(path, Common.json(ops),
          "NodePrepareResources cannot be skipped unless NodeUnprepareResources is also skipped"));
    }
  }

  /**
   * partitionTypeAttribute (validatePartitionTypeAttribute): a fully qualified name, set only on
   * a slice with devices that consume counters, each of which carries the attribute as a string
   * (in the driver's domain it may be spelled bare). {@code attribute} looks a name up on a
   * device, mixins included.
   */
  static void partitionTypeAttribute(ResourceSliceSpec spec, FieldPath path,
      BiFunction<Device, String, @Nullable DeviceAttribute> attribute, List<FieldError> errs) {
    String name = spec.partitionTypeAttribute();
    if (name == null) {
      return;
    }
    FieldPath at = path.child("partitionTypeAttribute");
    List<FieldError> format = new ArrayList<>();
    Formats.fullyQualifiedName(name, at, format);
    errs.addAll(format);
    boolean consumes = false;
    for (Device d : spec.devices()) {
      consumes |= !d.consumesCounters().isEmpty();
    }
    if (!consumes) {
      errs.add(FieldError.invalid(at, name, "may only be set on a slice which declares devices that consume counters"));
      return;
    }
    if (!format.isEmpty()) {
      return; // no device can carry a malformed name: one error is enough
    }
    String bare = name.startsWith(spec.driver() + "/") ? name.substring(spec.driver().length() + 1) : "";
    for (int i = 0; i < spec.devices().size(); i++) {
      Device d = spec.devices().get(i);
      if (d.consumesCounters().isEmpty()) {
        continue;
      }
      FieldPath attrPath = path.child("devices").index(i).child("attributes").key(name);
      DeviceAttribute a = attribute.apply(d, name);
      if (a == null && !bare.isEmpty()) {
        a = attribute.apply(d, bare);
      }
      if (a == null) {
        errs.add(FieldError.required(attrPath,
            "device consumes counters and `partitionTypeAttribute` names this attribute, so it must be set"));
      } else if (!(a instanceof DeviceAttribute.OfString)) {
        errs.add(FieldError.invalid(attrPath, Common.json(Map.of(a.fieldName(), Common.attributeValue(a))),
            "must be a string value because `partitionTypeAttribute` names this attribute"));
      }
    }
  }

  /** nodeAllocatableResources (validateNodeAllocatableResources), keys in order. */
  static void nodeAllocatableResources(Map<String, NodeAllocatableResource> resources,
      Set<String> capacity, FieldPath path, List<FieldError> errs) {
    new TreeMap<>(resources).forEach((name, r) -> {
      FieldPath keyPath = path.key(name);
      if (!PodLevelResources.supported(name)) {
        errs.add(FieldError.invalid(keyPath, name, "must be a node allocatable resource name"));
      }
      if (r.mapping() == null && r.overhead() == null) {
        errs.add(FieldError.required(keyPath, "at least one of mapping or overhead must be set"));
      }
      if (r.mapping() != null) {
        mapping(r.mapping(), capacity, keyPath.child("mapping"), errs);
      }
      if (r.overhead() != null) {
        overhead(r.overhead(), keyPath.child("overhead"), errs);
      }
    });
  }

  private static void mapping(NodeAllocatableMapping m, Set<String> capacity, FieldPath path,
      List<FieldError> errs) {
    String key = m.capacityKey();
    Quantity multiplier = m.capacityMultiplier();
    if (key != null) {
      if (key.isEmpty()) {
        errs.add(FieldError.invalid(path.child("capacityKey"), "", "capacityKey must not be an empty string"));
      } else if (!capacity.contains(key)) {
        errs.add(FieldError.notFound(path.child("capacityKey"), key, ""));
      }
      if (multiplier == null) {
        errs.add(FieldError.required(path.child("capacityMultiplier"),
            "capacityMultiplier is required when capacityKey is set"));
      } else if (multiplier.signum() <= 0) {
        errs.add(FieldError.invalid(path.child("capacityMultiplier"), multiplier.toString(), "must be positive"));
      }
    }
    Quantity perDevice = m.deviceMultiplier();
    if (perDevice != null && perDevice.signum() <= 0) {
      errs.add(FieldError.invalid(path.child("deviceMultiplier"), perDevice.toString(), "must be positive"));
    }
    if (multiplier != null && key == null) {
      errs.add(FieldError.required(path.child("capacityKey"), "capacityKey is required when capacityMultiplier is set"));
    }
  }

  private static void overhead(NodeAllocatableOverhead o, FieldPath path, List<FieldError> errs) {
    if (o.perPod() == null && o.perContainer() == null) {
      errs.add(FieldError.invalid(path, "", "at least one of perPod or perContainer must be set"));
      return;
    }
    if (o.perPod() != null && o.perPod().signum() < 0) {
      errs.add(FieldError.invalid(path.child("perPod"), o.perPod().toString(), "must be non-negative"));
    }
    if (o.perContainer() != null && o.perContainer().signum() < 0) {
      errs.add(FieldError.invalid(path.child("perContainer"), o.perContainer().toString(), "must be non-negative"));
    }
  }

  /**
   * The attribute names the claim's constraints use, per request reference ("" for a
   * constraint on all requests): gatherConstraintAttributes.
   */
  static Map<String, Set<String>> constraintAttributes(List<DeviceConstraint> constraints) {
    Map<String, Set<String>> attributes = new HashMap<>();
    for (DeviceConstraint c : constraints) {
      String name = c.matchAttribute() != null ? c.matchAttribute() : c.distinctAttribute();
      if (name == null) {
        continue;
      }
      for (String request : c.requests().isEmpty() ? List.of("") : c.requests()) {
        attributes.computeIfAbsent(request, k -> new HashSet<>()).add(name);
      }
    }
    return attributes;
  }

  /**
   * derivedAttributes of a request or subrequest ({@code request} is "req" or "req/sub"): at
   * most 32, unique names, each fully qualified and used by a constraint on the request, each
   * expression set and at most 10 KiB (validateDeviceDerivedAttributes).
   */
  static void derivedAttributes(List<DeviceDerivedAttribute> attributes, String request,
      Map<String, Set<String>> constraintAttributes, FieldPath path, List<FieldError> errs) {
    if (!Common.size(attributes, MAX_DERIVED_ATTRIBUTES, path, errs)) {
      return;
    }
    for (int i = 0; i < attributes.size(); i++) {
      DeviceDerivedAttribute a = attributes.get(i);
      FieldPath at = path.index(i);
      if (a.name().isEmpty()) {
        errs.add(FieldError.required(at.child("name"), ""));
      } else {
        Formats.fullyQualifiedName(a.name(), at.child("name"), errs);
        if (!usedByConstraint(a.name(), request, constraintAttributes)) {
          errs.add(FieldError.invalid(at.child("name"), a.name(),
              "must be referenced by at least one matchAttribute or distinctAttribute constraint targeting this request"));
        }
      }
      if (a.expression().isEmpty()) {
        errs.add(FieldError.required(at.child("expression"), ""));
      } else if (a.expression().getBytes(StandardCharsets.UTF_8).length > Common.CEL_SELECTOR_EXPRESSION_MAX_LENGTH) {
        errs.add(FieldError.tooLong(at.child("expression"), Common.CEL_SELECTOR_EXPRESSION_MAX_LENGTH));
      }
    }
    Common.unique(attributes, DeviceDerivedAttribute::name, path, errs);
  }

  /** isAttributeUsedByConstraint: a constraint on all requests, on this one, or on its parent. */
  private static boolean usedByConstraint(String name, String request, Map<String, Set<String>> used) {
    if (used.getOrDefault("", Set.of()).contains(name) || used.getOrDefault(request, Set.of()).contains(name)) {
      return true;
    }
    int slash = request.indexOf('/');
    return slash >= 0 && used.getOrDefault(request.substring(0, slash), Set.of()).contains(name);
  }
}
