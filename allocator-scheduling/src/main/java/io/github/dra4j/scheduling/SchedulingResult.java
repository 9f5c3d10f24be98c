package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Explanation;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@link PodScheduler#schedule} did with one pod: placed it, or says why no node takes it.
 * Invalid input (an unknown DeviceClass, a failing CEL selector, an exhausted search budget) is
 * an {@link AllocationException} instead, as for {@link ClusterSnapshot#allocate}.
 */
public sealed interface SchedulingResult permits SchedulingResult.Scheduled, SchedulingResult.Unschedulable {

  /** {@return the pod: bound, with its claim statuses, when scheduled; as given otherwise} */
  Pod pod();

  /** {@return whether the pod was placed} */
  boolean isScheduled();

  /**
   * The pod was placed and the placement committed: later pods see its devices in use.
   *
   * @param pod the pod with {@code spec.nodeName} set and, for claims made for it, {@code
   *     status.resourceClaimStatuses} and {@code status.extendedResourceClaimStatus}
   * @param node the chosen node
   * @param claims the pod's claims in {@code spec.resourceClaims} order (the extended resource
   *     claim last), each allocated and reserved for the pod; claims made for the pod included
   * @param preemption the pods evicted to make room for this one, or null when it fit without
   */
  record Scheduled(Pod pod, Node node, List<ResourceClaim> claims, @Nullable Preemption preemption)
      implements SchedulingResult {
    /**
     * Copies the list.
     *
     * @param pod see the record component
     * @param node see the record component
     * @param claims see the record component
     * @param preemption see the record component
     */
    public Scheduled {
      Objects.requireNonNull(pod, "pod");
      Objects.requireNonNull(node, "node");
      claims = List.copyOf(claims);
    }

    @Override
    public boolean isScheduled() {
      return true;
    }
  }

  /**
   * No node takes the pod; nothing was committed.
   *
   * @param pod the pod as given
   * @param message kube-scheduler's one-line form, such as {@code 0/3 nodes are available: 1
   *     cannot allocate all claims (...), 2 node(s) didn't match Pod's node affinity/selector.}
   * @param reasons why each node was rejected, by node name in node order; empty when the pod
   *     was rejected before any node was looked at (a claim or template that does not exist)
   * @param explanation the allocator's explanation for the first node on which the claims did
   *     not fit, or null when no node got that far
   */
  record Unschedulable(Pod pod, String message, Map<String, String> reasons, @Nullable Explanation explanation)
      implements SchedulingResult {
    /**
     * Copies the map, keeping its order.
     *
     * @param pod see the record component
     * @param message see the record component
     * @param reasons see the record component
     * @param explanation see the record component
     */
    public Unschedulable {
      Objects.requireNonNull(pod, "pod");
      Objects.requireNonNull(message, "message");
      reasons = Collections.unmodifiableMap(new LinkedHashMap<>(reasons));
    }

    @Override
    public boolean isScheduled() {
      return false;
    }
  }
}
