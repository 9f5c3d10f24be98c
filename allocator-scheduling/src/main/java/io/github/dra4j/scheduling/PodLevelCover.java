package io.github.dra4j.scheduling;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
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
 * The pod's side (its pod-level resources as defaulted, its containers' limits) is read once per
 * pod spec, as the claims' cost is all that differs from node to node.
 */
final class PodLevelCover {
  static final String REQUEST =
      "pod level request for %s is insufficient to cover the aggregated container and node-allocatable DRA requests";
  static final String LIMIT =
      "pod level limit for %s is insufficient to cover the aggregated container and node-allocatable DRA limits";
  static final String CONTAINER_LIMIT =
      "pod level limit for %s is insufficient to cover the limit and DRA overhead for container %s";

  /* A pod-level request of a resource it may name, and the pod overhead the containers' sum includes. */
  private record Request(String resource, long amount, long overhead) {}

  /* A pod-level hugepages limit, and the containers' aggregate limit of that size (null when none sets it). */
  private record HugeLimit(String resource, BigDecimal limit, @Nullable BigDecimal containers) {}

  /* A container's limit of a resource, hugepages aside, that the pod limits too. */
  private record ContainerLimit(String container, String resource, BigDecimal limit, BigDecimal podLimit) {}

  private final List<Request> requests = new ArrayList<>();
  private final List<HugeLimit> hugeLimits = new ArrayList<>();
  private final List<ContainerLimit> containerLimits = new ArrayList<>();

  private PodLevelCover(PodSpec spec) {
    for (Map.Entry<String, Quantity> e : PodLevelResources.requests(spec).entrySet()) {
      String name = e.getKey();
      if (PodLevelResources.supported(name)) {
        Quantity overhead = spec.overhead().get(name);
        requests.add(new Request(name, PodRequests.amount(name, e.getValue()),
            overhead == null ? 0 : PodRequests.amount(name, overhead)));
      }
    }
    Map<String, Quantity> limits = PodLevelResources.limits(spec);
    Map<String, Quantity> aggregate = PodLevelResources.aggregateContainerLimits(spec);
    limits.forEach((name, q) -> {
      if (name.startsWith(PodLevelResources.HUGE_PAGES_PREFIX)) {
        Quantity containers = aggregate.get(name);
        hugeLimits.add(new HugeLimit(name, q.value(), containers == null ? null : containers.value()));
      }
    });
    for (Container c : spec.containers()) {
      new TreeMap<>(c.resources().limits()).forEach((name, q) -> {
        Quantity podLimit = limits.get(name);
        if (podLimit != null && !name.startsWith(PodLevelResources.HUGE_PAGES_PREFIX)) {
          containerLimits.add(new ContainerLimit(c.name(), name, q.value(), podLimit.value()));
        }
      });
    }
  }

  /** {@return what the pod's pod-level resources must cover, or null when it sets none} */
  static @Nullable PodLevelCover of(PodSpec spec) {
    return spec.resources() == null ? null : new PodLevelCover(spec);
  }

  /**
   * {@return the breach on one node, or null when the pod-level resources cover what the claims
   * cost there}
   *
   * @param pod the pod whose spec this was made of
   * @param statuses the pod's claims' statuses on the node
   * @param footprint those statuses as the pod's requests count them
   */
  @Nullable String check(Pod pod, List<NodeAllocatableClaims.Status> statuses, NodeAllocatableClaims.Footprint footprint) {
    if (statuses.isEmpty()) {
      return null;
    }
    if (!requests.isEmpty()) {
      Map<String, Long> containers = PodRequests.of(pod, footprint, false);
      for (Request r : requests) {
        Long sum = containers.get(r.resource());
        if (sum != null && sum - r.overhead() > r.amount()) {
          return String.format(REQUEST, r.resource());
        }
      }
    }
    for (HugeLimit h : hugeLimits) {
      // addDRANodeAllocatableLimits: every claim's hugepages count, per-container overheads per referencing container
      BigDecimal sum = h.containers();
      for (NodeAllocatableClaims.Status s : statuses) {
        sum = add(sum, cost(s, h.resource(), BigDecimal.valueOf(s.containers().size())));
      }
      if (sum != null && sum.compareTo(h.limit()) > 0) {
        return String.format(LIMIT, h.resource());
      }
    }
    for (ContainerLimit l : containerLimits) {
      BigDecimal own = BigDecimal.ZERO;
      for (NodeAllocatableClaims.Status s : statuses) {
        if (s.containers().contains(l.container())) {
          BigDecimal c = cost(s, l.resource(), BigDecimal.ONE);
          own = c == null ? own : own.add(c);
        }
      }
      if (l.limit().add(own).compareTo(l.podLimit()) > 0) {
        return String.format(CONTAINER_LIMIT, l.resource(), l.container());
      }
    }
    return null;
  }

  /* What a claim costs of the resource: mapped, per pod and per container times the containers given; null when none. */
  private static @Nullable BigDecimal cost(NodeAllocatableClaims.Status s, String resource, BigDecimal containers) {
    BigDecimal perContainer = s.perContainer().get(resource);
    return add(add(s.mapping().get(resource), s.perPod().get(resource)),
        perContainer == null ? null : perContainer.multiply(containers));
  }

  private static @Nullable BigDecimal add(@Nullable BigDecimal a, @Nullable BigDecimal b) {
    return a == null ? b : b == null ? a : a.add(b);
  }
}
