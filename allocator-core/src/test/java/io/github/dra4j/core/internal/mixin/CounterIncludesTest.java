package io.github.dra4j.core.internal.mixin;

import static io.github.dra4j.core.internal.mixin.TestSlices.counterSet;
import static io.github.dra4j.core.internal.mixin.TestSlices.counters;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.Quantity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A consumption's include list is merged on first use, not at resolution, and pool validation
 * ({@link LazyCounters#firstMissingIn}) never needs the merge.
 */
final class CounterIncludesTest {
  private static final LazyCounterSet SET = new LazyCounterSet(
      counterSet("set", counters("a", "9", "b", "9", "c", "9")), CounterEntries.of(counters("a", "9", "b", "9", "c", "9")),
      CounterIncludes.NONE);

  @Test
  void validationDoesNotMerge_theFirstLookupMergesOnce() {
    CounterIncludes includes = includes(counters("a", "1", "c", "1"), counters("a", "2", "b", "2"));
    LazyCounters consumption = new LazyCounters("set", CounterEntries.of(counters("z", "1")), includes);
    LazyCounters other = new LazyCounters("set", CounterEntries.of(counters()), includes);

    assertThat(consumption.firstMissingIn(SET)).isEqualTo("z");
    assertThat(other.firstMissingIn(SET)).isNull();
    assertThat(includes.merged()).isFalse();

    assertThat(consumption.counter("a")).isEqualTo(Quantity.parse("2"));
    assertThat(includes.merged()).isTrue();
    EffectiveIndex first = includes.index();
    assertThat(other.counter("c")).isEqualTo(Quantity.parse("1"));
    assertThat(includes.index()).isNotNull().isSameAs(first);
  }

  @Test
  void includesOverTheIndexLimit_areMergedOnceAndAnsweredInIterationOrder() {
    Map<String, Counter> many = new LinkedHashMap<>();
    for (int i = 0; i < EffectiveIndex.MAX_ENTRIES + 6; i++) {
      many.put(String.format("n%02d", i), Counter.of("1"));
    }
    CounterIncludes includes = includes(many, counters("m", "1"));
    LazyCounters consumption = new LazyCounters("set", CounterEntries.of(counters("x", "1")), includes);

    assertThat(includes.index()).isNull();
    assertThat(includes.merged()).isTrue();
    // Not sorted: own counters first, then the last include, so "x" before "m" and the "n" names.
    List<String> order = new ArrayList<>();
    consumption.forEachCounter((name, q) -> order.add(name));
    assertThat(order.subList(0, 2)).containsExactly("x", "m");
    assertThat(consumption.firstMissingIn(SET)).isEqualTo("x");
  }

  @SafeVarargs
  private static CounterIncludes includes(Map<String, Counter>... mixins) {
    List<CounterEntries> entries = new ArrayList<>();
    for (Map<String, Counter> m : mixins) {
      entries.add(CounterEntries.of(m));
    }
    return CounterIncludes.of(entries);
  }
}
