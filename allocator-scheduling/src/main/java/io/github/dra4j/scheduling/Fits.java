package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PodClaimResolver.namespace;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.scheduling.PodClaimResolver.PodClaim;
import io.github.dra4j.scheduling.PodClaimResolver.Resolution;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;

/* PodScheduler's "would the pod be placed on these nodes now?", and the split of a pod's claims. */
final class Fits {
  private Fits() {}

  static void split(Resolution r, List<ResourceClaim> toAllocate, List<ResourceClaim> allocated) {
    for (PodClaim c : r.claims) {
      (c.claim().allocation() == null ? toAllocate : allocated).add(c.claim());
    }
  }

  /** See {@link PodScheduler#fits}; the caller holds the scheduler's lock. */
  static List<Node> among(PodScheduler s, Pod pod, Collection<Node> among) {
    String namespace = namespace(pod.namespace());
    Pod withUid = s.admitted(pod, namespace);
    Resolution r = s.resolver.resolve(withUid, namespace);
    SchedulingProfile profile = s.profiles.of(withUid);
    if (r.failure != null || s.profiles.unknown(withUid) != null || profile.filter.preFilterFailure(withUid) != null) {
      return List.of();
    }
    List<ResourceClaim> toAllocate = new ArrayList<>();
    List<ResourceClaim> allocated = new ArrayList<>();
    split(r, toAllocate, allocated);
    PlacementCache cache = s.cache;
    BitSet wanted = new BitSet(s.nodes().size());
    for (Node node : among) {
      int i = cache.position(node);
      if (i < 0) {
        throw new IllegalArgumentException("node " + node.name() + " is not one of the scheduler's nodes");
      }
      wanted.set(i);
    }
    wanted.and(cache.filter(new Cycle(withUid, r.unserved, allocated, s.infos, profile)).candidates());
    PlacementCache.Answers answers = toAllocate.isEmpty() ? null : cache.answers(toAllocate);
    BitSet fit = answers == null || wanted.isEmpty() ? wanted
        : cache.feasible(s.snapshot, answers, wanted, toAllocate, s.options);
    fit = NodeAllocatableClaims.refuse(s, withUid, r.claims, toAllocate, allocated, fit, answers).feasible();
    List<Node> out = new ArrayList<>();
    for (Node node : among) {
      if (fit.get(cache.position(node))) {
        out.add(node);
      }
    }
    return out;
  }
}
