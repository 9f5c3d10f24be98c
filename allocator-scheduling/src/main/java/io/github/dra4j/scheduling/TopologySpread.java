package io.github.dra4j.scheduling;

import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.TopologySpreadConstraint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * PodTopologySpread's filter (podtopologyspread/filtering.go): for each of the pod's
 * DoNotSchedule constraints, the pods its selector matches in the pod's namespace are counted
 * per domain (the value of the topology key) over the nodes that have every constraint's key
 * and pass the constraint's node inclusion policies (node affinity honoured by default, taints
 * ignored by default); a node is refused when its domain's count, plus one if the pod matches
 * its own selector, exceeds the smallest domain's count by more than maxSkew. With fewer domains
 * than minDomains the smallest count is 0.
 */
final class TopologySpread {
  static final String NODE_LABEL_MISMATCH = "node(s) didn't match pod topology spread constraints (missing required label)";
  static final String CONSTRAINTS_MISMATCH = "node(s) didn't match pod topology spread constraints";
  static final String HONOR = "Honor";

  /** One constraint with its selector built. */
  record Constraint(int maxSkew, String key, PodSelector selector, int minDomains, boolean honorAffinity,
      boolean honorTaints) {
    static Constraint of(TopologySpreadConstraint c, Pod pod) {
      return of(c, c.labelSelector(), pod);
    }

    /** {@return the constraint with this selector (a default constraint's comes from the pod's controller)} */
    static Constraint of(TopologySpreadConstraint c, @Nullable LabelSelector selector, Pod pod) {
      Integer min = c.minDomains();
      return new Constraint(c.maxSkew(), c.topologyKey(), PodSelector.of(selector, pod, c.matchLabelKeys(),
          List.of()), min == null ? 1 : min, c.nodeAffinityPolicy() == null || c.nodeAffinityPolicy().equals(HONOR),
          HONOR.equals(c.nodeTaintsPolicy()));
    }

    /** {@return whether every node's pods count for this constraint, whatever the node} */
    boolean includesAll(Pod pod) {
      return (!honorAffinity || (pod.spec().nodeSelector().isEmpty() && pod.spec().requiredNodeAffinity() == null))
          && !honorTaints;
    }

    /** {@return whether the node's pods count for this constraint (matchNodeInclusionPolicies)} */
    boolean includes(Pod pod, Node node) {
      return includes(!honorAffinity || NodeFilter.matchesNodeSelector(pod, node),
          !honorTaints || NodeFilter.untoleratedTaint(pod, node) == null);
    }

    /** {@return whether a node's pods count, given whether the node matches the pod's node affinity and its taints are tolerated} */
    boolean includes(boolean matchesAffinity, boolean tolerated) {
      return (!honorAffinity || matchesAffinity) && (!honorTaints || tolerated);
    }
  }

  /** The counts per domain of each constraint, and the smallest count and number of domains. */
  static final class State {
    final List<Constraint> constraints;
    /* per constraint, the domains (values of its key) some counted node has, and how many */
    final boolean[][] present;
    final int[] domains;
    final int[] min;
    /* 1 for a constraint whose selector matches the incoming pod itself */
    final int[] self;
    /* per constraint, each node's domain and each domain's count (0 where counts has none) */
    final int[][] domain;
    final int[][] byDomain;
    /* per constraint, the most matching pods a domain may have: maxSkew + minMatch - self */
    final long[] most;
    /* whether every node has every key and no domain's skew exceeds maxSkew: the filter refuses no node */
    boolean refusesNone;

    State(List<Constraint> constraints) {
      this.constraints = constraints;
      this.min = new int[constraints.size()];
      this.self = new int[constraints.size()];
      this.domain = new int[constraints.size()][];
      this.byDomain = new int[constraints.size()][];
      this.most = new long[constraints.size()];
      this.present = new boolean[constraints.size()][];
      this.domains = new int[constraints.size()];
    }

    int minMatch(int k) {
      return TopologySpread.minMatch(constraints.get(k), domains[k], min[k]);
    }
  }

  private TopologySpread() {}

  /** {@return the pod's constraints with this whenUnsatisfiable, or its default ones when it has none} */
  static List<Constraint> constraints(Cycle in, String when) {
    Pod pod = in.pod();
    return pod.spec().topologySpreadConstraints().isEmpty()
        ? in.profile().spreadDefaults.constraints(pod, in.profile().args(), when)
        : constraints(pod, when, in.infos().counts().shapes());
  }

  /** {@return the pod's constraints with this whenUnsatisfiable, those of the same API objects kept} */
  static List<Constraint> constraints(Pod pod, String when, PodShapes shapes) {
    List<Constraint> out = new ArrayList<>(2);
    for (TopologySpreadConstraint c : pod.spec().topologySpreadConstraints()) {
      if (c.whenUnsatisfiable().equals(when)) {
        out.add(shapes.constraint(c, pod));
      }
    }
    return out;
  }

  /** {@return the pod's constraints with this whenUnsatisfiable} */
  static List<Constraint> constraints(Pod pod, String when) {
    List<Constraint> out = new ArrayList<>();
    for (TopologySpreadConstraint c : pod.spec().topologySpreadConstraints()) {
      if (c.whenUnsatisfiable().equals(when)) {
        out.add(Constraint.of(c, pod));
      }
    }
    return out;
  }

  /** {@return the counts of the constraints over every node (PreFilter)} */
  static State count(Pod pod, List<Constraint> constraints, NodeInfos infos) {
    State s = new State(constraints);
    if (constraints.isEmpty()) {
      return s;
    }
    String namespace = PodClaimResolver.namespace(pod.namespace());
    List<Node> nodes = infos.nodes();
    PodCounts counts = infos.counts();
    int size = constraints.size();
    int[][] domain = s.domain;
    int[][] matching = new int[size][];
    int[][] byDomain = s.byDomain;
    boolean[][] seen = s.present;
    PodCounts.Domains[] domains = new PodCounts.Domains[size];
    for (int k = 0; k < size; k++) {
      Constraint c = constraints.get(k);
      domains[k] = counts.domains(c.key());
      domain[k] = domains[k].of();
      byDomain[k] = new int[domains[k].values().size()];
      seen[k] = new boolean[byDomain[k].length];
      s.self[k] = c.selector().matches(pod.metadata().labels()) ? 1 : 0;
    }
    int[][] kept = keptCounts(pod, constraints, counts, namespace, new boolean[size]);
    if (kept != null) {
      for (int k = 0; k < size; k++) {
        byDomain[k] = kept[k].clone();
        Arrays.fill(seen[k], true);
      }
    } else {
      for (int k = 0; k < size; k++) {
        matching[k] = counts.matching(namespace, constraints.get(k).selector());
      }
      countNodes(pod, constraints, nodes, domain, matching, byDomain, seen);
    }
    for (int k = 0; k < size; k++) {
      int min = Integer.MAX_VALUE;
      int present = 0;
      for (int d = 0; d < byDomain[k].length; d++) {
        if (seen[k][d]) {
          present++;
          min = Math.min(min, byDomain[k][d]);
        }
      }
      s.domains[k] = present;
      s.min[k] = min;
      s.most[k] = most(constraints.get(k), present, min, s.self[k]);
    }
    s.refusesNone = kept != null ? withinMost(kept, s.most) : refusesNone(s);
    return s;
  }

  /*
   * The matching pods per domain over the nodes that have every key, each node's inclusion
   * policies (node affinity, taints) read once for all the constraints that honour them.
   */
  private static void countNodes(Pod pod, List<Constraint> constraints, List<Node> nodes, int[][] domain,
      int[][] matching, int[][] byDomain, boolean[][] seen) {
    int size = constraints.size();
    boolean[] all = new boolean[size];
    boolean affinity = false;
    boolean taints = false;
    for (int k = 0; k < size; k++) {
      Constraint c = constraints.get(k);
      all[k] = c.includesAll(pod);
      affinity |= !all[k] && c.honorAffinity();
      taints |= !all[k] && c.honorTaints();
    }
    for (int i = 0; i < nodes.size(); i++) {
      if (!hasKeys(domain, i)) {
        continue;
      }
      Node node = nodes.get(i);
      boolean matchesAffinity = !affinity || NodeFilter.matchesNodeSelector(pod, node);
      boolean tolerated = !taints || NodeFilter.untoleratedTaint(pod, node) == null;
      for (int k = 0; k < size; k++) {
        if (all[k] || constraints.get(k).includes(matchesAffinity, tolerated)) {
          int d = domain[k][i];
          seen[k][d] = true;
          byDomain[k][d] += matching[k][i];
        }
      }
    }
  }

  /**
   * {@return each constraint's matching pods per domain of its key as PodCounts keeps them (read
   * only; empty for a constraint {@code skip} marks), or null when a node lacks a key or an
   * inclusion policy may leave a node's pods out} Only when every node counts for every
   * constraint do the kept counts equal a pass over the nodes, as PreFilter and PreScore make it.
   */
  static int @Nullable [][] keptCounts(Pod pod, List<Constraint> constraints, PodCounts counts, String namespace,
      boolean[] skip) {
    for (Constraint c : constraints) {
      if (!c.includesAll(pod) || !counts.domains(c.key()).everyNode()) {
        return null;
      }
    }
    int[][] kept = new int[constraints.size()][];
    for (int k = 0; k < kept.length; k++) {
      Constraint c = constraints.get(k);
      kept[k] = skip[k] ? new int[0] : counts.byDomain(namespace, c.selector(), c.key());
    }
    return kept;
  }

  /**
   * {@return count(pod, constraints, counts' infos).refusesNone read off the domain counts
   * PodCounts keeps, without the state built, or null when they do not tell (a node lacks a key or
   * an inclusion policy may leave a node out)} Every domain has a node then, so the smallest count
   * is that of all the domains.
   */
  static @Nullable Boolean keptRefusesNone(Pod pod, List<Constraint> constraints, PodCounts counts) {
    int[][] kept = keptCounts(pod, constraints, counts, PodClaimResolver.namespace(pod.namespace()),
        new boolean[constraints.size()]);
    if (kept == null) {
      return null;
    }
    long[] most = new long[kept.length];
    for (int k = 0; k < kept.length; k++) {
      Constraint c = constraints.get(k);
      int min = Integer.MAX_VALUE;
      for (int count : kept[k]) {
        min = Math.min(min, count);
      }
      most[k] = most(c, kept[k].length, min, c.selector().matches(pod.metadata().labels()) ? 1 : 0);
    }
    return withinMost(kept, most);
  }

  /*
   * The most matching pods a domain may have: maxSkew over the smallest count the skew is
   * measured from, the incoming pod itself (self 1 when the selector matches it) counted.
   */
  private static long most(Constraint c, int domains, int min, int self) {
    return (long) c.maxSkew() + minMatch(c, domains, min) - self;
  }

  /*
   * refusesNone from the kept counts (every node has every key, so every domain has a node):
   * no domain of a constraint has more matching pods than its most.
   */
  private static boolean withinMost(int[][] kept, long[] most) {
    for (int k = 0; k < kept.length; k++) {
      for (int count : kept[k]) {
        if (count > most[k]) {
          return false;
        }
      }
    }
    return true;
  }

  /* The smallest count the skew is measured from: 0 while fewer domains than minDomains have a counted node. */
  static int minMatch(Constraint c, int domains, int min) {
    return domains < c.minDomains() ? 0 : min;
  }

  private static boolean refusesNone(State s) {
    for (int k = 0; k < s.constraints.size(); k++) {
      for (int d : s.domain[k]) {
        if (d < 0 || s.byDomain[k][d] > s.most[k]) {
          return false;
        }
      }
    }
    return true;
  }

  /** {@return whether one of the pods is of the incoming pod's namespace and matches a constraint's selector} */
  static boolean counts(State s, Pod incoming, Collection<Pod> pods) {
    String namespace = PodClaimResolver.namespace(incoming.namespace());
    for (Constraint c : s.constraints) {
      PodCounts.InNamespace counted = new PodCounts.InNamespace(namespace, c.selector());
      for (Pod p : pods) {
        if (counted.matches(p)) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@return whether the node has every key: a domain for each} */
  static boolean hasKeys(int[][] domain, int node) {
    for (int[] d : domain) {
      if (d[node] < 0) {
        return false;
      }
    }
    return true;
  }

  /** {@return the filter's reason for the node, or null when it passes} */
  static @Nullable String reason(State s, Cycle in, Node node) {
    return s.refusesNone ? null : reason(s, in.position(node));
  }

  /** {@return the filter's reason for the node at this position of the cycle's nodes, or null when it passes} */
  static @Nullable String reason(State s, int node) {
    for (int k = 0; k < s.constraints.size(); k++) {
      int d = s.domain[k][node];
      if (d < 0) {
        return NODE_LABEL_MISMATCH;
      }
      if (s.byDomain[k][d] > s.most[k]) {
        return CONSTRAINTS_MISMATCH;
      }
    }
    return null;
  }
}
