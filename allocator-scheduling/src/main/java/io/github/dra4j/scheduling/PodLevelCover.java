package io.github.dra4j.scheduling;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.Quantity;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/*
 * validatePodLevelResourcesCoverDRA of the DynamicResources plugin (nodeallocatabledynamicresources.go):
 * once the pod's devices are allocated, a pod-level request must cover the containers' requests with
 * what the claims cost, a pod-level hugepages limit the containers' limits with that cost, and a
 * pod-level limit each container's limit with what the claims it references cost. A breach is
 * UnschedulableAndUnresolvable; API validation cannot see it, as the cost is known only after
 * allocation. Resources are checked in name order and containers in spec order (upstream walks maps).
 */
final class PodLevelCover {
  static final String REQUEST =
      "pod level request for %s is insufficient to cover the aggregated container and node-allocatable DRA requests";
  static final String LIMIT =
      "pod level limit for %s is insufficient to cover the aggregated container and node-allocatable DRA limits";
  static final String CONTAINER_LIMIT =
      "pod level limit for %s is insufficient to cover the limit and DRA overhead for container %s";

  private PodLevelCover() {}

  /** {@return the breach, or null when the pod's pod-level resources cover what its claims cost} */
  static @Nullable String check(Pod pod, List<NodeAllocatableClaims.Status> statuses,
      NodeAllocatableClaims.Footprint footprint) {
    if (pod.spec().resources() == null || statuses.isEmpty()) {
      return null;
    }
    Map<String, Long> containers = PodRequests.of(pod, footprint, false);
    for (Map.Entry<String, Quantity> e : PodLevelResources.requests(pod.spec()).entrySet()) {
      String name = e.getKey();
      Long sum = containers.get(name);
      Quantity overhead = pod.spec().overhead().get(name);
      if (PodLevelResources.supported(name) && sum != null
          && sum - (overhead == null ? 0 : PodRequests.amount(name, overhead)) > PodRequests.amount(name, e.getValue())) {
        return String.format(REQUEST, name);
      }
    }
    Map<String, Quantity> limits = PodLevelResources.limits(pod.spec());
    if (limits.isEmpty()) {
      return null;
    }
    Map<String, BigDecimal> withClaims = new TreeMap<>();
    PodLevelResources.aggregateContainerLimits(pod.spec()).forEach((name, q) -> withClaims.put(name, q.value()));
    for (NodeAllocatableClaims.Status s : statuses) {
      // addDRANodeAllocatableLimits: a claim's cost counts where a limit is declared, hugepages always
      cost(s, BigDecimal.valueOf(s.containers().size())).forEach((name, q) -> {
        if (withClaims.containsKey(name) || name.startsWith(PodLevelResources.HUGE_PAGES_PREFIX)) {
          withClaims.merge(name, q, BigDecimal::add);
        }
      });
    }
    for (Map.Entry<String, BigDecimal> e : withClaims.entrySet()) {
      Quantity hugeLimit = limits.get(e.getKey());
      if (e.getKey().startsWith(PodLevelResources.HUGE_PAGES_PREFIX) && hugeLimit != null
          && e.getValue().compareTo(hugeLimit.value()) > 0) {
        return String.format(LIMIT, e.getKey());
      }
    }
    for (Container c : pod.spec().containers()) {
      Map<String, BigDecimal> own = new TreeMap<>();
      for (NodeAllocatableClaims.Status s : statuses) {
        if (s.containers().contains(c.name())) {
          cost(s, BigDecimal.ONE).forEach((name, q) -> own.merge(name, q, BigDecimal::add));
        }
      }
      for (Map.Entry<String, Quantity> e : new TreeMap<>(c.resources().limits()).entrySet()) {
        Quantity podLimit = limits.get(e.getKey());
        if (podLimit != null && !e.getKey().startsWith(PodLevelResources.HUGE_PAGES_PREFIX)
            && e.getValue().value().add(own.getOrDefault(e.getKey(), BigDecimal.ZERO)).compareTo(podLimit.value()) > 0) {
          return String.format(CONTAINER_LIMIT, e.getKey(), c.name());
        }
      }
    }
    return null;
  }

  /* A claim's mapped quantities, per-pod overheads and per-container overheads times the containers given. */
  private static Map<String, BigDecimal> cost(NodeAllocatableClaims.Status s, BigDecimal containers) {
    Map<String, BigDecimal> out = new TreeMap<>(s.mapping());
    s.perPod().forEach((name, q) -> out.merge(name, q, BigDecimal::add));
    s.perContainer().forEach((name, q) -> out.merge(name, q.multiply(containers), BigDecimal::add));
    return out;
  }
}
