package io.github.dra4j.core;

import io.github.dra4j.api.Quantity;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/*
 * A pool layout's counters read from the pool: what a device consumes in the layout's numbering,
 * and the counters left by name from the layout's units (PoolLayout keeps the numbers).
 */
final class PoolCounters {
  /** Integer digits that a long always holds. */
  private static final int LONG_DIGITS = 18;
  /** Returned by {@link #toUnits} for an amount that is no whole number of units or too large. */
  static final long NO_UNITS = Long.MIN_VALUE;

  /** {@return value · 10^scale as a long, or NO_UNITS when that is not a whole number that fits} */
  static long toUnits(BigDecimal value, int scale) {
    if (scale == 0 && value.scale() == 0 && value.precision() <= LONG_DIGITS) {
      return value.longValue(); // the usual whole amounts, without two intermediate BigDecimals
    }
    BigDecimal u = value.movePointRight(scale).stripTrailingZeros();
    if (u.scale() > 0 || u.precision() - u.scale() > LONG_DIGITS) {
      return NO_UNITS;
    }
    return u.longValue();
  }

  private PoolCounters() {}

  /**
   * {@return the counters left by counter set and counter, as Pool.available sums them afresh,
   * or null when they are not kept in units} Each value takes the scale that sum would give it:
   * the largest of the counter's own amount and of what the allocated devices consume of it (a
   * difference of BigDecimals takes the larger scale), so that it equals the fresh sum, scale
   * included. Reads the counter sets and the allocated devices' consumptions, not every device.
   *
   * @param layout a layout of the pool
   * @param counterSets the pool's counter sets, in the pool's order
   */
  static @Nullable Map<String, Map<String, BigDecimal>> availableByName(PoolLayout layout,
      Map<String, ResolvedCounterSet> counterSets) {
    long[] units = layout.availableUnits;
    if (units == null) {
      return null;
    }
    int[] scales = consumedScales(layout);
    Map<String, Map<String, BigDecimal>> out = new LinkedHashMap<>();
    for (ResolvedCounterSet set : counterSets.values()) {
      Map<String, Integer> names = layout.counterIndex.get(Objects.requireNonNull(layout.setIndex.get(set.counterSet())));
      Map<String, BigDecimal> left = new LinkedHashMap<>();
      set.forEachCounter((name, q) -> {
        int k = Objects.requireNonNull(names.get(name));
        left.put(name, left(layout, units, k, Math.max(scales[k], q.value().scale())));
      });
      out.put(set.counterSet(), Collections.unmodifiableMap(left));
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * {@return each counter of the pool with its amount and what is left, in the pool's order, as
   * PoolUsage reports them, or null when the counters left are not kept in units} The values
   * equal {@link #availableByName}'s, read by the layout's numbering: no map by counter name.
   *
   * @param layout a layout of the pool
   * @param counterSets the pool's counter sets, in the pool's order
   */
  static PoolUsage.Counter @Nullable [] usage(PoolLayout layout, Map<String, ResolvedCounterSet> counterSets) {
    long[] units = layout.availableUnits;
    if (units == null) {
      return null;
    }
    Table table = layout.counterTable.of(layout, counterSets);
    int[] scales = consumedScales(layout);
    PoolUsage.Counter[] out = new PoolUsage.Counter[units.length];
    for (int k = 0; k < units.length; k++) {
      BigDecimal total = table.totals[k];
      out[k] = new PoolUsage.Counter(table.sets[k], table.names[k], total,
          left(layout, units, k, Math.max(scales[k], total.scale())));
    }
    return out;
  }

  private static BigDecimal left(PoolLayout layout, long[] units, int k, int scale) {
    return BigDecimal.valueOf(units[k], layout.scale).setScale(scale, RoundingMode.UNNECESSARY);
  }

  /*
   * Per counter, the largest scale of what the allocated devices consume of it (Integer.MIN_VALUE
   * for none): with the counter's own amount's, the scale a fresh sum of the counters left has (a
   * difference of BigDecimals takes the larger scale).
   */
  private static int[] consumedScales(PoolLayout layout) {
    int[] scales = new int[layout.counterCount()];
    Arrays.fill(scales, Integer.MIN_VALUE);
    for (int local = 0; local < layout.deviceCount; local++) {
      if (layout.allocated(local)) {
        PoolLayout.Consumption c = layout.consumption(local, layout.devices[local]);
        for (int j = 0; j < c.counters().length; j++) {
          scales[c.counters()[j]] = Math.max(scales[c.counters()[j]], c.amounts()[j].scale());
        }
      }
    }
    return scales;
  }

  /**
   * Each counter's set, name and amount by the layout's numbering, built on first use and shared
   * by the layouts a pool's rebases derive (the same counter sets at the same numbers). A race
   * builds equal tables.
   */
  static final class CounterTable {
    private volatile @Nullable Table table;

    Table of(PoolLayout layout, Map<String, ResolvedCounterSet> counterSets) {
      Table t = table;
      if (t == null) {
        int n = layout.counterCount();
        Table built = new Table(new String[n], new String[n], new BigDecimal[n]);
        for (ResolvedCounterSet set : counterSets.values()) {
          Map<String, Integer> names = layout.counterIndex.get(Objects.requireNonNull(layout.setIndex.get(set.counterSet())));
          set.forEachCounter((name, q) -> {
            int k = Objects.requireNonNull(names.get(name));
            built.sets[k] = set.counterSet();
            built.names[k] = name;
            built.totals[k] = q.value();
          });
        }
        t = built;
        table = t;
      }
      return t;
    }
  }

  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  private record Table(String[] sets, String[] names, BigDecimal[] totals) {}

  /** {@return what the device consumes, numbered as the layout numbers counters} */
  static PoolLayout.Consumption consumptionOf(PoolLayout layout, DeviceEntry device) {
    List<? extends ResolvedCounters> list = device.view.consumesCounters();
    Collector collected = new Collector();
    int[] sets = new int[list.size()];
    int setCount = 0;
    for (ResolvedCounters rc : list) {
      Integer s = layout.setIndex.get(rc.counterSet());
      if (s == null) {
        continue; // a set the pool lacks makes the pool invalid, and invalid pools are never searched
      }
      if (!contains(sets, setCount, s)) {
        sets[setCount++] = s;
      }
      collected.names = layout.counterIndex.get(s);
      rc.forEachCounter(collected);
    }
    int n = collected.size;
    BigDecimal[] amounts = Arrays.copyOf(collected.amounts, n);
    long[] units = layout.availableUnits == null ? null : new long[n];
    for (int j = 0; units != null && j < n; j++) {
      units[j] = PoolCounters.toUnits(amounts[j], layout.scale);
      if (units[j] == PoolCounters.NO_UNITS) {
        units = null;
      }
    }
    return new PoolLayout.Consumption(Arrays.copyOf(collected.counters, n), amounts, units, Arrays.copyOf(sets, setCount));
  }

  /** Collects the numbered counters of a device's consumptions. */
  private static final class Collector implements BiConsumer<String, Quantity> {
    Map<String, Integer> names = Map.of();
    int[] counters = new int[16];
    BigDecimal[] amounts = new BigDecimal[16];
    int size;

    @Override
    public void accept(String name, Quantity q) {
      Integer k = names.get(name);
      if (k == null) {
        return; // an unknown counter makes the pool invalid too
      }
      if (size == counters.length) {
        counters = Arrays.copyOf(counters, 2 * size);
        amounts = Arrays.copyOf(amounts, 2 * size);
      }
      counters[size] = k;
      amounts[size++] = q.value();
    }
  }

  private static boolean contains(int[] values, int size, int value) {
    for (int i = 0; i < size; i++) {
      if (values[i] == value) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether some amount is below zero} */
  static boolean negative(long[] units) {
    for (long u : units) {
      if (u < 0) {
        return true;
      }
    }
    return false;
  }
}
