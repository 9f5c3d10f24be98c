package io.github.dra4j.api.validation;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerPort;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.PodAffinityTerm;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PreferredSchedulingTerm;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.WeightedPodAffinityTerm;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * The rules of pkg/apis/core/validation for the pod fields the scheduler's plugins read
 * (tolerations, spread constraints, affinity terms, ports, overhead), with its messages: those
 * whose breach would otherwise give a silent wrong answer (an empty topology key spreads over
 * nothing, an Exists toleration with a value tolerates more than written) or an error deep in a
 * plugin.
 */
final class PodSchedulingValidation {
  private static final List<String> OPERATORS = List.of(Toleration.EQUAL, "Exists");
  private static final List<String> EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");
  private static final List<String> WHEN = List.of(TopologySpreadConstraint.DO_NOT_SCHEDULE,
      TopologySpreadConstraint.SCHEDULE_ANYWAY);
  private static final List<String> POLICIES = List.of("Honor", "Ignore");
  private static final List<String> PROTOCOLS = List.of("SCTP", "TCP", "UDP");

  private PodSchedulingValidation() {}

  static void validate(PodSpec spec, FieldPath sp, List<FieldError> errs) {
    for (int i = 0; i < spec.tolerations().size(); i++) {
      toleration(spec.tolerations().get(i), sp.child("tolerations").index(i), errs);
    }
    spread(spec.topologySpreadConstraints(), sp.child("topologySpreadConstraints"), errs);
    affinity(spec.affinity(), sp.child("affinity"), errs);
    ports(spec.initContainers(), sp.child("initContainers"), errs);
    ports(spec.containers(), sp.child("containers"), errs);
    for (Map.Entry<String, Quantity> e : spec.overhead().entrySet()) {
      if (e.getValue().signum() < 0) {
        errs.add(FieldError.invalid(sp.child("overhead").key(e.getKey()), e.getValue().toString(),
            "must be greater than or equal to 0"));
      }
    }
  }

  /* validateTolerations. */
  private static void toleration(Toleration t, FieldPath p, List<FieldError> errs) {
    String key = t.key() == null ? "" : t.key();
    String operator = t.operator() == null || t.operator().isEmpty() ? Toleration.EQUAL : t.operator();
    String value = t.value() == null ? "" : t.value();
    if (!key.isEmpty()) {
      Formats.labelName(key, p.child("key"), errs);
    } else if (!operator.equals("Exists")) {
      errs.add(FieldError.invalid(p.child("operator"), operator,
          "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
    }
    if (t.tolerationSeconds() != null && !"NoExecute".equals(t.effect())) {
      errs.add(FieldError.invalid(p.child("effect"), t.effect() == null ? "" : t.effect(),
          "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (!OPERATORS.contains(operator)) {
      errs.add(FieldError.notSupported(p.child("operator"), operator, "supported values: \"Equal\", \"Exists\""));
    } else if (operator.equals("Exists") && !value.isEmpty()) {
      errs.add(FieldError.invalid(p.child("operator"), value, "value must be empty when `operator` is 'Exists'"));
    } else if (operator.equals(Toleration.EQUAL)) {
      Formats.labelValue(value, p.child("value"), errs);
    }
    if (t.effect() != null && !t.effect().isEmpty() && !EFFECTS.contains(t.effect())) {
      errs.add(FieldError.notSupported(p.child("effect"), t.effect(),
          "supported values: \"NoExecute\", \"NoSchedule\", \"PreferNoSchedule\""));
    }
  }

  /* validateTopologySpreadConstraints. */
  private static void spread(List<TopologySpreadConstraint> constraints, FieldPath path, List<FieldError> errs) {
    for (int i = 0; i < constraints.size(); i++) {
      TopologySpreadConstraint c = constraints.get(i);
      FieldPath p = path.index(i);
      if (c.maxSkew() <= 0) {
        errs.add(FieldError.invalid(p.child("maxSkew"), c.maxSkew(), "must be greater than zero"));
      }
      if (c.topologyKey().isEmpty()) {
        errs.add(FieldError.required(p.child("topologyKey"), "can not be empty"));
      } else {
        Formats.labelName(c.topologyKey(), p.child("topologyKey"), errs);
      }
      String when = c.whenUnsatisfiable();
      if (when.isEmpty()) {
        errs.add(FieldError.required(p.child("whenUnsatisfiable"), "can not be empty"));
      } else if (!WHEN.contains(when)) {
        errs.add(FieldError.notSupported(p.child("whenUnsatisfiable"), when,
            "supported values: \"DoNotSchedule\", \"ScheduleAnyway\""));
      }
      Integer minDomains = c.minDomains();
      if (minDomains != null) {
        if (minDomains <= 0) {
          errs.add(FieldError.invalid(p.child("minDomains"), minDomains, "must be greater than 0"));
        } else if (!when.equals(TopologySpreadConstraint.DO_NOT_SCHEDULE)) {
          errs.add(FieldError.invalid(p.child("minDomains"), minDomains,
              "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not " + when));
        }
      }
      policy(c.nodeAffinityPolicy(), p.child("nodeAffinityPolicy"), errs);
      policy(c.nodeTaintsPolicy(), p.child("nodeTaintsPolicy"), errs);
      for (int j = 0; j < i; j++) {
        if (constraints.get(j).topologyKey().equals(c.topologyKey()) && constraints.get(j).whenUnsatisfiable().equals(when)) {
          errs.add(FieldError.duplicate(p, "{" + c.topologyKey() + ", " + when + "}"));
          break;
        }
      }
    }
  }

  private static void policy(@Nullable String policy, FieldPath p, List<FieldError> errs) {
    if (policy != null && !POLICIES.contains(policy)) {
      errs.add(FieldError.notSupported(p, policy, "supported values: \"Honor\", \"Ignore\""));
    }
  }

  /* validateAffinity: term weights and topology keys. */
  private static void affinity(@Nullable Affinity a, FieldPath p, List<FieldError> errs) {
    if (a == null) {
      return;
    }
    NodeAffinity na = a.nodeAffinity();
    if (na != null) {
      FieldPath pp = p.child("nodeAffinity").child("preferredDuringSchedulingIgnoredDuringExecution");
      for (int i = 0; i < na.preferred().size(); i++) {
        PreferredSchedulingTerm t = na.preferred().get(i);
        weight(t.weight(), pp.index(i).child("weight"), errs);
      }
    }
    podAffinity(a.podAffinity(), p.child("podAffinity"), errs);
    podAffinity(a.podAntiAffinity(), p.child("podAntiAffinity"), errs);
  }

  private static void podAffinity(@Nullable PodAffinity pa, FieldPath p, List<FieldError> errs) {
    if (pa == null) {
      return;
    }
    FieldPath rp = p.child("requiredDuringSchedulingIgnoredDuringExecution");
    for (int i = 0; i < pa.required().size(); i++) {
      term(pa.required().get(i), rp.index(i), errs);
    }
    FieldPath pp = p.child("preferredDuringSchedulingIgnoredDuringExecution");
    for (int i = 0; i < pa.preferred().size(); i++) {
      WeightedPodAffinityTerm w = pa.preferred().get(i);
      weight(w.weight(), pp.index(i).child("weight"), errs);
      term(w.podAffinityTerm(), pp.index(i).child("podAffinityTerm"), errs);
    }
  }

  private static void term(PodAffinityTerm t, FieldPath p, List<FieldError> errs) {
    if (t.topologyKey().isEmpty()) {
      errs.add(FieldError.required(p.child("topologyKey"), "can not be empty"));
    } else {
      Formats.labelName(t.topologyKey(), p.child("topologyKey"), errs);
    }
  }

  private static void weight(int w, FieldPath p, List<FieldError> errs) {
    if (w <= 0 || w > 100) {
      errs.add(FieldError.invalid(p, w, "must be in the range 1-100"));
    }
  }

  /* validateContainerPorts: the host ports NodePorts reads. */
  private static void ports(List<Container> containers, FieldPath path, List<FieldError> errs) {
    for (int i = 0; i < containers.size(); i++) {
      List<ContainerPort> ports = containers.get(i).ports();
      for (int j = 0; j < ports.size(); j++) {
        ContainerPort port = ports.get(j);
        FieldPath p = path.index(i).child("ports").index(j);
        if (port.containerPort() < 1 || port.containerPort() > 65535) {
          errs.add(FieldError.invalid(p.child("containerPort"), port.containerPort(),
              "must be between 1 and 65535, inclusive"));
        }
        Integer host = port.hostPort();
        if (host != null && host != 0 && (host < 1 || host > 65535)) {
          errs.add(FieldError.invalid(p.child("hostPort"), host, "must be between 1 and 65535, inclusive"));
        }
        if (port.protocol() != null && !PROTOCOLS.contains(port.protocol())) {
          errs.add(FieldError.notSupported(p.child("protocol"), port.protocol(),
              "supported values: \"SCTP\", \"TCP\", \"UDP\""));
        }
      }
    }
  }
}
