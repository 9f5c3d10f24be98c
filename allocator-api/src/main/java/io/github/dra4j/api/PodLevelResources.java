package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Pod-level resources ({@code spec.resources}, the PodLevelResources feature) as the API server
 * defaults them and component-helpers' {@code resource} package reads them. The scheduler counts
 * a pod-level request in place of the containers' sum for the resources it names, so a pod read
 * from a manifest must be defaulted as the API server would have stored it: these methods give
 * the stored values without changing the pod.
 */
public final class PodLevelResources {
  /** The prefix of every hugepages resource name. */
  public static final String HUGE_PAGES_PREFIX = "hugepages-";

  private PodLevelResources() {}

  /**
   * {@return the pod as an API server with the PodLevelResources gate off stores it: without
   * {@code spec.resources}} Such a server drops the field from a new pod before validating it
   * ({@code dropDisabledPodLevelResources}), and a scheduler with the gate off ignores it in a pod
   * created before ({@code SkipPodLevelResources}), so either way nothing reads it.
   *
   * @param pod the pod, unchanged
   */
  public static Pod withoutPodLevelResources(Pod pod) {
    return pod.spec().resources() == null ? pod
        : new Pod(pod.metadata(), pod.spec().toBuilder().resources(null).build(), pod.status());
  }

  /** {@return whether pod-level resources may name the resource: cpu, memory and hugepages (IsSupportedPodLevelResource)} */
  public static boolean supported(String name) {
    return name.equals("cpu") || name.equals("memory") || name.startsWith(HUGE_PAGES_PREFIX);
  }

  /**
   * {@return the containers' requests as AggregateContainerRequests sums them} The containers'
   * sum, each init container's need (its request and the sidecars started before it) taken as a
   * floor, sidecars counted with the containers; a container's request defaults to its limit, as
   * the API server defaults it. Pod overhead is not included.
   */
  public static Map<String, Quantity> aggregateContainerRequests(PodSpec spec) {
    return aggregate(spec, PodLevelResources::requests);
  }

  /** {@return the containers' limits, summed as {@link #aggregateContainerRequests} sums requests} */
  public static Map<String, Quantity> aggregateContainerLimits(PodSpec spec) {
    return aggregate(spec, c -> c.resources().limits());
  }

  /**
   * {@return the pod-level limits after the API server's defaulting (defaultHugePagePodLimits)}:
   * when {@code spec.resources} sets anything, a hugepages size the containers limit and the pod
   * neither requests nor limits gets the containers' aggregate limit.
   */
  public static Map<String, Quantity> limits(PodSpec spec) {
    ResourceRequirements r = spec.resources();
    Map<String, Quantity> limits = new TreeMap<>();
    if (r == null) {
      return limits;
    }
    limits.putAll(r.limits());
    if (!r.limits().isEmpty() || !r.requests().isEmpty()) {
      aggregateContainerLimits(spec).forEach((name, q) -> {
        if (name.startsWith(HUGE_PAGES_PREFIX) && !r.requests().containsKey(name)) {
          limits.putIfAbsent(name, q);
        }
      });
    }
    return limits;
  }

  /**
   * {@return the pod-level requests after the API server's defaulting (defaultPodRequests)}, all
   * names as written: when pod-level limits are set (after {@link #limits}), cpu or memory the
   * containers request defaults to the containers' aggregate, and any other limited resource
   * without a request to its limit.
   */
  public static Map<String, Quantity> requests(PodSpec spec) {
    ResourceRequirements r = spec.resources();
    Map<String, Quantity> requests = new TreeMap<>();
    if (r == null) {
      return requests;
    }
    requests.putAll(r.requests());
    Map<String, Quantity> limits = limits(spec);
    if (limits.isEmpty()) {
      return requests;
    }
    aggregateContainerRequests(spec).forEach((name, q) -> {
      if (supported(name) && !name.startsWith(HUGE_PAGES_PREFIX)) {
        requests.putIfAbsent(name, q);
      }
    });
    limits.forEach((name, q) -> {
      if (supported(name)) {
        requests.putIfAbsent(name, q);
      }
    });
    return requests;
  }

  private static Map<String, Quantity> requests(Container c) {
    Map<String, Quantity> r = new TreeMap<>(c.resources().requests());
    c.resources().limits().forEach(r::putIfAbsent);
    return r;
  }

  private static Map<String, Quantity> aggregate(PodSpec spec, Function<Container, Map<String, Quantity>> of) {
    Map<String, Quantity> sum = new TreeMap<>();
    for (Container c : spec.containers()) {
      add(sum, of.apply(c));
    }
    Map<String, Quantity> sidecars = new TreeMap<>();
    Map<String, Quantity> initMax = new TreeMap<>();
    List<Container> inits = spec.initContainers();
    for (Container c : inits) {
      Map<String, Quantity> need;
      if (c.sidecar()) {
        add(sum, of.apply(c));
        add(sidecars, of.apply(c));
        need = sidecars;
      } else {
        need = new TreeMap<>(of.apply(c));
        add(need, sidecars);
      }
      max(initMax, need);
    }
    max(sum, initMax);
    return sum;
  }

  private static void add(Map<String, Quantity> into, Map<String, Quantity> more) {
    more.forEach((k, v) -> into.merge(k, v, Quantity::add));
  }

  private static void max(Map<String, Quantity> into, Map<String, Quantity> other) {
    other.forEach((k, v) -> into.merge(k, v, (a, b) -> b.compareTo(a) > 0 ? b : a));
  }
}
