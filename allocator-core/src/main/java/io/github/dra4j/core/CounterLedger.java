package io.github.dra4j.core;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * What one call's devices consume from the counters of one pool (consumedCounters of the
 * reference), indexed by the pool's counter numbers (PoolLayout). The amounts are longs while
 * the pool's counters and every charged amount are whole numbers of the layout's units and no
 * sum overflows; from the first amount that is not, the ledger is exact (BigDecimal) for the
 * rest of the call. Both give the same answers, as every long is an exact amount in units.
 */
final class CounterLedger {
  private final PoolLayout layout;
  private final boolean overcommitted;
  /**
   * Units charged to counters {@code first} until {@code first + units.length}, the range of the
   * sets charged so far (a call charges few of a pool's sets, so the ledger stays small); others
   * are at zero. Null before the first charge and once exact.
   */
  private long @Nullable [] units;
  private int first;
  /** Every counter's charge, exact; null while the amounts are in units. */
  private BigDecimal @Nullable [] exact;
  /** Charges not refunded: at zero every amount is zero, as in a new ledger. */
  private int charges;
  /**
   * The device charged by chargeKnownToFit whose consumption is not added yet, or -1: a call that
   * charges one device of the pool never reads what it consumes.
   */
  private int deferred = -1;

  CounterLedger(PoolLayout layout, boolean overcommitted) {
    this.layout = layout;
    this.overcommitted = overcommitted;
    if (layout.availableUnits == null) {
      exact = new BigDecimal[layout.counterCount()];
      Arrays.fill(exact, BigDecimal.ZERO);
    }
  }

  /**
   * Charges the device's counters; when a counter would then exceed what is available, refunds
   * them and returns false. Mirrors checkAvailableCounters.
   *
   * <p>Only the counter sets the device consumes are checked, unless allocated claims already
   * overcommitted the pool (then, as in the reference, every set is checked and the device
   * fails). Every charge that stays was checked when it was made and refunds only lower usage,
   * so the other sets are still within their counters.
   */
  boolean charge(PoolLayout.Consumption c) {
    addDeferred();
    add(c, true);
    if (overcommitted ? within(0, layout.setCount()) : withinSets(c.sets())) {
      charges++;
      return true;
    }
    add(c, false);
    return false;
  }

  /** Gives back what {@link #charge} took. */
  void refund(PoolLayout.Consumption c) {
    addDeferred();
    add(c, false);
    charges--;
  }

  /**
   * Charges a device of an {@link #idle} ledger whose counters are known to fit alone
   * (PoolLayout.countersFitAlone); its consumption is added only when another charge or a refund
   * needs the amounts.
   */
  void chargeKnownToFit(int local) {
    deferred = local;
  }

  /** Gives back the charge of the device with that number, by chargeKnownToFit or by charge. */
  void refund(int local) {
    if (deferred == local) {
      deferred = -1;
    } else {
      refund(layout.consumption(local, layout.devices[local]));
    }
  }

  /** {@return whether nothing is charged: a charge then succeeds or fails as on a new ledger} */
  boolean idle() {
    return charges == 0 && deferred < 0;
  }

  private void addDeferred() {
    int local = deferred;
    if (local >= 0) {
      deferred = -1;
      add(layout.consumption(local, layout.devices[local]), true);
      charges++;
    }
  }

  private boolean withinSets(int[] sets) {
    for (int s : sets) {
      if (!within(s, s + 1)) {
        return false;
      }
    }
    return true;
  }

  /** Whether no counter of sets from until to is used beyond what is available. */
  private boolean within(int from, int to) {
    int start = layout.setStart[from];
    int end = layout.setStart[to];
    if (exact == null) {
      long[] available = Objects.requireNonNull(layout.availableUnits); // else exact is set
      long[] u = units;
      for (int k = start; k < end; k++) {
        long used = u != null && k >= first && k < first + u.length ? u[k - first] : 0;
        if (available[k] < used) {
          return false;
        }
      }
      return true;
    }
    BigDecimal[] e = exact;
    BigDecimal[] available = layout.available();
    for (int k = start; k < end; k++) {
      if (available[k].compareTo(e[k]) < 0) {
        return false;
      }
    }
    return true;
  }

  private void add(PoolLayout.Consumption c, boolean charge) {
    long[] amounts = c.units();
    if (exact == null && amounts != null && addUnits(window(c.sets()), first, c.counters(), amounts, charge)) {
      return;
    }
    BigDecimal[] e = toExact();
    int[] counters = c.counters();
    for (int j = 0; j < counters.length; j++) {
      int k = counters[j];
      e[k] = charge ? e[k].add(c.amounts()[j]) : e[k].subtract(c.amounts()[j]);
    }
  }

  /** {@return the units, grown to cover every counter of these sets} */
  private long[] window(int[] sets) {
    int lo = Integer.MAX_VALUE;
    int hi = 0;
    for (int s : sets) {
      lo = Math.min(lo, layout.setStart[s]);
      hi = Math.max(hi, layout.setStart[s + 1]);
    }
    long[] u = units;
    if (u == null) {
      first = lo;
      u = new long[hi - lo];
      units = u;
    } else if (lo < first || hi > first + u.length) {
      int from = Math.min(lo, first);
      long[] grown = new long[Math.max(hi, first + u.length) - from];
      System.arraycopy(u, 0, grown, first - from, u.length);
      first = from;
      u = grown;
      units = u;
    }
    return u;
  }

  /** Adds (or subtracts) every amount, or changes nothing and returns false when a sum overflows. */
  private static boolean addUnits(long[] u, int first, int[] counters, long[] amounts, boolean charge) {
    for (int j = 0; j < counters.length; j++) {
      int k = counters[j] - first;
      long v = charge ? amounts[j] : -amounts[j];
      long sum = u[k] + v;
      if (((u[k] ^ sum) & (v ^ sum)) < 0) {
        for (int i = j - 1; i >= 0; i--) {
          u[counters[i] - first] -= charge ? amounts[i] : -amounts[i];
        }
        return false;
      }
      u[k] = sum;
    }
    return true;
  }

  private BigDecimal[] toExact() {
    BigDecimal[] e = exact;
    if (e == null) {
      e = new BigDecimal[layout.counterCount()];
      Arrays.fill(e, BigDecimal.ZERO);
      long[] u = units;
      for (int k = 0; u != null && k < u.length; k++) {
        e[first + k] = BigDecimal.valueOf(u[k], layout.scale);
      }
      exact = e;
      units = null;
    }
    return e;
  }
}
