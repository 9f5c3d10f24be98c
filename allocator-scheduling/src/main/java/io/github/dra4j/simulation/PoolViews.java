package io.github.dra4j.simulation;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/*
 * The partition and shareable views of one complete pool, as views.go of the upstream controller
 * computes them: partition types are grouped per device by the attribute its slice declares (the
 * request's default only when no slice of the pool declares one); per type, the devices not in
 * use are fitted one after another into what the in-use devices leave of the shared counters.
 * Structural problems become a prefixed validation error instead of a view; the device counts
 * stay valid.
 */
final class PoolViews {
  /* The +k8s:maxItems=32 of the status lists. */
  static final int MAX_ITEMS = 32;

  private PoolViews() {}

  /* One device, with the partition attribute of its slice (null when the slice declares none). */
  record DeviceRecord(Device device, @Nullable String sliceAttribute) {}

  record Views(List<ResourcePoolStatus.PartitionTypeStatus> partitionSummary,
      ResourcePoolStatus.@Nullable ShareableSummaryStatus shareable, @Nullable String error) {}

  private record Group(String attribute, String type) {}

  static Views compute(String driver, String pool, List<DeviceRecord> devices, List<CounterSet> counters,
      Set<String> inUse, Map<String, Quantity> consumed, @Nullable String requestAttribute) {
    boolean poolDeclares = devices.stream().anyMatch(d -> d.sliceAttribute() != null);
    List<String> attributes = new ArrayList<>();
    for (DeviceRecord d : devices) {
      attributes.add(d.sliceAttribute() != null ? d.sliceAttribute() : poolDeclares ? null : requestAttribute);
    }
    boolean grouped = attributes.stream().anyMatch(a -> a != null);
    String error = null;
    List<ResourcePoolStatus.PartitionTypeStatus> summary = List.of();
    if (grouped && counters.isEmpty()) {
      error = "PartitionTypeMissing: pool " + driver + "/" + pool + " declares partitionTypeAttribute but publishes no"
          + " sharedCounters";
    } else if (grouped) {
      PartitionResult r = partitions(driver, pool, devices, attributes, counters, inUse);
      summary = r.summary();
      error = r.error();
    }
    ShareableResult shareable = shareable(driver, pool, devices, inUse, consumed);
    if (error == null) {
      error = shareable.error();
    }
    return new Views(error != null ? List.of() : summary, shareable.error() == null ? shareable.summary() : null, error);
  }

  private record PartitionResult(List<ResourcePoolStatus.PartitionTypeStatus> summary, @Nullable String error) {}

  private static PartitionResult partitions(String driver, String pool, List<DeviceRecord> devices,
      List<@Nullable String> attributes, List<CounterSet> counters, Set<String> inUse) {
    Map<Group, List<Device>> fresh = new LinkedHashMap<>();
    Map<Group, Integer> totals = new HashMap<>();
    Map<Group, String> costs = new HashMap<>();
    for (int i = 0; i < devices.size(); i++) {
      Device d = devices.get(i).device();
      String attribute = attributes.get(i);
      if (d.consumesCounters().isEmpty() || attribute == null) {
        continue;
      }
      String type = partitionType(driver, d, attribute);
      if (type == null) {
        return new PartitionResult(List.of(), "PartitionTypeMissing: device \"" + d.name() + "\" in pool " + driver
            + "/" + pool + " does not carry partition type attribute \"" + attribute + "\"");
      }
      Group g = new Group(attribute, type);
      String cost = costKey(d.consumesCounters());
      String prior = costs.putIfAbsent(g, cost);
      if (prior != null && !prior.equals(cost)) {
        return new PartitionResult(List.of(), "PartitionCostMismatch: devices of partition type \"" + type
            + "\" in pool " + driver + "/" + pool + " consume different counters");
      }
      totals.merge(g, 1, Integer::sum);
      List<Device> free = fresh.computeIfAbsent(g, x -> new ArrayList<>());
      if (!inUse.contains(d.name())) {
        free.add(d);
      }
    }
    Map<String, Map<String, BigDecimal>> baseline = available(counters, devices, inUse);
    List<ResourcePoolStatus.PartitionTypeStatus> out = new ArrayList<>();
    fresh.forEach((g, free) -> {
      Map<String, Map<String, BigDecimal>> left = copy(baseline);
      int allocatable = 0;
      for (Device d : free) {
        if (fits(d.consumesCounters(), left)) {
          allocatable++;
          deduct(d.consumesCounters(), left);
        }
      }
      out.add(new ResourcePoolStatus.PartitionTypeStatus(g.attribute(), g.type(), Objects.requireNonNull(totals.get(g)), allocatable)); // counted with the group
    });
    out.sort(Comparator.comparing(ResourcePoolStatus.PartitionTypeStatus::attribute)
        .thenComparing(ResourcePoolStatus.PartitionTypeStatus::type));
    if (out.size() > MAX_ITEMS) {
      return new PartitionResult(List.of(), "PartitionSummaryOverCap: pool " + driver + "/" + pool + " has "
          + out.size() + " partition types, exceeding the maximum of " + MAX_ITEMS);
    }
    return new PartitionResult(out, null);
  }

  /*
   * The string value of the attribute on the device, or null. A name in the driver's own domain
   * may be written with or without it (as CEL selectors read it); the qualified form wins.
   */
  static @Nullable String partitionType(String driver, Device d, String attribute) {
    DeviceAttribute a = d.attributes().get(attribute);
    if (a == null && attribute.startsWith(driver + "/")) {
      a = d.attributes().get(attribute.substring(driver.length() + 1));
    }
    return a instanceof DeviceAttribute.OfString s ? s.value() : null;
  }

  /* Identifies a device's counter cost, to find partition types whose devices cost differently. */
  private static String costKey(List<DeviceCounterConsumption> cost) {
    Set<String> parts = new TreeSet<>();
    for (DeviceCounterConsumption c : cost) {
      c.counters().forEach((name, v) -> parts.add(c.counterSet() + "/" + name + "=" + v.value().value().stripTrailingZeros().toPlainString()));
    }
    return String.join(",", parts);
  }

  /* Per counter set and counter, the capacity less what in-use devices consume (once per device, as the scheduler counts). */
  private static Map<String, Map<String, BigDecimal>> available(List<CounterSet> counters, List<DeviceRecord> devices,
      Set<String> inUse) {
    Map<String, Map<String, BigDecimal>> avail = new HashMap<>();
    for (CounterSet cs : counters) {
      Map<String, BigDecimal> m = avail.computeIfAbsent(cs.name(), x -> new HashMap<>());
      cs.counters().forEach((name, c) -> m.put(name, c.value().value()));
    }
    for (DeviceRecord d : devices) {
      if (inUse.contains(d.device().name())) {
        deduct(d.device().consumesCounters(), avail);
      }
    }
    return avail;
  }

  private static Map<String, Map<String, BigDecimal>> copy(Map<String, Map<String, BigDecimal>> src) {
    Map<String, Map<String, BigDecimal>> out = new HashMap<>();
    src.forEach((set, m) -> out.put(set, new HashMap<>(m)));
    return out;
  }

  private static boolean fits(List<DeviceCounterConsumption> cost, Map<String, Map<String, BigDecimal>> avail) {
    for (DeviceCounterConsumption c : cost) {
      Map<String, BigDecimal> set = avail.getOrDefault(c.counterSet(), Map.of());
      for (Map.Entry<String, io.github.dra4j.api.Counter> e : c.counters().entrySet()) {
        BigDecimal have = set.get(e.getKey());
        if (have == null || have.compareTo(e.getValue().value().value()) < 0) {
          return false;
        }
      }
    }
    return true;
  }

  private static void deduct(List<DeviceCounterConsumption> cost, Map<String, Map<String, BigDecimal>> avail) {
    for (DeviceCounterConsumption c : cost) {
      Map<String, BigDecimal> set = avail.get(c.counterSet());
      if (set != null) {
        c.counters().forEach((name, v) -> set.computeIfPresent(name, (k, have) -> have.subtract(v.value().value())));
      }
    }
  }

  private record ShareableResult(ResourcePoolStatus.@Nullable ShareableSummaryStatus summary, @Nullable String error) {}

  private static ShareableResult shareable(String driver, String pool, List<DeviceRecord> devices, Set<String> inUse,
      Map<String, Quantity> consumed) {
    int full = 0;
    int partial = 0;
    boolean any = false;
    Map<String, Quantity> total = new TreeMap<>();
    for (DeviceRecord r : devices) {
      Device d = r.device();
      if (!d.allowMultipleAllocations()) {
        continue;
      }
      any = true;
      if (inUse.contains(d.name())) {
        partial++;
      } else {
        full++;
      }
      for (Map.Entry<String, DeviceCapacity> e : d.capacity().entrySet()) {
        total.merge(e.getKey(), e.getValue().value(), Quantity::add);
      }
    }
    if (!any) {
      return new ShareableResult(null, null);
    }
    List<ResourcePoolStatus.ShareableCapacityStatus> capacity = new ArrayList<>();
    total.forEach((name, t) -> {
      Quantity used = consumed.getOrDefault(name, Quantity.ZERO);
      Quantity left = t.subtract(used);
      capacity.add(new ResourcePoolStatus.ShareableCapacityStatus(name, t, used,
          left.value().signum() < 0 ? Quantity.of(BigDecimal.ZERO, t.format()) : left));
    });
    if (capacity.size() > MAX_ITEMS) {
      return new ShareableResult(null, "ShareableSummaryOverCap: pool " + driver + "/" + pool + " has "
          + capacity.size() + " shareable capacity keys, exceeding the maximum of " + MAX_ITEMS);
    }
    return new ShareableResult(new ResourcePoolStatus.ShareableSummaryStatus(full, partial, capacity), null);
  }
}
