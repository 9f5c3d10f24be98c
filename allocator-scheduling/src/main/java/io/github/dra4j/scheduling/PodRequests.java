package io.github.dra4j.scheduling;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.Quantity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.Map;

/*
 * What a pod asks of a node, as kube-scheduler counts it (component-helpers resource.PodRequests,
 * then NodeResourcesFit's Resource): the sum of the containers' requests; each init container in
 * order needs its own request plus the sidecars started before it, and a sidecar (restartPolicy
 * Always) also adds to the sum, as it keeps running; the pod needs the larger of the sum and the
 * largest init need; pod-level requests (spec.resources, PodLevelResources, as the API server
 * defaults them) replace that for the resources they name; then the pod overhead is added. A
 * request defaults to the limit, as the API server defaults it. Amounts are longs, rounded up as
 * Quantity.Value and MilliValue round: cpu in millicores, everything else in units. A field of
 * the pod read here that PodAmounts.sameAmounts does not compare must join it: pods equal in
 * those fields share their amounts.
 */
final class PodRequests {
  static final String CPU = "cpu";
  static final String MEMORY = "memory";
  static final String EPHEMERAL_STORAGE = "ephemeral-storage";
  static final String PODS = "pods";
  /* Scoring counts a container without a cpu or memory request as asking for these (schedutil). */
  static final long DEFAULT_MILLI_CPU = 100;
  static final long DEFAULT_MEMORY = 200L * 1024 * 1024;

  private PodRequests() {}

  /** {@return the pod's requests by resource name, zero amounts left out} */
  static Map<String, Long> of(Pod pod) {
    return of(pod, NodeAllocatableClaims.Footprint.NONE);
  }

  /**
   * {@return the pod's requests with what its claims cost of the node (DRANodeAllocatableResources)}:
   * a container's per-container overhead counts with the container's own requests, the mapped
   * quantities and per-pod overheads once for the pod, after the init containers' maximum; a
   * pod-level request replaces all of it for its resource (component-helpers PodRequests: the
   * claims' mapped amounts are part of the containers' aggregate).
   */
  static Map<String, Long> of(Pod pod, NodeAllocatableClaims.Footprint dra) {
    return of(pod, dra, true);
  }

  /** {@return the requests as {@link #of(Pod, NodeAllocatableClaims.Footprint)}, pod-level ones left out unless {@code podLevel}} */
  static Map<String, Long> of(Pod pod, NodeAllocatableClaims.Footprint dra, boolean podLevel) {
    Map<String, Long> sum = new HashMap<>();
    for (Container c : pod.spec().containers()) {
      add(sum, dra.withContainer(c.name(), amounts(c)));
    }
    Map<String, Long> sidecars = new HashMap<>();
    Map<String, Long> initMax = new HashMap<>();
    for (Container c : pod.spec().initContainers()) {
      Map<String, Long> need;
      if (c.sidecar()) {
        Map<String, Long> own = dra.withContainer(c.name(), amounts(c));
        add(sum, own);
        add(sidecars, own);
        need = sidecars;
      } else {
        need = dra.withContainer(c.name(), amounts(c));
        add(need, sidecars);
      }
      max(initMax, need);
    }
    max(sum, initMax);
    add(sum, dra.podFixed());
    if (podLevel) {
      podLevel(pod).forEach(sum::put);
    }
    pod.spec().overhead().forEach((name, q) -> sum.merge(name, amount(name, q), Long::sum));
    sum.values().removeIf(v -> v == 0);
    return sum;
  }

  /**
   * {@return the pod's cpu (millicores) and memory for scoring} Each container without a cpu or
   * memory request counts as asking for the defaults, as kube-scheduler's non-zero requests do.
   */
  static long[] nonZero(Pod pod) {
    return nonZero(pod, NodeAllocatableClaims.Footprint.NONE);
  }

  /**
   * {@return the non-zero cpu and memory with what the pod's claims cost of the node, as {@link
   * #of(Pod, NodeAllocatableClaims.Footprint)} adds it} A pod-level cpu or memory request
   * replaces the containers' (defaults included), as NonMissingContainerRequests applies to
   * containers only.
   */
  static long[] nonZero(Pod pod, NodeAllocatableClaims.Footprint dra) {
    long[] sum = new long[2];
    for (Container c : pod.spec().containers()) {
      long[] one = dra.withContainer(c.name(), nonZero(c));
      sum[0] += one[0];
      sum[1] += one[1];
    }
    long[] sidecars = new long[2];
    long[] initMax = new long[2];
    for (Container c : pod.spec().initContainers()) {
      long[] one = dra.withContainer(c.name(), nonZero(c));
      long[] need;
      if (c.sidecar()) {
        sum[0] += one[0];
        sum[1] += one[1];
        sidecars[0] += one[0];
        sidecars[1] += one[1];
        need = sidecars;
      } else {
        need = new long[] {one[0] + sidecars[0], one[1] + sidecars[1]};
      }
      initMax[0] = Math.max(initMax[0], need[0]);
      initMax[1] = Math.max(initMax[1], need[1]);
    }
    sum[0] = Math.max(sum[0], initMax[0]) + dra.podFixed().getOrDefault(CPU, 0L);
    sum[1] = Math.max(sum[1], initMax[1]) + dra.podFixed().getOrDefault(MEMORY, 0L);
    Map<String, Long> podLevel = podLevel(pod);
    sum[0] = podLevel.getOrDefault(CPU, sum[0]);
    sum[1] = podLevel.getOrDefault(MEMORY, sum[1]);
    Quantity cpu = pod.spec().overhead().get(CPU);
    Quantity memory = pod.spec().overhead().get(MEMORY);
    sum[0] += cpu == null ? 0 : amount(CPU, cpu);
    sum[1] += memory == null ? 0 : amount(MEMORY, memory);
    return sum;
  }

  /**
   * {@return the pod-level requests that replace the containers' (IsPodLevelRequestsSet, then
   * applyPodLevelResources): cpu, memory and hugepages, as amounts}
   */
  static Map<String, Long> podLevel(Pod pod) {
    if (pod.spec().resources() == null) {
      return Map.of();
    }
    Map<String, Long> out = new HashMap<>();
    PodLevelResources.requests(pod.spec()).forEach((name, q) -> {
      if (PodLevelResources.supported(name)) {
        out.put(name, amount(name, q));
      }
    });
    return out;
  }

  private static long[] nonZero(Container c) {
    Map<String, Quantity> r = ExtendedResources.requests(c);
    Quantity cpu = r.get(CPU);
    Quantity memory = r.get(MEMORY);
    return new long[] {cpu == null ? DEFAULT_MILLI_CPU : amount(CPU, cpu), memory == null ? DEFAULT_MEMORY : amount(MEMORY, memory)};
  }

  /** {@return the amount as a long: millicores for cpu, units for the rest, rounded up} */
  static long amount(String resource, Quantity q) {
    return amount(resource, q.value());
  }

  /** {@return the amount as a long: millicores for cpu, units for the rest, rounded up} */
  static long amount(String resource, BigDecimal value) {
    BigDecimal v = resource.equals(CPU) ? value.movePointRight(3) : value;
    if (v.scale() == 0 && v.precision() <= 18) {
      return v.longValue(); // a whole number below 10^18, as most requests are: exact, nothing to round or clamp
    }
    BigDecimal rounded = v.setScale(0, RoundingMode.CEILING);
    if (rounded.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      return Long.MAX_VALUE;
    }
    return rounded.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0 ? Long.MIN_VALUE : rounded.longValue();
  }

  private static Map<String, Long> amounts(Container c) {
    Map<String, Long> out = new HashMap<>();
    ExtendedResources.requests(c).forEach((name, q) -> out.put(name, amount(name, q)));
    return out;
  }

  static void add(Map<String, Long> into, Map<String, Long> more) {
    more.forEach((k, v) -> into.merge(k, v, PodRequests::saturatedAdd));
  }

  private static void max(Map<String, Long> into, Map<String, Long> other) {
    other.forEach((k, v) -> into.merge(k, v, Math::max));
  }

  static long saturatedAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r;
  }

  /**
   * {@return whether NodeResourcesFit checks the resource} cpu, memory and ephemeral-storage, and
   * the scalar resources: hugepages, extended resources, names prefixed {@code kubernetes.io/}
   * and attachable volumes; other names (such as {@code storage}) are not counted.
   */
  static boolean counted(String name) {
    return name.equals(CPU) || name.equals(MEMORY) || name.equals(EPHEMERAL_STORAGE) || scalar(name);
  }

  static boolean scalar(String name) {
    return name.startsWith("hugepages-") || name.startsWith("attachable-volumes-")
        || (name.contains("/") && (name.contains("kubernetes.io/") || !name.startsWith("requests.")));
  }
}
