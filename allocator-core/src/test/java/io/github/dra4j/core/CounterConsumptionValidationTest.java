package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pool validation of counter consumptions with shared include lists (each distinct pair
 * of consumption and counter set shapes is checked once): a consumption that repeats a valid
 * one's include list, but adds own counters or names another counter set, still makes the pool
 * invalid with the reference's reason, whatever device comes first.
 */
final class CounterConsumptionValidationTest {

  record Case(List<CounterSet> sets, List<DeviceCounterConsumption> consumptions, String invalidReason) {}

  static Stream<Named<Case>> cases() {
    List<Named<Case>> c = new ArrayList<>();
    DeviceCounterConsumption mem = Builders.consumption("gpu-0", Builders.counters(), "c-mem");
    c.add(Named.of("valid: every consumption of one shape on sets of one shape", new Case(
        List.of(Builders.counterSet("gpu-0", Builders.counters(), "all"),
            Builders.counterSet("gpu-1", Builders.counters(), "all")),
        List.of(mem, Builders.consumption("gpu-1", Builders.counters(), "c-mem"), mem,
            Builders.consumption("gpu-1", Builders.counters(), "c-mem")), "")));
    c.add(Named.of("own counter unknown, include list shared with valid devices", new Case(
        List.of(Builders.counterSet("gpu-0", Builders.counters(), "all")),
        List.of(mem, mem, Builders.consumption("gpu-0", Builders.counters("x", "1"), "c-mem"), mem),
        "counter x not found in counter set gpu-0")));
    c.add(Named.of("same include list, another counter set that lacks it", new Case(
        List.of(Builders.counterSet("gpu-0", Builders.counters(), "all"),
            Builders.counterSet("gpu-1", Builders.counters("cores", "4"))),
        List.of(mem, Builders.consumption("gpu-1", Builders.counters(), "c-mem")),
        "counter mem not found in counter set gpu-1")));
    c.add(Named.of("same include list, a counter set that does not exist", new Case(
        List.of(Builders.counterSet("gpu-0", Builders.counters(), "all")),
        List.of(mem, Builders.consumption("gpu-9", Builders.counters(), "c-mem")),
        "counter set gpu-9 not found")));
    return c.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void buildPool_validatesEveryConsumption(Case tc) {
    List<ResourceSlice> slices = List.of(
        Builders.counterSlice("counters", DRIVER, "pool-1", NODE, tc.sets().toArray(CounterSet[]::new))
            .resourceSliceCount(2)
            .counterSetMixins(new CounterSetMixin("all", Builders.counters("cores", "4", "mem", "8")))
            .build(),
        Builders.slice("devices", DRIVER, "pool-1", NODE).resourceSliceCount(2)
            .devices(devices(tc.consumptions()))
            .consumptionMixins(new DeviceCounterConsumptionMixin("c-mem", Builders.counters("mem", "1")))
            .build());
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A), List.of());

    Pool pool = snapshot.pools(node(NODE)).get(0);

    assertThat(pool.invalid).isEqualTo(!tc.invalidReason().isEmpty());
    assertThat(pool.invalidReason).isEqualTo(tc.invalidReason());
    if (pool.invalid) {
      assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(claim("claim-0", request("req-0", 1)))))
          .isInstanceOf(NodeAllocationException.class)
          .hasMessageContaining("pool-1")
          .hasMessageContaining(tc.invalidReason());
    }
  }

  private static Builders.DeviceBuilder[] devices(List<DeviceCounterConsumption> consumptions) {
    Builders.DeviceBuilder[] out = new Builders.DeviceBuilder[consumptions.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Builders.device("d" + i).consumes(consumptions.get(i));
    }
    return out;
  }
}
