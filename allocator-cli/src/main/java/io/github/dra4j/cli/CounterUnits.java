package io.github.dra4j.cli;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * Counter amounts in the unit their driver wrote them in: a counter whose quantities are binary
 * SI (memory: "40192Mi") prints in GiB, others (multiprocessors, engines, memory slices) as
 * plain counts. The format is taken from the first counter set (or counter set mixin) that
 * declares the counter. Device capacities have units of their own (capacities()), named
 * as PoolUsage names them: unqualified in the driver's domain.
 */
final class CounterUnits {
  private static final double GI = 1024.0 * 1024 * 1024;

  private final Map<String, Quantity.Format> formats = new HashMap<>();
  private final @Nullable CounterUnits capacities;

  CounterUnits(Cluster cluster) {
    Map<String, Quantity.Format> capacityFormats = new HashMap<>();
    for (ResourceSlice s : cluster.slices()) {
      String prefix = s.spec().driver() + "/";
      for (Device d : s.spec().devices()) {
        d.capacity().forEach((name, c) -> capacityFormats.putIfAbsent(
            name.startsWith(prefix) ? name.substring(prefix.length()) : name, c.value().format()));
      }
      for (CounterSet set : s.spec().sharedCounters()) {
        note(set.counters());
      }
      if (s.spec().mixins() != null) {
        for (CounterSetMixin m : s.spec().mixins().counterSet()) {
          note(m.counters());
        }
        for (DeviceMixin m : s.spec().mixins().device()) {
          m.capacity().forEach((name, c) -> capacityFormats.putIfAbsent(
              name.startsWith(prefix) ? name.substring(prefix.length()) : name, c.value().format()));
        }
      }
    }
    this.capacities = new CounterUnits(capacityFormats);
  }

  private CounterUnits(Map<String, Quantity.Format> formats) {
    this.formats.putAll(formats);
    this.capacities = null;
  }

  /** {@return the units of device capacities (memory of whole GPUs), by capacity name} */
  CounterUnits capacities() {
    return capacities != null ? capacities : this;
  }

  private void note(Map<String, Counter> counters) {
    counters.forEach((name, c) -> formats.putIfAbsent(name, c.value().format()));
  }

  /** {@return whether the counter is an amount of bytes, printed in GiB} */
  boolean isBytes(String counter) {
    return formats.get(counter) == Quantity.Format.BINARY_SI;
  }

  /** {@return the unit's name for headers and CSV: "GiB" or "count"} */
  String unit(String counter) {
    return isBytes(counter) ? "GiB" : "count";
  }

  /** {@return the amount in the counter's unit, a number only} */
  double value(String counter, double amount) {
    return isBytes(counter) ? amount / GI : amount;
  }

  /** {@return the amount with its unit: "144.5 GiB", or "98" for a count} */
  String format(String counter, double amount) {
    if (isBytes(counter)) {
      return String.format(Locale.ROOT, "%.1f GiB", amount / GI);
    }
    return amount == Math.rint(amount) ? String.format(Locale.ROOT, "%.0f", amount)
        : String.format(Locale.ROOT, "%.2f", amount);
  }
}
