package io.github.dra4j.scheduling;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.WeightedPodAffinityTerm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/*
 * What PodTopologySpread and InterPodAffinity read of every node's pods, as counts per node kept
 * while pods join and leave (NodeInfos.add and remove), so that a cycle reads one count per node
 * instead of walking every bound pod as the plugins' PreFilter and PreScore walk them:
 *
 * - per matcher (a selector in a namespace, an affinity term, all of a pod's affinity terms): the
 *   bound pods it matches on each node, and per topology key read in each domain, counted by one
 *   walk on first use and then kept; beyond MAX_MATCHERS distinct matchers all are dropped and
 *   counted again on use;
 * - per affinity term that bound pods carry (how, and with which weight): the pods carrying it on
 *   each node, so that the terms an incoming pod matches are checked once per distinct term;
 * - per topology key: each node's domain (an index of the key's values), and per list of keys
 *   each node's tuple of domains, nodes being fixed.
 */
final class PodCounts {
  private static final int MAX_MATCHERS = 256;

  /** A property of a pod that is counted; equal matchers (records) share their counts. */
  interface Matcher {
    boolean matches(Pod pod);
  }

  /** The pods of a namespace that a selector matches, as countPodsMatchSelector counts them: not those being deleted. */
  record InNamespace(String namespace, PodSelector selector) implements Matcher {
    @Override
    public boolean matches(Pod pod) {
      return !PodPhases.terminating(pod) && PodClaimResolver.namespace(pod.namespace()).equals(namespace)
          && selector.matches(pod.metadata().labels());
    }
  }

  /** The pods that match every one of the terms. */
  record AllOf(List<InterPodAffinity.Term> terms) implements Matcher {
    @Override
    public boolean matches(Pod pod) {
      return InterPodAffinity.matchesAll(terms, pod);
    }
  }

  /** How a bound pod carries an affinity term. */
  enum Kind {
    REQUIRED_AFFINITY, REQUIRED_ANTI_AFFINITY, PREFERRED_AFFINITY, PREFERRED_ANTI_AFFINITY
  }

  /** A term a bound pod carries, with its weight when preferred (0 when required). */
  record Carried(InterPodAffinity.Term term, Kind kind, int weight) {}

  /* A carried term's key and counts, found by the term's identity. */
  private record Carrying(Carried key, Counts counts) {}

  /** A count per node, their sum, and per topology key read the sum over each domain's nodes. */
  static final class Counts {
    final int[] perNode;
    int total;
    /* per topology key read: the count per domain, kept with perNode */
    private final Map<String, DomainSums> byDomain = new HashMap<>(4);

    Counts(int nodes) {
      perNode = new int[nodes];
    }

    void add(int node, int delta) {
      perNode[node] += delta;
      total += delta;
      for (DomainSums d : byDomain.values()) {
        int domain = d.domainOf()[node];
        if (domain >= 0) {
          d.sums()[domain] += delta;
        }
      }
    }

    /** {@return the count of each domain of the key (nodes without the key count nowhere)} Read only; kept up to date. */
    int[] byDomain(Domains domains, String key) {
      DomainSums d = byDomain.get(key);
      if (d == null) {
        int[] sums = new int[domains.values().size()];
        for (int i = 0; i < perNode.length; i++) {
          if (perNode[i] != 0 && domains.of()[i] >= 0) {
            sums[domains.of()[i]] += perNode[i];
          }
        }
        d = new DomainSums(domains.of(), sums);
        byDomain.put(key, d);
      }
      return d.sums();
    }
  }

  /* One topology key's sums: each node's domain (Domains.of) and the count in each domain. */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  private record DomainSums(int[] domainOf, int[] sums) {}

  /**
   * Each node's domain for a topology key: an index of {@code values}, -1 for a node without the
   * key; {@code everyNode} when no node lacks it.
   */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  record Domains(int[] of, List<String> values, boolean everyNode) {}

  private final NodeInfos infos;
  private final Map<Matcher, Counts> matching = new HashMap<>();
  private final Map<Carried, Counts> carried = new LinkedHashMap<>();
  /* The keys of carried of kind REQUIRED_ANTI_AFFINITY, counted as they join and leave it, so that no cycle walks them. */
  private int requiredAntiAffinityCarried;
  private final Map<String, Domains> domains = new HashMap<>();
  /* Per list of topology keys, each node's tuple of domains. */
  private final Map<List<String>, int[]> tuples = new HashMap<>();
  /* The keys last asked for by constraints and their tuples, which never change (nodes do not). */
  private List<String> lastKeys = List.of();
  private int @Nullable [] lastTuples;
  /* The counts of matchers PodShapes keeps, by identity: the same Counts as matching holds for them. */
  private final IdentityHashMap<Matcher, Counts> byIdentity = new IdentityHashMap<>();
  private final PodShapes shapes = new PodShapes();
  /*
   * The carried terms by the identity of the term (PodShapes keeps one per API object), so that a
   * pod joining or leaving finds their counts without hashing the terms deeply; forgotten when a
   * carried term is dropped.
   */
  private final IdentityHashMap<InterPodAffinity.Term, List<Carrying>> carriedByIdentity = new IdentityHashMap<>();

  PodCounts(NodeInfos infos) {
    this.infos = infos;
  }

  /** {@return the constraints, terms and selectors built of pods, kept per API object} */
  PodShapes shapes() {
    return shapes;
  }

  /** {@return the bound pods of the namespace the selector matches on each node} Read only; kept up to date. */
  int[] matching(String namespace, PodSelector selector) {
    return matching(shapes.inNamespace(namespace, selector));
  }

  /** {@return the bound pods of the namespace the selector matches in each domain of the key} Read only; kept up to date. */
  int[] byDomain(String namespace, PodSelector selector, String key) {
    return byDomain(shapes.inNamespace(namespace, selector), key);
  }

  /** {@return the bound pods the matcher matches on each node} Read only; kept up to date. */
  int[] matching(Matcher m) {
    return counts(m).perNode;
  }

  /** {@return the bound pods the matcher matches in each domain of the key} Read only; kept up to date. */
  int[] byDomain(Matcher m, String key) {
    return counts(m).byDomain(domains(key), key);
  }

  /** {@return the bound pods carrying the term in each domain of the key} Read only; kept up to date. */
  int[] byDomain(Counts carriedCounts, String key) {
    return carriedCounts.byDomain(domains(key), key);
  }

  private Counts counts(Matcher m) {
    Counts c = byIdentity.get(m);
    if (c != null) {
      return c;
    }
    c = matching.get(m);
    if (c == null) {
      if (matching.size() >= MAX_MATCHERS) {
        matching.clear();
        byIdentity.clear();
      }
      c = new Counts(infos.nodes().size());
      for (int i = 0; i < c.perNode.length; i++) {
        for (NodeInfos.Bound b : infos.pods(i)) {
          if (m.matches(b.pod())) {
            c.add(i, 1);
          }
        }
      }
      matching.put(m, c);
    }
    if (byIdentity.size() >= 4 * MAX_MATCHERS) {
      byIdentity.clear(); // matchers made anew each cycle, which PodShapes does not keep
    }
    byIdentity.put(m, c);
    return c;
  }

  /** {@return the affinity terms bound pods carry, with how many carry each on each node} */
  Map<Carried, Counts> carried() {
    return carried;
  }

  /** {@return whether a bound pod carries a required anti-affinity term, which InterPodAffinity's PreFilter checks the incoming pod against} */
  boolean carriesRequiredAntiAffinity() {
    return requiredAntiAffinityCarried > 0;
  }

  /** {@return how many distinct required anti-affinity terms bound pods carry: those of carried()} */
  int requiredAntiAffinityCarried() {
    return requiredAntiAffinityCarried;
  }

  /** {@return each node's domain for the topology key} */
  Domains domains(String key) {
    Domains d = domains.get(key);
    if (d == null) {
      List<Node> nodes = infos.nodes();
      int[] of = new int[nodes.size()];
      Map<String, Integer> index = new HashMap<>();
      List<String> values = new ArrayList<>();
      boolean everyNode = true;
      for (int i = 0; i < of.length; i++) {
        String value = nodes.get(i).metadata().labels().get(key);
        if (value == null) {
          of[i] = -1;
          everyNode = false;
          continue;
        }
        Integer at = index.get(value);
        if (at == null) {
          at = values.size();
          index.put(value, at);
          values.add(value);
        }
        of[i] = at;
      }
      d = new Domains(of, List.copyOf(values), everyNode);
      domains.put(key, d);
    }
    return d;
  }

  /**
   * {@return {@link #tuplesOfKeys} of the constraints' keys} Compared first with the keys last
   * asked for (a cycle's constraints mostly have the keys of the cycle before's), so that no list
   * of them is made and hashed each cycle.
   */
  int[] tuples(List<TopologySpread.Constraint> constraints) {
    int[] last = lastTuples;
    if (last != null && lastKeys.size() == constraints.size()) {
      boolean same = true;
      for (int c = 0; c < constraints.size() && same; c++) {
        same = lastKeys.get(c).equals(constraints.get(c).key());
      }
      if (same) {
        return last;
      }
    }
    List<String> keys = new ArrayList<>(constraints.size());
    for (TopologySpread.Constraint c : constraints) {
      keys.add(c.key());
    }
    int[] out = tuplesOfKeys(keys);
    lastKeys = List.copyOf(keys);
    lastTuples = out;
    return out;
  }

  /**
   * {@return each node's tuple of domains of the keys: the domain + 1 of each key (0 without it)
   * in mixed radix, key by key, each of radix its values + 1; complemented ({@code ~tuple}) for a
   * node without every key} Read only; nodes do not change.
   */
  private int[] tuplesOfKeys(List<String> keys) {
    int[] kept = tuples.get(keys);
    if (kept != null) {
      return kept;
    }
    int[] out = new int[infos.nodes().size()];
    for (int i = 0; i < out.length; i++) {
      int t = 0;
      boolean every = true;
      for (String key : keys) {
        Domains d = domains(key);
        t = t * (d.values().size() + 1) + d.of()[i] + 1;
        every &= d.of()[i] >= 0;
      }
      out[i] = every ? t : ~t;
    }
    if (tuples.size() >= MAX_MATCHERS) {
      tuples.clear();
    }
    tuples.put(List.copyOf(keys), out);
    return out;
  }

  /** Counts a pod joining (delta 1) or leaving (-1) the node. */
  void add(int node, Pod pod, int delta) {
    for (Map.Entry<Matcher, Counts> e : matching.entrySet()) {
      if (e.getKey().matches(pod)) {
        e.getValue().add(node, delta);
      }
    }
    if (NodeInfos.hasPodAffinity(pod)) {
      carry(node, pod, delta);
    }
  }

  private void carry(int node, Pod pod, int delta) {
    for (InterPodAffinity.Term t : InterPodAffinity.required(pod, Affinity::podAffinity, shapes)) {
      carry(t, Kind.REQUIRED_AFFINITY, 0, node, delta);
    }
    for (InterPodAffinity.Term t : InterPodAffinity.required(pod, Affinity::podAntiAffinity, shapes)) {
      carry(t, Kind.REQUIRED_ANTI_AFFINITY, 0, node, delta);
    }
    carryPreferred(pod, Affinity::podAffinity, Kind.PREFERRED_AFFINITY, node, delta);
    carryPreferred(pod, Affinity::podAntiAffinity, Kind.PREFERRED_ANTI_AFFINITY, node, delta);
  }

  private void carryPreferred(Pod pod, Function<Affinity, @Nullable PodAffinity> which, Kind kind, int node,
      int delta) {
    PodAffinity pa = InterPodAffinity.of(pod, which);
    if (pa != null) {
      for (WeightedPodAffinityTerm t : pa.preferred()) {
        carry(shapes.term(t.podAffinityTerm(), pod), kind, t.weight(), node, delta);
      }
    }
  }

  private void carry(InterPodAffinity.Term term, Kind kind, int weight, int node, int delta) {
    Carrying found = null;
    List<Carrying> known = carriedByIdentity.get(term);
    if (known != null) {
      for (Carrying c : known) {
        if (c.key().kind() == kind && c.key().weight() == weight) {
          found = c;
          break;
        }
      }
    }
    if (found == null) {
      Carried key = new Carried(term, kind, weight);
      Counts counts = carried.get(key);
      if (counts == null) {
        counts = new Counts(infos.nodes().size());
        carried.put(key, counts);
        if (kind == Kind.REQUIRED_ANTI_AFFINITY) {
          requiredAntiAffinityCarried++;
        }
      }
      found = new Carrying(key, counts);
      if (carriedByIdentity.size() >= 4 * MAX_MATCHERS) {
        carriedByIdentity.clear(); // terms made anew each time, which PodShapes does not keep
      }
      carriedByIdentity.computeIfAbsent(term, t -> new ArrayList<>(2)).add(found);
    }
    Counts c = found.counts();
    c.add(node, delta);
    if (c.total == 0) {
      carried.remove(found.key()); // the last pod carrying it left
      if (kind == Kind.REQUIRED_ANTI_AFFINITY) {
        requiredAntiAffinityCarried--;
      }
      carriedByIdentity.clear();
    }
  }
}
