package io.github.dra4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.simulation.SimulationResult;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/*
 * The device capacities of a simulation's node groups (GPU memory of whole GPUs that consume no
 * shared counter) in the summary table and in -o json, beside the counters of partitionable GPUs.
 */
final class DeviceCapacityFigures {
  static final String DEFINITION = "device capacity: summed over the devices that consume no shared counter "
      + "(whole GPUs, static partitions); a device in use holds all of it, a shared device what its shares "
      + "consume (binary quantities in GiB).";

  private DeviceCapacityFigures() {}

  /* One row per capacity some device has: "[group] memory used (device capacity)", last sample. */
  static void rows(List<String[]> rows, List<SimulationResult.Policy> policies, String group, CounterUnits counters) {
    CounterUnits units = counters.capacities();
    for (String name : names(policies, group)) {
      String[] r = new String[policies.size() + 1];
      r[0] = "[" + group + "] " + name + " used (device capacity)";
      boolean any = false;
      for (int i = 0; i < policies.size(); i++) {
        SimulationResult.CounterUsage c = policies.get(i).last().group(group).deviceCapacities().get(name);
        any |= c != null && c.total() > 0;
        r[i + 1] = c == null ? "-" : units.format(name, c.used()) + " of " + units.format(name, c.total())
            + String.format(Locale.ROOT, " (%.1f%%)", c.utilization() * 100);
      }
      if (any) {
        rows.add(r);
      }
    }
  }

  /* The capacities of every group of every policy's last sample, in first-seen order. */
  static Set<String> names(List<SimulationResult.Policy> policies, String group) {
    Set<String> out = new LinkedHashSet<>();
    policies.forEach(p -> out.addAll(p.last().group(group).deviceCapacities().keySet()));
    return out;
  }

  /* A group's deviceCapacities object: per capacity, total, used and stranded in base units. */
  static void json(ObjectNode group, SimulationResult.GroupUsage g) {
    ObjectNode out = group.putObject("deviceCapacities");
    g.deviceCapacities().forEach((c, u) -> out.putObject(c)
        .put("total", u.total()).put("used", u.used()).put("stranded", u.stranded()));
  }

  /* The unit of each capacity the groups have, as counterUnits does for counters. */
  static void units(ObjectNode root, SimulationResult result, CounterUnits counters) {
    ObjectNode out = root.putObject("deviceCapacityUnits");
    for (String group : result.policies().get(0).last().groups().keySet()) {
      for (String c : names(result.policies(), group)) {
        out.put(c, counters.capacities().isBytes(c) ? "bytes" : "count");
      }
    }
  }
}
