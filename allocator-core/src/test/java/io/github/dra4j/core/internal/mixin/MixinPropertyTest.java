package io.github.dra4j.core.internal.mixin;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.QualifiedName;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.core.MixinFlattener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Random slices with mixins (precedence collisions, empty mixins, devices without includes,
 * qualified and unqualified spellings of the same name): the lazy views must agree with an
 * eager merge written independently here, and with {@link MixinFlattener}.
 */
final class MixinPropertyTest {
  private static final long SEED = 0x5234L;
  private static final int SLICES = 1500;
  private static final String DRIVER = TestSlices.DRIVER;
  /** Raw spellings; "a" and "driver-a/a" are the same qualified name. */
  private static final List<String> NAMES =
      List.of("a", "b", "c", "d", DRIVER + "/a", DRIVER + "/d", "example.com/a", "example.com/b", "other.org/c");
  private static final List<QualifiedName> PROBES = List.of(
      new QualifiedName(DRIVER, "a"), new QualifiedName(DRIVER, "b"), new QualifiedName(DRIVER, "c"),
      new QualifiedName(DRIVER, "d"), new QualifiedName(DRIVER, "e"), new QualifiedName("example.com", "a"),
      new QualifiedName("example.com", "b"), new QualifiedName("example.com", "c"), new QualifiedName("other.org", "c"),
      new QualifiedName("other.org", "a"));
  private static final List<String> COUNTERS = List.of("c0", "c1", "c2", "c3", "c4");
  private static final List<String> COUNTER_PROBES = List.of("c0", "c1", "c2", "c3", "c4", "c5");

  @Test
  void lazyViewsEqualTheEagerMergeAndTheFlattenedSlice() {
    Random random = new Random(SEED);
    int devicesWithIncludes = 0;
    for (int n = 0; n < SLICES; n++) {
      ResourceSlice slice = randomSlice(random);
      ResolvedSlice resolved = MixinResolver.resolve(slice, true);
      assertThat(resolved.problems()).as("slice %d", n).isEmpty();
      ResourceSlice flat = MixinFlattener.flatten(slice);
      assertThat(flat.spec().mixins()).isNull();
      ResolvedSlice flatResolved = MixinResolver.resolve(flat, false);
      assertThat(flatResolved.dropped()).as("flattened slice has no includes left").isEmpty();

      ResourceSliceMixins mixins = slice.spec().mixins();
      List<Device> devices = slice.spec().devices();
      assertThat(resolved.devices()).hasSize(devices.size());
      for (int i = 0; i < devices.size(); i++) {
        Device device = devices.get(i);
        devicesWithIncludes += device.includes().isEmpty() ? 0 : 1;
        String where = "slice " + n + " device " + device.name();
        Map<QualifiedName, DeviceAttribute> attributes = new HashMap<>();
        Map<QualifiedName, DeviceCapacity> capacity = new HashMap<>();
        for (String include : device.includes()) {
          DeviceMixin m = mixins.device().stream().filter(x -> x.name().equals(include)).findFirst().orElseThrow();
          attributes.putAll(normalise(m.attributes()));
          capacity.putAll(normalise(m.capacity()));
        }
        attributes.putAll(normalise(device.attributes()));
        capacity.putAll(normalise(device.capacity()));

        for (ResolvedDevice view : List.of(resolved.devices().get(i), flatResolved.devices().get(i))) {
          for (QualifiedName q : PROBES) {
            assertThat(view.attribute(q.domain(), q.id())).as("%s attribute %s", where, q).isEqualTo(attributes.get(q));
            assertThat(view.capacity(q.domain(), q.id())).as("%s capacity %s", where, q).isEqualTo(capacity.get(q));
          }
          Map<QualifiedName, DeviceAttribute> seenAttributes = new HashMap<>();
          view.forEachAttribute((domain, id, v) ->
              assertThat(seenAttributes.put(new QualifiedName(domain, id), v)).as("%s once", where).isNull());
          assertThat(seenAttributes).as(where).isEqualTo(attributes);
          Map<QualifiedName, DeviceCapacity> seenCapacity = new HashMap<>();
          view.forEachCapacity((domain, id, v) ->
              assertThat(seenCapacity.put(new QualifiedName(domain, id), v)).as("%s once", where).isNull());
          assertThat(seenCapacity).as(where).isEqualTo(capacity);
        }
        assertThat(((LazyDevice) resolved.devices().get(i)).effectiveEntryCount()).isEqualTo(attributes.size() + capacity.size());

        List<DeviceCounterConsumption> consumptions = device.consumesCounters();
        for (int j = 0; j < consumptions.size(); j++) {
          DeviceCounterConsumption c = consumptions.get(j);
          Map<String, Quantity> expected = merge(c.counters(), c.includes(), mixins.deviceCounterConsumption(),
              DeviceCounterConsumptionMixin::name, DeviceCounterConsumptionMixin::counters);
          assertCounters(resolved.devices().get(i).consumesCounters().get(j), c.counterSet(), expected, where);
          assertCounters(flatResolved.devices().get(i).consumesCounters().get(j), c.counterSet(), expected, where);
        }
      }
      List<CounterSet> sets = slice.spec().sharedCounters();
      assertThat(resolved.counterSets()).hasSize(sets.size());
      for (int i = 0; i < sets.size(); i++) {
        CounterSet cs = sets.get(i);
        Map<String, Quantity> expected =
            merge(cs.counters(), cs.includes(), mixins.counterSet(), CounterSetMixin::name, CounterSetMixin::counters);
        assertCounters(resolved.counterSets().get(i), cs.name(), expected, "slice " + n);
        assertCounters(flatResolved.counterSets().get(i), cs.name(), expected, "slice " + n);
      }
      assertThat(MixinFlattener.flatten(flat)).as("flattening is idempotent").isEqualTo(flat);
    }
    assertThat(devicesWithIncludes).as("the generator exercises includes").isGreaterThan(SLICES);
  }

  @Test
  void gateOffDropsExactlyWhatReferencesMixins() {
    Random random = new Random(SEED + 1);
    for (int n = 0; n < SLICES; n++) {
      ResourceSlice slice = randomSlice(random);
      ResolvedSlice resolved = MixinResolver.resolve(slice, false);

      Set<String> droppedSets = new HashSet<>();
      List<String> visibleSets = new ArrayList<>();
      for (CounterSet cs : slice.spec().sharedCounters()) {
        if (cs.includes().isEmpty()) {
          visibleSets.add(cs.name());
        } else {
          droppedSets.add(cs.name());
        }
      }
      List<String> visibleDevices = new ArrayList<>();
      for (Device d : slice.spec().devices()) {
        boolean references = !d.includes().isEmpty() || d.consumesCounters().stream()
            .anyMatch(c -> !c.includes().isEmpty() || droppedSets.contains(c.counterSet()));
        if (!references) {
          visibleDevices.add(d.name());
        }
      }
      assertThat(resolved.devices()).extracting(ResolvedDevice::name).containsExactlyElementsOf(visibleDevices);
      assertThat(resolved.counterSets()).extracting(ResolvedCounters::counterSet).containsExactlyElementsOf(visibleSets);
      assertThat(resolved.droppedCounterSets()).isEqualTo(droppedSets);
      assertThat(resolved.dropped()).hasSize(slice.spec().devices().size() + slice.spec().sharedCounters().size()
          - visibleDevices.size() - visibleSets.size());
      for (ResolvedDevice d : resolved.devices()) {
        // Gate off: exactly the own entries.
        assertThat(collect(d)).isEqualTo(normalise(d.device().attributes()));
      }
    }
  }

  @Test
  void malformedSlicesNeverBlowUp() {
    Random random = new Random(SEED + 2);
    int withProblems = 0;
    for (int n = 0; n < SLICES; n++) {
      ResourceSlice slice = malformed(randomSlice(random), random);
      boolean undefinedOrDuplicate = hasUndefinedInclude(slice) || hasDuplicateMixin(slice);

      ResolvedSlice resolved = MixinResolver.resolve(slice, true);

      assertThat(resolved.devices()).hasSameSizeAs(slice.spec().devices());
      boolean fatal = resolved.problems().stream().anyMatch(p ->
          p.type() == io.github.dra4j.api.field.FieldError.Type.NOT_FOUND
              || p.type() == io.github.dra4j.api.field.FieldError.Type.DUPLICATE);
      assertThat(fatal).as("slice %d: %s", n, resolved.problems()).isEqualTo(undefinedOrDuplicate);
      withProblems += resolved.problems().isEmpty() ? 0 : 1;
      if (undefinedOrDuplicate) {
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> MixinFlattener.flatten(slice)))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ResourceSlice slice-1");
      } else {
        assertThat(MixinFlattener.flatten(slice).spec().mixins()).isNull();
      }
      // Every view still answers.
      for (ResolvedDevice d : resolved.devices()) {
        d.forEachAttribute((domain, id, v) -> assertThat(d.attribute(domain, id)).isEqualTo(v));
        d.forEachCapacity((domain, id, v) -> assertThat(d.capacity(domain, id)).isEqualTo(v));
      }
      assertThat(MixinResolver.resolve(slice, false).problems()).isEmpty();
    }
    assertThat(withProblems).as("the generator produces malformed slices").isGreaterThan(SLICES / 4);
  }

  /** Adds undefined include names and duplicate mixin names at random. */
  private static ResourceSlice malformed(ResourceSlice slice, Random r) {
    ResourceSliceMixins m = slice.spec().mixins();
    List<DeviceMixin> device = new ArrayList<>(m.device());
    if (!device.isEmpty() && r.nextInt(6) == 0) {
      device.add(new DeviceMixin(device.get(0).name(), Map.of(), Map.of()));
    }
    List<Device> devices = new ArrayList<>();
    for (Device d : slice.spec().devices()) {
      if (r.nextInt(8) == 0) {
        List<String> includes = new ArrayList<>(d.includes());
        includes.add(r.nextInt(includes.size() + 1), "undefined-" + r.nextInt(3));
        d = TestSlices.device(d.name(), d.attributes(), d.capacity(), includes, d.consumesCounters());
      }
      devices.add(d);
    }
    List<CounterSet> sets = new ArrayList<>();
    for (CounterSet cs : slice.spec().sharedCounters()) {
      if (r.nextInt(8) == 0) {
        List<String> includes = new ArrayList<>(cs.includes());
        includes.add("undefined");
        cs = new CounterSet(cs.name(), cs.counters(), includes);
      }
      sets.add(cs);
    }
    return TestSlices.slice(devices, sets, new ResourceSliceMixins(device, m.deviceCounterConsumption(), m.counterSet()));
  }

  private static boolean hasUndefinedInclude(ResourceSlice slice) {
    return slice.spec().devices().stream().anyMatch(d -> d.includes().stream().anyMatch(i -> i.startsWith("undefined")))
        || slice.spec().sharedCounters().stream().anyMatch(cs -> cs.includes().contains("undefined"));
  }

  private static boolean hasDuplicateMixin(ResourceSlice slice) {
    List<String> names = slice.spec().mixins().device().stream().map(DeviceMixin::name).toList();
    return new HashSet<>(names).size() != names.size();
  }

  private static Map<QualifiedName, DeviceAttribute> collect(ResolvedDevice d) {
    Map<QualifiedName, DeviceAttribute> m = new HashMap<>();
    d.forEachAttribute((domain, id, v) -> m.put(new QualifiedName(domain, id), v));
    return m;
  }

  private static void assertCounters(ResolvedCounters view, String counterSet, Map<String, Quantity> expected,
      String where) {
    assertThat(view.counterSet()).isEqualTo(counterSet);
    for (String name : COUNTER_PROBES) {
      assertThat(view.counter(name)).as("%s counter %s of %s", where, name, counterSet).isEqualTo(expected.get(name));
    }
    Map<String, Quantity> seen = new HashMap<>();
    view.forEachCounter((name, q) -> assertThat(seen.put(name, q)).as("%s %s once", where, name).isNull());
    assertThat(seen).as(where).isEqualTo(expected);
  }

  private static <M> Map<String, Quantity> merge(Map<String, Counter> own, List<String> includes, List<M> mixins,
      Function<M, String> name, Function<M, Map<String, Counter>> counters) {
    Map<String, Quantity> result = new HashMap<>();
    for (String include : includes) {
      M m = mixins.stream().filter(x -> name.apply(x).equals(include)).findFirst().orElseThrow();
      counters.apply(m).forEach((k, v) -> result.put(k, v.value()));
    }
    own.forEach((k, v) -> result.put(k, v.value()));
    return result;
  }

  /** Independent normalisation: qualified spellings first, so the unqualified spelling wins. */
  private static <V> Map<QualifiedName, V> normalise(Map<String, V> raw) {
    Map<QualifiedName, V> m = new HashMap<>();
    raw.forEach((k, v) -> {
      if (k.contains("/")) {
        m.put(QualifiedName.of(k, DRIVER), v);
      }
    });
    raw.forEach((k, v) -> {
      if (!k.contains("/")) {
        m.put(QualifiedName.of(k, DRIVER), v);
      }
    });
    return m;
  }

  /* --- generator --- */

  private static ResourceSlice randomSlice(Random r) {
    int deviceMixins = r.nextInt(5);
    List<DeviceMixin> device = new ArrayList<>();
    for (int i = 0; i < deviceMixins; i++) {
      device.add(new DeviceMixin("dm" + i, randomAttributes(r, r.nextInt(4) == 0 ? 0 : 4), randomCapacity(r, 3)));
    }
    int consumptionMixins = r.nextInt(4);
    List<DeviceCounterConsumptionMixin> consumption = new ArrayList<>();
    for (int i = 0; i < consumptionMixins; i++) {
      consumption.add(new DeviceCounterConsumptionMixin("cm" + i, randomCounters(r, r.nextInt(4) == 0 ? 0 : 3)));
    }
    int setMixins = r.nextInt(4);
    List<CounterSetMixin> counterSet = new ArrayList<>();
    for (int i = 0; i < setMixins; i++) {
      counterSet.add(new CounterSetMixin("sm" + i, randomCounters(r, r.nextInt(4) == 0 ? 0 : 3)));
    }
    List<CounterSet> sets = new ArrayList<>();
    int setCount = r.nextInt(4);
    for (int i = 0; i < setCount; i++) {
      sets.add(new CounterSet("cs-" + i, randomCounters(r, 3), randomIncludes(r, "sm", setMixins, 8)));
    }
    List<Device> devices = new ArrayList<>();
    int deviceCount = r.nextInt(7);
    for (int i = 0; i < deviceCount; i++) {
      List<DeviceCounterConsumption> consumes = new ArrayList<>();
      int c = r.nextInt(3);
      for (int j = 0; j < c; j++) {
        String target = setCount == 0 || r.nextInt(5) == 0 ? "elsewhere-" + j : "cs-" + r.nextInt(setCount);
        consumes.add(new DeviceCounterConsumption(target, randomCounters(r, 2),
            randomIncludes(r, "cm", consumptionMixins, 4)));
      }
      devices.add(TestSlices.device("device-" + i, randomAttributes(r, 3), randomCapacity(r, 2),
          randomIncludes(r, "dm", deviceMixins, 8), consumes));
    }
    return TestSlices.slice(devices, sets, new ResourceSliceMixins(device, consumption, counterSet));
  }

  /** Empty for about a third; otherwise up to {@code max} names, repeats allowed, in random order. */
  private static List<String> randomIncludes(Random r, String prefix, int defined, int max) {
    if (defined == 0 || r.nextInt(3) == 0) {
      return List.of();
    }
    int n = 1 + r.nextInt(max);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add(prefix + r.nextInt(defined));
    }
    return names;
  }

  private static Map<String, DeviceAttribute> randomAttributes(Random r, int max) {
    Map<String, DeviceAttribute> m = new LinkedHashMap<>();
    int n = max == 0 ? 0 : r.nextInt(max + 1);
    for (int i = 0; i < n; i++) {
      m.put(NAMES.get(r.nextInt(NAMES.size())), DeviceAttribute.ofInt(r.nextInt(1000)));
    }
    return m;
  }

  private static Map<String, DeviceCapacity> randomCapacity(Random r, int max) {
    Map<String, DeviceCapacity> m = new LinkedHashMap<>();
    int n = r.nextInt(max + 1);
    for (int i = 0; i < n; i++) {
      m.put(NAMES.get(r.nextInt(NAMES.size())), DeviceCapacity.of(Quantity.of(r.nextInt(1000))));
    }
    return m;
  }

  private static Map<String, Counter> randomCounters(Random r, int max) {
    Map<String, Counter> m = new LinkedHashMap<>();
    int n = max == 0 ? 0 : r.nextInt(max + 1);
    for (int i = 0; i < n; i++) {
      m.put(COUNTERS.get(r.nextInt(COUNTERS.size())), new Counter(Quantity.of(r.nextInt(1000))));
    }
    return m;
  }
}
