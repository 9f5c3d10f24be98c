package io.github.dra4j.core.internal.mixin;

import static io.github.dra4j.core.internal.mixin.TestSlices.consumer;
import static io.github.dra4j.core.internal.mixin.TestSlices.consumes;
import static io.github.dra4j.core.internal.mixin.TestSlices.counterSet;
import static io.github.dra4j.core.internal.mixin.TestSlices.counters;
import static io.github.dra4j.core.internal.mixin.TestSlices.mixins;
import static io.github.dra4j.core.internal.mixin.TestSlices.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pool validation checks each distinct pair of consumption and counter set shapes once
 * (so that a slice with many include lists validates fast): consumptions that share an include list but differ in own counters or counter set
 * must still get their own answer, in any order.
 */
final class ConsumptionCheckTest {

  /**
   * @param devices each consumes once: counter set, own counters "name=value,..." or "", include
   * @param expected per device, the first missing counter or "-" for none
   * @param pairs how many distinct pairs the check computes
   */
  record Case(List<CounterSet> sets, List<String[]> devices, List<String> expected, int pairs) {}

  /* Consumers per random pool. */
  private static final int DEVICES = 40;

  private static final List<CounterSetMixin> SET_MIXINS = List.of(
      new CounterSetMixin("all", counters("cores", "4", "mem", "8")),
      new CounterSetMixin("many", manyCounters(EffectiveIndex.MAX_ENTRIES + 1)));

  private static final List<DeviceCounterConsumptionMixin> CONSUMPTION_MIXINS = List.of(
      new DeviceCounterConsumptionMixin("c-mem", counters("mem", "1")),
      new DeviceCounterConsumptionMixin("c-cores", counters("cores", "1")),
      new DeviceCounterConsumptionMixin("c-both", counters("cores", "1", "mem", "1")));

  private static Map<String, Counter> manyCounters(int n) {
    Map<String, Counter> m = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      m.put("m" + i, Counter.of("1"));
    }
    return m;
  }

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
    c.add(Named.of("a counter that no counter set has", new Case(
        List.of(counterSet("gpu", counters(), "all"), counterSet("other", counters("x", "1"))),
        List.of(d("gpu", "nowhere=1", "c-mem"), d("gpu", "x=1", "c-both"), d("other", "x=1", "c-mem")),
        List.of("nowhere", "x", "mem"), 3)));
    c.add(Named.of("an empty counter set", new Case(
        List.of(counterSet("empty", counters())),
        List.of(d("empty", "", "c-cores"), d("empty", "a=1", "c-mem")),
        List.of("cores", "a"), 2)));
    c.add(Named.of("a counter set over the index limit keeps no names in order", new Case(
        List.of(counterSet("big", counters("z", "1"), "many", "all")),
        List.of(d("big", "m64=1", "c-both"), d("big", "m65=1", "c-mem"), d("big", "z=1", "c-cores")),
        List.of("-", "m65", "-"), 3)));
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
    ResolvedSlice slice = MixinResolver.resolve(
        slice(devices, tc.sets(), mixins(List.of(), CONSUMPTION_MIXINS, SET_MIXINS)), true);
    assertThat(slice.problems()).isEmpty();
    Map<String, ResolvedCounterSet> sets = new HashMap<>();
    slice.counterSets().forEach(s -> sets.put(s.counterSet(), s));

    ConsumptionCheck check = new ConsumptionCheck(slice.devices().size());
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

  /*
   * Random pools against the definition: the first effective counter, in iteration order, that a
   * lookup in the set does not find. One check answers every pair of a pool, so what it numbers
   * and remembers for one pair is reused by the next.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void firstMissing_equalsALookupPerCounter_onRandomPools(long seed) {
    assertThat(checkRandomPool(seed, false).missingSomething())
        .as("seed %d: pairs that lack a counter", seed).isBetween(1, DEVICES - 1);
  }

  /*
   * The same, with every consumption taking one of three include lists (of at most one, two and
   * four mixins), so that many share a resolved list (and its numbers) while their own counters
   * differ. Some pools lack a counter for every consumption, and some have only empty lists, so
   * the mix is asked of all seeds.
   */
  @Test
  void firstMissing_equalsALookupPerCounter_whenConsumptionsShareIncludeLists() {
    int missingSomething = 0;
    int includesAnsweredByBits = 0;
    long pools = seeds().count();
    for (long seed : seeds().toList()) {
      Checked pool = checkRandomPool(seed, true);
      missingSomething += pool.missingSomething();
      includesAnsweredByBits += pool.includesAnsweredByBits();
    }
    assertThat(missingSomething).as("pairs that lack a counter").isBetween(1, (int) pools * DEVICES - 1);
    assertThat(includesAnsweredByBits).as("pairs with includes that the bit test answered").isPositive();
  }

  /**
   * @param missingSomething how many consumptions lack a counter
   * @param includesAnsweredByBits how many distinct pairs of a consumption with includes the bit
   *     test answered
   */
  private record Checked(int missingSomething, int includesAnsweredByBits) {}

  /*
   * Checks every consumption of a random pool. Each new pair must be answered by the bit test
   * exactly when it lacks nothing (every set here keeps its names in order), so a name numbered
   * too late, or not at all, fails even though the walk would still give the right answer.
   */
  private static Checked checkRandomPool(long seed, boolean sharedLists) {
    SplittableRandom random = new SplittableRandom(seed);
    List<DeviceCounterConsumptionMixin> consumptionMixins = new ArrayList<>();
    List<CounterSetMixin> setMixins = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      consumptionMixins.add(new DeviceCounterConsumptionMixin("c" + i, randomCounters(random, 4)));
      setMixins.add(new CounterSetMixin("s" + i, randomCounters(random, 8)));
    }
    List<CounterSet> sets = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      sets.add(counterSet("set-" + i, randomCounters(random, 8), randomIncludes(random, "s", 3)));
    }
    List<String[]> lists = sharedLists
        ? List.of(randomIncludes(random, "c", 1), randomIncludes(random, "c", 2), randomIncludes(random, "c", 4))
        : List.of();
    List<Device> devices = new ArrayList<>();
    for (int i = 0; i < DEVICES; i++) {
      String[] includes = sharedLists ? lists.get(random.nextInt(lists.size())) : randomIncludes(random, "c", 4);
      devices.add(consumer("d" + i, consumes("set-" + random.nextInt(sets.size()),
          randomCounters(random, 3), includes)));
    }
    ResolvedSlice slice = MixinResolver.resolve(
        slice(devices, sets, mixins(List.of(), consumptionMixins, setMixins)), true);
    assertThat(slice.problems()).isEmpty();
    Map<String, ResolvedCounterSet> byName = new HashMap<>();
    slice.counterSets().forEach(s -> byName.put(s.counterSet(), s));

    ConsumptionCheck check = new ConsumptionCheck(slice.devices().size());
    int missingSomething = 0;
    int includesAnsweredByBits = 0;
    for (ResolvedDevice d : slice.devices()) {
      ResolvedCounters c = d.consumesCounters().get(0);
      ResolvedCounterSet set = byName.get(c.counterSet());
      String expected = firstLookupMiss(c, set);
      int pairs = check.distinctPairs();
      int byBits = check.answeredByBits();
      assertThat(check.firstMissing(c, set)).as("seed %d, %s", seed, d.device().name()).isEqualTo(expected);
      missingSomething += expected == null ? 0 : 1;
      if (check.distinctPairs() > pairs) {
        assertThat(((LazyCounters) set).names()).as("seed %d, %s's set keeps its names", seed, d.device().name())
            .isNotNull();
        boolean answered = check.answeredByBits() > byBits;
        assertThat(answered).as("seed %d, %s answered by the bit test", seed, d.device().name())
            .isEqualTo(expected == null);
        includesAnsweredByBits += answered && ((LazyCounters) c).hasIncludes() ? 1 : 0;
      }
    }
    assertThat(check.saturated()).isFalse();
    return new Checked(missingSomething, includesAnsweredByBits);
  }

  /*
   * Names built from "Aa" and "BB" share one hash. A set of 64 of them and consumptions of others
   * of the same hash turn the numbering off; every answer must still be the walk's.
   */
  @ParameterizedTest(name = "missing: {0}")
  @MethodSource("collidingConsumptions")
  void firstMissing_namesThatShareAHash_fallBackToTheWalk(boolean missing) {
    List<String> colliding = sameHash(7);
    Map<String, Counter> inSet = new LinkedHashMap<>();
    colliding.subList(0, 64).forEach(n -> inSet.put(n, Counter.of("1")));
    Map<String, Counter> consumed = new LinkedHashMap<>();
    colliding.subList(missing ? 60 : 10, missing ? 70 : 20).forEach(n -> consumed.put(n, Counter.of("1")));
    ResolvedSlice slice = MixinResolver.resolve(slice(List.of(consumer("d0", consumes("big", consumed))),
        List.of(counterSet("big", inSet)), null), true);
    ResolvedCounters c = slice.devices().get(0).consumesCounters().get(0);
    ResolvedCounterSet set = slice.counterSets().get(0);

    ConsumptionCheck check = new ConsumptionCheck(slice.devices().size());
    assertThat(check.firstMissing(c, set)).isEqualTo(firstLookupMiss(c, set)).isEqualTo(missing ? "BBAaAaAaAaAaAa" : null);
    assertThat(check.saturated()).isTrue();
  }

  static Stream<Boolean> collidingConsumptions() {
    return Stream.of(true, false);
  }

  /** {@return the 2^n strings of n "Aa" or "BB" pairs, in binary order: all with one hash} */
  private static List<String> sameHash(int n) {
    List<String> out = new ArrayList<>();
    for (int bits = 0; bits < 1 << n; bits++) {
      StringBuilder b = new StringBuilder();
      for (int k = n - 1; k >= 0; k--) {
        b.append((bits >> k & 1) == 0 ? "Aa" : "BB");
      }
      out.add(b.toString());
    }
    assertThat(out.stream().map(String::hashCode).distinct()).hasSize(1);
    return out;
  }

  /* Counter names as drivers write them, many to a pool: none may turn the numbering off. */
  @Test
  void numbers_manyHonestNames_neverSaturate() {
    ConsumptionCheck.Numbers numbers = new ConsumptionCheck.Numbers();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 4096; i++) {
      names.add("c" + i);
      names.add("counter-" + i);
      names.add("memory-slice-" + i);
      names.add("gpu-" + (i / 16) + "-counter-set-" + (i % 16));
    }
    for (int i = 0; i < names.size(); i++) {
      assertThat(numbers.number(names.get(i))).isEqualTo(i);
    }
    for (int i = 0; i < names.size(); i++) {
      assertThat(numbers.find(names.get(i))).isEqualTo(i);
    }
    assertThat(numbers.find("not-a-counter")).isEqualTo(-1);
    assertThat(numbers.saturated).isFalse();
  }

  static Stream<Long> seeds() {
    return Stream.iterate(1L, s -> s + 1).limit(50);
  }

  private static @Nullable String firstLookupMiss(ResolvedCounters consumption, ResolvedCounters set) {
    List<String> names = new ArrayList<>();
    consumption.forEachCounter((name, q) -> names.add(name));
    return names.stream().filter(n -> set.counter(n) == null).findFirst().orElse(null);
  }

  /* Counters drawn from 12 names, so that sets often, but not always, have what is consumed. */
  private static Map<String, Counter> randomCounters(SplittableRandom random, int max) {
    Map<String, Counter> m = new LinkedHashMap<>();
    int n = random.nextInt(max + 1);
    for (int i = 0; i < n; i++) {
      m.put("n" + random.nextInt(12), Counter.of("1"));
    }
    return m;
  }

  private static String[] randomIncludes(SplittableRandom random, String prefix, int max) {
    String[] includes = new String[random.nextInt(max + 1)];
    for (int i = 0; i < includes.length; i++) {
      includes[i] = prefix + random.nextInt(6);
    }
    return includes;
  }
}
