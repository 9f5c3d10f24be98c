package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PodClaimResolver.key;
import static io.github.dra4j.scheduling.PodClaimResolver.reservedFor;

import io.github.dra4j.api.NodeAllocatableMappedResources;
import io.github.dra4j.api.NodeAllocatableOverheadResources;
import io.github.dra4j.api.NodeAllocatableResourceClaimStatus;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodExtendedResourceClaimStatus;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.scheduling.PodClaimResolver.PodClaim;
import io.github.dra4j.scheduling.PodClaimResolver.Resolution;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/*
 * What kube-scheduler writes once it has chosen a node (DynamicResources' Reserve and PreBind, then
 * Bind): each claim gets the allocation found on the node and the pod (or its PodGroup) in
 * status.reservedFor; the pod gets spec.nodeName, the statuses of the claims made for it and, with
 * DRANodeAllocatableResources, what its claims cost of the node (nodeAllocatableResourceClaimStatuses). The
 * scheduler's snapshot, node infos and remembered answers then see the pod on its node.
 */
final class Binder {
  private Binder() {}

  /** Commits the placement of a pod on the chosen node; the caller holds the scheduler's lock. */
  static SchedulingResult bind(PodScheduler s, Pod pod, Resolution r, List<ResourceClaim> toAllocate,
      PodScheduler.Choice choice) {
    return bind(s, pod, r, toAllocate, choice, null);
  }

  /**
   * Commits the placement as {@link #bind(PodScheduler, Pod, Resolution, List, PodScheduler.Choice)},
   * the node's infos taking the pod's requests from the cycle that placed it, when given.
   */
  static SchedulingResult bind(PodScheduler s, Pod pod, Resolution r, List<ResourceClaim> toAllocate,
      PodScheduler.Choice choice, @Nullable Cycle cycle) {
    ResourceClaimConsumerReference podConsumer =
        new ResourceClaimConsumerReference(null, "pods", pod.name(), pod.metadata().uid());
    List<ResourceClaim> podClaims = new ArrayList<>();
    List<ResourceClaim> newlyAllocated = new ArrayList<>();
    List<PodResourceClaimStatus> statuses = new ArrayList<>(pod.status().resourceClaimStatuses());
    PodExtendedResourceClaimStatus extended = pod.status().extendedResourceClaimStatus();
    for (PodClaim c : r.claims) {
      ResourceClaim claim = c.claim();
      int index = indexOf(toAllocate, claim);
      if (index >= 0) {
        claim = claim.withAllocation(choice.results().get(index));
        newlyAllocated.add(claim);
      }
      ResourceClaimConsumerReference group = s.groupConsumers.get(key(claim));
      ResourceClaimConsumerReference consumer = group != null ? group : podConsumer;
      if (group != null ? !Objects.requireNonNull(claim.status()).reservedFor().contains(group) : !reservedFor(claim, pod)) {
        // allocated, now or before: it has a status
        List<ResourceClaimConsumerReference> reserved = new ArrayList<>(Objects.requireNonNull(claim.status()).reservedFor());
        reserved.add(consumer);
        claim = new ResourceClaim(claim.metadata(), claim.spec(), new ResourceClaimStatus(claim.allocation(), reserved));
      }
      s.resolver.put(key(claim.metadata().namespace(), claim.name()), claim);
      podClaims.add(claim);
      if (c.generated() && c.entry() != null) {
        statuses.add(new PodResourceClaimStatus(c.entry(), claim.name()));
      }
      if (c.extended() != null) {
        extended = c.extended();
      }
    }
    if (!newlyAllocated.isEmpty()) {
      s.snapshot = s.snapshot.withAllocated(newlyAllocated);
      s.changed(s.snapshot.changedNodes());
    }
    Pod placed = new Pod(pod.metadata(), pod.spec().toBuilder().nodeName(choice.node().name()).build(),
        pod.status().withClaims(statuses, extended, List.of()));
    // DynamicResources' PreBind writes what the claims cost of the node (none: the field stays empty).
    List<NodeAllocatableClaims.Status> cost = s.nodeAllocatable == null ? List.of()
        : s.nodeAllocatable.bound(placed, choice.node(), s.claims);
    Pod bound = cost.isEmpty() ? placed
        : new Pod(placed.metadata(), placed.spec(), placed.status().withClaims(statuses, extended, nodeAllocatableStatuses(cost)));
    int position = s.cache.position(choice.node());
    s.infos.add(position, bound, cost, cycle);
    s.cache.forgetPods(position);
    if (s.onBound != null) {
      s.onBound.accept(bound);
    }
    return new SchedulingResult.Scheduled(bound, choice.node(), podClaims, null);
  }

  /*
   * The statuses as the API has them: mapped resources and overheads sorted by name (as
   * buildNodeAllocatableDRAInfo sorts them), cpu in decimal and the others in binary units.
   */
  static List<NodeAllocatableResourceClaimStatus> nodeAllocatableStatuses(List<NodeAllocatableClaims.Status> statuses) {
    List<NodeAllocatableResourceClaimStatus> out = new ArrayList<>(statuses.size());
    for (NodeAllocatableClaims.Status st : statuses) {
      List<NodeAllocatableMappedResources> mapping = new ArrayList<>();
      st.mapping().forEach((name, amount) -> mapping.add(new NodeAllocatableMappedResources(name, quantity(name, amount))));
      Set<String> names = new TreeSet<>(st.perPod().keySet());
      names.addAll(st.perContainer().keySet());
      List<NodeAllocatableOverheadResources> overhead = new ArrayList<>();
      for (String name : names) {
        BigDecimal perPod = st.perPod().get(name);
        BigDecimal perContainer = st.perContainer().get(name);
        overhead.add(new NodeAllocatableOverheadResources(name, perPod == null ? null : quantity(name, perPod),
            perContainer == null ? null : quantity(name, perContainer)));
      }
      out.add(new NodeAllocatableResourceClaimStatus(st.claim(), st.containers(), mapping, overhead));
    }
    return out;
  }

  private static Quantity quantity(String resource, BigDecimal amount) {
    return Quantity.of(amount, resource.equals("cpu") ? Quantity.Format.DECIMAL_SI : Quantity.Format.BINARY_SI);
  }

  @SuppressWarnings("ReferenceEquality") // the list holds these very objects
  private static int indexOf(List<ResourceClaim> list, ResourceClaim claim) {
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i) == claim) {
        return i;
      }
    }
    return -1;
  }
}
