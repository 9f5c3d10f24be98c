package io.github.dra4j.core.internal.mixin;

import static io.github.dra4j.core.internal.mixin.TestSlices.DRIVER;
import static io.github.dra4j.core.internal.mixin.TestSlices.attrs;
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
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The effective index of resolved views: which source wins each name, the counts
 * behind the 32-entry limit, the questions answered at resolution, and the plain walk for
 * objects too large to index.
 */
final class EffectiveIndexTest {

  @Test
  void ofCounters_mergesSourcesByNameAndTheFirstSourceWins() {
    CounterEntries[] sources = {
        CounterEntries.EMPTY,
        CounterEntries.of(counters("b", "1", "d", "1")),
        CounterEntries.of(counters("a", "2", "b", "2", "e", "2")),
        CounterEntries.EMPTY,
        CounterEntries.of(counters("a", "3", "c", "3", "e", "3", "f", "3"))};

    EffectiveIndex index = EffectiveIndex.ofCounters(sources);

    List<String> seen = new ArrayList<>();
    for (int k = 0; k < index.size(); k++) {
      seen.add(index.id(k) + "=" + sources[index.source(k)].value(index.position(k)));
    }
    assertThat(seen).containsExactly("a=2", "b=1", "c=3", "d=1", "e=2", "f=3");
    assertThat(index.indexOf("e")).isEqualTo(4);
    assertThat(index.indexOf("g")).isEqualTo(-1);
  }

  @Test
  void ofCounters_noIndexOverTheEntryLimit_butShadowedNamesDoNotCount() {
    Map<String, Counter> first = new LinkedHashMap<>();
    Map<String, Counter> second = new LinkedHashMap<>();
    for (int i = 0; i < EffectiveIndex.MAX_ENTRIES; i++) {
      first.put(String.format("n%02d", i), Counter.of("1"));
      second.put(String.format("n%02d", i), Counter.of("2"));
    }
    CounterEntries a = CounterEntries.of(first);
    CounterEntries b = CounterEntries.of(second);

    assertThat(EffectiveIndex.ofCounters(new CounterEntries[] {CounterEntries.EMPTY, a, b}).size())
        .isEqualTo(EffectiveIndex.MAX_ENTRIES);
    second.put("z", Counter.of("2"));
    assertThat(EffectiveIndex.ofCounters(new CounterEntries[] {CounterEntries.EMPTY, a, CounterEntries.of(second)}))
        .isNull();
    assertThat(EffectiveIndex.ofCounters(new CounterEntries[] {CounterEntries.EMPTY}).size()).isZero();
  }

  @Test
  void device_overTheIndexLimitStillResolvesLikeAnIndexedOne() {
    Map<String, DeviceAttribute> first = numbered("a", 0, 40, "first");
    Map<String, DeviceAttribute> second = numbered("a", 30, 70, "second");
    ResourceSlice slice = slice(
        List.of(device("device-0", attrs("a05", "own"), Map.of(), List.of("m1", "m2"), List.of())),
        List.of(),
        mixins(List.of(deviceMixin("m1", first, Map.of()), deviceMixin("m2", second, Map.of())), List.of(), List.of()));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);
    ResolvedDevice d = resolved.devices().get(0);

    assertThat(resolved.problems()).extracting(FieldError::type, FieldError::badValue)
        .containsExactly(tuple(FieldError.Type.TOO_MANY, 70));
    assertThat(d.attribute(DRIVER, "a05")).isEqualTo(DeviceAttribute.ofString("own"));
    assertThat(d.attribute(DRIVER, "a29")).isEqualTo(DeviceAttribute.ofString("first"));
    assertThat(d.attribute(DRIVER, "a30")).isEqualTo(DeviceAttribute.ofString("second"));
    assertThat(d.attribute(DRIVER, "a70")).isNull();
    List<String> seen = new ArrayList<>();
    d.forEachAttribute((domain, id, v) -> seen.add(id + "=" + ((DeviceAttribute.OfString) v).value()));
    assertThat(seen).hasSize(70).doesNotHaveDuplicates()
        .contains("a05=own", "a29=first", "a30=second", "a69=second");
  }

  @Test
  void device_iteratesIndexedEntriesInNameOrderWithTheWinningValues() {
    ResourceSlice slice = slice(
        List.of(device("device-0", attrs("b", "own", "other.example.com/z", "own"), Map.of(), List.of("m1", "m2"),
            List.of())),
        List.of(),
        mixins(List.of(
            deviceMixin("m1", attrs("a", "m1", "b", "m1", "c", "m1"), Map.of()),
            deviceMixin("m2", attrs("c", "m2", "other.example.com/y", "m2"), Map.of())), List.of(), List.of()));

    ResolvedDevice d = MixinResolver.resolve(slice, true).devices().get(0);

    List<String> seen = new ArrayList<>();
    d.forEachAttribute((domain, id, v) -> seen.add(domain + "/" + id + "=" + ((DeviceAttribute.OfString) v).value()));
    assertThat(seen).containsExactly(DRIVER + "/a=m1", DRIVER + "/b=own", DRIVER + "/c=m2",
        "other.example.com/y=m2", "other.example.com/z=own");
    assertThat(d.attribute("other.example.com", "y")).isEqualTo(DeviceAttribute.ofString("m2"));
    assertThat(d.attribute("other.example.com", "c")).isNull();
    assertThat(d.attribute(DRIVER, "y")).isNull();
  }

  @Test
  void unsupportedAttribute_onlyWhenTheEmptyValueWins() {
    Map<String, DeviceAttribute> withEmpty = new LinkedHashMap<>(attrs("x", "m"));
    withEmpty.put("broken", DeviceAttribute.empty());
    ResourceSlice slice = slice(
        List.of(
            device("shadowed", attrs("broken", "fixed"), Map.of(), List.of("m"), List.of()),
            device("visible", Map.of(), Map.of(), List.of("m"), List.of()),
            device("plain", withEmpty, Map.of(), List.of(), List.of())),
        List.of(),
        mixins(List.of(deviceMixin("m", withEmpty, Map.of())), List.of(), List.of()));

    List<? extends ResolvedDevice> devices = MixinResolver.resolve(slice, true).devices();

    assertThat(devices).extracting(ResolvedDevice::unsupportedAttribute).containsExactly(null, "broken", "broken");
  }

  @Test
  void firstMissingIn_givesTheSmallestMissingCounterOfIndexedAndPlainObjects() {
    ResourceSlice slice = slice(
        List.of(
            consumer("with-includes", consumes("set", counters("b", "1"), "c1", "c2")),
            consumer("plain", consumes("set", counters("a", "1", "m", "1")))),
        List.of(counterSet("set", counters("a", "4", "b", "4"), "s1")),
        mixins(List.of(),
            List.of(new DeviceCounterConsumptionMixin("c1", counters("z", "1", "d", "1")),
                new DeviceCounterConsumptionMixin("c2", counters("a", "1"))),
            List.of(new CounterSetMixin("s1", counters("d", "4", "m", "4")))));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);
    ResolvedCounterSet set = resolved.counterSets().get(0);
    ResolvedCounters withIncludes = resolved.devices().get(0).consumesCounters().get(0);
    ResolvedCounters plain = resolved.devices().get(1).consumesCounters().get(0);

    assertThat(withIncludes.firstMissingIn(set)).isEqualTo("z");
    assertThat(plain.firstMissingIn(set)).isNull();
    assertThat(set.firstMissingIn(withIncludes)).isEqualTo("m");
    assertThat(set.firstMissingIn(set)).isNull();
    ResolvedCounters viaDefault = new ResolvedCounters() {
      @Override
      public String counterSet() {
        return "set";
      }

      @Override
      public @Nullable Quantity counter(String name) {
        return withIncludes.counter(name);
      }

      @Override
      public void forEachCounter(BiConsumer<String, Quantity> action) {
        withIncludes.forEachCounter(action);
      }
    };
    assertThat(viaDefault.firstMissingIn(set)).isEqualTo("z");
    assertThat(withIncludes.firstMissingIn(viaDefault)).isNull();
  }

  private static Map<String, DeviceAttribute> numbered(String prefix, int from, int to, String value) {
    Map<String, DeviceAttribute> m = new LinkedHashMap<>();
    for (int i = from; i < to; i++) {
      m.put(String.format("%s%02d", prefix, i), DeviceAttribute.ofString(value));
    }
    return m;
  }
}
