package io.github.dra4j.cel.conformance;

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
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.core.MixinFlattener;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/*
 * ResourceSlice mixins (KEP-5234) checked against the reference, which has none: every
 * differential scenario (the reference's own answers) is rewritten several times with its
 * devices' attributes and capacities, its counter sets' counters and its devices' counter
 * consumptions factored at random into mixins, and must still get the reference's answer with
 * DRAResourceSliceMixins on. Each entry lands in the object itself or in one of up to three
 * mixins the object includes, in random order; decoy values of the same name go where the rules
 * say they lose (into the includes before the winning one, or anywhere when the object's own
 * entry wins); an attribute name of the driver's domain is sometimes spelled qualified (capacity
 * names are matched as spelled, so they are not); an include is sometimes repeated before its
 * last position; mixins with the same content are shared. Every
 * factoring is seeded from the scenario name and its number, and a failure names both.
 */
final class MixinFactoringPropertyTest {
  private static final int FACTORINGS = 4;
  private static final String GATE = "DRAResourceSliceMixins";

  @TestFactory
  Stream<DynamicContainer> differentialScenariosFactoredIntoMixins_getTheReferenceAnswers() {
    List<Scenario> all = Scenarios.all(Scenarios.DIFFERENTIAL);
    assertThat(all).isNotEmpty();
    return all.stream().map(s -> DynamicContainer.dynamicContainer(s.name(), IntStream.range(0, FACTORINGS)
        .mapToObj(k -> seed(s, k))
        .map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> check(s, seed)))));
  }

  /** The seed of factoring k of a scenario: the same on every run. */
  static long seed(Scenario s, int k) {
    return s.name().hashCode() * 31L + k;
  }

  private static void check(Scenario original, long seed) {
    Scenario factored = factor(original, seed);
    String where = original.name() + ", mixin factoring seed " + seed;
    List<ResourceSlice> before = original.slices();
    List<ResourceSlice> after = factored.slices();
    assertThat(after).hasSameSizeAs(before);
    for (int i = 0; i < before.size(); i++) {
      assertThat(MixinFlattener.flatten(after.get(i))).as("%s: slice %s flattened", where, before.get(i).name())
          .isEqualTo(MixinFlattener.flatten(before.get(i)));
    }
    try {
      ConformanceTest.run(factored);
    } catch (AssertionError e) {
      throw new AssertionError(where + ": " + e.getMessage(), e);
    }
  }

  @Test
  void factoring_isReproducibleAndUsesMixins() {
    int withIncludes = 0;
    int devices = 0;
    for (Scenario s : Scenarios.all(Scenarios.DIFFERENTIAL)) {
      long seed = seed(s, 0);
      assertThat(factor(s, seed).objects()).as(s.name()).isEqualTo(factor(s, seed).objects());
      for (ResourceSlice slice : factor(s, seed).slices()) {
        for (Device d : slice.spec().devices()) {
          devices++;
          if (!d.includes().isEmpty()) {
            withIncludes++;
          }
        }
      }
    }
    assertThat(withIncludes).as("devices with includes of %s", devices).isGreaterThan(devices / 2);
  }

  /* --- the factoring --- */

  /** The scenario with every slice factored into mixins and the mixins gate on. */
  static Scenario factor(Scenario s, long seed) {
    Random random = new Random(seed);
    List<Object> objects = new ArrayList<>();
    for (Object o : s.objects()) {
      objects.add(o instanceof ResourceSlice ? new SliceFactoring(random, (ResourceSlice) o).slice() : o);
    }
    Map<String, Boolean> gates = new LinkedHashMap<>(s.featureGates());
    gates.put(GATE, true);
    return new Scenario(s.name(), s.node(), gates, objects, s.expect());
  }

  /** One slice's factoring: the mixins of each kind, shared by content. */
  private static final class SliceFactoring {
    private final Random random;
    private final ResourceSlice slice;
    private final Map<List<Map<String, ?>>, String> deviceMixinNames = new LinkedHashMap<>();
    private final List<DeviceMixin> deviceMixins = new ArrayList<>();
    private final Map<Map<String, Counter>, String> consumptionMixinNames = new LinkedHashMap<>();
    private final List<DeviceCounterConsumptionMixin> consumptionMixins = new ArrayList<>();
    private final Map<Map<String, Counter>, String> counterSetMixinNames = new LinkedHashMap<>();
    private final List<CounterSetMixin> counterSetMixins = new ArrayList<>();
    private int decoys;

    SliceFactoring(Random random, ResourceSlice slice) {
      this.random = random;
      this.slice = slice;
    }

    ResourceSlice slice() {
      List<Device> devices = new ArrayList<>();
      for (Device d : slice.spec().devices()) {
        devices.add(device(d));
      }
      List<CounterSet> sets = new ArrayList<>();
      for (CounterSet set : slice.spec().sharedCounters()) {
        Split<Counter> split = split(set.counters(), 3, false, i -> Counter.of(Integer.toString(1000 + i)));
        List<String> includes = includes(split.mixins, m -> name(counterSetMixinNames, m, "cs-mixin-",
            n -> counterSetMixins.add(new CounterSetMixin(n, m))));
        sets.add(new CounterSet(set.name(), split.own, includes));
      }
      boolean any = !deviceMixins.isEmpty() || !consumptionMixins.isEmpty() || !counterSetMixins.isEmpty();
      return new ResourceSlice(slice.metadata(), slice.spec().toBuilder()
          .devices(devices)
          .sharedCounters(sets)
          .mixins(any ? new ResourceSliceMixins(deviceMixins, consumptionMixins, counterSetMixins) : null)
          .build());
    }

    private Device device(Device d) {
      if (spellsANameTwice(d)) {
        return d; // which spelling wins is the rule of one map only: keep it in one map
      }
      int slots = random.nextInt(4);
      Split<DeviceAttribute> attributes = split(d.attributes(), slots, true,
          i -> new DeviceAttribute.OfString("decoy-" + i));
      // Capacity names are matched as spelled (as the reference does), so only attributes are respelled.
      Split<DeviceCapacity> capacity = split(d.capacity(), slots, false, i -> DeviceCapacity.of(Integer.toString(i)));
      List<List<Map<String, ?>>> slotContents = new ArrayList<>();
      for (int j = 0; j < slots; j++) {
        slotContents.add(List.of(attributes.mixins.get(j), capacity.mixins.get(j)));
      }
      List<String> includes = includes(slotContents, c -> name(deviceMixinNames, c, "device-mixin-",
          n -> deviceMixins.add(new DeviceMixin(n, cast(c.get(0)), cast(c.get(1))))));
      List<DeviceCounterConsumption> consumptions = new ArrayList<>();
      for (DeviceCounterConsumption c : d.consumesCounters()) {
        Split<Counter> split = split(c.counters(), 2, false, i -> Counter.of(Integer.toString(1000 + i)));
        List<String> consumptionIncludes = includes(split.mixins, m -> name(consumptionMixinNames, m,
            "consumption-mixin-", n -> consumptionMixins.add(new DeviceCounterConsumptionMixin(n, m))));
        consumptions.add(new DeviceCounterConsumption(c.counterSet(), split.own, consumptionIncludes));
      }
      return d.toBuilder().attributes(attributes.own).capacity(capacity.own).includes(includes)
          .consumesCounters(consumptions).build();
    }

    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> cast(Map<String, ?> m) {
      return (Map<String, V>) m;
    }

    private boolean spellsANameTwice(Device d) {
      Set<QualifiedName> seen = new HashSet<>();
      for (String key : d.attributes().keySet()) {
        if (!seen.add(QualifiedName.of(key, slice.spec().driver()))) {
          return true;
        }
      }
      seen.clear();
      for (String key : d.capacity().keySet()) {
        if (!seen.add(QualifiedName.of(key, slice.spec().driver()))) {
          return true;
        }
      }
      return false;
    }

    /** An object's entries spread over itself and its mixins (in include order). */
    private record Split<V>(Map<String, V> own, List<Map<String, V>> mixins) {}

    /**
     * Gives each entry to the object itself or to one of {@code slots} include positions, and
     * decoys of the same name to positions where they lose: earlier includes than the winner,
     * or any include when the object itself wins. Names of the driver's domain are sometimes
     * respelled qualified.
     */
    private <V> Split<V> split(Map<String, V> entries, int slots, boolean qualified, IntFunction<V> decoy) {
      Map<String, V> own = new LinkedHashMap<>();
      List<Map<String, V>> mixins = new ArrayList<>();
      for (int j = 0; j < slots; j++) {
        mixins.add(new LinkedHashMap<>());
      }
      for (Map.Entry<String, V> e : entries.entrySet()) {
        int winner = random.nextInt(slots + 1) - 1; // -1: the object itself
        (winner < 0 ? own : mixins.get(winner)).put(spelling(e.getKey(), qualified), e.getValue());
        int losers = winner < 0 ? slots : winner;
        for (int j = 0; j < losers; j++) {
          if (random.nextInt(3) == 0) {
            mixins.get(j).put(spelling(e.getKey(), qualified), decoy.apply(decoys++));
          }
        }
      }
      return new Split<>(own, mixins);
    }

    /** The name as written, or (one time in four) qualified with the driver when it is of its domain. */
    private String spelling(String key, boolean qualified) {
      if (!qualified || random.nextInt(4) != 0) {
        return key;
      }
      String driver = slice.spec().driver();
      if (key.indexOf('/') < 0) {
        return driver + "/" + key;
      }
      return key.startsWith(driver + "/") ? key.substring(driver.length() + 1) : key;
    }

    /**
     * The include list for the slots' contents in order, without empty ones, and sometimes with
     * an include repeated before its last position (only the last position counts).
     */
    private <C> List<String> includes(List<C> slots, Function<C, String> nameOf) {
      List<String> includes = new ArrayList<>();
      for (C content : slots) {
        if (!isEmpty(content)) {
          includes.add(nameOf.apply(content));
        }
      }
      if (!includes.isEmpty() && random.nextInt(4) == 0) {
        int last = random.nextInt(includes.size());
        includes.add(random.nextInt(last + 1), includes.get(last));
      }
      return includes;
    }

    private static boolean isEmpty(Object content) {
      if (content instanceof Map<?, ?> m) {
        return m.isEmpty();
      }
      for (Object part : (List<?>) content) {
        if (!((Map<?, ?>) part).isEmpty()) {
          return false;
        }
      }
      return true;
    }

    /** The name of the mixin with this content; a new one is made (and added) the first time. */
    private static <C> String name(Map<C, String> names, C content, String prefix,
        Consumer<String> add) {
      String existing = names.get(content);
      if (existing != null) {
        return existing;
      }
      String n = prefix + names.size();
      names.put(content, n);
      add.accept(n);
      return n;
    }
  }
}
