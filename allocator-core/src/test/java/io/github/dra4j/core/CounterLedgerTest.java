package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/*
 * CounterLedger keeps units only for the range of sets a call charged (FeasibilityBenchmark) and turns
 * exact when an amount is not in units. Random charges and refunds over six sets must give the
 * answers of a plain BigDecimal model, and idle() must say whether anything is still charged.
 */
final class CounterLedgerTest {
  private static final int SETS = 6;
  private static final int COUNTERS = 3;

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void chargesAndRefundsMatchAPlainModel(long seed) {
    Random random = new Random(seed);
    PoolLayout layout = layout(random.nextBoolean() ? "10" : "10.5");
    BigDecimal[] available = layout.available();
    CounterLedger ledger = new CounterLedger(layout, false);
    BigDecimal[] used = new BigDecimal[available.length];
    java.util.Arrays.fill(used, BigDecimal.ZERO);
    List<PoolLayout.Consumption> charged = new ArrayList<>();

    for (int step = 0; step < 400; step++) {
      if (!charged.isEmpty() && random.nextInt(3) == 0) {
        PoolLayout.Consumption c = charged.remove(random.nextInt(charged.size()));
        ledger.refund(c);
        apply(used, c, false);
      } else {
        PoolLayout.Consumption c = consumption(layout, random);
        apply(used, c, true);
        boolean fits = fitsSets(layout, available, used, c.sets());
        if (!fits) {
          apply(used, c, false);
        } else {
          charged.add(c);
        }
        assertThat(ledger.charge(c)).as("step %d", step).isEqualTo(fits);
      }
      assertThat(ledger.idle()).as("step %d", step).isEqualTo(charged.isEmpty());
    }
  }

  /* Six sets of three counters at the given amount, in one pool. */
  private static PoolLayout layout(String amount) {
    List<CounterSet> sets = new ArrayList<>();
    for (int s = 0; s < SETS; s++) {
      sets.add(Builders.counterSet("set-" + s, Builders.counters("a", amount, "b", amount, "c", amount)));
    }
    ResourceSlice slice = Builders.counterSlice("counters", DRIVER, "pool-1", NODE, sets.toArray(CounterSet[]::new))
        .build();
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(List.of(slice), List.of(CLASS_A), List.of());
    PoolLayout layout = snapshot.pools(node(NODE)).get(0).layout();
    assertThat(layout.setCount()).isEqualTo(SETS);
    assertThat(layout.counterCount()).isEqualTo(SETS * COUNTERS);
    return layout;
  }

  /* One or two sets, one to three counters each; now and then an amount that is no whole unit. */
  private static PoolLayout.Consumption consumption(PoolLayout layout, Random random) {
    int setCount = 1 + random.nextInt(2);
    int[] sets = new int[setCount];
    sets[0] = random.nextInt(SETS);
    if (setCount == 2) {
      sets[1] = (sets[0] + 1 + random.nextInt(SETS - 1)) % SETS;
    }
    List<Integer> counters = new ArrayList<>();
    for (int s : sets) {
      int n = 1 + random.nextInt(COUNTERS);
      for (int j = 0; j < n; j++) {
        counters.add(layout.setStart[s] + j);
      }
    }
    int[] ks = counters.stream().mapToInt(Integer::intValue).toArray();
    BigDecimal[] amounts = new BigDecimal[ks.length];
    long[] units = new long[ks.length];
    boolean whole = true;
    for (int j = 0; j < ks.length; j++) {
      amounts[j] = random.nextInt(20) == 0 ? new BigDecimal("0.25") : BigDecimal.valueOf(1 + random.nextInt(5));
      units[j] = PoolCounters.toUnits(amounts[j], layout.scale);
      whole &= units[j] != PoolCounters.NO_UNITS;
    }
    return new PoolLayout.Consumption(ks, amounts, whole && layout.availableUnits != null ? units : null, sets);
  }

  private static void apply(BigDecimal[] used, PoolLayout.Consumption c, boolean charge) {
    for (int j = 0; j < c.counters().length; j++) {
      int k = c.counters()[j];
      used[k] = charge ? used[k].add(c.amounts()[j]) : used[k].subtract(c.amounts()[j]);
    }
  }

  private static boolean fitsSets(PoolLayout layout, BigDecimal[] available, BigDecimal[] used, int[] sets) {
    for (int s : sets) {
      for (int k = layout.setStart[s]; k < layout.setStart[s + 1]; k++) {
        if (used[k].compareTo(available[k]) > 0) {
          return false;
        }
      }
    }
    return true;
  }
}
