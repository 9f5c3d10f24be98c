package io.github.dra4j.core;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.api.simulation.Workload;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Capacity planning: schedules a stream of pods on a cluster with {@link PodScheduler}, once per
 * policy ({@link NodeScorer}), and reports how many pods of each kind fit, the first that did
 * not and why, utilization over time and <em>stranded capacity</em>: what is free on nodes on
 * which no pod kind of the workload fits any more (see docs/simulation.md).
 *
 * <p>The arrivals are fixed before any policy runs (by {@link Workload#order()} or a weighted
 * draw seeded with {@link Workload#seed()}), so that every policy sees the same pods and a run
 * repeats. Arrival {@code i} of kind {@code k} is the kind's pod named {@code k-i}; a kind with a
 * lifetime {@code L} leaves just before arrival {@code i + L}, freeing its claims.
 *
 * <pre>{@code
 * SimulationResult result = Simulation.builder(allocator)
 *     .cluster(deviceClasses)
 *     .nodeGroup(new NodeGroup("dgx", 4, node, slices))
 *     .workload(new Workload(List.of(small, large), 40, 7, List.of()))
 *     .policy("first", NodeScorer.first())
 *     .policy("pack", NodeScorer.mostAllocated())
 *     .build()
 *     .run();
 * SimulationResult.Policy pack = result.policy("pack");
 * System.out.println(pack.placed() + " placed, " + pack.last().group("dgx").strandedDevices() + " devices stranded");
 * }</pre>
 *
 * <p>Instances are immutable; {@link #run} may be called again and gives the same counts.
 */
public final class Simulation {
  /** The group name of nodes given as explicit objects. */
  public static final String EXPLICIT_GROUP = "cluster";

  private final StructuredAllocator allocator;
  private final List<Node> nodes;
  private final Map<String, String> groupOfNode;
  private final List<String> groups;
  private final List<ResourceSlice> slices;
  private final List<DeviceClass> classes;
  private final List<ResourceClaim> claims;
  private final List<ResourceClaimTemplate> templates;
  private final List<DeviceTaintRule> taintRules;
  private final Workload workload;
  private final Map<String, NodeScorer> policies;
  private final int sampleEvery;
  private final boolean nodeLocal;
  private final List<PodKind> arrivals;

  private Simulation(Builder b) {
    this.allocator = b.allocator;
    this.workload = Objects.requireNonNull(b.workload, "workload");
    if (b.policies.isEmpty()) {
      throw new IllegalArgumentException("a simulation needs at least one policy");
    }
    this.policies = new LinkedHashMap<>(b.policies);
    List<Node> n = new ArrayList<>();
    Map<String, String> groupOf = new LinkedHashMap<>();
    List<ResourceSlice> s = new ArrayList<>();
    List<DeviceClass> c = new ArrayList<>();
    List<ResourceClaim> cl = new ArrayList<>();
    List<ResourceClaimTemplate> t = new ArrayList<>();
    List<DeviceTaintRule> r = new ArrayList<>();
    Set<String> groupNames = new LinkedHashSet<>();
    for (Object o : b.objects) {
      if (o instanceof Node) {
        n.add((Node) o);
        groupOf.put(((Node) o).name(), EXPLICIT_GROUP);
        groupNames.add(EXPLICIT_GROUP);
      } else if (o instanceof ResourceSlice) {
        s.add((ResourceSlice) o);
      } else if (o instanceof DeviceClass) {
        c.add((DeviceClass) o);
      } else if (o instanceof ResourceClaim) {
        cl.add((ResourceClaim) o);
      } else if (o instanceof ResourceClaimTemplate) {
        t.add((ResourceClaimTemplate) o);
      } else if (o instanceof DeviceTaintRule) {
        r.add((DeviceTaintRule) o);
      } else {
        throw new IllegalArgumentException("a simulation's cluster cannot hold a " + o.getClass().getSimpleName());
      }
    }
    for (NodeGroup g : b.groups) {
      if (!groupNames.add(g.name())) {
        throw new IllegalArgumentException("two node groups are named " + g.name());
      }
      for (int i = 0; i < g.count(); i++) {
        Node copy = copy(g.node(), i);
        if (groupOf.putIfAbsent(copy.name(), g.name()) != null) {
          throw new IllegalArgumentException("node group " + g.name() + ": node " + copy.name() + " exists already");
        }
        n.add(copy);
        for (ResourceSlice slice : g.slices()) {
          s.add(copy(slice, Objects.requireNonNull(copy.name()), i)); // copy() names it
        }
      }
    }
    if (n.isEmpty()) {
      throw new IllegalArgumentException("the cluster has no node");
    }
    for (PodKind k : workload.kinds()) {
      t.addAll(k.templates());
    }
    this.nodes = List.copyOf(n);
    this.groupOfNode = Map.copyOf(groupOf);
    this.groups = List.copyOf(groupNames);
    this.slices = List.copyOf(s);
    this.classes = List.copyOf(c);
    this.claims = List.copyOf(cl);
    this.templates = List.copyOf(t);
    this.taintRules = List.copyOf(r);
    this.nodeLocal = slices.stream().allMatch(x -> x.spec().nodeName() != null);
    int count = workload.count();
    this.sampleEvery = b.sampleEvery > 0 ? b.sampleEvery : Math.max(1, (count + 99) / 100);
    this.arrivals = arrivals(workload);
  }

  /**
   * Starts configuring a simulation.
   *
   * @param allocator the allocator (features and selector compiler) every policy schedules with
   * @return a builder
   */
  public static Builder builder(StructuredAllocator allocator) {
    return new Builder(Objects.requireNonNull(allocator, "allocator"));
  }

  /** {@return every node of the cluster: explicit ones, then each group's copies} */
  public List<Node> nodes() {
    return nodes;
  }

  /** {@return every ResourceSlice of the cluster: explicit ones, then each group's copies} */
  public List<ResourceSlice> slices() {
    return slices;
  }

  /** {@return the pod kind of each arrival, in order} */
  public List<String> arrivals() {
    List<String> out = new ArrayList<>(arrivals.size());
    arrivals.forEach(k -> out.add(k.name()));
    return out;
  }

  /**
   * Runs every policy.
   *
   * @return the results
   * @throws AllocationException when the allocator rejects the input (an unknown DeviceClass, a CEL error)
   */
  public SimulationResult run() {
    return run(policy -> { });
  }

  /**
   * Runs every policy, telling a listener after each arrival, for progress.
   *
   * @param afterArrival called with the policy's name after each arrival is scheduled
   * @return the results
   * @throws AllocationException when the allocator rejects the input
   */
  public SimulationResult run(Consumer<String> afterArrival) {
    Objects.requireNonNull(afterArrival, "afterArrival");
    List<ResourceClaim> allocated = claims.stream().filter(c -> c.allocation() != null).toList();
    ClusterSnapshot start = allocator.snapshot(slices, classes, allocated, taintRules);
    List<SimulationResult.Policy> results = new ArrayList<>();
    for (Map.Entry<String, NodeScorer> p : policies.entrySet()) {
      results.add(new Run(p.getKey(), p.getValue(), start, afterArrival).run());
    }
    return new SimulationResult(arrivals(), results);
  }

  /* One policy's scheduling loop. */
  private final class Run {
    final String name;
    final Consumer<String> afterArrival;
    final PodScheduler scheduler;
    final Map<String, int[]> counts = new LinkedHashMap<>();
    final Map<Integer, List<SchedulingResult.Scheduled>> departures = new HashMap<>();
    /** Placed pods still on their node, with their claims, for the per-class counts. */
    final Map<String, SchedulingResult.Scheduled> placed = new LinkedHashMap<>();
    /** Whether some pod kind fits on a node; recomputed for the nodes in {@link #dirty}. */
    final IdentityHashMap<Node, Boolean> fitsSome = new IdentityHashMap<>();
    final Set<Node> dirty = Collections.newSetFromMap(new IdentityHashMap<>());
    SimulationResult.@Nullable FirstPending firstPending;
    final List<SimulationResult.Sample> samples = new ArrayList<>();
    long nanos;

    Run(String name, NodeScorer scorer, ClusterSnapshot start, Consumer<String> afterArrival) {
      this.name = name;
      this.afterArrival = afterArrival;
      this.scheduler = PodScheduler.builder(allocator)
          .nodes(nodes).slices(slices).classes(classes).claims(claims).templates(templates)
          .taintRules(taintRules).scorer(scorer).snapshot(start)
          .build();
      workload.kinds().forEach(k -> counts.put(k.name(), new int[2]));
      dirty.addAll(nodes);
    }

    SimulationResult.Policy run() {
      if (arrivals.isEmpty()) {
        sample(0);
      }
      for (int step = 0; step < arrivals.size(); step++) {
        depart(step);
        PodKind kind = arrivals.get(step);
        Pod pod = podOf(kind, step);
        long t0 = System.nanoTime();
        SchedulingResult r = scheduler.schedule(pod);
        nanos += System.nanoTime() - t0;
        int[] count = Objects.requireNonNull(counts.get(kind.name())); // every kind has counts
        if (r instanceof SchedulingResult.Scheduled s) {
          count[0]++;
          dirty.add(s.node());
          placed.put(Objects.requireNonNull(pod.name()), s); // podOf names every pod
          if (kind.lifetime() != null) {
            departures.computeIfAbsent(step + kind.lifetime(), x -> new ArrayList<>()).add(s);
          }
        } else {
          count[1]++;
          if (firstPending == null) {
            firstPending = new SimulationResult.FirstPending(step, kind.name(), Objects.requireNonNull(pod.name()),
                ((SchedulingResult.Unschedulable) r).message());
          }
        }
        afterArrival.accept(name);
        if ((step + 1) % sampleEvery == 0 || step + 1 == arrivals.size()) {
          sample(step + 1);
        }
      }
      Map<String, SimulationResult.KindCount> kinds = new LinkedHashMap<>();
      counts.forEach((k, c) -> kinds.put(k, new SimulationResult.KindCount(c[0], c[1])));
      return new SimulationResult.Policy(name, kinds, firstPending, samples, nanos / 1e9);
    }

    /* Pods whose lifetime ends now leave: their claims are forgotten and their devices freed. */
    private void depart(int step) {
      List<SchedulingResult.Scheduled> leaving = departures.remove(step);
      if (leaving == null) {
        return;
      }
      Set<String> keys = new HashSet<>();
      for (SchedulingResult.Scheduled s : leaving) {
        placed.remove(s.pod().name());
        dirty.add(s.node());
        s.claims().forEach(c -> keys.add(PodScheduler.claimKey(c)));
      }
      List<ResourceClaim> stay = new ArrayList<>();
      for (ResourceClaim c : scheduler.claims()) {
        if (c.allocation() != null && !keys.contains(PodScheduler.claimKey(c))) {
          stay.add(c);
        }
      }
      ClusterSnapshot without = allocator.snapshot(scheduler.snapshot(), slices, classes, stay, taintRules);
      scheduler.release(keys, without);
    }

    private void sample(int step) {
      refreshFits();
      ClusterSnapshot snapshot = scheduler.snapshot();
      Map<String, Acc> acc = new LinkedHashMap<>();
      groups.forEach(g -> acc.put(g, new Acc()));
      for (Node node : nodes) {
        Acc a = Objects.requireNonNull(acc.get(groupOfNode.get(node.name()))); // every node is in a group
        NodeCapacity cap = NodeCapacity.of(snapshot, node);
        boolean stranded = cap.hasFree() && !Objects.requireNonNull(fitsSome.get(node)); // refreshed above
        a.nodes++;
        a.devices += cap.devices();
        a.allocated += cap.allocatedDevices();
        if (stranded) {
          a.strandedNodes++;
          a.strandedDevices += cap.devices() - cap.allocatedDevices();
        }
        cap.counterTotals().forEach((k, total) -> {
          BigDecimal left = Objects.requireNonNull(cap.counterLeft().get(k)); // the same counters
          double[] v = a.counters.computeIfAbsent(k, x -> new double[3]);
          v[0] += total.doubleValue();
          v[1] += total.subtract(left).doubleValue();
          if (stranded) {
            v[2] += left.doubleValue();
          }
        });
      }
      for (SchedulingResult.Scheduled s : placed.values()) {
        Acc a = Objects.requireNonNull(acc.get(groupOfNode.get(s.node().name()))); // every node is in a group
        for (ResourceClaim c : s.claims()) {
          AllocationResult allocation = c.allocation();
          if (allocation == null) {
            continue;
          }
          for (DeviceRequestAllocationResult d : allocation.devices().results()) {
            a.byClass.merge(classOf(c, d.request()), 1, Integer::sum);
          }
        }
      }
      Map<String, SimulationResult.GroupUsage> usage = new LinkedHashMap<>();
      acc.forEach((g, a) -> {
        Map<String, SimulationResult.CounterUsage> counters = new LinkedHashMap<>();
        a.counters.forEach((k, v) -> counters.put(k, new SimulationResult.CounterUsage(v[0], v[1], v[2])));
        usage.put(g, new SimulationResult.GroupUsage(a.nodes, a.devices, a.allocated, a.strandedNodes,
            a.strandedDevices, counters, a.byClass));
      });
      samples.add(new SimulationResult.Sample(step, usage));
    }

    /*
     * A node's verdict changes only when its own devices do, as long as every slice belongs to
     * one node; with shared (network-attached) pools, every node is checked again.
     */
    private void refreshFits() {
      List<Node> check = new ArrayList<>();
      for (Node node : nodes) {
        if (!nodeLocal || dirty.contains(node) || !fitsSome.containsKey(node)) {
          check.add(node);
          fitsSome.put(node, false);
        }
      }
      dirty.clear();
      for (PodKind kind : workload.kinds()) {
        if (check.isEmpty()) {
          break;
        }
        Pod probe = podOf(kind, -1);
        List<Node> fit = scheduler.fits(probe, check);
        Set<Node> fitSet = Collections.newSetFromMap(new IdentityHashMap<>());
        fitSet.addAll(fit);
        List<Node> rest = new ArrayList<>();
        for (Node node : check) {
          if (fitSet.contains(node)) {
            fitsSome.put(node, true);
          } else {
            rest.add(node);
          }
        }
        check = rest;
      }
    }
  }

  private static final class Acc {
    int nodes;
    int devices;
    int allocated;
    int strandedNodes;
    int strandedDevices;
    final Map<String, double[]> counters = new LinkedHashMap<>();
    final Map<String, Integer> byClass = new LinkedHashMap<>();
  }

  /** {@return the DeviceClass the request (or {@code request/subrequest}) of the claim asked for} */
  private static String classOf(ResourceClaim claim, String request) {
    int slash = request.indexOf('/');
    String main = slash < 0 ? request : request.substring(0, slash);
    for (DeviceRequest r : claim.spec().devices().requests()) {
      if (!r.name().equals(main)) {
        continue;
      }
      if (slash < 0 && r.exactly() != null) {
        return r.exactly().deviceClassName();
      }
      for (DeviceSubRequest sub : r.firstAvailable()) {
        if (slash >= 0 && sub.name().equals(request.substring(slash + 1))) {
          return sub.deviceClassName();
        }
      }
    }
    return "?";
  }

  /* ---------------- arrivals and copies ---------------- */

  private static List<PodKind> arrivals(Workload w) {
    List<PodKind> out = new ArrayList<>(w.count());
    Map<String, PodKind> byName = new HashMap<>();
    w.kinds().forEach(k -> byName.put(k.name(), k));
    if (!w.order().isEmpty()) {
      for (int i = 0; i < w.count(); i++) {
        out.add(byName.get(w.order().get(i % w.order().size())));
      }
      return out;
    }
    // SplittableRandom's sequence is specified, so a seed gives the same arrivals on every JVM.
    SplittableRandom random = new SplittableRandom(w.seed());
    double total = w.kinds().stream().mapToDouble(PodKind::weight).sum();
    for (int i = 0; i < w.count(); i++) {
      double x = random.nextDouble() * total;
      PodKind chosen = null;
      for (PodKind k : w.kinds()) {
        if (k.weight() > 0) {
          chosen = k;
          if (x < k.weight()) {
            break;
          }
          x -= k.weight();
        }
      }
      out.add(chosen);
    }
    return out;
  }

  /** Arrival {@code index} of a kind; a negative index is the probe that asks whether the kind still fits. */
  private static Pod podOf(PodKind kind, int index) {
    String name = kind.name() + "-" + (index < 0 ? "probe" : Integer.toString(index));
    ObjectMeta meta = kind.pod().metadata().toBuilder().name(name).uid(null).build();
    return new Pod(meta, kind.pod().spec().toBuilder().nodeName(null).build(), kind.pod().status());
  }

  private static Node copy(Node template, int i) {
    String name = template.name() + "-" + i;
    ObjectMeta.Builder meta = template.metadata().toBuilder().name(name).uid(null);
    if (Objects.requireNonNull(template.name(), "node metadata.name").equals(template.metadata().labels().get("kubernetes.io/hostname"))) {
      meta.putLabel("kubernetes.io/hostname", name);
    }
    return new Node(meta.build());
  }

  /*
   * The record's constructor rather than its builder, which would copy the lists: every copy
   * keeps the template's device, counter set and mixin objects, so the snapshot resolves the
   * template once for all copies (MixinResolver.resolveLike) and they share the memory.
   */
  private static ResourceSlice copy(ResourceSlice template, String node, int i) {
    ResourceSliceSpec spec = template.spec();
    ResourcePool pool = spec.pool();
    return new ResourceSlice(template.metadata().toBuilder().name(template.name() + "-" + i).uid(null).build(),
        new ResourceSliceSpec(spec.driver(),
            new ResourcePool(pool.name() + "-" + i, pool.generation(), pool.resourceSliceCount()), node,
            spec.nodeSelector(), spec.allNodes(), spec.perDeviceNodeSelection(), spec.devices(),
            spec.sharedCounters(), spec.mixins()));
  }

  /** Configures a {@link Simulation}. Not thread-safe. */
  public static final class Builder {
    private final StructuredAllocator allocator;
    private final List<Object> objects = new ArrayList<>();
    private final List<NodeGroup> groups = new ArrayList<>();
    private final Map<String, NodeScorer> policies = new LinkedHashMap<>();
    private @Nullable Workload workload;
    private int sampleEvery;

    private Builder(StructuredAllocator allocator) {
      this.allocator = allocator;
    }

    /**
     * Adds explicit cluster objects: Nodes (group {@value #EXPLICIT_GROUP}), ResourceSlices,
     * DeviceClasses, ResourceClaims (allocated ones hold their devices), ResourceClaimTemplates
     * and DeviceTaintRules.
     *
     * @param objects the objects
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder cluster(Collection<?> objects) {
      objects.forEach(o -> this.objects.add(Objects.requireNonNull(o, "object")));
      return this;
    }

    /**
     * Adds a node group, stamped out after the explicit nodes and earlier groups.
     *
     * @param group the group
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder nodeGroup(NodeGroup group) {
      groups.add(Objects.requireNonNull(group, "group"));
      return this;
    }

    /**
     * Sets the workload.
     *
     * @param workload the workload
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder workload(Workload workload) {
      this.workload = Objects.requireNonNull(workload, "workload");
      return this;
    }

    /**
     * Adds a policy to compare; policies run in the order added.
     *
     * @param name the policy's name in the results
     * @param scorer how it chooses among the nodes that fit
     * @return this builder
     * @throws IllegalArgumentException when a policy has the name already
     */
    @CanIgnoreReturnValue
    public Builder policy(String name, NodeScorer scorer) {
      if (policies.putIfAbsent(Objects.requireNonNull(name, "name"), Objects.requireNonNull(scorer, "scorer")) != null) {
        throw new IllegalArgumentException("two policies are named " + name);
      }
      return this;
    }

    /**
     * Sets how many arrivals apart the cluster is sampled; 0 (the default) takes about 100 samples.
     *
     * @param every the distance, 0 or more
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder sampleEvery(int every) {
      if (every < 0) {
        throw new IllegalArgumentException("sampleEvery must be >= 0, got " + every);
      }
      this.sampleEvery = every;
      return this;
    }

    /**
     * Takes everything from a simulation document: its objects, node groups, workload, sampling
     * and its policies by their built-in names ({@link NodeScorer#named}).
     *
     * @param spec the document
     * @return this builder
     * @throws IllegalArgumentException for an unknown policy name
     */
    @CanIgnoreReturnValue
    public Builder spec(SimulationSpec spec) {
      cluster(spec.objects());
      spec.nodeGroups().forEach(this::nodeGroup);
      workload(spec.workload());
      sampleEvery(spec.sampleEvery());
      spec.policies().forEach(p -> policy(p, NodeScorer.named(p)));
      return this;
    }

    /**
     * Builds the simulation: stamps out the node groups and fixes the arrivals.
     *
     * @return the simulation
     * @throws IllegalArgumentException when there is no node, no workload or no policy, or two
     *     nodes or groups share a name
     */
    public Simulation build() {
      if (workload == null) {
        throw new IllegalArgumentException("a simulation needs a workload");
      }
      return new Simulation(this);
    }
  }
}
