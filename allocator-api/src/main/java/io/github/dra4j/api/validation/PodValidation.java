package io.github.dra4j.api.validation;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerResourceClaim;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/*
 * The rules of k8s.io/kubernetes pkg/apis/core/validation for the pod fields dra4j models:
 * metadata, node selection, spec.resourceClaims, container names and resources. Fields dra4j
 * does not model are not checked.
 */
final class PodValidation {
  private PodValidation() {}

  static List<FieldError> validate(Pod pod) {
    List<FieldError> errs = new ArrayList<>();
    Common.metadata(pod.metadata(), errs);
    PodSpec spec = pod.spec();
    FieldPath sp = FieldPath.of("spec");
    String nodeName = spec.nodeName();
    if (nodeName != null && !nodeName.isEmpty()) {
      Formats.dnsSubdomain(nodeName, sp.child("nodeName"), errs);
    }
    for (Map.Entry<String, String> e : spec.nodeSelector().entrySet()) {
      FieldPath p = sp.child("nodeSelector");
      Formats.labelName(e.getKey(), p, errs);
      Formats.labelValue(e.getValue(), p, errs);
    }
    if (spec.requiredNodeAffinity() != null) {
      Common.nodeSelector(spec.requiredNodeAffinity(), sp.child("affinity").child("nodeAffinity")
          .child("requiredDuringSchedulingIgnoredDuringExecution"), errs);
    }
    Set<String> claimNames = resourceClaims(spec.resourceClaims(), sp.child("resourceClaims"), errs);

    if (spec.containers().isEmpty()) {
      errs.add(FieldError.required(sp.child("containers"), ""));
    }
    Set<String> containerNames = new HashSet<>();
    containers(spec.initContainers(), sp.child("initContainers"), claimNames, containerNames, errs);
    containers(spec.containers(), sp.child("containers"), claimNames, containerNames, errs);
    PodSchedulingValidation.validate(spec, sp, errs);
    PodResourcesValidation.validate(spec, sp, errs);
    return List.copyOf(errs);
  }

  /** {@return the entry names}, after checking each entry names exactly one claim source. */
  private static Set<String> resourceClaims(List<PodResourceClaim> claims, FieldPath path, List<FieldError> errs) {
    Set<String> names = new TreeSet<>();
    for (int i = 0; i < claims.size(); i++) {
      PodResourceClaim c = claims.get(i);
      FieldPath p = path.index(i);
      Formats.requiredDnsLabel(c.name(), p.child("name"), errs);
      if (!c.name().isEmpty() && !names.add(c.name())) {
        errs.add(FieldError.duplicate(p, c.name()));
      }
      String claimName = c.resourceClaimName();
      String templateName = c.resourceClaimTemplateName();
      if (claimName != null && templateName != null) {
        errs.add(FieldError.invalid(p, c.name(),
            "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified"));
      } else if (claimName == null && templateName == null) {
        errs.add(FieldError.invalid(p, c.name(),
            "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`"));
      }
      if (claimName != null) {
        Formats.dnsSubdomain(claimName, p.child("resourceClaimName"), errs);
      }
      if (templateName != null) {
        Formats.dnsSubdomain(templateName, p.child("resourceClaimTemplateName"), errs);
      }
    }
    return names;
  }

  private static void containers(List<Container> containers, FieldPath path, Set<String> claimNames,
      Set<String> seen, List<FieldError> errs) {
    for (int i = 0; i < containers.size(); i++) {
      Container c = containers.get(i);
      FieldPath p = path.index(i);
      if (c.name().isEmpty()) {
        errs.add(FieldError.required(p.child("name"), ""));
      } else {
        Formats.dnsLabel(c.name(), p.child("name"), errs);
        if (!seen.add(c.name())) {
          errs.add(FieldError.duplicate(p.child("name"), c.name()));
        }
      }
      resources(c.resources(), p.child("resources"), claimNames, errs);
    }
  }

  private static void resources(ResourceRequirements r, FieldPath path, Set<String> claimNames,
      List<FieldError> errs) {
    r.limits().forEach((name, q) -> nonNegative(q, path.child("limits").key(name), errs));
    r.requests().forEach((name, q) -> {
      FieldPath p = path.child("requests").key(name);
      nonNegative(q, p, errs);
      Quantity limit = r.limits().get(name);
      if (limit != null && q.compareTo(limit) > 0) {
        errs.add(FieldError.invalid(p, q.toString(), "must be less than or equal to " + name + " limit of " + limit));
      }
    });
    FieldPath cp = path.child("claims");
    Set<String> keys = new HashSet<>();
    for (int i = 0; i < r.claims().size(); i++) {
      ContainerResourceClaim c = r.claims().get(i);
      String key = c.request() == null ? c.name() : c.name() + "/" + c.request();
      if (c.name().isEmpty()) {
        errs.add(FieldError.required(cp.index(i), ""));
      } else if (!keys.add(key)) {
        errs.add(FieldError.duplicate(cp.index(i), key));
      }
      if (!claimNames.contains(c.name())) {
        errs.add(FieldError.notFound(cp.index(i), c.name(), claimNames.isEmpty()
            ? "must be one of the names in pod.spec.resourceClaims which is empty"
            : "must be one of the names in pod.spec.resourceClaims: " + String.join(", ", claimNames)));
      }
      String request = c.request();
      if (request != null && !request.isEmpty()) {
        Formats.dnsLabel(request, cp.index(i).child("request"), errs);
      }
    }
  }

  private static void nonNegative(Quantity q, FieldPath path, List<FieldError> errs) {
    if (q.signum() < 0) {
      errs.add(FieldError.invalid(path, q.toString(), "must be greater than or equal to 0"));
    }
  }
}
