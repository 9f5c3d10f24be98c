package io.github.dra4j.scheduling;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerExtendedResourceRequest;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/*
 * Extended resources backed by DRA (KEP-5004, DRAExtendedResource): a container's request for
 * example.com/gpu, or deviceclass.resource.kubernetes.io/<class>, is served by a claim the
 * scheduler makes for the pod. Mirrors preFilterExtendedResources, filterExtendedResources and
 * createRequestsAndMappings of the scheduler's dynamicresources plugin. Node allocatable is not
 * modelled, so no node serves an extended resource through a device plugin: every resource a
 * DeviceClass backs goes to DRA, and any other extended resource fits no node.
 */
final class ExtendedResources {
  /** The implicit extended resource name of every DeviceClass is this prefix and the class name. */
  static final String DEVICE_CLASS_PREFIX = "deviceclass.resource.kubernetes.io/";
  /** Marks the claim the scheduler makes for a pod's extended resources. */
  static final String CLAIM_ANNOTATION = "resource.kubernetes.io/extended-resource-claim";

  /** The resource name each class serves; a class's explicit name wins for the first class by name. */
  private final Map<String, String> classByResource;

  ExtendedResources(Collection<DeviceClass> classes) {
    List<DeviceClass> byName = new ArrayList<>();
    for (DeviceClass c : classes) {
      if (c.name() != null) {
        byName.add(c);
      }
    }
    byName.sort(Comparator.comparing(DeviceClass::name));
    Map<String, String> m = new HashMap<>();
    for (DeviceClass c : byName) {
      m.put(DEVICE_CLASS_PREFIX + c.name(), c.name());
    }
    for (DeviceClass c : byName) {
      String explicit = c.spec().extendedResourceName();
      if (explicit != null) {
        m.putIfAbsent(explicit, c.name());
      }
    }
    this.classByResource = Map.copyOf(m);
  }

  /** {@return the class that backs the resource, or null} */
  @Nullable String deviceClass(String resource) {
    return classByResource.get(resource);
  }

  /**
   * What the pod's extended resources need.
   *
   * @param requests the special claim's requests, sorted by name; empty when DRA serves none
   * @param mappings which request serves which container's resource
   * @param unserved extended resources no DeviceClass backs (or all, with the gate off), sorted
   */
  record Plan(List<DeviceRequest> requests, List<ContainerExtendedResourceRequest> mappings, List<String> unserved) {}

  Plan plan(Pod pod, boolean enabled) {
    List<Container> containers = new ArrayList<>(pod.spec().initContainers());
    int inits = containers.size();
    containers.addAll(pod.spec().containers());
    List<Map<String, Quantity>> requests = new ArrayList<>(containers.size());
    Set<String> requested = new TreeSet<>();
    for (Container c : containers) {
      Map<String, Quantity> r = requests(c);
      requests.add(r);
      r.forEach((name, q) -> {
        if (!q.isZero() && isExtendedResourceName(name)) {
          requested.add(name);
        }
      });
    }
    List<DeviceRequest> out = new ArrayList<>();
    List<ContainerExtendedResourceRequest> mappings = new ArrayList<>();
    List<String> unserved = new ArrayList<>();
    for (String resource : requested) {
      String className = enabled ? deviceClass(resource) : null;
      if (className == null) {
        unserved.add(resource);
        continue;
      }
      planResource(resource, className, containers, inits, requests, out, mappings);
    }
    out.sort(Comparator.comparing(DeviceRequest::name));
    return new Plan(out, mappings, unserved);
  }

  /*
   * Regular containers get one request each. An init container (all are short-lived here:
   * sidecars are not modelled) first reuses the requests of the regular containers, which run
   * after it; only the largest remaining init request is kept, and every init container's
   * mapping points at it.
   */
  private static void planResource(String resource, String className, List<Container> containers, int inits,
      List<Map<String, Quantity>> requests, List<DeviceRequest> out, List<ContainerExtendedResourceRequest> mappings) {
    DeviceRequest[] longLived = new DeviceRequest[containers.size()];
    List<ContainerExtendedResourceRequest> longMappings = new ArrayList<>();
    for (int i = inits; i < containers.size(); i++) {
      longLived[i] = request(i, containers.get(i), requests.get(i), resource, className, List.of(), longMappings);
    }
    List<ContainerExtendedResourceRequest> shortMappings = new ArrayList<>();
    DeviceRequest largest = null;
    Set<String> shortNames = new HashSet<>();
    for (int i = 0; i < inits; i++) {
      List<DeviceRequest> reusable = new ArrayList<>();
      for (int j = i; j < longLived.length; j++) {
        reusable.add(longLived[j]);
      }
      DeviceRequest r = request(i, containers.get(i), requests.get(i), resource, className, reusable, shortMappings);
      if (r != null) {
        shortNames.add(r.name());
        if (largest == null || count(largest) < count(r)) {
          largest = r;
        }
      }
    }
    if (largest != null && shortNames.size() > 1) {
      shortNames.remove(largest.name());
      for (int k = 0; k < shortMappings.size(); k++) {
        ContainerExtendedResourceRequest m = shortMappings.get(k);
        if (shortNames.contains(m.requestName())) {
          shortMappings.set(k, new ContainerExtendedResourceRequest(m.containerName(), m.resourceName(), largest.name()));
        }
      }
    }
    if (largest != null) {
      out.add(largest);
    }
    for (DeviceRequest r : longLived) {
      if (r != null) {
        out.add(r);
      }
    }
    mappings.addAll(longMappings);
    mappings.addAll(shortMappings);
  }

  /*
   * The request of container i for the resource, named container-<i>-request-<j> with j the
   * resource's position among the container's request names in sorted order; null when the
   * container asks for none, for a non-integer amount, or when reusable requests cover it.
   */
  private static @Nullable DeviceRequest request(int i, Container c, Map<String, Quantity> requests, String resource,
      String className, List<DeviceRequest> reusable, List<ContainerExtendedResourceRequest> mappings) {
    Quantity q = requests.get(resource);
    long wanted = q == null ? 0 : integer(q);
    if (wanted <= 0) {
      return null;
    }
    long sum = 0;
    for (DeviceRequest r : reusable) {
      if (r != null) {
        sum += count(r);
        mappings.add(new ContainerExtendedResourceRequest(c.name(), resource, r.name()));
        if (sum >= wanted) {
          return null;
        }
      }
    }
    int index = new ArrayList<>(new TreeSet<>(requests.keySet())).indexOf(resource);
    String name = "container-" + i + "-request-" + index;
    mappings.add(new ContainerExtendedResourceRequest(c.name(), resource, name));
    ExactDeviceRequest exactly = new ExactDeviceRequest(className, List.of(), "ExactCount", wanted - sum, null,
        List.of(), null);
    return new DeviceRequest(name, exactly, List.of());
  }

  private static long count(DeviceRequest r) {
    Long c = Objects.requireNonNull(r.exactly()).count(); // the requests made here are all exactly
    return c == null ? 1 : c;
  }

  /** {@return the quantity as a whole number, or 0 when it is not one (AsInt64 fails)} */
  private static long integer(Quantity q) {
    BigDecimal v = q.value();
    try {
      return v.stripTrailingZeros().scale() > 0 ? 0 : v.longValueExact();
    } catch (ArithmeticException e) {
      return 0;
    }
  }

  /**
   * A container's requests as the API server defaults them: a limit without a request is the
   * request. Sorted by name; read only. The requests alone when every limit has a request (the
   * record keeps its maps sorted), as this runs for every container of every pod scheduled.
   */
  static Map<String, Quantity> requests(Container c) {
    Map<String, Quantity> requests = c.resources().requests();
    Map<String, Quantity> limits = c.resources().limits();
    if (requests.keySet().containsAll(limits.keySet())) {
      return requests;
    }
    Map<String, Quantity> r = new TreeMap<>(requests);
    limits.forEach(r::putIfAbsent);
    return r;
  }

  /*
   * IsDRAExtendedResourceName: an implicit class name, or an extended resource: a qualified name
   * outside kubernetes.io that is not a quota "requests." name.
   */
  static boolean isExtendedResourceName(String name) {
    if (name.startsWith(DEVICE_CLASS_PREFIX)) {
      return true;
    }
    return name.contains("/") && !name.contains("kubernetes.io/") && !name.startsWith("requests.");
  }
}
