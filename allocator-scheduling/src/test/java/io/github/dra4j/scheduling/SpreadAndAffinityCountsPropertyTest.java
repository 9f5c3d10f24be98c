package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSpec;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.PodAffinityTerm;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.WeightedPodAffinityTerm;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * PodTopologySpread's and InterPodAffinity's scores and PreFilter counts read from the counts
 * NodeInfos keeps as pods join and leave, against the plain computation that walks every bound
 * pod for each incoming pod (the plugins' PreScore and PreFilter, kept here as the reference):
 * random clusters (zones, racks and hostnames, some missing; taints), random pods joining and
 * leaving, each bound pod and each incoming pod with random labels, namespaces, requests, spread
 * constraints and required and preferred (anti-)affinity terms; every feasible node's score, the
 * node chosen and the filters' counts are equal after every change, the weighted sum (which
 * folds the two plugins' normalizing into it) equals the sum of every plugin's own scores, with
 * the default weights or random ones, and every plugin's score equals that over NodeInfos built
 * afresh from the pods bound (the per-resource columns).
 */
final class SpreadAndAffinityCountsPropertyTest {
  private static final String ZONE = "topology.kubernetes.io/zone";
  private static final String RACK = "rack";
  private static final List<String> KEYS = List.of(ZONE, RACK, SpreadAndAffinityScores.HOSTNAME);

  /* Seeds from ONE_ZONE on put every node in one zone and every zone constraint at minDomains 2. */
  private static final long ONE_ZONE = 60;

  static LongStream seeds() {
    return LongStream.range(0, ONE_ZONE + 20);
  }

  /* Whether this run's cluster has a single zone (and every key on every node) and its zone constraints minDomains 2. */
  private boolean oneZone;

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void countsKeptAcrossPlacements_equalCountingFromScratch(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    oneZone = seed >= ONE_ZONE;
    List<Node> nodes = nodes(random, oneZone);
    List<Pod> initial = new ArrayList<>();
    for (int p = 0; p < random.nextInt(12); p++) {
      initial.add(on(nodes.get(random.nextInt(nodes.size())), pod("init-" + p, random)));
    }
    NodeInfos infos = new NodeInfos(nodes, initial);
    List<Pod> bound = new ArrayList<>(initial);
    SchedulingProfile profile = profile(random);
    int compared = 0;
    int keptSteps = 0;
    for (int step = 0; step < 30; step++) {
      if (!bound.isEmpty() && random.nextInt(3) == 0) {
        infos.remove(bound.remove(random.nextInt(bound.size())));
      } else {
        int node = random.nextInt(nodes.size());
        Pod joining = on(nodes.get(node), pod("pod-" + step, random));
        infos.add(node, joining);
        bound.add(joining);
      }
      Pod incoming = pod("incoming-" + step, random);
      PodCounts counts = infos.counts();
      assertThat(counts.requiredAntiAffinityCarried()).as("required anti-affinity terms carried, kept, %s", seed)
          .isEqualTo(counts.carried().keySet().stream().filter(c -> c.kind() == PodCounts.Kind.REQUIRED_ANTI_AFFINITY).count());
      assertThat(counts.carriesRequiredAntiAffinity()).as("a bound pod carries a required anti-affinity term, %s", seed)
          .isEqualTo(bound.stream().anyMatch(b -> !InterPodAffinity.required(b, Affinity::podAntiAffinity).isEmpty()));
      int[] at = random.ints(0, nodes.size()).limit(1 + random.nextInt(nodes.size())).sorted().distinct().toArray();
      Cycle cycle = new Cycle(incoming, List.of(), List.of(), infos, profile);
      String where = "seed " + seed + " step " + step;
      // the kept spread check alone, whatever the affinity terms answer first in needsClusterSteps
      List<TopologySpread.Constraint> refusing =
          TopologySpread.constraints(cycle, TopologySpreadConstraint.DO_NOT_SCHEDULE);
      Boolean keptRefusesNone = TopologySpread.keptRefusesNone(incoming, refusing, infos.counts());
      if (keptRefusesNone != null) {
        Reference.SpreadCounts plainCounts = Reference.spreadCounts(incoming, refusing, infos);
        boolean plainRefusesNone = nodes.stream().allMatch(n -> Reference.spreadReason(incoming, plainCounts, n) == null);
        assertThat(keptRefusesNone).as("PodTopologySpread refuses no node, from the kept counts, %s", where)
            .isEqualTo(plainRefusesNone);
        if (!refusing.isEmpty()) {
          keptSteps++;
        }
      }
      // before any state is built, needsClusterSteps reads the kept counts and terms when they tell
      Cycle built = new Cycle(incoming, List.of(), List.of(), infos, profile);
      var unused = built.spread();
      var unusedToo = built.podAffinity();
      assertThat(cycle.needsClusterSteps()).as("cluster steps needed, without the PreFilter states, %s", where)
          .isEqualTo(built.needsClusterSteps());

      long[] spread = SpreadAndAffinityScores.spread(cycle, at);
      long[] affinity = SpreadAndAffinityScores.podAffinity(cycle, at);
      assertThat(spread).as("PodTopologySpread scores, %s", where).containsExactly(Reference.spread(cycle, at));
      assertThat(affinity).as("InterPodAffinity scores, %s", where).containsExactly(Reference.podAffinity(cycle, at));
      long[] total = DefaultScores.scores(cycle, at, List.of(), i -> List.of());
      double[] plain = new double[at.length];
      double[] kept = new double[at.length];
      long[] spreadPlain = Reference.spread(cycle, at);
      long[] affinityPlain = Reference.podAffinity(cycle, at);
      assertThat(total).as("the weighted sum, normalizing folded into it, against each plugin's own scores, %s", where)
          .containsExactly(weightedSum(cycle, at, spreadPlain, affinityPlain));
      for (int k = 0; k < at.length; k++) {
        kept[k] = total[k];
        plain[k] = total[k] + profile.podTopologySpread * (spreadPlain[k] - spread[k])
            + profile.interPodAffinity * (affinityPlain[k] - affinity[k]);
      }
      // a cycle over every node, which leaves the array InterPodAffinity's raw sums reuse longer than `at` and written
      int[] every = IntStream.range(0, nodes.size()).toArray();
      assertThat(DefaultScores.scores(cycle, every, List.of(), i -> List.of()))
          .as("the weighted sum over every node, %s", where)
          .containsExactly(weightedSum(cycle, every, Reference.spread(cycle, every), Reference.podAffinity(cycle, every)));
      assertThat(DefaultScores.scores(cycle, at, List.of(), i -> List.of()))
          .as("the weighted sum after a cycle over every node, %s", where).containsExactly(total);
      Cycle fresh = new Cycle(incoming, List.of(), List.of(), new NodeInfos(nodes, bound), profile);
      assertThat(total).as("every plugin's score against NodeInfos built afresh, %s", where)
          .containsExactly(DefaultScores.scores(fresh, at, List.of(), i -> List.of()));
      Ties ties = new Ties(null);
      assertThat(at[ties.best(kept)]).as("node chosen, %s", where).isEqualTo(at[ties.best(plain)]);

      TopologySpread.State filter = cycle.spread();
      Reference.SpreadCounts filterPlain = Reference.spreadCounts(incoming, filter.constraints, infos);
      for (int k = 0; k < filter.constraints.size(); k++) {
        assertThat(Reference.byValue(filter, k, infos)).as("PodTopologySpread PreFilter counts, %s", where)
            .isEqualTo(filterPlain.counts().get(k));
        assertThat(filter.minMatch(k)).as("PodTopologySpread smallest count, %s", where).isEqualTo(filterPlain.minMatch(k));
      }
      assertThat(filter.min).as("PodTopologySpread smallest counts, %s", where).containsExactly(filterPlain.min());
      InterPodAffinity.State pa = cycle.podAffinity();
      InterPodAffinity.State paPlain = Reference.affinityCounts(incoming, infos);
      for (int i = 0; i < nodes.size(); i++) {
        String reason = Reference.spreadReason(incoming, filterPlain, nodes.get(i));
        assertThat(TopologySpread.reason(filter, cycle, nodes.get(i))).as("PodTopologySpread on node %d, %s", i, where)
            .isEqualTo(reason);
        String affinityReason = InterPodAffinity.reason(incoming, paPlain, nodes.get(i));
        assertThat(InterPodAffinity.reason(incoming, cycle.podAffinity(), nodes.get(i)))
            .as("InterPodAffinity on node %d, %s", i, where).isEqualTo(affinityReason);
        if (reason != null || affinityReason != null) {
          assertThat(cycle.needsClusterSteps()).as("a node is refused, %s", where).isTrue();
        }
      }
      assertThat(pa.existingAnti).as("existing anti-affinity, %s", where).isEqualTo(paPlain.existingAnti);
      assertThat(pa.affinityCounts).as("affinity counts, %s", where).isEqualTo(paPlain.affinityCounts);
      assertThat(pa.antiCounts).as("anti-affinity counts, %s", where).isEqualTo(paPlain.antiCounts);
      if (anyNonZero(spread) || anyNonZero(affinity)) {
        compared++;
      }
    }
    assertThat(compared).as("steps where a score told nodes apart (the stream exercises the scores)").isPositive();
    if (oneZone) {
      assertThat(keptSteps).as("steps whose spread constraints the kept counts decide").isPositive();
    }
  }

  /* The weighted sum of every score plugin's normalized scores, PodTopologySpread's and InterPodAffinity's given. */
  private static long[] weightedSum(Cycle cycle, int[] at, long[] spread, long[] affinity) {
    SchedulingProfile p = cycle.profile();
    long[][] scores = {DefaultScores.taintToleration(cycle, at), DefaultScores.nodeAffinity(cycle, at), spread, affinity,
        DefaultScores.resourcesFit(cycle, at), DefaultScores.balancedAllocation(cycle, at),
        DefaultScores.dynamicResources(cycle, at, List.of(), i -> List.of()), ImageLocality.scores(cycle, at)};
    int[] weights = {p.taintToleration, p.nodeAffinity, p.podTopologySpread, p.interPodAffinity, p.resourcesFit,
        p.balancedAllocation, p.dynamicResources, p.imageLocality};
    long[] total = new long[at.length];
    for (int s = 0; s < scores.length; s++) {
      for (int k = 0; k < at.length; k++) {
        total[k] += weights[s] * scores[s][k];
      }
    }
    return total;
  }

  /*
   * Some nodes lack a zone, a rack or a hostname, except in one cluster of three and in the
   * one-zone clusters, where every node has every key (the domains' kept counts then stand for the
   * walk over the nodes); some are tainted.
   */
  private static List<Node> nodes(SplittableRandom random, boolean oneZone) {
    List<Node> nodes = new ArrayList<>();
    int n = 3 + random.nextInt(10);
    boolean everyKey = random.nextInt(3) == 0 || oneZone;
    for (int i = 0; i < n; i++) {
      ObjectMeta.Builder meta = ObjectMeta.builder().name("node-" + i);
      if (everyKey || random.nextInt(8) != 0) {
        meta.putLabel(ZONE, "zone-" + (oneZone ? 0 : random.nextInt(3)));
      }
      if (everyKey || random.nextInt(4) != 0) {
        meta.putLabel(RACK, "rack-" + random.nextInt(4));
      }
      if (everyKey || random.nextInt(8) != 0) {
        meta.putLabel(SpreadAndAffinityScores.HOSTNAME, "node-" + i);
      }
      List<Taint> taints = random.nextInt(4) == 0 ? List.of(new Taint("dedicated", "x", Taint.NO_SCHEDULE)) : List.of();
      Map<String, Quantity> allocatable = random.nextInt(4) == 0 ? Map.of()
          : Map.of("cpu", Quantity.parse(Integer.toString(2 + random.nextInt(8))), "memory", Quantity.parse("16Gi"));
      nodes.add(new Node(meta.build(), new NodeSpec(null, taints), new NodeStatus(List.of(), allocatable)));
    }
    return List.copyOf(nodes);
  }

  private static Pod on(Node node, Pod pod) {
    return new Pod(pod.metadata(), pod.spec().toBuilder().nodeName(node.name()).build(), pod.status());
  }

  /*
   * Constraints and terms made so far, half of the pods' being one of these same objects, as pods
   * of one template share them: PodShapes keeps what it builds of them by identity (and by the
   * owner's namespace, and anew for those that read the pod's labels).
   */
  private final List<TopologySpreadConstraint> madeConstraints = new ArrayList<>();
  private final List<PodAffinityTerm> madeTerms = new ArrayList<>();

  private Pod pod(String name, SplittableRandom random) {
    ObjectMeta.Builder meta = ObjectMeta.builder().name(name).namespace(random.nextInt(4) == 0 ? "other" : "default");
    if (random.nextInt(5) != 0) {
      meta.putLabel("app", app(random));
    }
    if (random.nextBoolean()) {
      meta.putLabel("tier", random.nextBoolean() ? "front" : "back");
    }
    PodSpec.Builder spec = PodSpec.builder();
    if (random.nextInt(3) != 0) {
      Map<String, Quantity> requests = random.nextBoolean() ? Map.of("cpu", Quantity.parse(100 * random.nextInt(20) + "m"))
          : Map.of("cpu", Quantity.parse("1"), "memory", Quantity.parse(random.nextInt(4) + "Gi"));
      spec.addContainer(new Container("c", new ResourceRequirements(Map.of(), requests, List.of())));
    }
    if (random.nextInt(4) == 0) {
      spec.nodeSelector(Map.of(ZONE, "zone-" + random.nextInt(3)));
    }
    if (random.nextBoolean()) {
      spec.addToleration(new Toleration("dedicated", Toleration.EXISTS, null, Taint.NO_SCHEDULE, null));
    }
    for (int c = 0; c < random.nextInt(3); c++) {
      String when = random.nextInt(3) == 0 ? TopologySpreadConstraint.DO_NOT_SCHEDULE
          : TopologySpreadConstraint.SCHEDULE_ANYWAY;
      String affinityPolicy = random.nextInt(3) == 0 ? "Ignore" : null;
      String taintsPolicy = random.nextInt(3) == 0 ? TopologySpread.HONOR : null;
      if (!madeConstraints.isEmpty() && random.nextBoolean()) {
        spec.addTopologySpreadConstraint(madeConstraints.get(random.nextInt(madeConstraints.size())));
        continue;
      }
      int maxSkew = 1 + random.nextInt(3);
      String key = key(random);
      LabelSelector selector = selector(random);
      Integer minDomains = random.nextInt(4) == 0 || (oneZone && key.equals(ZONE)) ? Integer.valueOf(2) : null;
      TopologySpreadConstraint made = new TopologySpreadConstraint(maxSkew, key, when, selector, minDomains,
          affinityPolicy, taintsPolicy,
          random.nextInt(4) == 0 ? List.of("tier") : List.of());
      madeConstraints.add(made);
      spec.addTopologySpreadConstraint(made);
    }
    if (random.nextInt(3) != 0) {
      spec.affinity(new Affinity(null, podAffinity(random), podAffinity(random)));
    }
    return Pod.of(meta.build(), spec.build());
  }

  private @Nullable PodAffinity podAffinity(SplittableRandom random) {
    if (random.nextBoolean()) {
      return null;
    }
    List<PodAffinityTerm> required = new ArrayList<>();
    for (int t = 0; t < random.nextInt(2); t++) {
      required.add(term(random));
    }
    List<WeightedPodAffinityTerm> preferred = new ArrayList<>();
    for (int t = 0; t < random.nextInt(3); t++) {
      preferred.add(new WeightedPodAffinityTerm(1 + random.nextInt(100), term(random)));
    }
    return new PodAffinity(required, preferred);
  }

  private PodAffinityTerm term(SplittableRandom random) {
    if (!madeTerms.isEmpty() && random.nextBoolean()) {
      return madeTerms.get(random.nextInt(madeTerms.size()));
    }
    PodAffinityTerm made = newTerm(random);
    madeTerms.add(made);
    return made;
  }

  private static PodAffinityTerm newTerm(SplittableRandom random) {
    int ns = random.nextInt(4);
    List<String> namespaces = ns == 0 ? List.of("other") : List.of();
    LabelSelector namespaceSelector = ns == 1 ? new LabelSelector(Map.of(), List.of()) : null;
    return new PodAffinityTerm(selector(random), namespaces, key(random), namespaceSelector,
        random.nextInt(4) == 0 ? List.of("tier") : List.of(), List.of());
  }

  private static @Nullable LabelSelector selector(SplittableRandom random) {
    return random.nextInt(8) == 0 ? null : new LabelSelector(Map.of("app", app(random)), List.of());
  }

  private static String app(SplittableRandom random) {
    return List.of("web", "db", "batch").get(random.nextInt(3));
  }

  private static String key(SplittableRandom random) {
    return KEYS.get(random.nextInt(KEYS.size()));
  }

  /*
   * The default profile, or one with InterPodAffinity's arguments changed and the score plugins
   * weighted 0..3: where the default weighs PodTopologySpread and InterPodAffinity alike, a weight
   * read for the other plugin, or a plugin run or skipped on the other's weight, would pass.
   */
  private static SchedulingProfile profile(SplittableRandom random) {
    if (random.nextBoolean()) {
      return SchedulingProfile.DEFAULT;
    }
    SchedulerConfiguration.Profile d = SchedulingProfile.DEFAULT.config;
    PluginArgs a = d.args();
    PluginArgs args = new PluginArgs(a.fit(), a.ignoredResources(), a.ignoredResourceGroups(), a.balancedResources(),
        random.nextInt(3), random.nextBoolean(), a.defaultingType(), a.defaultConstraints(), a.addedAffinity());
    return new SchedulingProfile(new SchedulerConfiguration.Profile(d.schedulerName(), d.percentageOfNodesToScore(),
        d.filters(), ScoringFastPathsPropertyTest.weights(random), args));
  }

  private static boolean anyNonZero(long[] values) {
    return LongStream.of(values).anyMatch(v -> v != 0);
  }

  /* The plain computation: every bound pod of every node walked for the incoming pod. */
  private static final class Reference {
    static long[] spread(Cycle in, int[] at) {
      Pod pod = in.pod();
      List<TopologySpread.Constraint> constraints =
          TopologySpread.constraints(pod, TopologySpreadConstraint.SCHEDULE_ANYWAY);
      long[] scores = new long[at.length];
      if (constraints.isEmpty()) {
        return scores;
      }
      NodeInfos infos = in.infos();
      String namespace = PodClaimResolver.namespace(pod.namespace());
      boolean[] ignored = new boolean[at.length];
      List<Map<String, Integer>> counts = new ArrayList<>();
      constraints.forEach(c -> counts.add(new HashMap<>()));
      int ignoredCount = 0;
      for (int k = 0; k < at.length; k++) {
        Map<String, String> labels = infos.nodes().get(at[k]).metadata().labels();
        if (!hasKeys(labels, constraints)) {
          ignored[k] = true;
          ignoredCount++;
          continue;
        }
        for (int c = 0; c < constraints.size(); c++) {
          if (!constraints.get(c).key().equals(SpreadAndAffinityScores.HOSTNAME)) {
            counts.get(c).putIfAbsent(Objects.requireNonNull(labels.get(constraints.get(c).key())), 0);
          }
        }
      }
      double[] weights = new double[constraints.size()];
      for (int c = 0; c < constraints.size(); c++) {
        int size = constraints.get(c).key().equals(SpreadAndAffinityScores.HOSTNAME) ? at.length - ignoredCount
            : counts.get(c).size();
        weights[c] = Math.log(size + 2);
      }
      List<Node> nodes = infos.nodes();
      for (int i = 0; i < nodes.size(); i++) {
        Node node = nodes.get(i);
        Map<String, String> labels = node.metadata().labels();
        if (!hasKeys(labels, constraints)) {
          continue;
        }
        for (int c = 0; c < constraints.size(); c++) {
          TopologySpread.Constraint tc = constraints.get(c);
          String value = labels.get(tc.key());
          if (tc.key().equals(SpreadAndAffinityScores.HOSTNAME) || !tc.includes(pod, node)
              || !counts.get(c).containsKey(value)) {
            continue;
          }
          counts.get(c).merge(value, matching(infos.pods(i), tc.selector(), namespace), Integer::sum);
        }
      }
      for (int k = 0; k < at.length; k++) {
        if (ignored[k]) {
          continue;
        }
        Map<String, String> labels = nodes.get(at[k]).metadata().labels();
        double score = 0;
        for (int c = 0; c < constraints.size(); c++) {
          TopologySpread.Constraint tc = constraints.get(c);
          long count = tc.key().equals(SpreadAndAffinityScores.HOSTNAME)
              ? matching(infos.pods(at[k]), tc.selector(), namespace)
              : counts.get(c).getOrDefault(labels.get(tc.key()), 0);
          score += count * weights[c] + (tc.maxSkew() - 1);
        }
        scores[k] = Math.round(score);
      }
      SpreadAndAffinityScores.normalizeSpread(scores, ignored);
      return scores;
    }

    static boolean hasKeys(Map<String, String> labels, List<TopologySpread.Constraint> constraints) {
      return constraints.stream().allMatch(c -> labels.containsKey(c.key()));
    }

    static int matching(List<NodeInfos.Bound> pods, PodSelector selector, String namespace) {
      int n = 0;
      for (NodeInfos.Bound b : pods) {
        if (PodClaimResolver.namespace(b.pod().namespace()).equals(namespace)
            && selector.matches(b.pod().metadata().labels())) {
          n++;
        }
      }
      return n;
    }

    static long[] podAffinity(Cycle in, int[] at) {
      Pod pod = in.pod();
      NodeInfos infos = in.infos();
      List<SpreadAndAffinityScores.Weighted> affinity = SpreadAndAffinityScores.preferred(pod, Affinity::podAffinity);
      List<SpreadAndAffinityScores.Weighted> anti = SpreadAndAffinityScores.preferred(pod, Affinity::podAntiAffinity);
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
        for (NodeInfos.Bound b : infos.pods(i)) {
          Pod existing = b.pod();
          boolean existingHasAffinity = NodeInfos.hasPodAffinity(existing);
          if (!own && !existingHasAffinity) {
            continue;
          }
          add(topology, affinity, existing, labels, 1);
          add(topology, anti, existing, labels, -1);
          if (existingHasAffinity) {
            List<SpreadAndAffinityScores.Weighted> required = new ArrayList<>();
            InterPodAffinity.required(existing, Affinity::podAffinity)
                .forEach(t -> required.add(new SpreadAndAffinityScores.Weighted(t, hard)));
            add(topology, required, pod, labels, 1);
            if (!args.ignorePreferredTermsOfExistingPods()) {
              add(topology, SpreadAndAffinityScores.preferred(existing, Affinity::podAffinity), pod, labels, 1);
              add(topology, SpreadAndAffinityScores.preferred(existing, Affinity::podAntiAffinity), pod, labels, -1);
            }
          }
        }
      }
      for (int k = 0; k < at.length; k++) {
        Map<String, String> labels = infos.nodes().get(at[k]).metadata().labels();
        for (Map.Entry<String, Map<String, Long>> e : topology.entrySet()) {
          String value = labels.get(e.getKey());
          if (value != null) {
            scores[k] += e.getValue().getOrDefault(value, 0L);
          }
        }
      }
      SpreadAndAffinityScores.normalizeAffinity(scores);
      return scores;
    }

    private static void add(Map<String, Map<String, Long>> topology, List<SpreadAndAffinityScores.Weighted> terms,
        Pod pod, Map<String, String> labels, int sign) {
      for (SpreadAndAffinityScores.Weighted w : terms) {
        if (w.term().matches(pod)) {
          String value = labels.get(w.term().topologyKey());
          if (value != null) {
            topology.computeIfAbsent(w.term().topologyKey(), k -> new HashMap<>())
                .merge(value, (long) w.weight() * sign, Long::sum);
          }
        }
      }
    }

    /* PodTopologySpread's PreFilter counts per domain value, as filtering.go keeps them, and the smallest of each. */
    @SuppressWarnings("ArrayRecordComponent") // compared element by element
    record SpreadCounts(List<TopologySpread.Constraint> constraints, List<Map<String, Integer>> counts, int[] min) {
      int minMatch(int k) {
        return counts.get(k).size() < constraints.get(k).minDomains() ? 0 : min[k];
      }
    }

    /* The filter's counts of a constraint by domain value: those of the domains some counted node has. */
    static Map<String, Integer> byValue(TopologySpread.State s, int k, NodeInfos infos) {
      List<String> values = infos.counts().domains(s.constraints.get(k).key()).values();
      Map<String, Integer> out = new HashMap<>();
      for (int d = 0; d < values.size(); d++) {
        if (s.present[k][d]) {
          out.put(values.get(d), s.byDomain[k][d]);
        }
      }
      assertThat(s.domains[k]).as("domains some counted node has").isEqualTo(out.size());
      return out;
    }

    static SpreadCounts spreadCounts(Pod pod, List<TopologySpread.Constraint> constraints, NodeInfos infos) {
      SpreadCounts s = new SpreadCounts(constraints, new ArrayList<>(), new int[constraints.size()]);
      for (int k = 0; k < constraints.size(); k++) {
        s.counts().add(new HashMap<>());
      }
      String namespace = PodClaimResolver.namespace(pod.namespace());
      for (int i = 0; i < infos.nodes().size(); i++) {
        Node node = infos.nodes().get(i);
        Map<String, String> labels = node.metadata().labels();
        if (!hasKeys(labels, constraints)) {
          continue;
        }
        for (int k = 0; k < constraints.size(); k++) {
          TopologySpread.Constraint c = constraints.get(k);
          if (c.includes(pod, node)) {
            s.counts().get(k).merge(Objects.requireNonNull(labels.get(c.key())),
                matching(infos.pods(i), c.selector(), namespace), Integer::sum);
          }
        }
      }
      for (int k = 0; k < constraints.size(); k++) {
        s.min()[k] = s.counts().get(k).values().stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
      }
      return s;
    }

    static @Nullable String spreadReason(Pod pod, SpreadCounts s, Node node) {
      for (int k = 0; k < s.constraints().size(); k++) {
        TopologySpread.Constraint c = s.constraints().get(k);
        String value = node.metadata().labels().get(c.key());
        if (value == null) {
          return TopologySpread.NODE_LABEL_MISMATCH;
        }
        int self = c.selector().matches(pod.metadata().labels()) ? 1 : 0;
        if ((long) s.counts().get(k).getOrDefault(value, 0) + self - s.minMatch(k) > c.maxSkew()) {
          return TopologySpread.CONSTRAINTS_MISMATCH;
        }
      }
      return null;
    }

    static InterPodAffinity.State affinityCounts(Pod pod, NodeInfos infos) {
      InterPodAffinity.State s = new InterPodAffinity.State(InterPodAffinity.required(pod, Affinity::podAffinity),
          InterPodAffinity.required(pod, Affinity::podAntiAffinity));
      for (int i = 0; i < infos.nodes().size(); i++) {
        Map<String, String> labels = infos.nodes().get(i).metadata().labels();
        for (NodeInfos.Bound b : infos.pods(i)) {
          Pod existing = b.pod();
          for (InterPodAffinity.Term t : InterPodAffinity.required(existing, Affinity::podAntiAffinity)) {
            if (t.matches(pod)) {
              bump(s.existingAnti, labels, t.topologyKey());
            }
          }
          if (!s.affinity.isEmpty() && InterPodAffinity.matchesAll(s.affinity, existing)) {
            s.affinity.forEach(t -> bump(s.affinityCounts, labels, t.topologyKey()));
          }
          for (InterPodAffinity.Term t : s.antiAffinity) {
            if (t.matches(existing)) {
              bump(s.antiCounts, labels, t.topologyKey());
            }
          }
        }
      }
      return s;
    }

    private static void bump(Map<InterPodAffinity.Pair, Integer> counts, Map<String, String> labels, String key) {
      String value = labels.get(key);
      if (value != null) {
        counts.merge(new InterPodAffinity.Pair(key, value), 1, Integer::sum);
      }
    }
  }
}
