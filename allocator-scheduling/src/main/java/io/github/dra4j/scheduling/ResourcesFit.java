package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/*
 * NodeResourcesFit's filter (noderesources/fit.go, fitsRequest): one more pod than the node's
 * allocatable pods is "Too many pods"; then each of cpu, memory and ephemeral-storage, and each
 * scalar resource, that the pod requests more of than the node's allocatable minus what its
 * bound pods request is "Insufficient <resource>". Extended resources a DeviceClass serves are
 * DRA's (the extended resource claim). A node without status.allocatable limits only the
 * extended resources that DRA does not serve (of which it has none), as before node allocatable
 * was modelled.
 */
final class ResourcesFit {
  private ResourcesFit() {}

  static List<String> reasons(Cycle in, Node node) {
    int at = in.position(node);
    Map<String, Long> allocatable = at >= 0 ? in.infos().allocatable(at) : null;
    List<String> why = new ArrayList<>(2);
    if (allocatable != null && in.infos().pods(at).size() + 1 > allocatable.getOrDefault(PodRequests.PODS, 0L)) {
      why.add(NodeFilter.TOO_MANY_PODS);
    }
    Map<String, Long> requested = in.infos().requested(at);
    if (allocatable != null) {
      Map<String, Long> wanted = in.requests();
      for (String resource : NATIVE) {
        check(resource, wanted.getOrDefault(resource, 0L), allocatable, requested, why);
      }
    }
    for (Map.Entry<String, Long> e : in.scalarRequests()) {
      if (allocatable != null || ExtendedResources.isExtendedResourceName(e.getKey())) {
        check(e.getKey(), e.getValue(), allocatable == null ? Map.of() : allocatable, requested, why);
      }
    }
    return why;
  }

  private static final List<String> NATIVE = List.of(PodRequests.CPU, PodRequests.MEMORY, PodRequests.EPHEMERAL_STORAGE);

  private static void check(String resource, long want, Map<String, Long> allocatable, Map<String, Long> requested,
      List<String> why) {
    if (want > 0 && want > allocatable.getOrDefault(resource, 0L) - requested.getOrDefault(resource, 0L)) {
      why.add("Insufficient " + resource);
    }
  }

  /**
   * {@return the scalar resources the plugin checks, sorted so that the reasons repeat from run to
   * run (the plugin's map order is random): those DRA does not serve and the profile does not ignore}
   */
  static List<Map.Entry<String, Long>> scalarRequests(Map<String, Long> requests, List<String> unserved,
      SchedulingProfile profile) {
    List<Map.Entry<String, Long>> out = new ArrayList<>();
    for (Map.Entry<String, Long> e : new TreeMap<>(requests).entrySet()) {
      String resource = e.getKey();
      boolean extended = ExtendedResources.isExtendedResourceName(resource);
      // NodeResourcesFitArgs' ignoredResources and ignoredResourceGroups name extended resources only
      if (PodRequests.scalar(resource) && !(extended && (!unserved.contains(resource) || profile.ignores(resource)))) {
        out.add(Map.entry(resource, e.getValue()));
      }
    }
    return out;
  }
}
