package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import java.util.List;
import java.util.Objects;

/**
 * What kube-scheduler's DefaultPreemption did so that a pod could be placed: the node it chose
 * and the lower-priority pods it evicted there. {@link PodScheduler} places the pod on that node
 * right after the eviction (kube-scheduler nominates the node and places the pod there in its
 * next cycle, when nothing else has changed).
 *
 * <p>A victim's claims lose it from {@code status.reservedFor}; a claim that no other pod uses
 * any more is deallocated, as the resourceclaim controller does when its last consumer is
 * deleted, so its devices serve the preemptor: a claim made for the victim from a template is
 * deleted with it, another claim stays without allocation.
 *
 * @param node the node the victims ran on, on which the pod is placed
 * @param victims the evicted pods as they were bound, most important first (higher priority,
 *     then bound earlier)
 * @param releasedClaims the victims' claims that were deallocated, as they were before
 * @param pdbViolations how many victims were evicted although a PodDisruptionBudget allowed no
 *     more disruption of them
 */
public record Preemption(Node node, List<Pod> victims, List<ResourceClaim> releasedClaims, int pdbViolations) {
  /**
   * Copies the lists.
   *
   * @param node see the record component
   * @param victims see the record component
   * @param releasedClaims see the record component
   * @param pdbViolations see the record component
   */
  public Preemption {
    Objects.requireNonNull(node, "node");
    victims = List.copyOf(victims);
    releasedClaims = List.copyOf(releasedClaims);
  }
}
