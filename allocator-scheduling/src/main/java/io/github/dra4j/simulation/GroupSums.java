package io.github.dra4j.simulation;

import java.math.BigDecimal;
import java.util.BitSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * The usage of one node group summed over its nodes, kept up to date node by node: a sample takes
 * away what a changed node counted before and adds what it counts now, so that it costs the
 * changed nodes, not the group. Counter sums are exact (BigDecimal), so that taking away leaves
 * no rounding behind, and become doubles only in the result: the figures of summing the nodes'
 * doubles in node order whenever those sums are exact, as they are for whole amounts below 2^53
 * (counters count bytes, slices and engines).
 *
 * Counter names keep the order in which a pass over the nodes in node order meets them. Sums kept
 * up to date keep that order while every node that has counters has the same names in the same
 * order (uniform): then each kind's stranded counters are all of them or none. A group that is
 * not uniform is summed afresh for every sample (Accounting).
 */
final class GroupSums {
  private int nodes;
  private int devices;
  private int allocated;
  private int strandedNodes;
  private int strandedDevices;
  private int counterSets;
  private int counterSetsInUse;
  /** Per counter name: total, used, left on stranded nodes, and how many nodes have it. */
  private final Map<String, CounterSum> counters = new LinkedHashMap<>();
  /** Per capacity name of devices that consume no counter: the same sums as a counter's. */
  private final Map<String, CounterSum> capacities = new LinkedHashMap<>();
  private final KindSum[] byKind;
  /** The counter names of the first node with counters. */
  private @Nullable List<String> names;
  /** The capacity names of the first node with such capacities. */
  private @Nullable List<String> capacityNames;
  private boolean uniform = true;

  GroupSums(int kinds) {
    byKind = new KindSum[kinds];
    for (int k = 0; k < kinds; k++) {
      byKind[k] = new KindSum();
    }
  }

  /**
   * Counts a node ({@code sign} 1) or takes back what it counted ({@code sign} -1, with the same
   * capacity and fits).
   *
   * @param fits the kinds (by index) a fresh pod of which would be placed on the node
   */
  void add(NodeCapacity cap, BitSet fits, int sign) {
    if (sign > 0) {
      checkUniform(cap);
    }
    boolean free = cap.hasFree();
    boolean stranded = free && fits.isEmpty();
    int freeDevices = cap.devices() - cap.allocatedDevices();
    nodes += sign;
    devices += sign * cap.devices();
    allocated += sign * cap.allocatedDevices();
    counterSets += sign * cap.counterSets();
    counterSetsInUse += sign * cap.counterSetsInUse();
    if (stranded) {
      strandedNodes += sign;
      strandedDevices += sign * freeDevices;
    }
    if (free) {
      for (int k = fits.nextClearBit(0); k < byKind.length; k = fits.nextClearBit(k + 1)) {
        byKind[k].add(cap, freeDevices, sign);
      }
    }
    cap.counterTotals().forEach((name, total) -> {
      BigDecimal left = Objects.requireNonNull(cap.counterLeft().get(name)); // the same counters
      counters.computeIfAbsent(name, x -> new CounterSum()).add(total, left, stranded, sign);
    });
    cap.capacityTotals().forEach((name, total) -> {
      BigDecimal left = Objects.requireNonNull(cap.capacityLeft().get(name)); // the same capacities
      capacities.computeIfAbsent(name, x -> new CounterSum()).add(total, left, stranded, sign);
    });
  }

  private void checkUniform(NodeCapacity cap) {
    if (!uniform) {
      return;
    }
    if (!cap.counterTotals().isEmpty()) {
      if (names == null) {
        names = List.copyOf(cap.counterTotals().keySet());
      } else {
        uniform = sameNames(names, cap.counterTotals());
      }
    }
    if (uniform && !cap.capacityTotals().isEmpty()) {
      if (capacityNames == null) {
        capacityNames = List.copyOf(cap.capacityTotals().keySet());
      } else {
        uniform = sameNames(capacityNames, cap.capacityTotals());
      }
    }
  }

  private static boolean sameNames(List<String> first, Map<String, BigDecimal> amounts) {
    if (first.size() != amounts.size()) {
      return false;
    }
    Iterator<String> it = first.iterator();
    for (String name : amounts.keySet()) {
      if (!name.equals(it.next())) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@return whether every node with counters (or with capacities of devices that consume none)
   * has the same names in the same order}
   */
  boolean uniform() {
    return uniform;
  }

  /**
   * {@return the group's usage}
   *
   * @param kindNames the kinds' names, by index
   * @param byClass the allocated devices per class
   */
  SimulationResult.GroupUsage result(List<String> kindNames, Map<String, Integer> byClass) {
    Map<String, SimulationResult.CounterUsage> usage = usage(counters);
    Map<String, SimulationResult.Stranded> stranded = new LinkedHashMap<>();
    for (int k = 0; k < byKind.length; k++) {
      stranded.put(kindNames.get(k), byKind[k].result());
    }
    return new SimulationResult.GroupUsage(nodes, devices, allocated, strandedNodes, strandedDevices, usage,
        byClass, counterSets, counterSetsInUse, stranded, usage(capacities));
  }

  private static Map<String, SimulationResult.CounterUsage> usage(Map<String, CounterSum> sums) {
    Map<String, SimulationResult.CounterUsage> usage = new LinkedHashMap<>();
    sums.forEach((name, c) -> {
      if (c.nodes > 0) {
        usage.put(name, new SimulationResult.CounterUsage(c.total.doubleValue(), c.used.doubleValue(),
            c.stranded.doubleValue()));
      }
    });
    return usage;
  }

  /** One counter name summed over the group. */
  private static final class CounterSum {
    BigDecimal total = BigDecimal.ZERO;
    BigDecimal used = BigDecimal.ZERO;
    BigDecimal stranded = BigDecimal.ZERO;
    int nodes;

    void add(BigDecimal nodeTotal, BigDecimal left, boolean strandedNode, int sign) {
      nodes += sign;
      total = total.add(signed(nodeTotal, sign));
      used = used.add(signed(nodeTotal.subtract(left), sign));
      stranded = strandedNode ? stranded.add(signed(left, sign)) : stranded;
    }
  }

  /** What one kind cannot use in the group. */
  private static final class KindSum {
    int nodes;
    int devices;
    /** Per counter name: the amount left, and how many counted nodes have it. */
    final Map<String, LeftSum> counters = new LinkedHashMap<>();

    void add(NodeCapacity cap, int freeDevices, int sign) {
      nodes += sign;
      devices += sign * freeDevices;
      cap.counterLeft().forEach((name, left) -> counters.computeIfAbsent(name, x -> new LeftSum()).add(left, sign));
    }

    SimulationResult.Stranded result() {
      Map<String, Double> left = new LinkedHashMap<>();
      counters.forEach((name, s) -> {
        if (s.nodes > 0) {
          left.put(name, s.left.doubleValue());
        }
      });
      return new SimulationResult.Stranded(nodes, devices, left);
    }
  }

  /** An amount left summed over nodes. */
  private static final class LeftSum {
    BigDecimal left = BigDecimal.ZERO;
    int nodes;

    void add(BigDecimal amount, int sign) {
      nodes += sign;
      left = left.add(signed(amount, sign));
    }
  }

  /* The amount counted (sign 1) or taken back (-1): adding its negation is subtracting, scale included. */
  private static BigDecimal signed(BigDecimal amount, int sign) {
    return sign > 0 ? amount : amount.negate();
  }
}
