package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allocated;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.devicesOf;
import static io.github.dra4j.core.CoreFixtures.exact;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequestPolicyRange;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * Tables for the search's fast paths (PoolLayout, CounterLedger, the remembered capacity check):
 * each must answer exactly like the plain rule it replaces.
 */
final class HotPathRulesTest {

  /* --- counter ledger: longs where every amount fits, exact BigDecimal otherwise --- */

  /** How a case's amounts are written: the answers must not depend on it. */
  enum Scaling {
    /** As given: whole numbers or decimals that fit a long in the pool's units. */
    AS_GIVEN(""),
    /** Times 10^30: no amount fits a long, the ledger is exact from the start. */
    HUGE("e30"),
    /** Times 10^-6: longs in units of 10^-7 and finer. */
    TINY("e-6");

    final String suffix;

    Scaling(String suffix) {
      this.suffix = suffix;
    }
  }

  /**
   * One pool with counter set "cs"; every device consumes from it.
   *
   * @param finerDevice some device consumes an amount finer than every counter of the pool, so
   *     the ledger starts in longs and turns exact within the call
   */
  record LedgerCase(Map<String, String> counters, Map<String, Map<String, String>> devices, List<String> inUse,
      long count, @Nullable List<String> expected, boolean finerDevice) {}

  static Stream<Arguments> ledgerCases() {
    List<Named<LedgerCase>> cases = List.of(
        Named.of("first-fit-backtracks-to-the-halves", new LedgerCase(Map.of("memory", "8"),
            devices("big", "memory=8", "half-1", "memory=4", "half-2", "memory=4"), List.of(), 2,
            List.of("half-1", "half-2"), false)),
        Named.of("one-short", new LedgerCase(Map.of("memory", "7"),
            devices("half-1", "memory=4", "half-2", "memory=4"), List.of(), 2, null, false)),
        Named.of("second-counter-binds", new LedgerCase(counters("memory", "8", "cores", "3"),
            devices("a", "memory=4,cores=2", "b", "memory=4,cores=2", "c", "memory=4,cores=1"), List.of(), 2,
            List.of("a", "c"), false)),
        Named.of("in-use-consumes-first", new LedgerCase(Map.of("memory", "8"),
            devices("big", "memory=8", "half-1", "memory=4", "half-2", "memory=4"), List.of("half-1"), 1,
            List.of("half-2"), false)),
        Named.of("overcommitted-by-in-use-blocks-all", new LedgerCase(Map.of("memory", "8"),
            devices("big", "memory=8", "half-1", "memory=4", "small", "memory=1"), List.of("big", "half-1"), 1,
            null, false)),
        Named.of("fractional-amounts", new LedgerCase(Map.of("memory", "1.5"),
            devices("a", "memory=1", "b", "memory=1", "c", "memory=0.5"), List.of(), 2,
            List.of("a", "c"), false)),
        Named.of("finer-device-amount-turns-the-ledger-exact", new LedgerCase(Map.of("memory", "1"),
            devices("big", "memory=1", "a", "memory=0.5", "b", "memory=0.5"), List.of(), 2,
            List.of("a", "b"), true)));
    List<Arguments> out = new ArrayList<>();
    for (Named<LedgerCase> c : cases) {
      for (Scaling s : Scaling.values()) {
        out.add(Arguments.of(c, s));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("ledgerCases")
  void ledger_answersAlikeWhateverTheAmounts(LedgerCase tc, Scaling scaling) {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(slices(tc, scaling), List.of(CLASS_A), inUse(tc));

    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(claim("claim-0", request("req-0", tc.count()))));

    if (tc.expected() == null) {
      assertThat(outcome.isAllocated()).isFalse();
    } else {
      List<String> expected = tc.expected().stream().map(d -> "req-0=pool-1/" + d).toList();
      assertThat(devicesOf(outcome)).containsExactly(expected);
    }
    Pool pool = snapshot.pools(node(NODE)).get(0);
    PoolLayout layout = pool.layout();
    assertThat(layout.availableUnits == null).as("exact from the start").isEqualTo(scaling == Scaling.HUGE);
    boolean someDeviceExact = false;
    for (int s = 0; s < pool.targeting.size(); s++) {
      List<DeviceEntry> devices = pool.targeting.get(s).devices();
      for (int d = 0; d < devices.size(); d++) {
        someDeviceExact |= layout.consumption(layout.local(s, d), devices.get(d)).units() == null;
      }
    }
    assertThat(someDeviceExact).as("a device turns the ledger exact")
        .isEqualTo(scaling == Scaling.HUGE || tc.finerDevice());
  }

  private static Map<String, Map<String, String>> devices(String... nameAndCounters) {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    for (int i = 0; i < nameAndCounters.length; i += 2) {
      Map<String, String> counters = new LinkedHashMap<>();
      for (String kv : nameAndCounters[i + 1].split(",", -1)) {
        counters.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
      }
      out.put(nameAndCounters[i], counters);
    }
    return out;
  }

  private static Map<String, String> counters(String... kv) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put(kv[i], kv[i + 1]);
    }
    return out;
  }

  private static Map<String, Counter> scaled(Map<String, String> amounts, Scaling scaling) {
    Map<String, Counter> out = new LinkedHashMap<>();
    amounts.forEach((name, value) -> out.put(name, Counter.of(value + scaling.suffix)));
    return out;
  }

  private static List<ResourceSlice> slices(LedgerCase tc, Scaling scaling) {
    ResourceSlice counterSlice = new ResourceSlice(ObjectMeta.named("counters"), new ResourceSliceSpec(DRIVER,
        ResourcePool.of("pool-1", 1, 2), NODE, null, false, false, List.of(),
        List.of(new CounterSet("cs", scaled(tc.counters(), scaling), List.of())), null));
    List<Device> devices = new ArrayList<>();
    tc.devices().forEach((name, amounts) -> {
      devices.add(device(name).consumes(new DeviceCounterConsumption("cs", scaled(amounts, scaling), List.of())).build());
    });
    return List.of(counterSlice, slice("devices", "pool-1", 1, 2, NODE, devices));
  }

  private static List<ResourceClaim> inUse(LedgerCase tc) {
    return tc.inUse().isEmpty() ? List.of()
        : List.of(allocated("in-use", "pool-1", tc.inUse().toArray(String[]::new)));
  }

  /* --- counter ledger on its own: sums that overflow a long --- */

  /** Charges in order, each with the answer exact arithmetic gives. */
  record Charge(String amount, boolean fits) {}

  static Stream<Named<List<Charge>>> overflowCases() {
    List<Charge> negativeSumOverflows = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      negativeSumOverflows.add(new Charge("-900000000000000000", true)); // the 11th passes Long.MIN_VALUE
    }
    negativeSumOverflows.add(new Charge("10000000000000000000", true)); // back to 1e17, an amount beyond a long
    negativeSumOverflows.add(new Charge("800000000000000000", true)); // exactly the 9e17 available
    negativeSumOverflows.add(new Charge("1", false));
    return Stream.of(
        Named.of("within-longs", List.of(new Charge("400000000000000000", true),
            new Charge("500000000000000000", true), new Charge("1", false))),
        Named.of("negative-sum-overflows-then-stays-exact", negativeSumOverflows));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("overflowCases")
  void ledger_overflowTurnsExact(List<Charge> charges) {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(
        List.of(CoreFixtures.counterSlice("counters", "pool-1", 1, "cs", "c", "900000000000000000")), List.of(CLASS_A),
        List.of());
    PoolLayout layout = snapshot.pools(node(NODE)).get(0).layout();
    CounterLedger ledger = new CounterLedger(layout, false);
    assertThat(layout.availableUnits).isNotNull();

    for (Charge c : charges) {
      BigDecimal amount = new BigDecimal(c.amount());
      long units = PoolCounters.toUnits(amount, layout.scale);
      PoolLayout.Consumption consumption = new PoolLayout.Consumption(new int[] {0}, new BigDecimal[] {amount},
          units == PoolCounters.NO_UNITS ? null : new long[] {units}, new int[] {0});
      assertThat(ledger.charge(consumption)).as("charge %s", c.amount()).isEqualTo(c.fits());
    }
  }

  static Stream<Arguments> units() {
    long none = PoolCounters.NO_UNITS;
    return Stream.of(
        Arguments.of("5", 0, 5L), Arguments.of("0", 0, 0L), Arguments.of("-7", 0, -7L),
        Arguments.of("5368709120", 0, 5368709120L), Arguments.of("999999999999999999", 0, 999999999999999999L),
        Arguments.of("1000000000000000000", 0, none), Arguments.of("1E+3", 0, 1000L),
        Arguments.of("1.5", 1, 15L), Arguments.of("1.50", 1, 15L), Arguments.of("1.5", 0, none),
        Arguments.of("2", 3, 2000L), Arguments.of("0.001", 2, none));
  }

  /* Amounts in units of 10^-scale: whole amounts take a shortcut that must agree with the general rule. */
  @ParameterizedTest(name = "{0} at scale {1}")
  @MethodSource("units")
  void toUnits_wholeNumbersThatFitOnly(String amount, int scale, long expected) {
    assertThat(PoolCounters.toUnits(new BigDecimal(amount), scale)).isEqualTo(expected);
  }

  /* --- capacity: the remembered check for requests that ask for none --- */

  record CapacityCase(DeviceCapacity capacity, boolean fits) {}

  static Stream<Named<CapacityCase>> capacities() {
    Quantity gi = Quantity.parse("1Gi");
    Quantity eight = Quantity.parse("8Gi");
    return Stream.of(
        Named.of("no-policy-consumes-all", new CapacityCase(DeviceCapacity.of("8Gi"), true)),
        Named.of("default-within", new CapacityCase(new DeviceCapacity(eight,
            new CapacityRequestPolicy(gi, List.of(), null)), true)),
        Named.of("default-above-value", new CapacityCase(new DeviceCapacity(eight,
            new CapacityRequestPolicy(Quantity.parse("16Gi"), List.of(), null)), false)),
        Named.of("range-max-below-value", new CapacityCase(new DeviceCapacity(eight,
            new CapacityRequestPolicy(null, List.of(), new CapacityRequestPolicyRange(gi, Quantity.parse("4Gi"), null))),
            false)),
        Named.of("range-step-misses-value", new CapacityCase(new DeviceCapacity(eight,
            new CapacityRequestPolicy(null, List.of(), new CapacityRequestPolicyRange(gi, null, Quantity.parse("3Gi")))),
            false)),
        Named.of("range-step-hits-value", new CapacityCase(new DeviceCapacity(Quantity.parse("7Gi"),
            new CapacityRequestPolicy(null, List.of(), new CapacityRequestPolicyRange(gi, null, Quantity.parse("3Gi")))),
            true)),
        Named.of("valid-values-without-value", new CapacityCase(new DeviceCapacity(eight,
            new CapacityRequestPolicy(null, List.of(gi), null)), false)),
        Named.of("valid-values-with-value", new CapacityCase(new DeviceCapacity(eight,
            new CapacityRequestPolicy(null, List.of(gi, eight), null)), true)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("capacities")
  void unrequestedCapacity_answersLikeTheFullCheck(CapacityCase tc) {
    Device shared = device("with-capacity").capacity("memory", tc.capacity()).allowMultipleAllocations(true).build();
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(
        List.of(slice("slice-0", "pool-1", List.of(device("plain").build(), shared))),
        List.of(CLASS_A), List.of());
    Pool pool = snapshot.pools(node(NODE)).get(0);
    RequestView noCapacity = RequestView.of("req-0", exact("class-a", 1));

    DeviceEntry plain = pool.targeting.get(0).devices().get(0);
    DeviceEntry withCapacity = pool.targeting.get(0).devices().get(1);
    assertThat(ConsumableCapacity.checkRequestOverCapacity(withCapacity, noCapacity, null, null, true) == null)
        .isEqualTo(tc.fits());
    assertThat(ConsumableCapacity.unrequestedFits(withCapacity, true)).isEqualTo(tc.fits());
    assertThat(pool.layout().unrequestedCapacityFits(1, true)).isEqualTo(tc.fits());
    assertThat(ConsumableCapacity.unrequestedFits(plain, true)).isTrue();
    assertThat(pool.layout().unrequestedCapacityFits(0, true)).isTrue();
  }
}
