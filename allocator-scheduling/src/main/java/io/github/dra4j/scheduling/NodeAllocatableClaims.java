package io.github.dra4j.scheduling;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerResourceClaim;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeAllocatableMapping;
import io.github.dra4j.api.NodeAllocatableOverhead;
import io.github.dra4j.api.NodeAllocatableResource;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/*
 * DRANodeAllocatableResources (KEP-5517) as kube-scheduler 1.37 implements it: a device's
 * nodeAllocatableResources turn an allocation of it into cpu, memory or hugepages of the node,
 * either as the resource itself (mapping: the consumed capacity capacityKey times
 * capacityMultiplier, or deviceMultiplier per device) or as an overhead (perPod, and perContainer
 * for each container that references the claim). The DynamicResources plugin
 * (nodeallocatabledynamicresources.go) sums this per claim into the pod's
 * NodeAllocatableResourceClaimStatuses and, in its Filter, checks the pod's requests together
 * with them against the node's allocatable minus what its pods request; NodeInfo counts the
 * statuses of the pods already bound (resource.PodRequests with
 * UseDRANodeAllocatableResourceClaimStatus). dra4j derives the statuses of bound pods from their
 * allocated claims rather than reading them from the pods' status.
 */
final class NodeAllocatableClaims {
  static final String GATE = "DRANodeAllocatableResources";

  /** NodeAllocatableResourceClaimStatus: what one claim costs of the node, by resource name. */
  record Status(String claim, List<String> containers, Map<String, BigDecimal> mapping,
      Map<String, BigDecimal> perPod, Map<String, BigDecimal> perContainer) {}

  /** The slices by driver and pool, in input order, as getDeviceFromSlices walks them. */
  private final Map<String, List<ResourceSlice>> byPool = new HashMap<>();
  /*
   * The last pod spec checked and what its pod-level resources must cover: one pod is checked on
   * every feasible node, again in preemption's dry run, and replicas share a spec. The scheduler's
   * lock guards both.
   */
  private @Nullable PodSpec coverSpec;
  private @Nullable PodLevelCover cover;

  private NodeAllocatableClaims(List<ResourceSlice> slices) {
    for (ResourceSlice s : slices) {
      byPool.computeIfAbsent(poolKey(s.spec().driver(), s.spec().pool().name()), k -> new ArrayList<>(1)).add(s);
    }
  }

  /** {@return the accounting, or null when no device declares nodeAllocatableResources (nothing to count)} */
  static @Nullable NodeAllocatableClaims of(List<ResourceSlice> slices) {
    // Copies of one slice (a simulation's node group) share its device list: each list is read once.
    Set<List<Device>> read = Collections.newSetFromMap(new IdentityHashMap<>());
    for (ResourceSlice s : slices) {
      if (!read.add(s.spec().devices())) {
        continue;
      }
      for (Device d : s.spec().devices()) {
        if (!d.nodeAllocatableResources().isEmpty()) {
          return new NodeAllocatableClaims(slices);
        }
      }
    }
    return null;
  }

  private static String poolKey(String driver, String pool) {
    return driver + "/" + pool;
  }

  /**
   * {@return the statuses of the claims, sorted by claim name, or null when no allocated device
   * declares nodeAllocatableResources} With null the plugin checks nothing; with an empty list
   * (such devices, but nothing consumed) it checks the pod's own requests.
   *
   * @param entries the claim each pod claim entry names (containers reference entries)
   * @param claims the claims, each with its allocation at the same index
   * @throws IllegalArgumentException when a mapping names a capacity the allocation did not consume
   *     on a device without consumed capacity, as the plugin fails the cycle
   */
  @Nullable List<Status> statuses(Pod pod, Map<String, String> entries, List<ResourceClaim> claims,
      List<AllocationResult> allocations, Node node) {
    boolean any = false;
    Map<String, Status> byClaim = new TreeMap<>();
    for (int i = 0; i < claims.size(); i++) {
      ResourceClaim claim = claims.get(i);
      Map<String, BigDecimal> mapping = new TreeMap<>();
      Map<String, BigDecimal> perPod = new TreeMap<>();
      Map<String, BigDecimal> perContainer = new TreeMap<>();
      boolean overhead = false;
      for (DeviceRequestAllocationResult r : allocations.get(i).devices().results()) {
        Device d = device(node, r);
        if (d == null || d.nodeAllocatableResources().isEmpty()) {
          continue;
        }
        any = true;
        for (Map.Entry<String, NodeAllocatableResource> e : d.nodeAllocatableResources().entrySet()) {
          NodeAllocatableMapping m = e.getValue().mapping();
          if (m != null) {
            addMapping(e.getKey(), m, r, claim, mapping);
          }
          NodeAllocatableOverhead o = e.getValue().overhead();
          if (o != null && (o.perPod() != null || o.perContainer() != null)) {
            overhead = true;
            add(perPod, e.getKey(), o.perPod());
            add(perContainer, e.getKey(), o.perContainer());
          }
        }
      }
      if (!mapping.isEmpty() || overhead) {
        String name = claim.name() == null ? "" : claim.name();
        byClaim.put(name, new Status(name, new ArrayList<>(), mapping, perPod, perContainer));
      }
    }
    if (!any) {
      return null;
    }
    for (List<Container> containers : List.of(pod.spec().initContainers(), pod.spec().containers())) {
      for (Container c : containers) {
        for (ContainerResourceClaim ref : c.resources().claims()) {
          String claim = entries.get(ref.name());
          Status s = claim == null ? null : byClaim.get(claim);
          if (s != null) {
            s.containers().add(c.name());
          }
        }
      }
    }
    List<Status> out = new ArrayList<>(byClaim.size());
    byClaim.values().forEach(s -> out.add(new Status(s.claim(), List.copyOf(s.containers()), s.mapping(), s.perPod(),
        s.perContainer())));
    return out;
  }

  /* addDeviceMapping: the consumed capacity times its multiplier, else the device multiplier. */
  private static void addMapping(String resource, NodeAllocatableMapping m, DeviceRequestAllocationResult r,
      ResourceClaim claim, Map<String, BigDecimal> into) {
    String key = m.capacityKey();
    if (key != null && !key.isEmpty()) {
      if (r.consumedCapacity().isEmpty()) {
        throw new IllegalArgumentException("claim " + PodClaimResolver.key(claim) + ", device " + r.device()
            + ": ConsumedCapacity is nil, but Capacity key '" + key + "' is set in NodeAllocatableResources for resource "
            + resource);
      }
      Quantity consumed = r.consumedCapacity().get(key);
      if (consumed != null) {
        Quantity multiplier = m.capacityMultiplier();
        into.merge(resource, multiplier == null ? consumed.value() : consumed.value().multiply(multiplier.value()),
            BigDecimal::add);
      }
      return;
    }
    add(into, resource, m.deviceMultiplier());
  }

  private static void add(Map<String, BigDecimal> into, String resource, @Nullable Quantity q) {
    if (q != null) {
      into.merge(resource, q.value(), BigDecimal::add);
    }
  }

  /*
   * getDeviceFromSlices over filterSlicesForNode: the first slice of the pool the node can use
   * (any slice without a node) that lists the device.
   */
  private @Nullable Device device(@Nullable Node node, DeviceRequestAllocationResult r) {
    for (ResourceSlice s : byPool.getOrDefault(poolKey(r.driver(), r.pool()), List.of())) {
      ResourceSliceSpec spec = s.spec();
      if (node != null && !usable(spec, node)) {
        continue;
      }
      for (Device d : spec.devices()) {
        if (d.name().equals(r.device())) {
          // a device of another node: the plugin skips it
          return node == null || !spec.perDeviceNodeSelection() || usable(d, node) ? d : null;
        }
      }
    }
    return null;
  }

  private static boolean usable(ResourceSliceSpec spec, Node node) {
    return (spec.nodeName() != null && spec.nodeName().equals(node.name())) || spec.allNodes()
        || (spec.nodeSelector() != null && spec.nodeSelector().matches(node)) || spec.perDeviceNodeSelection();
  }

  private static boolean usable(Device d, Node node) {
    return (d.nodeName() != null && d.nodeName().equals(node.name())) || d.allNodes() || (d.nodeSelector() != null && d.nodeSelector().matches(node));
  }

  /**
   * {@return the claim each of the pod's claim entries names}: the claim given by name or the one
   * the pod's status names for a template, then the claims being made for it ({@code made}).
   */
  static Map<String, String> entries(Pod pod, List<PodClaimResolver.PodClaim> made) {
    Map<String, String> out = new LinkedHashMap<>();
    for (PodResourceClaim e : pod.spec().resourceClaims()) {
      if (e.resourceClaimName() != null) {
        out.put(e.name(), e.resourceClaimName());
      }
    }
    for (PodResourceClaimStatus s : pod.status().resourceClaimStatuses()) {
      if (s.resourceClaimName() != null) {
        out.putIfAbsent(s.name(), s.resourceClaimName());
      }
    }
    for (PodClaimResolver.PodClaim c : made) {
      if (c.entry() != null) {
        out.putIfAbsent(c.entry(), c.claim().name());
      }
    }
    return out;
  }

  /** {@return how NodeInfos finds the statuses of a bound pod, or null with nothing to count} */
  static @Nullable BiFunction<Pod, Node, List<Status>> bound(@Nullable NodeAllocatableClaims dra,
      Map<String, ResourceClaim> claims) {
    return dra == null ? null : (pod, node) -> dra.bound(pod, node, claims);
  }

  /**
   * {@return the statuses of a bound pod on its node}, from its allocated claims among {@code
   * claims} (by namespace/name): those its entries name and the claim for its extended resources.
   */
  List<Status> bound(Pod pod, Node node, Map<String, ResourceClaim> claims) {
    Map<String, String> entries = entries(pod, List.of());
    List<String> names = new ArrayList<>(entries.values());
    if (pod.status().extendedResourceClaimStatus() != null) {
      names.add(pod.status().extendedResourceClaimStatus().resourceClaimName());
    }
    List<ResourceClaim> allocated = new ArrayList<>();
    List<AllocationResult> results = new ArrayList<>();
    for (String name : names) {
      ResourceClaim c = claims.get(PodClaimResolver.key(pod.namespace(), name));
      if (c != null && c.allocation() != null && !allocated.contains(c)) {
        allocated.add(c);
        results.add(c.allocation());
      }
    }
    List<Status> out = statuses(pod, entries, allocated, results, node);
    return out == null ? List.of() : out;
  }

  /**
   * The feasible nodes left once the pod's claims are counted on each, the reasons of those
   * refused, and those refused with UnschedulableAndUnresolvable (preemption does not try them).
   */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  record Refused(BitSet feasible, @Nullable List<String>[] reasons, BitSet unresolvable) {
    /** {@return the answer that refuses none of the feasible nodes} */
    @SuppressWarnings("unchecked")
    static Refused of(BitSet feasible) {
      return new Refused(feasible, (List<String>[]) new List<?>[0], new BitSet());
    }

    /** {@return the node's reasons, or {@code otherwise} when it was not refused here} */
    List<String> reasons(int node, List<String> otherwise) {
      return node < reasons.length && reasons[node] != null ? reasons[node] : otherwise;
    }
  }

  /**
   * The DynamicResources plugin's Filter for node allocatable resources, on each node the claims
   * fit on: an allocated claim with a mapped device reserved for another pod cannot be shared
   * ({@value #SHARED}); then the pod's requests with its claims' statuses there must fit in what
   * the node has left of cpu, memory, ephemeral-storage and hugepages ({@code Insufficient
   * <resource>}, UnschedulableAndUnresolvable when the pod alone exceeds the node's allocatable).
   * A node without {@code status.allocatable} limits nothing, as for NodeResourcesFit.
   */
  static Refused refuse(PodScheduler s, PodScheduler.Plan p, BitSet feasible, PlacementCache.@Nullable Answers answers) {
    return refuse(s, p.pod(), p.r().claims, p.toAllocate(), p.allocated(), feasible, answers);
  }

  /**
   * As the other {@code refuse}, for the claims resolved for the pod ({@code made}: the entries of
   * claims made from templates) and the allocations found on each node for {@code toAllocate}.
   */
  @SuppressWarnings("unchecked")
  static Refused refuse(PodScheduler s, Pod pod, List<PodClaimResolver.PodClaim> made, List<ResourceClaim> toAllocate,
      List<ResourceClaim> allocated, BitSet feasible, PlacementCache.@Nullable Answers answers) {
    NodeAllocatableClaims dra = s.nodeAllocatable;
    if (dra == null || feasible.isEmpty() || (toAllocate.isEmpty() && allocated.isEmpty())) {
      return Refused.of(feasible);
    }
    List<String>[] reasons = (List<String>[]) new List<?>[0];
    BitSet unresolvable = new BitSet();
    Map<String, String> entries = entries(pod, made);
    List<String> shared = dra.shared(pod, allocated);
    BitSet left = (BitSet) feasible.clone();
    for (int i = feasible.nextSetBit(0); i >= 0; i = feasible.nextSetBit(i + 1)) {
      List<String> why = !shared.isEmpty() ? shared
          : dra.reasons(s, pod, entries, toAllocate, allocated, i, answers == null ? null : answers.found[i], unresolvable);
      if (!shared.isEmpty()) {
        unresolvable.set(i);
      }
      if (!why.isEmpty()) {
        if (reasons.length == 0) {
          reasons = (List<String>[]) new List<?>[s.nodes().size()];
        }
        reasons[i] = why;
        left.clear(i);
      }
    }
    return new Refused(left, reasons, unresolvable);
  }

  /* One node: the pod's requests with its claims' statuses there against what the node has left. */
  private List<String> reasons(PodScheduler s, Pod pod, Map<String, String> entries, List<ResourceClaim> toAllocate,
      List<ResourceClaim> allocated, int node, @Nullable List<AllocationResult> found, BitSet unresolvable) {
    List<ResourceClaim> claims = new ArrayList<>(allocated);
    List<AllocationResult> results = new ArrayList<>();
    allocated.forEach(c -> results.add(Objects.requireNonNull(c.allocation())));
    if (!toAllocate.isEmpty() && found != null) {
      claims.addAll(toAllocate);
      results.addAll(found);
    }
    List<Status> statuses = statuses(pod, entries, claims, results, s.nodes().get(node));
    if (statuses == null) {
      return List.of();
    }
    Footprint footprint = Footprint.of(pod, statuses);
    PodLevelCover c = cover(pod.spec());
    String uncovered = c == null ? null : c.check(pod, statuses, footprint);
    if (uncovered != null) {
      unresolvable.set(node);
      return List.of(uncovered);
    }
    List<Insufficient> lacking = insufficient(PodRequests.of(pod, footprint), s.infos.allocatable(node),
        s.infos.requested(node));
    List<String> why = new ArrayList<>(lacking.size());
    for (Insufficient i : lacking) {
      if (i.unresolvable()) {
        unresolvable.set(node);
      }
      why.add(i.reason());
    }
    return why;
  }

  @SuppressWarnings("ReferenceEquality") // a spec is immutable: the same one needs the same cover
  private @Nullable PodLevelCover cover(PodSpec spec) {
    if (spec != coverSpec) {
      cover = PodLevelCover.of(spec);
      coverSpec = spec;
    }
    return cover;
  }

  /**
   * {@return the reasons preemption's dry run sees on a node once the claims of {@code p} are
   * allocated there ({@code found}, for {@code toAllocate}): as {@link #refuse} gives them}
   */
  static List<String> reasons(PodScheduler s, PodScheduler.Plan p, int node, List<AllocationResult> found) {
    NodeAllocatableClaims dra = s.nodeAllocatable;
    if (dra == null || (p.toAllocate().isEmpty() && p.allocated().isEmpty())) {
      return List.of();
    }
    List<String> shared = dra.shared(p.pod(), p.allocated());
    return !shared.isEmpty() ? shared
        : dra.reasons(s, p.pod(), entries(p.pod(), p.r().claims), p.toAllocate(), p.allocated(), node, found,
            new BitSet());
  }

  static final String SHARED = "node allocatable resource claim %s has a mapped device and cannot be shared across pods";

  /*
   * validateNodeAllocatableDRAClaimSharing: a claim with a mapped device (found in any slice, as
   * claimHasNodeAllocatableMappedDevice is) serves one pod.
   */
  private List<String> shared(Pod pod, List<ResourceClaim> allocated) {
    for (ResourceClaim c : allocated) {
      if (c.status() == null || c.status().reservedFor().isEmpty() || PodClaimResolver.reservedFor(c, pod)
          || c.status().reservedFor().stream().anyMatch(ref -> "podgroups".equals(ref.resource())
              && Objects.equals(ref.name(), pod.podGroupName()))) {
        continue; // IsReservedForPod, which counts the pod's PodGroup (DRAWorkloadResourceClaims)
      }
      for (DeviceRequestAllocationResult r : Objects.requireNonNull(c.allocation()).devices().results()) {
        Device d = device(null, r);
        if (d != null && d.nodeAllocatableResources().values().stream().anyMatch(x -> x.mapping() != null)) {
          return List.of(String.format(SHARED, c.name()));
        }
      }
    }
    return List.of();
  }

  /*
   * nodeFitsResources' InsufficientResource: a resource the node has too little left of, and
   * whether the pod alone asks for more than the node's allocatable (UnschedulableAndUnresolvable).
   */
  private record Insufficient(String resource, boolean unresolvable) {
    String reason() {
      return "Insufficient " + resource;
    }
  }

  /* nodeFitsResources: cpu, memory, ephemeral-storage, then hugepages (sorted, for runs to repeat). */
  private static List<Insufficient> insufficient(Map<String, Long> demand, @Nullable Map<String, Long> allocatable,
      Map<String, Long> requested) {
    if (allocatable == null) {
      return List.of();
    }
    List<Insufficient> out = new ArrayList<>(1);
    for (String r : List.of(PodRequests.CPU, PodRequests.MEMORY, PodRequests.EPHEMERAL_STORAGE)) {
      check(r, demand, allocatable, requested, out);
    }
    for (String r : new TreeMap<>(demand).keySet()) {
      if (r.startsWith(PodLevelResources.HUGE_PAGES_PREFIX)) {
        check(r, demand, allocatable, requested, out);
      }
    }
    return out;
  }

  private static void check(String r, Map<String, Long> demand, Map<String, Long> allocatable,
      Map<String, Long> requested, List<Insufficient> out) {
    long want = demand.getOrDefault(r, 0L);
    long has = allocatable.getOrDefault(r, 0L);
    if (want > 0 && want > has - requested.getOrDefault(r, 0L)) {
      out.add(new Insufficient(r, want > has));
    }
  }

  /**
   * getDRANodeAllocatableResources: the pod's statuses split into what is charged for the pod's
   * whole life (mapped quantities, per-pod overheads, and per-container overheads of references by
   * containers the pod does not have) and per container (per-container overheads), as amounts.
   */
  record Footprint(Map<String, Long> podFixed, Map<String, Map<String, Long>> perContainer) {
    static final Footprint NONE = new Footprint(Map.of(), Map.of());

    static Footprint of(Pod pod, List<Status> statuses) {
      if (statuses.isEmpty()) {
        return NONE;
      }
      Map<String, BigDecimal> fixed = new TreeMap<>();
      Map<String, Map<String, BigDecimal>> per = new HashMap<>();
      for (Status s : statuses) {
        s.mapping().forEach((r, q) -> fixed.merge(r, q, BigDecimal::add));
        s.perPod().forEach((r, q) -> fixed.merge(r, q, BigDecimal::add));
        if (s.perContainer().isEmpty()) {
          continue;
        }
        int known = 0;
        for (List<Container> containers : List.of(pod.spec().initContainers(), pod.spec().containers())) {
          for (Container c : containers) {
            if (s.containers().contains(c.name())) {
              known++;
              Map<String, BigDecimal> own = per.computeIfAbsent(c.name(), k -> new TreeMap<>());
              s.perContainer().forEach((r, q) -> own.merge(r, q, BigDecimal::add));
            }
          }
        }
        BigDecimal unknown = BigDecimal.valueOf((long) s.containers().size() - known);
        if (unknown.signum() > 0) {
          s.perContainer().forEach((r, q) -> fixed.merge(r, q.multiply(unknown), BigDecimal::add));
        }
      }
      Map<String, Map<String, Long>> perAmounts = new HashMap<>();
      per.forEach((c, m) -> perAmounts.put(c, amounts(m)));
      return new Footprint(amounts(fixed), perAmounts);
    }

    private static Map<String, Long> amounts(Map<String, BigDecimal> quantities) {
      Map<String, Long> out = new HashMap<>();
      quantities.forEach((r, q) -> out.put(r, PodRequests.amount(r, q)));
      return out;
    }

    /** {@return the container's amounts (changed in place) with its per-container overhead} */
    Map<String, Long> withContainer(String container, Map<String, Long> amounts) {
      Map<String, Long> own = perContainer.get(container);
      if (own != null) {
        PodRequests.add(amounts, own);
      }
      return amounts;
    }

    /** {@return the container's non-zero cpu and memory (changed in place) with its per-container overhead} */
    long[] withContainer(String container, long[] cpuAndMemory) {
      Map<String, Long> own = perContainer.get(container);
      if (own != null) {
        cpuAndMemory[0] += own.getOrDefault(PodRequests.CPU, 0L);
        cpuAndMemory[1] += own.getOrDefault(PodRequests.MEMORY, 0L);
      }
      return cpuAndMemory;
    }
  }
}
