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
import static org.junit.jupiter.api.Named.named;

import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.core.internal.mixin.ResolvedSlice.Dropped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class MixinResolverTest {

  /* --- precedence: the same rules for each of the three kinds (four lookups) --- */

  /** Where the looked-up key "k" is set, and what must win. Values are small integers. */
  record Rule(@Nullable String own, List<String> includes, Map<String, @Nullable String> mixinValues,
      @Nullable String expected) {}

  enum Kind {
    DEVICE_ATTRIBUTE, DEVICE_CAPACITY, CONSUMPTION_COUNTER, COUNTER_SET_COUNTER
  }

  static Stream<Arguments> precedence() {
    Map<String, Rule> rules = new LinkedHashMap<>();
    rules.put("own entry without includes", new Rule("100", List.of(), mixinValues(), "100"));
    rules.put("own entry wins over an include", new Rule("100", List.of("m1"), mixinValues("m1", "1"), "100"));
    rules.put("own entry wins over every include",
        new Rule("100", List.of("m1", "m2"), mixinValues("m1", "1", "m2", "2"), "100"));
    rules.put("from a mixin when not set on the object", new Rule(null, List.of("m1"), mixinValues("m1", "1"), "1"));
    rules.put("later include wins over earlier",
        new Rule(null, List.of("m1", "m2"), mixinValues("m1", "1", "m2", "2"), "2"));
    rules.put("later include wins, reversed order",
        new Rule(null, List.of("m2", "m1"), mixinValues("m1", "1", "m2", "2"), "1"));
    rules.put("earlier include when the later one lacks the key",
        new Rule(null, List.of("m1", "m2"), mixinValues("m1", "1", "m2", null), "1"));
    rules.put("empty mixin changes nothing", new Rule("100", List.of("m2"), mixinValues("m2", null), "100"));
    rules.put("absent everywhere", new Rule(null, List.of("m1"), mixinValues("m1", null), null));
    rules.put("absent without includes", new Rule(null, List.of(), mixinValues(), null));
    rules.put("same mixin included twice",
        new Rule(null, List.of("m1", "m2", "m1"), mixinValues("m1", "1", "m2", "2"), "1"));
    List<Arguments> args = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      rules.forEach((name, rule) -> args.add(Arguments.of(
          named(kind.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + name, kind), rule)));
    }
    return args.stream();
  }

  private static Map<String, @Nullable String> mixinValues(@Nullable String... nameValue) {
    Map<String, @Nullable String> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], nameValue[i + 1]);
    }
    return m;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("precedence")
  void precedence_lookupAndIterationGiveTheWinningValue(Kind kind, Rule rule) {
    ResourceSlice slice = sliceFor(kind, rule);
    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.problems()).isEmpty();
    String expected = rule.expected();
    Map<String, String> iterated = new HashMap<>();
    List<String> keys = new ArrayList<>();
    switch (kind) {
      case DEVICE_ATTRIBUTE -> {
        ResolvedDevice d = resolved.devices().get(0);
        assertThat(d.attribute(DRIVER, "k")).isEqualTo(expected == null ? null : DeviceAttribute.ofString(expected));
        d.forEachAttribute((domain, id, v) -> {
          keys.add(domain + "/" + id);
          iterated.put(id, ((DeviceAttribute.OfString) v).value());
        });
        assertThat(keys).allMatch(k -> k.startsWith(DRIVER + "/"));
      }
      case DEVICE_CAPACITY -> {
        ResolvedDevice d = resolved.devices().get(0);
        assertThat(d.capacity(DRIVER, "k")).isEqualTo(expected == null ? null : DeviceCapacity.of(expected));
        d.forEachCapacity((domain, id, v) -> {
          keys.add(domain + "/" + id);
          iterated.put(id, v.value().toString());
        });
      }
      case CONSUMPTION_COUNTER -> {
        ResolvedCounters c = resolved.devices().get(0).consumesCounters().get(0);
        assertThat(c.counterSet()).isEqualTo("cs-0");
        assertThat(c.counter("k")).isEqualTo(expected == null ? null : Quantity.parse(expected));
        c.forEachCounter((name, q) -> {
          keys.add(name);
          iterated.put(name, q.toString());
        });
        assertEachIncludeOnce((LazyCounters) c, rule);
      }
      case COUNTER_SET_COUNTER -> {
        ResolvedCounterSet c = resolved.counterSets().get(0);
        assertThat(c.counterSet()).isEqualTo("cs-0");
        assertThat(c.counterSetDefinition()).isSameAs(slice.spec().sharedCounters().get(0));
        assertThat(c.counter("k")).isEqualTo(expected == null ? null : Quantity.parse(expected));
        c.forEachCounter((name, q) -> {
          keys.add(name);
          iterated.put(name, q.toString());
        });
        assertEachIncludeOnce((LazyCounters) c, rule);
      }
    }
    // Each key once; "k" with the winning value; every mixin's marker key visible.
    assertThat(keys).doesNotHaveDuplicates();
    assertThat(iterated.get("k")).isEqualTo(expected);
    for (String mixin : rule.includes()) {
      assertThat(iterated).containsEntry("only-" + mixin, "7");
    }
  }

  /*
   * A repeated mixin is kept at its last position only: the answers above are the same either
   * way, but a list kept whole with a repetition would look it up and iterate it twice.
   */
  private static void assertEachIncludeOnce(LazyCounters counters, Rule rule) {
    assertThat(counters.includes().sources()).as("the empty source 0, then each distinct include")
        .hasSize(1 + (int) rule.includes().stream().distinct().count());
  }

  /** Builds one object of {@code kind} with key k per the rule; each mixin also sets only-<name>=7. */
  private static ResourceSlice sliceFor(Kind kind, Rule rule) {
    Map<String, String> own = rule.own() == null ? Map.of() : Map.of("k", rule.own());
    List<DeviceMixin> deviceMixins = new ArrayList<>();
    List<DeviceCounterConsumptionMixin> consumptionMixins = new ArrayList<>();
    List<CounterSetMixin> counterSetMixins = new ArrayList<>();
    rule.mixinValues().forEach((name, value) -> {
      Map<String, String> values = new LinkedHashMap<>();
      if (value != null) {
        values.put("k", value);
      }
      values.put("only-" + name, "7");
      String[] kv = values.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
      switch (kind) {
        case DEVICE_ATTRIBUTE -> deviceMixins.add(deviceMixin(name, attrs(kv), Map.of()));
        case DEVICE_CAPACITY -> deviceMixins.add(deviceMixin(name, Map.of(), caps(kv)));
        case CONSUMPTION_COUNTER -> consumptionMixins.add(new DeviceCounterConsumptionMixin(name, counters(kv)));
        case COUNTER_SET_COUNTER -> counterSetMixins.add(new CounterSetMixin(name, counters(kv)));
      }
    });
    String[] ownKv = own.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    String[] includes = rule.includes().toArray(String[]::new);
    var mixins = mixins(deviceMixins, consumptionMixins, counterSetMixins);
    return switch (kind) {
      case DEVICE_ATTRIBUTE -> slice(List.of(device("device-0", attrs(ownKv), Map.of(), rule.includes(), List.of())),
          List.of(), mixins);
      case DEVICE_CAPACITY -> slice(List.of(device("device-0", Map.of(), caps(ownKv), rule.includes(), List.of())),
          List.of(), mixins);
      case CONSUMPTION_COUNTER -> slice(List.of(consumer("device-0", consumes("cs-0", counters(ownKv), includes))),
          List.of(), mixins);
      case COUNTER_SET_COUNTER -> slice(List.of(), List.of(counterSet("cs-0", counters(ownKv), includes)), mixins);
    };
  }

  /* --- names: unqualified names belong to the driver, qualified ones keep their domain --- */

  @Test
  void attribute_qualifiedNamesFromMixinsKeepTheirDomain() {
    ResourceSlice slice = slice(
        List.of(device("device-1", List.of("other-domain")), device("device-2", List.of("vendor"))),
        List.of(),
        mixins(List.of(
            deviceMixin("vendor", attrs("model", "a100"), caps("slots", "2")),
            deviceMixin("other-domain", attrs("example.com/model", "a100"), caps("example.com/slots", "4"))),
            List.of(), List.of()));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    ResolvedDevice d1 = resolved.devices().get(0);
    assertThat(d1.attribute(DRIVER, "model")).isNull();
    assertThat(d1.attribute("example.com", "model")).isEqualTo(DeviceAttribute.ofString("a100"));
    assertThat(d1.capacity("example.com", "slots")).isEqualTo(DeviceCapacity.of("4"));
    assertThat(d1.capacity(DRIVER, "slots")).isNull();
    ResolvedDevice d2 = resolved.devices().get(1);
    assertThat(d2.attribute(DRIVER, "model")).isEqualTo(DeviceAttribute.ofString("a100"));
    assertThat(d2.attribute("example.com", "model")).isNull();
    assertThat(d2.capacity(DRIVER, "slots")).isEqualTo(DeviceCapacity.of("2"));
  }

  @Test
  void attribute_ownQualifiedDriverNameOverridesUnqualifiedMixinEntry() {
    ResourceSlice slice = slice(
        List.of(device("device-0", attrs(DRIVER + "/model", "own"), Map.of(), List.of("m"), List.of())),
        List.of(), mixins(List.of(deviceMixin("m", attrs("model", "mixin"), Map.of())), List.of(), List.of()));

    ResolvedDevice d = MixinResolver.resolve(slice, true).devices().get(0);

    assertThat(d.attribute(DRIVER, "model")).isEqualTo(DeviceAttribute.ofString("own"));
    List<String> seen = new ArrayList<>();
    d.forEachAttribute((domain, id, v) -> seen.add(domain + "/" + id + "=" + ((DeviceAttribute.OfString) v).value()));
    assertThat(seen).containsExactly(DRIVER + "/model=own");
  }

  @Test
  void attribute_unqualifiedSpellingWinsWithinOneMap() {
    ResourceSlice slice = slice(
        List.of(device("device-0", attrs("model", "plain", DRIVER + "/model", "qualified"), Map.of(), List.of(),
            List.of())),
        List.of(), null);

    ResolvedDevice d = MixinResolver.resolve(slice, true).devices().get(0);

    assertThat(d.attribute(DRIVER, "model")).isEqualTo(DeviceAttribute.ofString("plain"));
    int[] n = {0};
    d.forEachAttribute((domain, id, v) -> n[0]++);
    assertThat(n[0]).isOne();
  }

  @Test
  void device_viewExposesIdentityAndPublishedDevice() {
    ResourceSlice slice = slice(List.of(device("a", List.of()), device("b", List.of())), List.of(), null);

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    ResolvedDevice b = resolved.devices().get(1);
    assertThat(b.name()).isEqualTo("b");
    assertThat(b.driver()).isEqualTo(DRIVER);
    assertThat(b.pool()).isEqualTo("pool-1");
    assertThat(b.index()).isEqualTo(1);
    assertThat(b.device()).isSameAs(slice.spec().devices().get(1));
    assertThat(b.allowMultipleAllocations()).isFalse();
    assertThat(resolved.slice()).isSameAs(slice);
    assertThat(resolved.dropped()).isEmpty();
  }

  @Test
  void consumption_isFoundBySetName_withMixinsApplied() {
    ResourceSlice slice = slice(
        List.of(consumer("device-0", consumes("cs-0", counters("memory", "1")),
            consumes("cs-1", Map.of(), "part"))),
        List.of(), mixins(List.of(), List.of(new DeviceCounterConsumptionMixin("part", counters("memory", "5"))),
            List.of()));

    ResolvedDevice d = MixinResolver.resolve(slice, true).devices().get(0);

    assertThat(d.consumption("cs-1")).isSameAs(d.consumesCounters().get(1));
    assertThat(d.consumption("cs-1").counter("memory")).isEqualTo(Quantity.parse("5"));
    assertThat(d.consumption("cs-0").counter("memory")).isEqualTo(Quantity.parse("1"));
    assertThat(d.consumption("cs-9")).isNull();
  }

  @Test
  void resolve_mixinsOfAnotherSliceAreNotVisible() {
    ResourceSlice defining = slice(List.of(), List.of(),
        mixins(List.of(deviceMixin("m", attrs("model", "a100"), Map.of())), List.of(), List.of()));
    ResourceSlice using = slice(List.of(device("device-0", List.of("m"))), List.of(), null);

    var unused = MixinResolver.resolve(defining, true);
    ResolvedSlice resolved = MixinResolver.resolve(using, true);

    assertThat(resolved.problems()).extracting(Object::toString)
        .containsExactly("spec.devices[0].includes[0]: Not found: \"m\": device \"device-0\": "
            + "no device mixin with this name in spec.mixins.device of the same ResourceSlice");
    assertThat(resolved.devices().get(0).attribute(DRIVER, "model")).isNull();
  }

  @Test
  void resolve_doesNotModifyTheSlice() {
    ResourceSlice slice = slice(List.of(device("device-0", attrs("a", "1"), Map.of(), List.of("m"), List.of())),
        List.of(counterSet("cs-0", counters("c", "1"), "cm")),
        mixins(List.of(deviceMixin("m", attrs("b", "2"), Map.of())), List.of(),
            List.of(new CounterSetMixin("cm", counters("d", "2")))));
    String before = slice.toString();

    var unusedWithMixins = MixinResolver.resolve(slice, true);
    var unusedWithout = MixinResolver.resolve(slice, false);

    assertThat(slice.toString()).isEqualTo(before);
  }

  /* --- gate off: what references mixins is dropped; spec.mixins is ignored --- */

  record GateOffCase(ResourceSlice slice, List<String> visibleDevices, List<String> visibleCounterSets,
      List<Dropped> dropped) {}

  static Stream<Arguments> gateOff() {
    ResourceSliceMixins all = mixins(
        List.of(deviceMixin("attrs", attrs("model", "a100"), Map.of())),
        List.of(new DeviceCounterConsumptionMixin("part", counters("memory", "10Gi"))),
        List.of(new CounterSetMixin("gpu", counters("memory", "40Gi"))));
    String gate = "while DRAResourceSliceMixins is disabled";
    return Stream.of(
        Arguments.of(named("device with includes is dropped", new GateOffCase(
            slice(List.of(device("device-1", List.of("attrs")),
                device("device-2", attrs("model", "a100"), Map.of(), List.of(), List.of())), List.of(), all),
            List.of("device-2"), List.of(),
            List.of(new Dropped(Dropped.DEVICE, "device-1", "device uses includes " + gate))))),
        Arguments.of(named("device with empty includes is kept", new GateOffCase(
            slice(List.of(device("device-1", List.of())), List.of(), all),
            List.of("device-1"), List.of(), List.of()))),
        Arguments.of(named("device whose consumption uses includes is dropped", new GateOffCase(
            slice(List.of(consumer("device-1", consumes("cs-0", Map.of()), consumes("cs-1", Map.of(), "part")),
                consumer("device-2", consumes("cs-0", counters("memory", "10Gi")))), List.of(), all),
            List.of("device-2"), List.of(),
            List.of(new Dropped(Dropped.DEVICE, "device-1",
                "consumesCounters[1] (counter set cs-1) uses includes " + gate))))),
        Arguments.of(named("counter set with includes is dropped", new GateOffCase(
            slice(List.of(), List.of(counterSet("cs-0", Map.of(), "gpu"), counterSet("cs-1", counters("memory", "1"))),
                all),
            List.of(), List.of("cs-1"),
            List.of(new Dropped(Dropped.COUNTER_SET, "cs-0", "counter set uses includes " + gate))))),
        Arguments.of(named("device consuming from a counter set dropped in the same slice is dropped", new GateOffCase(
            slice(List.of(consumer("device-1", consumes("cs-0", counters("memory", "1"))),
                consumer("device-2", consumes("cs-1", counters("memory", "1")))),
                List.of(counterSet("cs-0", Map.of(), "gpu"), counterSet("cs-1", counters("memory", "1"))), all),
            List.of("device-2"), List.of("cs-1"),
            List.of(new Dropped(Dropped.COUNTER_SET, "cs-0", "counter set uses includes " + gate),
                new Dropped(Dropped.DEVICE, "device-1",
                    "device consumes counters from counter set cs-0, which uses includes " + gate))))),
        Arguments.of(named("spec.mixins alone changes nothing", new GateOffCase(
            slice(List.of(device("device-1", attrs("model", "h100"), Map.of(), List.of(), List.of())), List.of(), all),
            List.of("device-1"), List.of(), List.of()))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("gateOff")
  void gateOff_dropsWhatReferencesMixins(GateOffCase c) {
    ResolvedSlice resolved = MixinResolver.resolve(c.slice(), false);

    assertThat(resolved.devices()).extracting(ResolvedDevice::name).containsExactlyElementsOf(c.visibleDevices());
    assertThat(resolved.counterSets()).extracting(ResolvedCounters::counterSet)
        .containsExactlyElementsOf(c.visibleCounterSets());
    assertThat(resolved.dropped()).containsExactlyElementsOf(c.dropped());
    assertThat(resolved.problems()).isEmpty();
  }

  @Test
  void gateOff_mixinsAreIgnoredEntirely() {
    // Undefined includes and duplicate names are no problem when the gate is off: nothing is resolved.
    ResourceSlice slice = slice(
        List.of(device("device-1", List.of("missing")), device("device-2", attrs("model", "x"), Map.of(), List.of(),
            List.of())),
        List.of(), mixins(List.of(deviceMixin("m", Map.of(), Map.of()), deviceMixin("m", Map.of(), Map.of())),
            List.of(), List.of()));

    ResolvedSlice resolved = MixinResolver.resolve(slice, false);

    assertThat(resolved.problems()).isEmpty();
    assertThat(resolved.devices()).extracting(ResolvedDevice::name).containsExactly("device-2");
    assertThat(resolved.devices().get(0).attribute(DRIVER, "model")).isEqualTo(DeviceAttribute.ofString("x"));
  }

  @Test
  void gateOn_nothingIsDropped() {
    ResourceSlice slice = slice(List.of(consumer("device-1", consumes("cs-0", Map.of(), "part"))),
        List.of(counterSet("cs-0", Map.of(), "gpu")),
        mixins(List.of(), List.of(new DeviceCounterConsumptionMixin("part", counters("memory", "1"))),
            List.of(new CounterSetMixin("gpu", counters("memory", "2")))));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.dropped()).isEmpty();
    assertThat(resolved.droppedCounterSets()).isEmpty();
    assertThat(resolved.devices()).hasSize(1);
    assertThat(resolved.counterSets()).hasSize(1);
  }

  @Test
  void gateOff_reportsDroppedCounterSetsForThePool() {
    ResourceSlice counterSlice = slice(List.of(),
        List.of(counterSet("cs-0", Map.of(), "gpu"), counterSet("cs-1", counters("memory", "4"))),
        mixins(List.of(), List.of(), List.of(new CounterSetMixin("gpu", counters("memory", "40Gi")))));
    ResourceSlice deviceSlice = slice(List.of(
        consumer("device-1", consumes("cs-1", counters("memory", "1")), consumes("cs-0", counters("memory", "1"))),
        consumer("device-2", consumes("cs-1", counters("memory", "1"))),
        device("device-3", List.of())), List.of(), null);
    ResolvedSlice counters = MixinResolver.resolve(counterSlice, false);
    ResolvedSlice devices = MixinResolver.resolve(deviceSlice, false);

    assertThat(counters.droppedCounterSets()).containsExactly("cs-0");
    // Consumers in other slices are the pool gathering's to drop (PoolGatherer), not the slice's.
    assertThat(devices.devices()).extracting(ResolvedDevice::name)
        .containsExactly("device-1", "device-2", "device-3");
  }
}
