package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.core.PoolUsage;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Objects;

/**
 * How much of the DRA resources a node can use are in use, as a {@link NodeScorer} sees it: with
 * the pod being scheduled placed on the node. Only pools the node can use count (its own slices,
 * and those whose node selector or {@code allNodes} covers it), and only when they are complete
 * and valid.
 *
 * @param node the node
 * @param devices the devices the node can use
 * @param allocatedDevices how many of them are allocated, to other claims or to the pod (a device
 *     shared through consumable capacity counts once it has any share)
 * @param counters the shared counters of those pools with a non-zero total
 * @param counterUtilization the mean, over those counters, of the consumed part of the total
 *     (each clamped to 0..1); 0 without counters
 */
public record NodeUsage(Node node, int devices, int allocatedDevices, int counters, double counterUtilization) {
  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException when a count is negative, more devices are allocated than
   *     exist, or counterUtilization is outside 0..1
   */
  public NodeUsage {
    Objects.requireNonNull(node, "node");
    if (devices < 0 || allocatedDevices < 0 || allocatedDevices > devices || counters < 0
        || !(counterUtilization >= 0 && counterUtilization <= 1)) {
      throw new IllegalArgumentException("inconsistent usage: " + devices + " devices, " + allocatedDevices
          + " allocated, " + counters + " counters at " + counterUtilization);
    }
  }

  /**
   * The share of the node's DRA resources in use, from 0 (idle) to 1 (full): with {@code d =
   * allocatedDevices / devices}, it is {@code d} for a node without counters and {@code (d +
   * counterUtilization) / 2} for one with counters, so a partitionable GPU whose memory is taken
   * counts as used even while few of its partitions are allocated. A node without devices is 0.
   *
   * @return the utilization
   */
  public double utilization() {
    if (devices == 0) {
      return 0;
    }
    double d = (double) allocatedDevices / devices;
    return counters == 0 ? d : (d + counterUtilization) / 2;
  }

  /**
   * Sums the usage of the pools a node can use, as {@link io.github.dra4j.core.ClusterSnapshot#usage}
   * reports them: every pool's devices, and every counter with a total above zero.
   *
   * @param node the node
   * @param pools the usage of its pools, with the pod's placement when it is being scored
   * @return the node's usage
   */
  public static NodeUsage of(Node node, List<PoolUsage> pools) {
    int devices = 0;
    int allocated = 0;
    int counters = 0;
    double sum = 0;
    for (PoolUsage pool : pools) {
      devices += pool.devices();
      allocated += pool.allocatedDevices();
      for (PoolUsage.Counter c : pool.counters()) {
        BigDecimal total = c.total();
        if (total.signum() <= 0) {
          continue;
        }
        counters++;
        double used = total.subtract(c.available()).divide(total, MathContext.DECIMAL64).doubleValue();
        sum += Math.min(1, Math.max(0, used));
      }
    }
    return new NodeUsage(node, devices, allocated, counters, counters == 0 ? 0 : sum / counters);
  }
}
