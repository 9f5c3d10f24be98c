package io.github.dra4j.scheduling;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.WeightedPodAffinityTerm;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/*
 * The scores of PodTopologySpread (podtopologyspread/scoring.go) and InterPodAffinity
 * (interpodaffinity/scoring.go), normalized as the plugins normalize them.
 *
 * PodTopologySpread scores the pod's ScheduleAnyway constraints: per constraint, the matching pods
 * of the node's domain (of the node itself for kubernetes.io/hostname) times log(domains + 2),
 * plus maxSkew - 1; nodes without every key score 0; the rest are normalized as
 * 100 * (max + min - score) / max, so fewer matching pods is better. A pod without constraints
 * is scored by its default ones (DefaultSpread); with the system defaults a node without a key
 * still scores by the keys it has, and its missing label counts as the domain "" for the weights.
 *
 * InterPodAffinity adds, per topology pair, the weights of the pod's preferred affinity terms
 * that pods in the pair match (anti-affinity subtracts), of the existing pods' preferred terms
 * the pod matches (unless ignorePreferredTermsOfExistingPods), and hardPodAffinityWeight (1 by
 * default) for each existing pod's required affinity term
 * the pod matches; a node scores the sum over its labels, normalized to 0..100 between the
 * smallest and largest score.
 *
 * Both read the bound pods through NodeInfos.counts(): the pods a selector or term matches on each
 * node and in each domain, and the terms bound pods carry, kept as pods join and leave, so that a
 * cycle costs one pass over the feasible nodes per constraint or term, not a walk of every bound
 * pod. PodTopologySpread passes over every node only when a node lacks a key or an inclusion
 * policy leaves nodes out, which the domains' counts do not know.
 */
final class SpreadAndAffinityScores {
  static final String HOSTNAME = "kubernetes.io/hostname";

  private SpreadAndAffinityScores() {}

  /** {@return PodTopologySpread's normalized scores of the feasible nodes at these positions} */
  static long[] spread(Cycle in, int[] at) {
    long[] scores = new long[at.length];
    Spread s = Spread.of(in, at, false);
    if (s != null) {
      boolean[] ignored = Objects.requireNonNull(s.ignored); // set without tuples
      sum(s.constraints, at, ignored, s.domain, s.matching, s.hostname, s.byDomain, s.weights, scores);
      normalizeSpread(scores, ignored);
    }
    return scores;
  }

  /*
   * PodTopologySpread's normalized scores of the nodes at these positions, null when every node
   * scores 0 (no ScheduleAnyway constraint). Without a hostname constraint a node's score
   * depends on its tuple of domains only: the raw and normalized scores are worked out once per
   * tuple that a scored node has (their smallest and largest are the nodes'), instead of once per
   * node and step as spread() does.
   */
  static @Nullable Normalized normalizedSpread(Cycle in, int[] at) {
    Spread s = Spread.of(in, at, true);
    if (s == null) {
      return null;
    }
    if (s.tuple == null) {
      long[] scores = new long[at.length];
      boolean[] ignored = Objects.requireNonNull(s.ignored); // set without tuples
      sum(s.constraints, at, ignored, s.domain, s.matching, s.hostname, s.byDomain, s.weights, scores);
      normalizeSpread(scores, ignored);
      return new Normalized(null, scores);
    }
    return new Normalized(s.tuple, s.normalizedByTuple());
  }

  /* Normalized scores of the nodes at some positions: by each node's tuple (none for tuple -1: 0), or by node. */
  static final class Normalized {
    private final int @Nullable [] tuple;
    private final long[] values;

    Normalized(int @Nullable [] tuple, long[] values) {
      this.tuple = tuple;
      this.values = values;
    }

    /* the score of the k-th node */
    long of(int k) {
      int[] t = tuple;
      if (t == null) {
        return values[k];
      }
      return t[k] < 0 ? 0 : values[t[k]];
    }
  }

  /* PodTopologySpread's PreScore state over the nodes at some positions, with each domain's matching pods. */
  private static final class Spread {
    final List<TopologySpread.Constraint> constraints;
    final int[][] domain;
    final int[][] matching;
    final boolean[] hostname;
    final long[][] byDomain;
    /* the ignored nodes, when tuple is null (a tuple of -1 marks them otherwise) */
    final boolean @Nullable [] ignored;
    final double[] weights;
    /*
     * each node's tuple of domains (in byDomainsTable's mixed radix), -1 for an ignored node; null
     * unless asked and possible; NodeScores' reused array, valid until the next normalizedSpread
     * on the same NodeInfos
     */
    final int @Nullable [] tuple;
    /* the tuples of the nodes that are not ignored, when tuple is set */
    final boolean @Nullable [] seen;

    private Spread(List<TopologySpread.Constraint> constraints, int[][] domain, int[][] matching, boolean[] hostname,
        long[][] byDomain, boolean @Nullable [] ignored, double[] weights, int @Nullable [] tuple,
        boolean @Nullable [] seen) {
      this.constraints = constraints;
      this.domain = domain;
      this.matching = matching;
      this.hostname = hostname;
      this.byDomain = byDomain;
      this.ignored = ignored;
      this.weights = weights;
      this.tuple = tuple;
      this.seen = seen;
    }

    /* null when the pod has no ScheduleAnyway constraint (every node scores 0); tuples: also each node's tuple when possible */
    static @Nullable Spread of(Cycle in, int[] at, boolean tuples) {
      Pod pod = in.pod();
      List<TopologySpread.Constraint> constraints = TopologySpread.constraints(in, TopologySpreadConstraint.SCHEDULE_ANYWAY);
      if (constraints.isEmpty()) {
        return null;
      }
      // Only the system defaults let a node without every key score (a node without a zone still spreads by hostname).
      boolean requireAll = !pod.spec().topologySpreadConstraints().isEmpty()
          || !DefaultSpread.systemDefaulted(in.profile().args());
      NodeInfos infos = in.infos();
      PodCounts counts = infos.counts();
      String namespace = PodClaimResolver.namespace(pod.namespace());
      int size = constraints.size();
      int[][] domain = new int[size][];
      int[][] matching = new int[size][];
      boolean[] hostname = new boolean[size];
      long[][] byDomain = new long[size][];
      boolean[][] present = new boolean[size][];
      int[] missing = new int[size];
      for (int c = 0; c < size; c++) {
        TopologySpread.Constraint tc = constraints.get(c);
        PodCounts.Domains d = counts.domains(tc.key());
        domain[c] = d.of();
        matching[c] = counts.matching(namespace, tc.selector());
        hostname[c] = tc.key().equals(HOSTNAME);
        // a node without the key is in the domain "" (node.Labels[key] in Go), counted only when not all keys are required
        int empty = d.values().indexOf("");
        missing[c] = empty < 0 ? d.values().size() : empty;
        byDomain[c] = new long[d.values().size() + 1];
        present[c] = new boolean[d.values().size() + 1];
      }
      int tupleCount = tuples ? tupleCount(hostname, byDomain) : 0;
      int[] tuple = tupleCount > 0 ? infos.scores().tuples(at.length) : null;
      boolean[] seen = tupleCount > 0 ? new boolean[tupleCount] : null;
      // initPreScoreState: the domains of the feasible nodes that have every key, and their number
      boolean[] ignored = tuple != null ? null : new boolean[at.length];
      int[] domains = new int[size];
      int ignoredCount = tuple != null && seen != null
          ? byTuples(counts.tuples(constraints), at, requireAll, missing, byDomain, tuple, seen, present, domains)
          : byNodes(domain, at, requireAll, missing, hostname, Objects.requireNonNull(ignored), present, domains);
      double[] weights = new double[size];
      for (int c = 0; c < size; c++) {
        weights[c] = Math.log((hostname[c] ? at.length - ignoredCount : domains[c]) + 2);
      }
      if (!keptDomains(pod, constraints, counts, namespace, hostname, byDomain)) {
        countDomains(pod, constraints, infos.nodes(), domain, matching, missing, requireAll, hostname, present, byDomain);
      }
      return new Spread(constraints, domain, matching, hostname, byDomain, ignored, weights, tuple, seen);
    }

    /* Marks the ignored nodes (without every key when all are required) and the domains present; returns the ignored count. */
    private static int byNodes(int[][] domain, int[] at, boolean requireAll, int[] missing, boolean[] hostname,
        boolean[] ignored, boolean[][] present, int[] domains) {
      int ignoredCount = 0;
      for (int k = 0; k < at.length; k++) {
        if (requireAll && !TopologySpread.hasKeys(domain, at[k])) {
          ignored[k] = true;
          ignoredCount++;
          continue;
        }
        for (int c = 0; c < domain.length; c++) {
          int d = domain[c][at[k]] < 0 ? missing[c] : domain[c][at[k]];
          if (!hostname[c] && !present[c][d]) {
            present[c][d] = true;
            domains[c]++;
          }
        }
      }
      return ignoredCount;
    }

    /*
     * byNodes from each node's tuple of domains (PodCounts.tuples), and each scored node's tuple:
     * one read per node, the domains present then read off the tuples seen.
     */
    private static int byTuples(int[] tupleOf, int[] at, boolean requireAll, int[] missing, long[][] byDomain,
        int[] tuple, boolean[] seen, boolean[][] present, int[] domains) {
      int ignoredCount = 0;
      for (int k = 0; k < at.length; k++) {
        int t = tupleOf[at[k]];
        if (t < 0) { // a key missing
          if (requireAll) {
            ignoredCount++;
            tuple[k] = -1;
            continue;
          }
          t = ~t;
        }
        tuple[k] = t;
        seen[t] = true;
      }
      for (int t = 0; t < seen.length; t++) {
        if (!seen[t]) {
          continue;
        }
        for (int c = byDomain.length - 1, rest = t; c >= 0; c--) {
          int digit = rest % byDomain[c].length;
          rest /= byDomain[c].length;
          int d = digit == 0 ? missing[c] : digit - 1;
          if (!present[c][d]) {
            present[c][d] = true;
            domains[c]++;
          }
        }
      }
      return ignoredCount;
    }

    /*
     * The normalized score of each tuple some scored node has: its raw score as sum() rounds it,
     * normalized as normalizeSpread() between the smallest and largest of them.
     */
    long[] normalizedByTuple() {
      boolean[] has = Objects.requireNonNull(seen);
      long[] raw = new long[has.length];
      long min = Long.MAX_VALUE;
      long max = 0;
      int size = constraints.size();
      int[] of = new int[size];
      for (int t = 0; t < has.length; t++) {
        if (!has[t]) {
          continue;
        }
        for (int c = size - 1, rest = t; c >= 0; c--) {
          of[c] = rest % byDomain[c].length - 1;
          rest /= byDomain[c].length;
        }
        double score = 0; // summed in sum()'s order, so that it rounds alike
        for (int c = 0; c < size; c++) {
          if (of[c] >= 0) { // Score counts only the keys the node has
            score += byDomain[c][of[c]] * weights[c] + (constraints.get(c).maxSkew() - 1);
          }
        }
        raw[t] = Math.round(score);
        min = Math.min(min, raw[t]);
        max = Math.max(max, raw[t]);
      }
      for (int t = 0; t < has.length; t++) {
        if (has[t]) {
          raw[t] = max == 0 ? DefaultScores.MAX : DefaultScores.MAX * (max + min - raw[t]) / max;
        }
      }
      return raw;
    }
  }

  /* The number of tuples of domains of the constraints, 0 with a hostname constraint or more than 4,096 tuples. */
  private static int tupleCount(boolean[] hostname, long[][] byDomain) {
    long tuples = 1;
    for (int c = 0; c < hostname.length; c++) {
      tuples *= byDomain[c].length;
      if (hostname[c] || tuples > 4096) {
        return 0;
      }
    }
    return (int) tuples;
  }

  /* Each scored node's raw score: per constraint its domain's (or its own) matching pods times the weight, plus maxSkew - 1. */
  private static void sum(List<TopologySpread.Constraint> constraints, int[] at, boolean[] ignored, int[][] domain,
      int[][] matching, boolean[] hostname, long[][] byDomain, double[] weights, long[] scores) {
    int size = constraints.size();
    for (int k = 0; k < at.length; k++) {
      if (ignored[k]) {
        continue;
      }
      double score = 0;
      for (int c = 0; c < size; c++) {
        if (domain[c][at[k]] < 0) {
          continue; // Score counts only the keys the node has
        }
        long count = hostname[c] ? matching[c][at[k]] : byDomain[c][domain[c][at[k]]];
        score += count * weights[c] + (constraints.get(c).maxSkew() - 1);
      }
      scores[k] = Math.round(score);
    }
  }

  /* PodTopologySpread's NormalizeScore: fewer matching pods is better; ignored nodes score 0. */
  static void normalizeSpread(long[] scores, boolean[] ignored) {
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int k = 0; k < scores.length; k++) {
      if (!ignored[k]) {
        min = Math.min(min, scores[k]);
        max = Math.max(max, scores[k]);
      }
    }
    for (int k = 0; k < scores.length; k++) {
      scores[k] = ignored[k] ? 0 : max == 0 ? DefaultScores.MAX : DefaultScores.MAX * (max + min - scores[k]) / max;
    }
  }

  /*
   * The matching pods of each domain as PodCounts keeps them (TopologySpread.keptCounts), when
   * every node has every key and every node's pods count (no inclusion policy leaves a node out):
   * then countDomains would sum the same. Returns false, with nothing set, otherwise.
   */
  private static boolean keptDomains(Pod pod, List<TopologySpread.Constraint> constraints, PodCounts counts,
      String namespace, boolean[] hostname, long[][] byDomain) {
    int[][] kept = TopologySpread.keptCounts(pod, constraints, counts, namespace, hostname);
    if (kept == null) {
      return false;
    }
    for (int c = 0; c < kept.length; c++) {
      for (int d = 0; d < kept[c].length; d++) {
        byDomain[c][d] = kept[c][d];
      }
    }
    return true;
  }

  /*
   * The matching pods of the feasible nodes' domains, over every node that has every key and passes the
   * inclusion policies; a node's policies (node affinity, taints) are read once, when a constraint first needs them.
   */
  private static void countDomains(Pod pod, List<TopologySpread.Constraint> constraints, List<Node> nodes,
      int[][] domain, int[][] matching, int[] missing, boolean requireAll, boolean[] hostname, boolean[][] present,
      long[][] byDomain) {
    int size = constraints.size();
    boolean[] all = new boolean[size];
    boolean affinity = false;
    boolean taints = false;
    for (int c = 0; c < size; c++) {
      TopologySpread.Constraint constraint = constraints.get(c);
      all[c] = constraint.includesAll(pod);
      affinity |= !all[c] && constraint.honorAffinity();
      taints |= !all[c] && constraint.honorTaints();
    }
    for (int i = 0; i < nodes.size(); i++) {
      if (requireAll && !TopologySpread.hasKeys(domain, i)) {
        continue;
      }
      boolean read = false;
      boolean matchesAffinity = true;
      boolean tolerated = true;
      for (int c = 0; c < size; c++) {
        int d = domain[c][i] < 0 ? missing[c] : domain[c][i];
        if (hostname[c] || matching[c][i] == 0 || !present[c][d]) {
          continue;
        }
        if (!all[c]) {
          if (!read) {
            Node node = nodes.get(i);
            matchesAffinity = !affinity || NodeFilter.matchesNodeSelector(pod, node);
            tolerated = !taints || NodeFilter.untoleratedTaint(pod, node) == null;
            read = true;
          }
          if (!constraints.get(c).includes(matchesAffinity, tolerated)) {
            continue;
          }
        }
        byDomain[c][d] += matching[c][i];
      }
    }
  }

  /** A weighted term: the preferred term, or a required one with hardPodAffinityWeight. */
  record Weighted(InterPodAffinity.Term term, int weight) {}

  /** {@return the pod's preferred terms of one kind, with their weights} */
  static List<Weighted> preferred(Pod pod, Function<Affinity, @Nullable PodAffinity> which) {
    return preferred(pod, which, null);
  }

  /** {@return the pod's preferred terms of one kind, with their weights; those of the same API objects kept when shapes is given} */
  static List<Weighted> preferred(Pod pod, Function<Affinity, @Nullable PodAffinity> which, @Nullable PodShapes shapes) {
    Affinity a = pod.spec().affinity();
    PodAffinity pa = a == null ? null : which.apply(a);
    if (pa == null || pa.preferred().isEmpty()) {
      return List.of();
    }
    List<Weighted> out = new ArrayList<>(pa.preferred().size());
    for (WeightedPodAffinityTerm t : pa.preferred()) {
      InterPodAffinity.Term term = shapes == null ? InterPodAffinity.Term.of(t.podAffinityTerm(), pod)
          : shapes.term(t.podAffinityTerm(), pod);
      out.add(new Weighted(term, t.weight()));
    }
    return out;
  }

  /* PreScore merges the incoming pod's terms with the namespaces their namespaceSelector selects. */
  private static List<Weighted> resolved(List<Weighted> terms, Namespaces namespaces) {
    if (terms.isEmpty()) {
      return terms;
    }
    List<Weighted> out = new ArrayList<>(terms.size());
    for (Weighted w : terms) {
      out.add(new Weighted(w.term().resolved(namespaces), w.weight()));
    }
    return out;
  }

  /** {@return InterPodAffinity's normalized scores of the feasible nodes at these positions} */
  static long[] podAffinity(Cycle in, int[] at) {
    long[] scores = new long[at.length];
    AffinityTerms terms = AffinityTerms.of(in);
    if (terms != null) {
      for (int k = 0; k < at.length; k++) {
        scores[k] = terms.raw(at[k]);
      }
      normalizeAffinity(scores);
    }
    return scores;
  }

  /* The terms InterPodAffinity scores by: per term the domain of each node, the matching pods of each domain and the weight. */
  static final class AffinityTerms {
    private final int[][] of;
    private final int[][] count;
    private final long[] weight;

    private AffinityTerms(int[][] of, int[][] count, long[] weight) {
      this.of = of;
      this.count = count;
      this.weight = weight;
    }

    /* null when no term scores (every node 0) */
    static @Nullable AffinityTerms of(Cycle in) {
      Pod pod = in.pod();
      NodeInfos infos = in.infos();
      PodShapes shapes = infos.counts().shapes();
      List<Weighted> affinity = resolved(preferred(pod, Affinity::podAffinity, shapes), infos.namespaces());
      List<Weighted> anti = resolved(preferred(pod, Affinity::podAntiAffinity, shapes), infos.namespaces());
      boolean own = !affinity.isEmpty() || !anti.isEmpty();
      PluginArgs args = in.profile().args();
      if (!own && !infos.anyPodAffinity()) {
        return null;
      }
      PodCounts counts = infos.counts();
      // processTerms: each term adds its weight times the pods it matches in a domain to the
      // domain's topologyScore; a node sums the scores of its domains, term by term
      List<int[]> domainOf = new ArrayList<>();
      List<int[]> matched = new ArrayList<>();
      List<Long> weights = new ArrayList<>();
      for (Weighted w : affinity) {
        String key = w.term().topologyKey();
        add(domainOf, matched, weights, counts.domains(key).of(), counts.byDomain(w.term(), key), w.weight());
      }
      for (Weighted w : anti) {
        String key = w.term().topologyKey();
        add(domainOf, matched, weights, counts.domains(key).of(), counts.byDomain(w.term(), key), -w.weight());
      }
      Map<String, String> namespaceLabels = infos.namespaces().labels(pod.namespace());
      for (Map.Entry<PodCounts.Carried, PodCounts.Counts> e : counts.carried().entrySet()) {
        PodCounts.Carried t = e.getKey();
        long weight = switch (t.kind()) {
          case REQUIRED_AFFINITY -> args.hardPodAffinityWeight();
          case REQUIRED_ANTI_AFFINITY -> 0;
          case PREFERRED_AFFINITY -> args.ignorePreferredTermsOfExistingPods() ? 0 : t.weight();
          case PREFERRED_ANTI_AFFINITY -> args.ignorePreferredTermsOfExistingPods() ? 0 : -t.weight();
        };
        if (weight != 0 && t.term().matches(pod, namespaceLabels)) {
          String key = t.term().topologyKey();
          add(domainOf, matched, weights, counts.domains(key).of(), counts.byDomain(e.getValue(), key), weight);
        }
      }
      if (domainOf.isEmpty()) {
        return null;
      }
      long[] weight = new long[weights.size()];
      for (int t = 0; t < weight.length; t++) {
        weight[t] = weights.get(t);
      }
      return new AffinityTerms(domainOf.toArray(new int[0][]), matched.toArray(new int[0][]), weight);
    }

    /* raw() of the nodes at these positions, a term at a time, into out (zero at the positions' indices). */
    long[] raw(int[] at, long[] out) {
      for (int t = 0; t < weight.length; t++) {
        int[] domainOf = of[t];
        int[] matched = count[t];
        long w = weight[t];
        for (int k = 0; k < at.length; k++) {
          int d = domainOf[at[k]];
          if (d >= 0) {
            out[k] += w * matched[d];
          }
        }
      }
      return out;
    }

    /* The node's raw score: per term its weight times the matching pods of the node's domain. */
    long raw(int node) {
      long score = 0;
      for (int t = 0; t < weight.length; t++) {
        int d = of[t][node];
        if (d >= 0) {
          score += weight[t] * count[t][d];
        }
      }
      return score;
    }
  }

  /* InterPodAffinity's NormalizeScore: 0..100 between the smallest and the largest score. */
  static void normalizeAffinity(long[] scores) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (long score : scores) {
      min = Math.min(min, score);
      max = Math.max(max, score);
    }
    long diff = max - min;
    for (int k = 0; k < scores.length; k++) {
      scores[k] = diff > 0 ? normalizedAffinity(scores[k] - min, diff) : 0;
    }
  }

  /* InterPodAffinity's normalized score, 100 * above / diff: above = score - min, diff = max - min > 0. */
  static long normalizedAffinity(long above, long diff) {
    return (long) (DefaultScores.MAX * ((double) above / diff));
  }

  /* A term that adds its weight times its matching pods to each domain of its key. */
  private static void add(List<int[]> domainOf, List<int[]> matched, List<Long> weights, int[] of, int[] byDomain,
      long weight) {
    domainOf.add(of);
    matched.add(byDomain);
    weights.add(weight);
  }
}
