package io.github.dra4j.scheduling;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.WeightedPodAffinityTerm;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * node and the terms bound pods carry, kept as pods join and leave, so that a cycle costs one pass
 * over the nodes (and the feasible ones) per constraint or term, not a walk of every bound pod.
 */
final class SpreadAndAffinityScores {
  static final String HOSTNAME = "kubernetes.io/hostname";

  private SpreadAndAffinityScores() {}

  /** {@return PodTopologySpread's normalized scores of the feasible nodes at these positions} */
  static long[] spread(Cycle in, int[] at) {
    Pod pod = in.pod();
    List<TopologySpread.Constraint> constraints = TopologySpread.constraints(in, TopologySpreadConstraint.SCHEDULE_ANYWAY);
    long[] scores = new long[at.length];
    if (constraints.isEmpty()) {
      return scores;
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
      matching[c] = counts.matching(new PodCounts.InNamespace(namespace, tc.selector()));
      hostname[c] = tc.key().equals(HOSTNAME);
      // a node without the key is in the domain "" (node.Labels[key] in Go), counted only when not all keys are required
      missing[c] = d.values().indexOf("") < 0 ? d.values().size() : d.values().indexOf("");
      byDomain[c] = new long[d.values().size() + 1];
      present[c] = new boolean[d.values().size() + 1];
    }
    // initPreScoreState: the domains of the feasible nodes that have every key, and their number
    boolean[] ignored = new boolean[at.length];
    int ignoredCount = 0;
    int[] domains = new int[size];
    for (int k = 0; k < at.length; k++) {
      if (requireAll && !TopologySpread.hasKeys(domain, at[k])) {
        ignored[k] = true;
        ignoredCount++;
        continue;
      }
      for (int c = 0; c < size; c++) {
        int d = domain[c][at[k]] < 0 ? missing[c] : domain[c][at[k]];
        if (!hostname[c] && !present[c][d]) {
          present[c][d] = true;
          domains[c]++;
        }
      }
    }
    double[] weights = new double[size];
    for (int c = 0; c < size; c++) {
      weights[c] = Math.log((hostname[c] ? at.length - ignoredCount : domains[c]) + 2);
    }
    countDomains(pod, constraints, infos.nodes(), domain, matching, missing, requireAll, hostname, present, byDomain);
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
    normalizeSpread(scores, ignored);
    return scores;
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

  /* The matching pods of the feasible nodes' domains, over every node that has every key and passes the inclusion policies. */
  private static void countDomains(Pod pod, List<TopologySpread.Constraint> constraints, List<Node> nodes,
      int[][] domain, int[][] matching, int[] missing, boolean requireAll, boolean[] hostname, boolean[][] present,
      long[][] byDomain) {
    int size = constraints.size();
    boolean[] all = new boolean[size];
    for (int c = 0; c < size; c++) {
      all[c] = constraints.get(c).includesAll(pod);
    }
    for (int i = 0; i < nodes.size(); i++) {
      if (requireAll && !TopologySpread.hasKeys(domain, i)) {
        continue;
      }
      for (int c = 0; c < size; c++) {
        int d = domain[c][i] < 0 ? missing[c] : domain[c][i];
        if (hostname[c] || matching[c][i] == 0 || !present[c][d]
            || (!all[c] && !constraints.get(c).includes(pod, nodes.get(i)))) {
          continue;
        }
        byDomain[c][d] += matching[c][i];
      }
    }
  }

  /** A weighted term: the preferred term, or a required one with hardPodAffinityWeight. */
  record Weighted(InterPodAffinity.Term term, int weight) {}

  /** {@return the pod's preferred terms of one kind, with their weights} */
  static List<Weighted> preferred(Pod pod, Function<Affinity, @Nullable PodAffinity> which) {
    Affinity a = pod.spec().affinity();
    PodAffinity pa = a == null ? null : which.apply(a);
    List<Weighted> out = new ArrayList<>();
    if (pa != null) {
      for (WeightedPodAffinityTerm t : pa.preferred()) {
        out.add(new Weighted(InterPodAffinity.Term.of(t.podAffinityTerm(), pod), t.weight()));
      }
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
    Pod pod = in.pod();
    NodeInfos infos = in.infos();
    List<Weighted> affinity = resolved(preferred(pod, Affinity::podAffinity), infos.namespaces());
    List<Weighted> anti = resolved(preferred(pod, Affinity::podAntiAffinity), infos.namespaces());
    boolean own = !affinity.isEmpty() || !anti.isEmpty();
    PluginArgs args = in.profile().args();
    long[] scores = new long[at.length];
    if (!own && !infos.anyPodAffinity()) {
      return scores;
    }
    PodCounts counts = infos.counts();
    // per topology key, the score of each of its domains (topologyScore)
    Map<String, long[]> topology = new HashMap<>();
    for (Weighted w : affinity) {
      add(topology, counts, w.term(), counts.matching(w.term()), w.weight());
    }
    for (Weighted w : anti) {
      add(topology, counts, w.term(), counts.matching(w.term()), -w.weight());
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
        add(topology, counts, t.term(), e.getValue().perNode, weight);
      }
    }
    if (topology.isEmpty()) {
      return scores;
    }
    List<int[]> domains = new ArrayList<>(topology.size());
    List<long[]> values = new ArrayList<>(topology.size());
    topology.forEach((key, byDomain) -> {
      domains.add(counts.domains(key).of());
      values.add(byDomain);
    });
    for (int k = 0; k < at.length; k++) {
      for (int t = 0; t < domains.size(); t++) {
        int d = domains.get(t)[at[k]];
        if (d >= 0) {
          scores[k] += values.get(t)[d];
        }
      }
    }
    normalizeAffinity(scores);
    return scores;
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
      scores[k] = diff > 0 ? (long) (DefaultScores.MAX * ((double) (scores[k] - min) / diff)) : 0;
    }
  }

  /* processTerms: each pod a term matches (perNode of them on a node) adds the weight to the node's domain of the term's key. */
  private static void add(Map<String, long[]> topology, PodCounts counts, InterPodAffinity.Term term, int[] perNode,
      long weight) {
    PodCounts.Domains d = counts.domains(term.topologyKey());
    long[] byDomain = null;
    for (int i = 0; i < perNode.length; i++) {
      if (perNode[i] != 0 && d.of()[i] >= 0) {
        if (byDomain == null) {
          byDomain = topology.computeIfAbsent(term.topologyKey(), k -> new long[d.values().size()]);
        }
        byDomain[d.of()[i]] += weight * perNode[i];
      }
    }
  }
}
