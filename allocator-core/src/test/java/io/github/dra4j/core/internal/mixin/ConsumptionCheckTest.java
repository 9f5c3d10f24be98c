package io.github.dra4j.core.internal.mixin;

import static io.github.dra4j.core.internal.mixin.TestSlices.consumer;
import static io.github.dra4j.core.internal.mixin.TestSlices.consumes;
import static io.github.dra4j.core.internal.mixin.TestSlices.counterSet;
import static io.github.dra4j.core.internal.mixin.TestSlices.counters;
import static io.github.dra4j.core.internal.mixin.TestSlices.mixins;
import static io.github.dra4j.core.internal.mixin.TestSlices.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pool validation checks each distinct pair of consumption and counter set shapes once
 * (issue #8): consumptions that share an include list but differ in own counters or counter set
 * must still get their own answer, in any order.
 */
final class ConsumptionCheckTest {

  /**
   * @param devices each consumes once: counter set, own counters "name=value,..." or "", include
   * @param expected per device, the first missing counter or "-" for none
   * @param pairs how many distinct pairs the check computes
   */
  record Case(List<CounterSet> sets, List<String[]> devices, List<String> expected, int pairs) {}

  private static final List<CounterSetMixin> SET_MIXINS = List.of(
      new CounterSetMixin("all", counters("cores", "4", "mem", "8")));

  static Stream<Named<Case>> cases() {
    List<Named<Case>> c = new ArrayList<>();
    c.add(Named.of("same includes, other own counters", new Case(
        List.of(counterSet("gpu", counters(), "all")),
        List.of(d("gpu", "", "c-mem"), d("gpu", "x=1", "c-mem"), d("gpu", "", "c-mem"), d("gpu", "cores=1", "c-mem")),
        List.of("-", "x", "-", "-"), 3)));
    c.add(Named.of("own counter missing after a valid one with the same includes", new Case(
        List.of(counterSet("gpu", counters(), "all")),
        List.of(d("gpu", "", "c-mem"), d("gpu", "a=1", "c-mem")),
        List.of("-", "a"), 2)));
    c.add(Named.of("same includes, other counter sets", new Case(
        List.of(counterSet("gpu-0", counters(), "all"), counterSet("gpu-1", counters("mem", "8"))),
        List.of(d("gpu-0", "", "c-cores"), d("gpu-1", "", "c-cores"), d("gpu-0", "", "c-cores"),
            d("gpu-1", "", "c-mem")),
        List.of("-", "cores", "-", "-"), 3)));
    c.add(Named.of("counter sets of the same shape share the check", new Case(
        List.of(counterSet("gpu-0", counters(), "all"), counterSet("gpu-1", counters(), "all"),
            counterSet("gpu-2", counters(), "all")),
        List.of(d("gpu-0", "", "c-mem"), d("gpu-1", "", "c-mem"), d("gpu-2", "", "c-mem"), d("gpu-0", "", "c-cores"),
            d("gpu-1", "", "c-cores")),
        List.of("-", "-", "-", "-", "-"), 2)));
    c.add(Named.of("counter sets with the same includes, other own counters", new Case(
        List.of(counterSet("gpu-0", counters("z", "1"), "all"), counterSet("gpu-1", counters(), "all")),
        List.of(d("gpu-0", "z=1", "c-mem"), d("gpu-1", "z=1", "c-mem"), d("gpu-1", "", "c-mem")),
        List.of("-", "z", "-"), 3)));
    c.add(Named.of("included counter missing from a set", new Case(
        List.of(counterSet("small", counters("mem", "8"))),
        List.of(d("small", "", "c-mem"), d("small", "", "c-both"), d("small", "", "c-both")),
        List.of("-", "cores", "cores"), 2)));
    return c.stream();
  }

  private static String[] d(String set, String own, String include) {
    return new String[] {set, own, include};
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void firstMissing_answersEachConsumptionAsItsOwnCheck(Case tc) {
    List<Device> devices = new ArrayList<>();
    for (String[] d : tc.devices()) {
      String[] own = d[1].isEmpty() ? new String[0] : d[1].replace('=', ',').split(",");
      devices.add(consumer("d" + devices.size(), consumes(d[0], counters(own), d[2])));
    }
    ResolvedSlice slice = MixinResolver.resolve(slice(devices, tc.sets(), mixins(List.of(),
        List.of(new DeviceCounterConsumptionMixin("c-mem", counters("mem", "1")),
            new DeviceCounterConsumptionMixin("c-cores", counters("cores", "1")),
            new DeviceCounterConsumptionMixin("c-both", counters("cores", "1", "mem", "1"))),
        SET_MIXINS)), true);
    assertThat(slice.problems()).isEmpty();
    Map<String, ResolvedCounterSet> sets = new HashMap<>();
    slice.counterSets().forEach(s -> sets.put(s.counterSet(), s));

    ConsumptionCheck check = new ConsumptionCheck();
    List<String> got = new ArrayList<>();
    for (ResolvedDevice d : slice.devices()) {
      ResolvedCounters c = d.consumesCounters().get(0);
      ResolvedCounterSet set = sets.get(c.counterSet());
      String missing = check.firstMissing(c, set);
      assertThat(missing).as(d.device().name()).isEqualTo(c.firstMissingIn(set));
      got.add(missing == null ? "-" : missing);
    }
    assertThat(got).isEqualTo(tc.expected());
    assertThat(check.distinctPairs()).isEqualTo(tc.pairs());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void firstMissing_doesNotDependOnTheOrderOfTheChecks(Case tc) {
    List<String[]> reversed = new ArrayList<>(tc.devices());
    Collections.reverse(reversed);
    List<String> expected = new ArrayList<>(tc.expected());
    Collections.reverse(expected);
    firstMissing_answersEachConsumptionAsItsOwnCheck(new Case(tc.sets(), reversed, expected, tc.pairs()));
  }
}
