package io.github.dra4j.scheduling;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinityTerm;
import io.github.dra4j.api.TopologySpreadConstraint;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/*
 * The spread constraints, affinity terms and counted selectors that PodTopologySpread and
 * InterPodAffinity build of a pod, kept per API object by identity. Pods made from one template
 * share their spec's objects, and building a constraint's selector each cycle and hashing it
 * deeply to find its counts in PodCounts cost more than reading the counts. The API objects are
 * immutable records, so one instance always builds an equal value; only what reads the pod
 * besides that object is keyed by it too: the owner's namespace for a term, and a constraint or
 * term with matchLabelKeys or mismatchLabelKeys (which read the pod's labels) is built anew each
 * time. The values kept are the same objects each time, so that PodCounts finds their counts by
 * identity. Beyond MAX objects all are forgotten and built again.
 */
final class PodShapes {
  private static final int MAX = 1024;

  private final IdentityHashMap<TopologySpreadConstraint, TopologySpread.Constraint> constraints = new IdentityHashMap<>();
  private final IdentityHashMap<PodAffinityTerm, Map<String, InterPodAffinity.Term>> terms = new IdentityHashMap<>();
  private final IdentityHashMap<PodSelector, Map<String, PodCounts.InNamespace>> inNamespace = new IdentityHashMap<>();

  /** {@return {@link TopologySpread.Constraint#of(TopologySpreadConstraint, Pod)}, the same object for the same constraint} */
  TopologySpread.Constraint constraint(TopologySpreadConstraint c, Pod pod) {
    if (!c.matchLabelKeys().isEmpty()) {
      return TopologySpread.Constraint.of(c, pod);
    }
    TopologySpread.Constraint kept = constraints.get(c);
    if (kept == null) {
      if (constraints.size() >= MAX) {
        constraints.clear();
      }
      kept = TopologySpread.Constraint.of(c, pod);
      constraints.put(c, kept);
    }
    return kept;
  }

  /** {@return {@link InterPodAffinity.Term#of}, the same object for the same term of a pod of the same namespace} */
  InterPodAffinity.Term term(PodAffinityTerm t, Pod owner) {
    if (!t.matchLabelKeys().isEmpty() || !t.mismatchLabelKeys().isEmpty()) {
      return InterPodAffinity.Term.of(t, owner);
    }
    if (terms.size() >= MAX) {
      terms.clear();
    }
    return terms.computeIfAbsent(t, k -> new HashMap<>(2))
        .computeIfAbsent(PodClaimResolver.namespace(owner.namespace()), ns -> InterPodAffinity.Term.of(t, owner));
  }

  /** {@return the pods of the namespace the selector matches, the same object for the same selector object} */
  PodCounts.InNamespace inNamespace(String namespace, PodSelector selector) {
    if (inNamespace.size() >= MAX) {
      inNamespace.clear();
    }
    return inNamespace.computeIfAbsent(selector, k -> new HashMap<>(2))
        .computeIfAbsent(namespace, ns -> new PodCounts.InNamespace(ns, selector));
  }
}
