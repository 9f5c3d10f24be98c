package io.github.dra4j.scheduling;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.PodAffinityTerm;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/*
 * InterPodAffinity's filter (interpodaffinity/filtering.go). Before the nodes are filtered, three
 * counts per topology pair (key, a node's value for it) are made over the pods bound to every
 * node: the existing pods' required anti-affinity terms that match the incoming pod; the nodes'
 * pods that match all of the incoming pod's required affinity terms; and those that match each of
 * its required anti-affinity terms. A node is refused when the pod's affinity finds no match in
 * one of the node's domains (unless no pod anywhere matches and the pod matches its own terms, so
 * that the first of a group can start), when its anti-affinity finds one, or when an existing
 * pod's anti-affinity covers the node. The incoming pod's terms select the namespaces they name
 * and those whose Namespace object their namespaceSelector matches ({} every namespace); an existing
 * pod's namespaceSelector matches the labels of the incoming pod's namespace (Namespaces).
 */
final class InterPodAffinity {
  static final String AFFINITY_MISMATCH = "node(s) didn't match pod affinity rules";
  static final String ANTI_AFFINITY_MISMATCH = "node(s) didn't match pod anti-affinity rules";
  static final String EXISTING_ANTI_AFFINITY_MISMATCH = "node(s) didn't satisfy existing pods anti-affinity rules";

  /** An affinity term as the framework builds it (AffinityTerm): namespaces defaulted, selectors merged. */
  record Term(String topologyKey, Set<String> namespaces, @Nullable LabelSelector namespaceSelector, PodSelector selector)
      implements PodCounts.Matcher {
    static Term of(PodAffinityTerm t, Pod owner) {
      Set<String> namespaces = Set.copyOf(t.namespaces());
      if (namespaces.isEmpty() && t.namespaceSelector() == null) {
        namespaces = Set.of(PodClaimResolver.namespace(owner.namespace()));
      }
      return new Term(t.topologyKey(), namespaces, t.namespaceSelector(),
          PodSelector.of(t.labelSelector(), owner, t.matchLabelKeys(), t.mismatchLabelKeys()));
    }

    /**
     * {@return the term of an incoming pod as its PreFilter and PreScore merge it: a namespaceSelector
     * with requirements replaced by the names of the namespaces it selects}
     */
    Term resolved(Namespaces known) {
      if (namespaceSelector == null || Namespaces.selectsAll(namespaceSelector)) {
        return this;
      }
      Set<String> all = new HashSet<>(namespaces);
      all.addAll(known.selected(namespaceSelector));
      return new Term(topologyKey, Set.copyOf(all), null, selector);
    }

    /** {@return whether the pod matches a resolved term, whose namespaceSelector is none or selects all} */
    @Override
    public boolean matches(Pod pod) {
      return matches(pod, Map.of());
    }

    /** {@return whether the pod, whose namespace has these labels, matches the term (AffinityTerm.Matches)} */
    boolean matches(Pod pod, Map<String, String> namespaceLabels) {
      String ns = PodClaimResolver.namespace(pod.namespace());
      boolean inNamespace = namespaces.contains(ns)
          || (namespaceSelector != null && namespaceSelector.matches(namespaceLabels));
      return inNamespace && selector.matches(pod.metadata().labels());
    }
  }

  /** A topology pair: a node label and its value. */
  record Pair(String key, String value) {}

  /** The three counts of the PreFilter, and the incoming pod's terms. */
  static final class State {
    final List<Term> affinity;
    final List<Term> antiAffinity;
    final Map<Pair, Integer> existingAnti = new HashMap<>();
    final Map<Pair, Integer> affinityCounts = new HashMap<>();
    final Map<Pair, Integer> antiCounts = new HashMap<>();

    State(List<Term> affinity, List<Term> antiAffinity) {
      this.affinity = affinity;
      this.antiAffinity = antiAffinity;
    }

    /** {@return whether the filter passes every node: no term of the pod's, no existing pod's anti-affinity matching it} */
    boolean refusesNone() {
      return affinity.isEmpty() && antiAffinity.isEmpty() && existingAnti.isEmpty();
    }
  }

  private InterPodAffinity() {}

  static List<Term> required(Pod pod, Function<Affinity, @Nullable PodAffinity> which) {
    return required(pod, which, null);
  }

  /** {@return the pod's required terms of one kind; those of the same API objects kept when shapes is given} */
  static List<Term> required(Pod pod, Function<Affinity, @Nullable PodAffinity> which, @Nullable PodShapes shapes) {
    PodAffinity pa = of(pod, which);
    if (pa == null) {
      return List.of();
    }
    List<Term> out = new ArrayList<>(pa.required().size());
    for (PodAffinityTerm t : pa.required()) {
      out.add(shapes == null ? Term.of(t, pod) : shapes.term(t, pod));
    }
    return out;
  }

  /** {@return whether the pod has a required affinity or anti-affinity term} */
  static boolean hasRequired(Pod pod) {
    return hasRequired(pod, Affinity::podAffinity) || hasRequired(pod, Affinity::podAntiAffinity);
  }

  private static boolean hasRequired(Pod pod, Function<Affinity, @Nullable PodAffinity> which) {
    PodAffinity pa = of(pod, which);
    return pa != null && !pa.required().isEmpty();
  }

  /** {@return the pod's (anti-)affinity of one kind, or null when it has none} */
  static @Nullable PodAffinity of(Pod pod, Function<Affinity, @Nullable PodAffinity> which) {
    Affinity a = pod.spec().affinity();
    return a == null ? null : which.apply(a);
  }

  /** {@return the incoming pod's required terms of one kind, resolved against the cluster's namespaces} */
  static List<Term> incoming(Pod pod, Function<Affinity, @Nullable PodAffinity> which, Namespaces namespaces,
      PodShapes shapes) {
    List<Term> terms = required(pod, which, shapes);
    if (terms.isEmpty()) {
      return terms;
    }
    List<Term> out = new ArrayList<>(terms.size());
    for (Term t : terms) {
      out.add(t.resolved(namespaces));
    }
    return out;
  }

  /** {@return the counts over every node's pods, read from the counts NodeInfos keeps per node} */
  static State count(Pod pod, NodeInfos infos) {
    PodShapes shapes = infos.counts().shapes();
    State s = new State(incoming(pod, Affinity::podAffinity, infos.namespaces(), shapes),
        incoming(pod, Affinity::podAntiAffinity, infos.namespaces(), shapes));
    boolean own = !s.affinity.isEmpty() || !s.antiAffinity.isEmpty();
    if (!own && !infos.anyPodAffinity()) {
      return s;
    }
    PodCounts counts = infos.counts();
    Map<String, String> namespaceLabels = infos.namespaces().labels(pod.namespace());
    for (Map.Entry<PodCounts.Carried, PodCounts.Counts> e : counts.carried().entrySet()) {
      PodCounts.Carried c = e.getKey();
      if (c.kind() == PodCounts.Kind.REQUIRED_ANTI_AFFINITY && c.term().matches(pod, namespaceLabels)) {
        bump(s.existingAnti, infos, c.term().topologyKey(), e.getValue().perNode);
      }
    }
    if (!s.affinity.isEmpty()) {
      int[] all = counts.matching(new PodCounts.AllOf(s.affinity));
      for (Term t : s.affinity) {
        bump(s.affinityCounts, infos, t.topologyKey(), all);
      }
    }
    for (Term t : s.antiAffinity) {
      bump(s.antiCounts, infos, t.topologyKey(), counts.matching(t));
    }
    return s;
  }

  /* Adds each node's count to the pair of the node's value for the key. */
  private static void bump(Map<Pair, Integer> counts, NodeInfos infos, String key, int[] perNode) {
    for (int i = 0; i < perNode.length; i++) {
      if (perNode[i] != 0) {
        String value = infos.nodes().get(i).metadata().labels().get(key);
        if (value != null) {
          counts.merge(new Pair(key, value), perNode[i], Integer::sum);
        }
      }
    }
  }

  /**
   * {@return whether one of the pods counts for the state: it has pod (anti-)affinity terms of its
   * own, or the incoming pod's affinity terms all match it, or one of its anti-affinity terms does}
   */
  static boolean counts(State s, Collection<Pod> pods) {
    for (Pod p : pods) {
      if (NodeInfos.hasPodAffinity(p) || (!s.affinity.isEmpty() && matchesAll(s.affinity, p))) {
        return true;
      }
      for (Term t : s.antiAffinity) {
        if (t.matches(p)) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean matchesAll(List<Term> terms, Pod pod) {
    for (Term t : terms) {
      if (!t.matches(pod)) {
        return false;
      }
    }
    return true;
  }

  /** {@return the filter's reason for the node, or null when it passes} */
  static @Nullable String reason(Pod pod, State s, Node node) {
    Map<String, String> labels = node.metadata().labels();
    if (!satisfiesAffinity(pod, s, labels)) {
      return AFFINITY_MISMATCH;
    }
    for (Term t : s.antiAffinity) {
      String value = labels.get(t.topologyKey());
      if (value != null && s.antiCounts.getOrDefault(new Pair(t.topologyKey(), value), 0) > 0) {
        return ANTI_AFFINITY_MISMATCH;
      }
    }
    if (!s.existingAnti.isEmpty()) {
      for (Map.Entry<String, String> e : labels.entrySet()) {
        if (s.existingAnti.getOrDefault(new Pair(e.getKey(), e.getValue()), 0) > 0) {
          return EXISTING_ANTI_AFFINITY_MISMATCH;
        }
      }
    }
    return null;
  }

  private static boolean satisfiesAffinity(Pod pod, State s, Map<String, String> labels) {
    boolean podsExist = true;
    for (Term t : s.affinity) {
      String value = labels.get(t.topologyKey());
      if (value == null) {
        return false;
      }
      if (s.affinityCounts.getOrDefault(new Pair(t.topologyKey(), value), 0) <= 0) {
        podsExist = false;
      }
    }
    return podsExist || (s.affinityCounts.isEmpty() && matchesAll(s.affinity, pod));
  }
}
