package io.github.dra4j.simulation;

import io.github.dra4j.scheduling.SchedulingResult;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link Simulation} found, one {@link Policy} per scorer in the order they were given;
 * every policy scheduled the same arrivals. See docs/simulation.md for the definitions.
 *
 * @param arrivals the pod kind of each arrival, in order
 * @param policies the result of each policy
 */
public record SimulationResult(List<String> arrivals, List<Policy> policies) {
  /** Copies the lists. */
  public SimulationResult {
    // The simulation's own view is drawn as it is read and unmodifiable: kept, not copied.
    arrivals = arrivals instanceof ArrivalDraw.Names ? arrivals : List.copyOf(arrivals);
    policies = List.copyOf(policies);
  }

  /**
   * {@return the result of the policy with this name}
   *
   * @param name the policy's name
   * @throws IllegalArgumentException when no policy has the name
   */
  public Policy policy(String name) {
    for (Policy p : policies) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException("no policy named " + name);
  }

  /**
   * One policy's run.
   *
   * @param name the policy's name
   * @param kinds placed and pending pods per pod kind, in the arrivals' kind order; with arrivals
   *     in time, the pods placed at any time and those still waiting at the end
   * @param firstPending the first arrival no node took (in time: the first that had to wait), or
   *     null when every pod was placed
   * @param samples the cluster's state every {@code sampleEvery} arrivals and after the last
   * @param seconds the time spent scheduling (sampling left out)
   * @param wallSeconds the time of the whole run end to end: departures, scheduling and sampling
   */
  public record Policy(String name, Map<String, KindCount> kinds, @Nullable FirstPending firstPending,
      List<Sample> samples, double seconds, double wallSeconds) {
    /** Copies the collections, keeping the map's order. */
    public Policy {
      Objects.requireNonNull(name, "name");
      kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
      samples = List.copyOf(samples);
    }

    /** {@return the pods placed, of every kind} */
    public int placed() {
      return kinds.values().stream().mapToInt(KindCount::placed).sum();
    }

    /** {@return the pods no node took, of every kind} */
    public int pending() {
      return kinds.values().stream().mapToInt(KindCount::pending).sum();
    }

    /** {@return placements per second of scheduling time; 0 when nothing was timed} */
    public double placementsPerSecond() {
      return seconds > 0 ? placed() / seconds : 0;
    }

    /**
     * {@return arrivals (a pod, or a gang's PodGroup; placed or pending) per second of the whole
     * run, end to end; 0 when nothing was timed} What a capacity planner waits for: unlike {@link
     * #placementsPerSecond} it counts letting pods leave and sampling the cluster too.
     */
    public double arrivalsPerSecond() {
      int arrivals = 0;
      for (KindCount k : kinds.values()) {
        arrivals += k.groups() != null ? k.groups().placed() + k.groups().pending() : k.placed() + k.pending();
      }
      return wallSeconds > 0 ? arrivals / wallSeconds : 0;
    }

    /** {@return the last sample: the state after the last arrival} */
    public Sample last() {
      return samples.get(samples.size() - 1);
    }
  }

  /**
   * Pods of one kind.
   *
   * @param placed how many were placed (those placed by preempting others included)
   * @param pending how many no node took: with gangs, every pod of a group left pending, and the
   *     pods beyond {@code minCount} that a placed group could not place
   * @param groups for a gang kind, how many of its PodGroups were placed or left pending; null
   *     for a kind whose arrivals are single pods
   * @param preemptions how many of the placed ones evicted lower-priority pods to fit
   *     (DefaultPreemption)
   * @param preempted how many of the placed ones were evicted later as victims; counted by
   *     arrivals, like pending pods they are not retried, so they leave the simulation (a
   *     controller would make new pods, which are new arrivals); in simulated time each eviction
   *     counts, and the evicted pod is recreated: it waits again, counted as pending until placed
   */
  public record KindCount(int placed, int pending, @Nullable GroupCount groups, int preemptions, int preempted) {}

  /**
   * PodGroups of one gang kind.
   *
   * @param placed how many groups were placed (at least {@code minCount} of their pods)
   * @param pending how many were left pending: none of their pods placed
   */
  public record GroupCount(int placed, int pending) {}

  /**
   * The first arrival that stayed pending: a pod, or a gang's PodGroup.
   *
   * @param index its arrival index, from 0
   * @param kind its pod kind
   * @param pod its name; for a gang, the PodGroup's first pod
   * @param message why, in kube-scheduler's words ({@link SchedulingResult.Unschedulable#message});
   *     for a gang, the group's line ({@link io.github.dra4j.scheduling.PodGroupResult#line})
   * @param podGroup for a gang, the PodGroup as {@code <namespace>/<name>}; null for a pod
   */
  public record FirstPending(int index, String kind, String pod, String message, @Nullable String podGroup) {}

  /**
   * The cluster after some arrivals.
   *
   * @param step how many pods had arrived
   * @param groups the usage of each node group, in cluster order ({@code cluster} for the explicit nodes)
   * @param time with arrivals in time, the simulated time of the sample (every event up to it
   *     applied); null for arrivals counted in steps
   * @param pendingByKind with arrivals in time, the pods of each kind waiting in the queue, in
   *     kind order; empty for arrivals counted in steps
   */
  public record Sample(int step, Map<String, GroupUsage> groups, @Nullable Duration time,
      Map<String, Integer> pendingByKind) {
    /** Copies the maps, keeping their order. */
    public Sample {
      groups = Collections.unmodifiableMap(new LinkedHashMap<>(groups));
      pendingByKind = Collections.unmodifiableMap(new LinkedHashMap<>(pendingByKind));
    }

    /** {@return the pods waiting, of every kind; 0 for arrivals counted in steps} */
    public int pending() {
      return pendingByKind.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * {@return one group's usage}
     *
     * @param group the group's name
     * @throws IllegalArgumentException for an unknown group
     */
    public GroupUsage group(String group) {
      GroupUsage g = groups.get(group);
      if (g == null) {
        throw new IllegalArgumentException("no node group named " + group + "; known: " + groups.keySet());
      }
      return g;
    }
  }

  /**
   * The DRA usage of the nodes of one group, summed over the devices and counters of the pools
   * each node owns (slices published for it by name).
   *
   * @param nodes the group's nodes
   * @param devices their devices
   * @param allocatedDevices how many of them are allocated
   * @param strandedNodes nodes with something free on which no pod kind fits any more
   * @param strandedDevices the free devices of those nodes
   * @param counters per counter name, summed over the counter sets (a GPU each, say), in first-seen order
   * @param devicesByClass allocated devices per DeviceClass the claims asked for
   * @param counterSets the shared counter sets of the group's own pools: with partitionable
   *     devices, one per physical device (a whole GPU), however many partitions it offers
   * @param counterSetsInUse how many of them have any counter consumed: whole GPUs in use
   * @param strandedByKind per pod kind, in kind order, what is free on the nodes where a fresh
   *     pod of that kind would not be placed: the capacity that kind cannot use
   * @param deviceCapacities per device capacity name ({@code memory}), summed over the devices
   *     that consume no shared counter (whole GPUs without partitions): the total, what
   *     allocated devices hold, and what is left on stranded nodes, in the capacity's unit
   *     (bytes for memory), in first-seen order
   */
  public record GroupUsage(int nodes, int devices, int allocatedDevices, int strandedNodes, int strandedDevices,
      Map<String, CounterUsage> counters, Map<String, Integer> devicesByClass, int counterSets,
      int counterSetsInUse, Map<String, Stranded> strandedByKind, Map<String, CounterUsage> deviceCapacities) {
    /** Copies the maps, keeping their order. */
    public GroupUsage {
      counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
      deviceCapacities = Collections.unmodifiableMap(new LinkedHashMap<>(deviceCapacities));
      devicesByClass = Collections.unmodifiableMap(new LinkedHashMap<>(devicesByClass));
      strandedByKind = Collections.unmodifiableMap(new LinkedHashMap<>(strandedByKind));
      if (counterSetsInUse < 0 || counterSetsInUse > counterSets) {
        throw new IllegalArgumentException(counterSetsInUse + " of " + counterSets + " counter sets in use");
      }
    }

    /** {@return the allocated share of the devices, 0 without devices} */
    public double deviceUtilization() {
      return devices == 0 ? 0 : (double) allocatedDevices / devices;
    }
  }

  /**
   * Free capacity on some nodes of a group that a pod kind cannot use, because a fresh pod of the
   * kind would not be placed on them.
   *
   * @param nodes nodes with something free on which the kind does not fit
   * @param devices their free devices
   * @param counters per counter name, what is left of it on those nodes, in the counter's unit
   */
  public record Stranded(int nodes, int devices, Map<String, Double> counters) {
    /** Copies the map, keeping its order. */
    public Stranded {
      counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
    }
  }

  /**
   * One shared counter or device capacity summed over a group, in its own unit (bytes for memory quantities).
   *
   * @param total the capacity
   * @param used the amount consumed by allocated devices
   * @param stranded the amount left on stranded nodes
   */
  public record CounterUsage(double total, double used, double stranded) {
    /** {@return the used share of the total, 0 for a zero total} */
    public double utilization() {
      return total > 0 ? used / total : 0;
    }
  }
}
