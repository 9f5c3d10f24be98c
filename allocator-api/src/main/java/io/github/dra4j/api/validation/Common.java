package io.github.dra4j.api.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/* Checks shared by slices, claims and classes. */
final class Common {
  static final int CEL_SELECTOR_EXPRESSION_MAX_LENGTH = 10 * 1024;
  static final int DEVICE_SELECTORS_MAX = 32;
  static final int DEVICE_CONFIG_MAX = 32;
  static final int OPAQUE_PARAMETERS_MAX_LENGTH = 10 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> SELECTOR_OPERATORS = List.of(
      NodeSelectorRequirement.IN, NodeSelectorRequirement.NOT_IN, NodeSelectorRequirement.EXISTS,
      NodeSelectorRequirement.DOES_NOT_EXIST, NodeSelectorRequirement.GT, NodeSelectorRequirement.LT);
  static final List<String> TAINT_EFFECTS = List.of(
      DeviceTaint.EFFECT_NO_EXECUTE, DeviceTaint.EFFECT_NO_SCHEDULE, DeviceTaint.EFFECT_NONE);
  private static final List<String> TOLERATION_OPERATORS = List.of(
      DeviceToleration.OPERATOR_EQUAL, DeviceToleration.OPERATOR_EXISTS);

  private Common() {}

  /** {@return the detail of a NotSupported error, in Kubernetes' words} */
  /** A value that prints as JSON, as Go's field errors print values that are not strings or numbers. */
  static Object json(Object value) {
    String text;
    try {
      text = JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      text = String.valueOf(value);
    }
    String printed = text;
    return new Object() {
      @Override
      public String toString() {
        return printed;
      }
    };
  }

  /** {@return the value of an attribute as its JSON field holds it (a list, a string, ...)} */
  static Object attributeValue(DeviceAttribute a) {
    if (a instanceof DeviceAttribute.OfBool) {
      return ((DeviceAttribute.OfBool) a).value();
    } else if (a instanceof DeviceAttribute.OfInt) {
      return ((DeviceAttribute.OfInt) a).value();
    } else if (a instanceof DeviceAttribute.OfString) {
      return ((DeviceAttribute.OfString) a).value();
    } else if (a instanceof DeviceAttribute.OfVersion) {
      return ((DeviceAttribute.OfVersion) a).value();
    } else if (a instanceof DeviceAttribute.OfBools) {
      return ((DeviceAttribute.OfBools) a).values();
    } else if (a instanceof DeviceAttribute.OfInts) {
      return ((DeviceAttribute.OfInts) a).values();
    } else if (a instanceof DeviceAttribute.OfStrings) {
      return ((DeviceAttribute.OfStrings) a).values();
    } else if (a instanceof DeviceAttribute.OfVersions) {
      return ((DeviceAttribute.OfVersions) a).values();
    }
    return Map.of();
  }

  static String supported(List<String> values) {
    StringBuilder sb = new StringBuilder("supported values: ");
    for (int i = 0; i < values.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append('"').append(values.get(i)).append('"');
    }
    return sb.toString();
  }

  /**
   * Checks the list's size; when it is too long, reports only that (as Kubernetes does, against
   * denial of service) and returns false so that the caller skips the items.
   */
  static boolean size(List<?> list, int max, FieldPath path, List<FieldError> errs) {
    if (list.size() > max) {
      errs.add(FieldError.tooMany(path, list.size(), max));
      return false;
    }
    return true;
  }

  /** Reports every entry whose key was already seen, as {@code path[i]: Duplicate value}. */
  static <T> void unique(List<T> list, Function<T, String> key, FieldPath path,
      List<FieldError> errs) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      String k = key.apply(list.get(i));
      if (!seen.add(k)) {
        errs.add(FieldError.duplicate(path.index(i), k));
      }
    }
  }

  /** metadata.name: required, a DNS subdomain; metadata.namespace, when set, a DNS label. */
  static void metadata(ObjectMeta meta, List<FieldError> errs) {
    FieldPath path = FieldPath.of("metadata");
    String name = meta.name();
    if (name == null || name.isEmpty()) {
      errs.add(FieldError.required(path.child("name"), "name or generateName is required"));
    } else {
      Formats.dnsSubdomain(name, path.child("name"), errs);
    }
    String ns = meta.namespace();
    if (ns != null && !ns.isEmpty()) {
      Formats.dnsLabel(ns, path.child("namespace"), errs);
    }
    for (int i = 0; i < meta.ownerReferences().size(); i++) {
      String uid = meta.ownerReferences().get(i).uid();
      if (uid == null || uid.isEmpty()) {
        errs.add(FieldError.required(path.child("ownerReferences").index(i).child("uid"), ""));
      }
    }
  }

  /** A core/v1 NodeSelector, as core validation checks it. */
  static void nodeSelector(NodeSelector selector, FieldPath path, List<FieldError> errs) {
    FieldPath terms = path.child("nodeSelectorTerms");
    if (selector.nodeSelectorTerms().isEmpty()) {
      errs.add(FieldError.required(terms, "must have at least one node selector term"));
      return;
    }
    for (int i = 0; i < selector.nodeSelectorTerms().size(); i++) {
      NodeSelectorTerm term = selector.nodeSelectorTerms().get(i);
      FieldPath termPath = terms.index(i);
      for (int j = 0; j < term.matchExpressions().size(); j++) {
        labelRequirement(term.matchExpressions().get(j),
            termPath.child("matchExpressions").index(j), errs);
      }
      for (int j = 0; j < term.matchFields().size(); j++) {
        fieldRequirement(term.matchFields().get(j), termPath.child("matchFields").index(j), errs);
      }
    }
  }

  private static void labelRequirement(NodeSelectorRequirement r, FieldPath path,
      List<FieldError> errs) {
    switch (r.operator()) {
      case NodeSelectorRequirement.IN:
      case NodeSelectorRequirement.NOT_IN:
        if (r.values().isEmpty()) {
          errs.add(FieldError.required(path.child("values"),
              "must be specified when `operator` is 'In' or 'NotIn'"));
        }
        break;
      case NodeSelectorRequirement.EXISTS:
      case NodeSelectorRequirement.DOES_NOT_EXIST:
        if (!r.values().isEmpty()) {
          errs.add(FieldError.forbidden(path.child("values"),
              "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        }
        break;
      case NodeSelectorRequirement.GT:
      case NodeSelectorRequirement.LT:
        if (r.values().size() != 1) {
          errs.add(FieldError.required(path.child("values"),
              "must be specified single value when `operator` is 'Lt' or 'Gt'"));
        }
        break;
      default:
        errs.add(FieldError.notSupported(path.child("operator"), r.operator(),
            supported(SELECTOR_OPERATORS)));
    }
    Formats.labelName(r.key(), path.child("key"), errs);
    for (int i = 0; i < r.values().size(); i++) {
      Formats.labelValue(r.values().get(i), path.child("values").index(i), errs);
    }
  }

  private static void fieldRequirement(NodeSelectorRequirement r, FieldPath path,
      List<FieldError> errs) {
    if (r.operator().equals(NodeSelectorRequirement.IN)
        || r.operator().equals(NodeSelectorRequirement.NOT_IN)) {
      if (r.values().size() != 1) {
        errs.add(FieldError.required(path.child("values"),
            "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
      }
    } else {
      errs.add(FieldError.notSupported(path.child("operator"), r.operator(),
          supported(List.of(NodeSelectorRequirement.IN, NodeSelectorRequirement.NOT_IN))));
    }
    if (!r.key().equals("metadata.name")) {
      errs.add(FieldError.notSupported(path.child("key"), r.key(),
          supported(List.of("metadata.name"))));
    } else {
      for (int i = 0; i < r.values().size(); i++) {
        Formats.dnsSubdomain(r.values().get(i), path.child("values").index(i), errs);
      }
    }
  }

  /** Device selectors: at most 32, each with a non-empty CEL expression of at most 10 KiB. */
  static void selectors(List<DeviceSelector> selectors, FieldPath path, List<FieldError> errs) {
    if (!size(selectors, DEVICE_SELECTORS_MAX, path, errs)) {
      return;
    }
    for (int i = 0; i < selectors.size(); i++) {
      DeviceSelector s = selectors.get(i);
      FieldPath p = path.index(i);
      if (s.cel() == null) {
        errs.add(FieldError.required(p.child("cel"), ""));
        continue;
      }
      String expression = s.cel().expression();
      FieldPath ep = p.child("cel").child("expression");
      if (expression.isBlank()) {
        errs.add(FieldError.required(ep, "expression must not be empty"));
      } else if (Formats.bytes(expression) > CEL_SELECTOR_EXPRESSION_MAX_LENGTH) {
        errs.add(FieldError.tooLong(ep, CEL_SELECTOR_EXPRESSION_MAX_LENGTH));
      }
    }
  }

  /** Opaque configuration: a driver name and parameters that are a JSON object of at most 10 KiB. */
  static void opaque(OpaqueDeviceConfiguration opaque, FieldPath path, List<FieldError> errs) {
    Formats.driverName(opaque.driver(), path.child("driver"), errs);
    FieldPath p = path.child("parameters");
    String raw = opaque.parameters().json();
    if (raw.isBlank()) {
      errs.add(FieldError.required(p, ""));
      return;
    }
    if (Formats.bytes(raw) > OPAQUE_PARAMETERS_MAX_LENGTH) {
      errs.add(FieldError.tooLong(p, OPAQUE_PARAMETERS_MAX_LENGTH));
      return;
    }
    JsonNode node;
    try {
      node = JSON.readTree(raw);
    } catch (JsonProcessingException e) {
      errs.add(FieldError.invalid(p, "<value omitted>",
          "error parsing data as JSON: " + jsonProblem(e)));
      return;
    }
    if (node == null || node.isNull() || node.isMissingNode()) {
      errs.add(FieldError.required(p, ""));
    } else if (!node.isObject()) {
      errs.add(FieldError.invalid(p, "<value omitted>", "must be a valid JSON object"));
    }
  }

  /** {@return Jackson's message without the location, which names no useful source here} */
  private static String jsonProblem(JsonProcessingException e) {
    String message = e.getOriginalMessage();
    int cut = message.indexOf(" (");
    int newline = message.indexOf('\n');
    if (newline >= 0 && (cut < 0 || newline < cut)) {
      cut = newline;
    }
    return cut < 0 ? message : message.substring(0, cut);
  }

  /** A device taint: label-name key, label-value value, known effect. */
  static void taint(DeviceTaint taint, FieldPath path, List<FieldError> errs) {
    if (taint.key().isEmpty()) {
      errs.add(FieldError.invalid(path.child("key"), "", "name part must be non-empty"));
    } else {
      Formats.labelName(taint.key(), path.child("key"), errs);
    }
    if (taint.value() != null && !taint.value().isEmpty()) {
      Formats.labelValue(taint.value(), path.child("value"), errs);
    }
    if (taint.effect().isEmpty()) {
      errs.add(FieldError.required(path.child("effect"), ""));
    } else if (!TAINT_EFFECTS.contains(taint.effect())) {
      errs.add(FieldError.notSupported(path.child("effect"), taint.effect(),
          supported(TAINT_EFFECTS)));
    }
  }

  /** A toleration; a missing operator means Equal, as the v1 API defaults it. */
  static void toleration(DeviceToleration t, FieldPath path, List<FieldError> errs) {
    if (t.key() != null && !t.key().isEmpty()) {
      Formats.labelName(t.key(), path.child("key"), errs);
    }
    String operator = t.operator() == null || t.operator().isEmpty()
        ? DeviceToleration.OPERATOR_EQUAL : t.operator();
    String value = t.value() == null ? "" : t.value();
    if (operator.equals(DeviceToleration.OPERATOR_EXISTS)) {
      if (!value.isEmpty()) {
        errs.add(FieldError.invalid(path.child("value"), value,
            "must be empty for operator `Exists`"));
      }
    } else if (operator.equals(DeviceToleration.OPERATOR_EQUAL)) {
      Formats.labelValue(value, path.child("value"), errs);
    } else {
      errs.add(FieldError.notSupported(path.child("operator"), operator,
          supported(TOLERATION_OPERATORS)));
    }
    if (t.effect() != null && !t.effect().isEmpty() && !TAINT_EFFECTS.contains(t.effect())) {
      errs.add(FieldError.notSupported(path.child("effect"), t.effect(),
          supported(TAINT_EFFECTS)));
    }
  }
}
