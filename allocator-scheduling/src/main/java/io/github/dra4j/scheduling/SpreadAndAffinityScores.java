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
    String namespace = PodClaimResolver.namespace(pod.namespace());
    boolean[] ignored = new boolean[at.length];
    List<Map<String, Integer>> counts = new ArrayList<>();
    constraints.forEach(c -> counts.add(new HashMap<>()));
    int ignoredCount = 0;
    for (int k = 0; k < at.length; k++) {
      Map<String, String> labels = infos.nodes().get(at[k]).metadata().labels();
      if (requireAll && !TopologySpread.hasKeys(labels, constraints)) {
        ignored[k] = true;
        ignoredCount++;
        continue;
      }
      for (int c = 0; c < constraints.size(); c++) {
        if (!constraints.get(c).key().equals(HOSTNAME)) {
          counts.get(c).putIfAbsent(labels.getOrDefault(constraints.get(c).key(), ""), 0);
        }
      }
    }
    double[] weights = new double[constraints.size()];
    for (int c = 0; c < constraints.size(); c++) {
      int size = constraints.get(c).key().equals(HOSTNAME) ? at.length - ignoredCount : counts.get(c).size();
      weights[c] = Math.log(size + 2);
    }
    List<Node> nodes = infos.nodes();
    for (int i = 0; i < nodes.size(); i++) {
      Node node = nodes.get(i);
      Map<String, String> labels = node.metadata().labels();
      if (requireAll && !TopologySpread.hasKeys(labels, constraints)) {
        continue;
      }
      for (int c = 0; c < constraints.size(); c++) {
        TopologySpread.Constraint tc = constraints.get(c);
        String value = labels.getOrDefault(tc.key(), "");
        if (tc.key().equals(HOSTNAME) || !tc.includes(pod, node) || !counts.get(c).containsKey(value)) {
          continue;
        }
        counts.get(c).merge(value, TopologySpread.matching(infos.pods(i), tc.selector(), namespace), Integer::sum);
      }
    }
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int k = 0; k < at.length; k++) {
      if (ignored[k]) {
        continue;
      }
      Map<String, String> labels = nodes.get(at[k]).metadata().labels();
      double score = 0;
      for (int c = 0; c < constraints.size(); c++) {
        TopologySpread.Constraint tc = constraints.get(c);
        if (!labels.containsKey(tc.key())) {
          continue;
        }
        long count = tc.key().equals(HOSTNAME) ? TopologySpread.matching(infos.pods(at[k]), tc.selector(), namespace)
            : counts.get(c).getOrDefault(labels.get(tc.key()), 0);
        score += count * weights[c] + (tc.maxSkew() - 1);
      }
      scores[k] = Math.round(score);
      min = Math.min(min, scores[k]);
      max = Math.max(max, scores[k]);
    }
    for (int k = 0; k < at.length; k++) {
      scores[k] = ignored[k] ? 0 : max == 0 ? DefaultScores.MAX : DefaultScores.MAX * (max + min - scores[k]) / max;
    }
    return scores;
  }

  /** A weighted term: the preferred term, or a required one with hardPodAffinityWeight. */
  private record Weighted(InterPodAffinity.Term term, int weight) {}

  private static List<Weighted> preferred(Pod pod, Function<Affinity, @Nullable PodAffinity> which) {
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

  /** {@return InterPodAffinity's normalized scores of the feasible nodes at these positions} */
  static long[] podAffinity(Cycle in, int[] at) {
    Pod pod = in.pod();
    NodeInfos infos = in.infos();
    List<Weighted> affinity = preferred(pod, Affinity::podAffinity);
    List<Weighted> anti = preferred(pod, Affinity::podAntiAffinity);
    boolean own = !affinity.isEmpty() || !anti.isEmpty();
    PluginArgs args = in.profile().args();
    int hard = args.hardPodAffinityWeight();
    long[] scores = new long[at.length];
    if (!own && !infos.anyPodAffinity()) {
      return scores;
    }
    Map<String, Map<String, Long>> topology = new HashMap<>();
    for (int i = 0; i < infos.nodes().size(); i++) {
      Map<String, String> labels = infos.nodes().get(i).metadata().labels();
      if (labels.isEmpty()) {
        continue;
      }
      for (NodeInfos.Bound b : infos.pods(i)) {
        Pod existing = b.pod();
        boolean existingHasAffinity = NodeInfos.hasPodAffinity(existing);
        if (!own && !existingHasAffinity) {
          continue;
        }
        add(topology, affinity, existing, labels, 1);
        add(topology, anti, existing, labels, -1);
        if (existingHasAffinity) {
          List<Weighted> required = new ArrayList<>();
          InterPodAffinity.required(existing, Affinity::podAffinity).forEach(t -> required.add(new Weighted(t, hard)));
          add(topology, required, pod, labels, 1);
          if (!args.ignorePreferredTermsOfExistingPods()) {
            add(topology, preferred(existing, Affinity::podAffinity), pod, labels, 1);
            add(topology, preferred(existing, Affinity::podAntiAffinity), pod, labels, -1);
          }
        }
      }
    }
    if (topology.isEmpty()) {
      return scores;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int k = 0; k < at.length; k++) {
      Map<String, String> labels = infos.nodes().get(at[k]).metadata().labels();
      long score = 0;
      for (Map.Entry<String, Map<String, Long>> e : topology.entrySet()) {
        String value = labels.get(e.getKey());
        if (value != null) {
          score += e.getValue().getOrDefault(value, 0L);
        }
      }
      scores[k] = score;
      min = Math.min(min, score);
      max = Math.max(max, score);
    }
    long diff = max - min;
    for (int k = 0; k < at.length; k++) {
      scores[k] = diff > 0 ? (long) (DefaultScores.MAX * ((double) (scores[k] - min) / diff)) : 0;
    }
    return scores;
  }

  /* processTerms: each term the pod matches adds weight * sign to the pair of the term's key on the node. */
  private static void add(Map<String, Map<String, Long>> topology, List<Weighted> terms, Pod pod,
      Map<String, String> labels, int sign) {
    for (Weighted w : terms) {
      if (w.term().matches(pod)) {
        String value = labels.get(w.term().topologyKey());
        if (value != null) {
          topology.computeIfAbsent(w.term().topologyKey(), k -> new HashMap<>())
              .merge(value, (long) w.weight() * sign, Long::sum);
        }
      }
    }
  }

}
