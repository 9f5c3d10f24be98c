package io.github.dra4j.api.validation;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/*
 * validatePodResources of pkg/apis/core/validation, on the pod as the API server stores it (its
 * pod-level requests and hugepages limits defaulted): no claims; only cpu, memory and hugepages;
 * no negative amount; a request at most its limit (a hugepages request equal to it, and limited);
 * hugepages only with cpu or memory; the pod-level request at least the containers' aggregate, a
 * hugepages limit at least theirs, and no container limit above the pod's. Map entries are
 * checked in name order (Go's are random), so that the errors repeat from run to run.
 */
final class PodResourcesValidation {
  private static final Set<String> STANDARD = Set.of("cpu", "memory", "ephemeral-storage", "requests.cpu",
      "requests.memory", "requests.ephemeral-storage", "limits.cpu", "limits.memory", "limits.ephemeral-storage",
      "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
      "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports", "services.loadbalancers");

  private PodResourcesValidation() {}

  static void validate(PodSpec spec, FieldPath sp, List<FieldError> errs) {
    ResourceRequirements r = spec.resources();
    if (r == null) {
      return;
    }
    FieldPath path = sp.child("resources");
    if (!r.claims().isEmpty()) {
      errs.add(FieldError.forbidden(path.child("claims"), "claims may not be set for Resources at pod-level"));
    }
    Map<String, Quantity> limits = PodLevelResources.limits(spec);
    Map<String, Quantity> requests = PodLevelResources.requests(spec);
    FieldPath limPath = path.child("limits");
    FieldPath reqPath = path.child("requests");
    boolean cpuOrMemory = false;
    boolean hugePages = false;
    for (Map.Entry<String, Quantity> e : limits.entrySet()) {
      String name = e.getKey();
      quantity(name, e.getValue(), limPath.key(name), errs);
      cpuOrMemory |= name.equals("cpu") || name.equals("memory");
      hugePages |= name.startsWith(PodLevelResources.HUGE_PAGES_PREFIX);
    }
    for (Map.Entry<String, Quantity> e : requests.entrySet()) {
      String name = e.getKey();
      Quantity q = e.getValue();
      quantity(name, q, reqPath.key(name), errs);
      boolean huge = name.startsWith(PodLevelResources.HUGE_PAGES_PREFIX);
      Quantity limit = limits.get(name);
      if (limit != null) {
        if (huge && q.compareTo(limit) != 0) {
          errs.add(FieldError.invalid(reqPath, q.toString(), "must be equal to " + name + " limit of " + limit));
        } else if (q.compareTo(limit) > 0) {
          errs.add(FieldError.invalid(reqPath, q.toString(), "must be less than or equal to " + name + " limit of " + limit));
        }
      } else if (huge) {
        errs.add(FieldError.required(limPath, "Limit must be set for non overcommitable resources"));
      }
      cpuOrMemory |= name.equals("cpu") || name.equals("memory");
      hugePages |= huge;
    }
    if (hugePages && !cpuOrMemory) {
      errs.add(FieldError.forbidden(path, "HugePages require cpu or memory"));
    }
    consistency(spec, requests, limits, sp, errs);
  }

  /* validatePodResourceName and ValidateResourceQuantityValue. */
  private static void quantity(String name, Quantity q, FieldPath p, List<FieldError> errs) {
    if (!name.contains("/") && !STANDARD.contains(name) && !name.startsWith(PodLevelResources.HUGE_PAGES_PREFIX)
        && !name.startsWith("requests." + PodLevelResources.HUGE_PAGES_PREFIX)) {
      errs.add(FieldError.invalid(p, name, "must be a standard resource type or fully qualified"));
    } else if (!PodLevelResources.supported(name)) {
      errs.add(FieldError.notSupported(p, name, "supported values: \"cpu\", \"hugepages-\", \"memory\""));
    }
    if (q.signum() < 0) {
      errs.add(FieldError.invalid(p, q.toString(), "must be greater than or equal to 0"));
    }
  }

  /* validatePodResourceConsistency. */
  private static void consistency(PodSpec spec, Map<String, Quantity> requests, Map<String, Quantity> limits,
      FieldPath sp, List<FieldError> errs) {
    FieldPath path = sp.child("resources");
    for (Map.Entry<String, Quantity> e : PodLevelResources.aggregateContainerRequests(spec).entrySet()) {
      Quantity pod = requests.get(e.getKey());
      if (pod != null && PodLevelResources.supported(e.getKey()) && e.getValue().compareTo(pod) > 0) {
        errs.add(FieldError.invalid(path.child("requests").key(e.getKey()), pod.toString(),
            "must be greater than or equal to aggregate container requests of " + e.getValue()));
      }
    }
    for (Map.Entry<String, Quantity> e : PodLevelResources.aggregateContainerLimits(spec).entrySet()) {
      Quantity pod = limits.get(e.getKey());
      if (pod != null && e.getKey().startsWith(PodLevelResources.HUGE_PAGES_PREFIX) && e.getValue().compareTo(pod) > 0) {
        errs.add(FieldError.invalid(path.child("limits").key(e.getKey()), pod.toString(),
            "must be greater than or equal to aggregate container limits of " + e.getValue()));
      }
    }
    List<Container> containers = spec.containers();
    for (int i = 0; i < containers.size(); i++) {
      for (Map.Entry<String, Quantity> e : new TreeMap<>(containers.get(i).resources().limits()).entrySet()) {
        Quantity pod = limits.get(e.getKey());
        if (pod != null && e.getValue().compareTo(pod) > 0) {
          errs.add(FieldError.invalid(sp.child("containers").index(i).child("resources").child("limits")
              .key(e.getKey()), e.getValue().toString(), "must be less than or equal to pod limits of " + pod));
        }
      }
    }
  }
}
