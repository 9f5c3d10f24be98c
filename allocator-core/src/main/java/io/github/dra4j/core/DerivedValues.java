package io.github.dra4j.core;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * The derived attributes (KEP-6080) of one call's requests, evaluated on first use and remembered
 * for the call per device and expression (derivedAttributesCache in allocator_experimental.go):
 * an expression is evaluated once per device, whatever name or request uses it. A request's
 * constraints read its derived attribute of a name before the device's own attribute; a derived
 * name that a driver also publishes shadows it for that request. Evaluation happens only when a
 * constraint needs the value, after the device passed the request's selectors, and a failure
 * (compile or runtime) ends the call with an error, as in the reference. Single-threaded, as the
 * run that owns it.
 */
final class DerivedValues {
  private final ClaimPlan plan;
  private final EvaluationInterrupt interrupt;
  private final Map<Key, DeviceAttribute> values = new HashMap<>();
  private final IdentityHashMap<RequestData, AttributeSource> sources = new IdentityHashMap<>();

  /** A device (by identity: one entry per device of the snapshot) and an expression. */
  private record Key(DeviceEntry device, String expression) {}

  DerivedValues(ClaimPlan plan, EvaluationInterrupt interrupt) {
    this.plan = plan;
    this.interrupt = interrupt;
  }

  /** {@return where the request's constraints read attributes} */
  AttributeSource source(RequestData data) {
    if (data.derived.isEmpty()) {
      return AttributeSource.STATIC;
    }
    return sources.computeIfAbsent(data, d -> (device, domain, id) -> lookup(d, device, domain, id));
  }

  private @Nullable DeviceAttribute lookup(RequestData data, DeviceEntry device, String domain, String id) {
    String name = domain + "/" + id;
    CompiledAttribute attribute = data.derived.get(name);
    if (attribute == null) {
      return device.attribute(domain, id);
    }
    Key key = new Key(device, attribute.expression());
    DeviceAttribute value = values.get(key);
    if (value == null) {
      value = evaluate(data, name, attribute, device);
      values.put(key, value);
    }
    return value;
  }

  /** Evaluates; the errors are the reference's words (lookupAttribute), with the claim and path added. */
  private DeviceAttribute evaluate(RequestData data, String name, CompiledAttribute attribute, DeviceEntry device) {
    ObjectRef ref = ClaimPlan.objectRef(plan.claim(data.claimIndex));
    FieldPath path = data.derivedPath == null ? null
        : data.derivedPath.index(new ArrayList<>(data.derived.keySet()).indexOf(name)).child("expression");
    String compileError = attribute.compileError();
    if (compileError != null) {
      throw new CelException("compile derived attribute " + name + " failed: " + compileError, ref, path);
    }
    try {
      return attribute.evaluate(device.view, interrupt);
    } catch (SelectorEvaluationException e) {
      throw new CelException("evaluate derived attribute " + name + " on device " + device.id + " failed: "
          + e.getMessage(), ref, path, e);
    }
  }

  /**
   * Evaluates every derived attribute of the request on the devices; false when one fails. The
   * search bounds need that: a constraint's check throws where an evaluation fails, and the
   * bounds must not cut a subtree that holds such a point.
   */
  boolean evaluateAll(RequestData data, List<DeviceEntry> devices) {
    if (data.derived.isEmpty()) {
      return true;
    }
    AttributeSource source = source(data);
    for (String name : data.derived.keySet()) {
      int slash = name.indexOf('/');
      if (slash < 0) {
        continue; // never looked up: a constraint's attribute has a domain (Constraint.lookup)
      }
      for (DeviceEntry device : devices) {
        try {
          var unused = source.attribute(device, name.substring(0, slash), name.substring(slash + 1));
        } catch (CelException e) {
          return false;
        }
      }
    }
    return true;
  }
}
