package io.github.dra4j.simulation;

import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The planner's second question: how many nodes of a group until the workload leaves nothing
 * pending? Found by search over the group's node count with the whole simulation as the check
 * (the same arrivals, departures and policy): the count doubles from the document's until nothing
 * stays pending, then a binary search between the last count that left pods pending and the first
 * that did not. The search assumes that more nodes never leave more pods pending, which holds
 * for the built-in policies on node-local devices but not for every scorer; the curve reports
 * every count tried, so a planner can see where it does not. With arrivals in time, where a queue
 * drains once pods leave, "nothing pending" means that no pod ever waits; the curve then gives
 * the most pods waiting at a sample.
 *
 * <pre>{@code
 * ScaleUp.Result r = ScaleUp.search(allocator, spec, "dgx-a100", "first", 1000, b -> {});
 * System.out.println(r.nodes() + " nodes leave nothing pending");
 * }</pre>
 */
public final class ScaleUp {
  private ScaleUp() {}

  /**
   * The answer and the curve.
   *
   * @param group the node group scaled
   * @param policy the policy the simulations ran
   * @param nodes the fewest nodes of the group that leave nothing pending, or null when even
   *     {@code maxNodes} do not
   * @param curve every count tried, by count: the pods left pending
   */
  public record Result(String group, String policy, @Nullable Integer nodes, List<Point> curve) {
    /** Copies the list. */
    public Result {
      Objects.requireNonNull(group, "group");
      Objects.requireNonNull(policy, "policy");
      curve = List.copyOf(curve);
    }
  }

  /**
   * One simulation of the search.
   *
   * @param nodes the group's node count
   * @param placed the pods placed
   * @param pending the pods left pending
   */
  public record Point(int nodes, int placed, int pending) {}

  /**
   * Searches the fewest nodes of a group.
   *
   * @param allocator the allocator
   * @param spec the simulation; the group's count is where the search starts
   * @param group the node group to scale
   * @param policy a built-in policy name ({@link NodeScorer#named})
   * @param maxNodes the largest count tried
   * @param settings applied to each simulation the search runs, after the spec's cluster,
   *     arrivals and policy: the feature gates and options the caller runs with
   * @return the answer and the curve
   * @throws IllegalArgumentException for an unknown group or policy, or maxNodes below 1
   * @throws AllocationException when the allocator rejects the input
   */
  public static Result search(StructuredAllocator allocator, SimulationSpec spec, String group, String policy,
      int maxNodes, Consumer<Simulation.Builder> settings) {
    NodeScorer scorer = NodeScorer.named(policy);
    if (maxNodes < 1) {
      throw new IllegalArgumentException("maxNodes must be at least 1, got " + maxNodes);
    }
    int at = -1;
    for (int i = 0; i < spec.nodeGroups().size(); i++) {
      if (spec.nodeGroups().get(i).name().equals(group)) {
        at = i;
      }
    }
    if (at < 0) {
      throw new IllegalArgumentException("no node group named " + group + "; known: "
          + spec.nodeGroups().stream().map(NodeGroup::name).toList());
    }
    Search s = new Search(allocator, spec, at, policy, scorer, settings);
    int bad = 0;
    int good = -1;
    int n = Math.min(spec.nodeGroups().get(at).count(), maxNodes);
    while (true) {
      if (s.pending(n) == 0) {
        good = n;
        break;
      }
      bad = n;
      if (n >= maxNodes) {
        break;
      }
      n = (int) Math.min((long) n * 2, maxNodes);
    }
    if (good > 0) {
      // Between the last count that left pods pending (0 when the document's count already does
      // not) and the first that did not.
      int lo = bad;
      int hi = good;
      while (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        if (s.pending(mid) == 0) {
          hi = mid;
        } else {
          lo = mid;
        }
      }
      good = hi;
    }
    return new Result(group, policy, good > 0 ? good : null, new ArrayList<>(s.curve.values()));
  }

  /* The simulations of one search, each count run once. */
  private static final class Search {
    final StructuredAllocator allocator;
    final SimulationSpec spec;
    final int at;
    final String policy;
    final NodeScorer scorer;
    final Consumer<Simulation.Builder> settings;
    final TreeMap<Integer, Point> curve = new TreeMap<>();

    Search(StructuredAllocator allocator, SimulationSpec spec, int at, String policy, NodeScorer scorer,
        Consumer<Simulation.Builder> settings) {
      this.allocator = allocator;
      this.spec = spec;
      this.at = at;
      this.policy = policy;
      this.scorer = scorer;
      this.settings = settings;
    }

    int pending(int nodes) {
      Point known = curve.get(nodes);
      if (known != null) {
        return known.pending();
      }
      Simulation.Builder b = Simulation.builder(allocator).cluster(spec.cluster()).arrivals(spec.arrivals())
          // One sample, after the last arrival: the search needs only the counts.
          .sampleEvery(Math.max(1, spec.arrivals().count())).policy(policy, scorer);
      settings.accept(b);
      b.timeline(spec.timeline());
      for (int i = 0; i < spec.nodeGroups().size(); i++) {
        NodeGroup g = spec.nodeGroups().get(i);
        b.nodeGroup(i == at ? new NodeGroup(g.name(), nodes, g.node(), g.slices()) : g);
      }
      SimulationResult.Policy p = b.build().run().policies().get(0);
      int pending = spec.timeline() == null ? p.pending() : waiting(p);
      curve.put(nodes, new Point(nodes, p.placed(), pending));
      return pending;
    }

    /*
     * In time a queue drains once pods leave, so what counts is whether any pod had to wait: the
     * most pods waiting at a sample, at least 1 when some arrival found no node.
     */
    private static int waiting(SimulationResult.Policy p) {
      int most = p.samples().stream().mapToInt(SimulationResult.Sample::pending).max().orElse(0);
      return p.firstPending() == null ? most : Math.max(1, most);
    }
  }
}