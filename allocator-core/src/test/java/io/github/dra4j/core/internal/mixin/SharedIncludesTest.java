package io.github.dra4j.core.internal.mixin;

import static io.github.dra4j.core.internal.mixin.TestSlices.DRIVER;
import static io.github.dra4j.core.internal.mixin.TestSlices.attrs;
import static io.github.dra4j.core.internal.mixin.TestSlices.caps;
import static io.github.dra4j.core.internal.mixin.TestSlices.consumer;
import static io.github.dra4j.core.internal.mixin.TestSlices.consumes;
import static io.github.dra4j.core.internal.mixin.TestSlices.counterSet;
import static io.github.dra4j.core.internal.mixin.TestSlices.counters;
import static io.github.dra4j.core.internal.mixin.TestSlices.device;
import static io.github.dra4j.core.internal.mixin.TestSlices.deviceMixin;
import static io.github.dra4j.core.internal.mixin.TestSlices.mixins;
import static io.github.dra4j.core.internal.mixin.TestSlices.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Objects that repeat an include list share its resolution and index, so that a slice pays for an include list once: each object
 * must still see its own entries win, count its own entries against the 32-entry limit, and
 * report its own problems.
 */
final class SharedIncludesTest {

  @Test
  void devicesWithTheSameIncludes_eachSeeTheirOwnEntriesWin() {
    List<String> includes = List.of("m1", "m2");
    ResourceSlice slice = slice(
        List.of(
            device("own-overlaps", attrs("b", "own", "z", "own"), caps("mem", "1"), includes, List.of()),
            device("no-own", includes),
            device("other-domain", attrs("other.example.com/a", "own"), Map.of(), includes, List.of()),
            device("other-list", Map.of(), Map.of(), List.of("m2", "m1"), List.of())),
        List.of(),
        mixins(List.of(
            deviceMixin("m1", attrs("a", "m1", "b", "m1"), caps("mem", "10")),
            deviceMixin("m2", attrs("b", "m2", "c", "m2"), Map.of())), List.of(), List.of()));

    List<? extends ResolvedDevice> devices = MixinResolver.resolve(slice, true).devices();

    assertThat(attributes(devices.get(0))).containsExactly(
        DRIVER + "/a=m1", DRIVER + "/b=own", DRIVER + "/c=m2", DRIVER + "/z=own");
    assertThat(devices.get(0).capacity(DRIVER, "mem").value()).hasToString("1");
    assertThat(attributes(devices.get(1))).containsExactly(DRIVER + "/a=m1", DRIVER + "/b=m2", DRIVER + "/c=m2");
    assertThat(devices.get(1).capacity(DRIVER, "mem").value()).hasToString("10");
    assertThat(attributes(devices.get(2))).containsExactly(
        DRIVER + "/a=m1", DRIVER + "/b=m2", DRIVER + "/c=m2", "other.example.com/a=own");
    assertThat(devices.get(2).attribute("other.example.com", "a")).isEqualTo(DeviceAttribute.ofString("own"));
    assertThat(devices.get(2).attribute(DRIVER, "a")).isEqualTo(DeviceAttribute.ofString("m1"));
    assertThat(attributes(devices.get(3))).containsExactly(DRIVER + "/a=m1", DRIVER + "/b=m1", DRIVER + "/c=m2");
    assertThat(devices.get(0).attribute(DRIVER, "b")).isEqualTo(DeviceAttribute.ofString("own"));
    assertThat(devices.get(1).attribute(DRIVER, "b")).isEqualTo(DeviceAttribute.ofString("m2"));
  }

  @Test
  void devicesWithTheSameIncludes_countTheirOwnEntriesAgainstTheLimit() {
    Map<String, DeviceAttribute> thirty = new LinkedHashMap<>();
    for (int i = 0; i < 30; i++) {
      thirty.put("a" + i, DeviceAttribute.ofString("m"));
    }
    List<String> includes = List.of("m");
    ResourceSlice slice = slice(
        List.of(
            device("shadows-two", attrs("a0", "own", "a1", "own", "x", "own"), Map.of(), includes, List.of()),
            device("adds-three", attrs("x", "own", "y", "own", "z", "own"), Map.of(), includes, List.of()),
            device("adds-two", attrs("x", "own"), caps("y", "1"), includes, List.of())),
        List.of(),
        mixins(List.of(deviceMixin("m", thirty, Map.of())), List.of(), List.of()));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.problems()).extracting(FieldError::field, FieldError::badValue)
        .containsExactly(tuple(FieldPath.of("spec", "devices").index(1), 33));
  }

  @Test
  void devicesWithTheSameBrokenIncludes_eachReportTheirProblem() {
    List<String> includes = List.of("m1", "missing");
    ResourceSlice slice = slice(
        List.of(device("d0", includes), device("d1", includes)),
        List.of(),
        mixins(List.of(deviceMixin("m1", attrs("a", "m1"), Map.of())), List.of(), List.of()));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.problems()).extracting(FieldError::field).containsExactly(
        FieldPath.of("spec", "devices").index(0).child("includes").index(1),
        FieldPath.of("spec", "devices").index(1).child("includes").index(1));
    assertThat(resolved.devices()).allSatisfy(d ->
        assertThat(d.attribute(DRIVER, "a")).isEqualTo(DeviceAttribute.ofString("m1")));
  }

  @Test
  void consumptionsWithTheSameIncludes_iterateTheirOwnCountersFirstInNameOrder() {
    ResourceSlice slice = slice(
        List.of(
            consumer("d0", consumes("set", counters("b", "1", "y", "1"), "c1", "c2")),
            consumer("d1", consumes("set", counters(), "c1", "c2")),
            consumer("d2", consumes("set", counters("a", "5"), "c1", "c2"))),
        List.of(counterSet("set", counters("a", "9", "b", "9", "c", "9", "d", "9", "y", "9"))),
        mixins(List.of(),
            List.of(new DeviceCounterConsumptionMixin("c1", counters("a", "2", "c", "2")),
                new DeviceCounterConsumptionMixin("c2", counters("a", "3", "d", "3"))),
            List.of()));

    List<? extends ResolvedDevice> devices = MixinResolver.resolve(slice, true).devices();

    assertThat(effective(devices.get(0).consumesCounters().get(0))).containsExactly("a=3", "b=1", "c=2", "d=3", "y=1");
    assertThat(effective(devices.get(1).consumesCounters().get(0))).containsExactly("a=3", "c=2", "d=3");
    assertThat(effective(devices.get(2).consumesCounters().get(0))).containsExactly("a=5", "c=2", "d=3");
    assertThat(devices.get(0).consumesCounters().get(0).counter("y").value()).hasToString("1");
    assertThat(devices.get(0).consumesCounters().get(0).counter("a").value()).hasToString("3");
    assertThat(devices.get(2).consumesCounters().get(0).counter("a").value()).hasToString("5");
    assertThat(devices.get(1).consumesCounters().get(0).counter("b")).isNull();
  }

  static Stream<Arguments> missingCases() {
    return Stream.of(
        Arguments.of(Named.of("own counter missing first", counters("a", "1", "bb", "1")), List.of("s-bd"), "bb"),
        Arguments.of(Named.of("included counter missing first", counters("b", "1")), List.of("s-bd"), "c"),
        Arguments.of(Named.of("shadowed name missing in both", counters("c", "1")), List.of("s-bd"), "c"),
        Arguments.of(Named.of("nothing missing", counters("a", "1")), List.of("s-bcd"), null),
        Arguments.of(Named.of("set over the index limit", counters("b", "1")), List.of("s-bd", "s-many"), "c"),
        Arguments.of(Named.of("set over the index limit, nothing missing", counters("b", "1")),
            List.of("s-bcd", "s-many"), null));
  }

  @ParameterizedTest
  @MethodSource("missingCases")
  void firstMissingIn_isTheSmallestMissingNameOfTheMergedCounters(
      Map<String, Counter> own, List<String> setIncludes, @Nullable String expected) {
    Map<String, Counter> many = new LinkedHashMap<>();
    for (int i = 0; i < 70; i++) {
      many.put(String.format("n%02d", i), Counter.of("1"));
    }
    ResourceSlice slice = slice(
        List.of(consumer("d0", consumes("set", own, "c-ac", "c-d"))),
        List.of(counterSet("set", counters("a", "9"), setIncludes.toArray(String[]::new))),
        mixins(List.of(),
            List.of(new DeviceCounterConsumptionMixin("c-ac", counters("a", "1", "c", "1")),
                new DeviceCounterConsumptionMixin("c-d", counters("d", "1"))),
            List.of(new CounterSetMixin("s-bd", counters("b", "9", "d", "9")),
                new CounterSetMixin("s-bcd", counters("b", "9", "c", "9", "d", "9", "e", "9")),
                new CounterSetMixin("s-many", many))));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);
    ResolvedCounters consumption = resolved.devices().get(0).consumesCounters().get(0);
    ResolvedCounterSet set = resolved.counterSets().get(0);

    assertThat(consumption.firstMissingIn(set)).isEqualTo(expected);
    // The same answer as a lookup per counter in iteration order.
    String[] byLookup = new String[1];
    consumption.forEachCounter((name, q) -> {
      if (byLookup[0] == null && set.counter(name) == null) {
        byLookup[0] = name;
      }
    });
    assertThat(byLookup[0]).isEqualTo(expected);
  }

  private static List<String> attributes(ResolvedDevice d) {
    List<String> seen = new ArrayList<>();
    d.forEachAttribute((domain, id, v) -> seen.add(domain + "/" + id + "=" + ((DeviceAttribute.OfString) v).value()));
    return seen;
  }

  private static List<String> effective(ResolvedCounters c) {
    List<String> seen = new ArrayList<>();
    c.forEachCounter((name, q) -> seen.add(name + "=" + q));
    return seen;
  }
}
