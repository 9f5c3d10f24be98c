package io.github.dra4j.core.internal.mixin;

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
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class MixinProblemsTest {

  private static final List<CounterSetMixin> NO_CS = List.of();
  private static final List<DeviceCounterConsumptionMixin> NO_CONSUMPTION = List.of();

  static Stream<Arguments> problems() {
    DeviceMixin gpu = deviceMixin("gpu", attrs("model", "a100"), Map.of());
    return Stream.of(
        Arguments.of(named("device include names an undefined mixin", slice(
            List.of(device("device-0", List.of()), device("device-1", List.of()),
                device("device-2", List.of("missing-attrs", "gpu"))),
            List.of(), mixins(List.of(gpu), NO_CONSUMPTION, NO_CS))),
            List.of("spec.devices[2].includes[0]: Not found: \"missing-attrs\": device \"device-2\": "
                + "no device mixin with this name in spec.mixins.device of the same ResourceSlice")),
        Arguments.of(named("device include without any spec.mixins", slice(
            List.of(device("device-0", List.of("gpu"))), List.of(), null)),
            List.of("spec.devices[0].includes[0]: Not found: \"gpu\": device \"device-0\": "
                + "no device mixin with this name in spec.mixins.device of the same ResourceSlice")),
        Arguments.of(named("device include names a mixin of another kind", slice(
            List.of(device("device-0", List.of("part"))), List.of(),
            mixins(List.of(), List.of(new DeviceCounterConsumptionMixin("part", counters("m", "1"))), NO_CS))),
            List.of("spec.devices[0].includes[0]: Not found: \"part\": device \"device-0\": "
                + "no device mixin with this name in spec.mixins.device of the same ResourceSlice")),
        Arguments.of(named("counter set include names an undefined mixin", slice(
            List.of(), List.of(counterSet("cs-0", Map.of()), counterSet("cs-1", Map.of(), "gpu-40g", "missing")),
            mixins(List.of(), NO_CONSUMPTION, List.of(new CounterSetMixin("gpu-40g", counters("memory", "40Gi")))))),
            List.of("spec.sharedCounters[1].includes[1]: Not found: \"missing\": counter set \"cs-1\": "
                + "no counter set mixin with this name in spec.mixins.counterSet of the same ResourceSlice")),
        Arguments.of(named("consumption include names an undefined mixin", slice(
            List.of(consumer("device-0", consumes("cs-0", Map.of(), "part", "missing-consumption"))), List.of(),
            mixins(List.of(), List.of(new DeviceCounterConsumptionMixin("part", counters("m", "1"))), NO_CS))),
            List.of("spec.devices[0].consumesCounters[0].includes[1]: Not found: \"missing-consumption\": "
                + "device \"device-0\", counter set \"cs-0\": no counter consumption mixin with this name in spec.mixins.deviceCounterConsumption "
                + "of the same ResourceSlice")),
        Arguments.of(named("duplicate device mixin names", slice(
            List.of(device("device-0", List.of("gpu"))), List.of(),
            mixins(List.of(deviceMixin("a", Map.of(), Map.of()), deviceMixin("b", Map.of(), Map.of()),
                deviceMixin("c", Map.of(), Map.of()), deviceMixin("b", Map.of(), Map.of()), gpu),
                NO_CONSUMPTION, NO_CS))),
            List.of("spec.mixins.device[3].name: Duplicate value: \"b\"")),
        Arguments.of(named("duplicate consumption mixin names", slice(List.of(), List.of(),
            mixins(List.of(), List.of(new DeviceCounterConsumptionMixin("p", Map.of()),
                new DeviceCounterConsumptionMixin("p", Map.of())), NO_CS))),
            List.of("spec.mixins.deviceCounterConsumption[1].name: Duplicate value: \"p\"")),
        Arguments.of(named("duplicate counter set mixin names", slice(List.of(), List.of(),
            mixins(List.of(), NO_CONSUMPTION, List.of(new CounterSetMixin("c", Map.of()),
                new CounterSetMixin("c", Map.of()))))),
            List.of("spec.mixins.counterSet[1].name: Duplicate value: \"c\"")),
        Arguments.of(named("nine device includes", slice(
            List.of(device("device-0", IntStream.range(0, 9).mapToObj(i -> "gpu").toList())), List.of(),
            mixins(List.of(gpu), NO_CONSUMPTION, NO_CS))),
            List.of("spec.devices[0].includes: Too many: 9: device \"device-0\": must have at most 8 items")),
        Arguments.of(named("nine counter set includes", slice(
            List.of(), List.of(counterSet("cs-0", Map.of(), "c", "c", "c", "c", "c", "c", "c", "c", "c")),
            mixins(List.of(), NO_CONSUMPTION, List.of(new CounterSetMixin("c", counters("m", "1")))))),
            List.of("spec.sharedCounters[0].includes: Too many: 9: counter set \"cs-0\": must have at most 8 items")),
        Arguments.of(named("five consumption includes", slice(
            List.of(consumer("device-0", consumes("cs-0", Map.of()), consumes("cs-1", Map.of(), "p", "p", "p", "p", "p"))),
            List.of(), mixins(List.of(), List.of(new DeviceCounterConsumptionMixin("p", counters("m", "1"))), NO_CS))),
            List.of("spec.devices[0].consumesCounters[1].includes: Too many: 5: "
                + "device \"device-0\", counter set \"cs-1\": must have at most 4 items")),
        Arguments.of(named("33 attributes and capacities after resolution", slice(
            List.of(device("device-0", List.of()),
                device("device-1", numbered("own", 10), caps("memory", "40Gi"), List.of("many"), List.of())),
            List.of(), mixins(List.of(deviceMixin("many", numbered("m", 20), caps("cores", "108", "slots", "4"))),
                NO_CONSUMPTION, NO_CS))),
            List.of("spec.devices[1]: Too many: 33: device \"device-1\": must have at most 32 attributes and capacities "
                + "with the included mixins applied")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("problems")
  void problems_makeThePoolInvalid(ResourceSlice slice, List<String> expected) {
    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.problems()).extracting(FieldError::toString).containsExactlyElementsOf(expected);
    // Resolution still completes: every device and counter set has a view.
    assertThat(resolved.devices()).hasSameSizeAs(slice.spec().devices());
    assertThat(resolved.counterSets()).hasSameSizeAs(slice.spec().sharedCounters());
  }

  @Test
  void limits_exactlyAtTheLimitsIsFine() {
    List<DeviceMixin> eight = IntStream.rangeClosed(1, 8)
        .mapToObj(i -> deviceMixin("l" + i, attrs("level", "" + i, "from" + i, "x"), Map.of())).toList();
    ResourceSlice slice = slice(
        List.of(device("device-0", eight.stream().map(DeviceMixin::name).toList()),
            consumer("device-1", consumes("cs-0", Map.of(), "p", "p", "p", "p"))),
        List.of(counterSet("cs-0", Map.of(), "c", "c", "c", "c", "c", "c", "c", "c")),
        mixins(eight, List.of(new DeviceCounterConsumptionMixin("p", counters("m", "1"))),
            List.of(new CounterSetMixin("c", counters("m", "1")))));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.problems()).isEmpty();
    assertThat(resolved.devices().get(0).attribute(TestSlices.DRIVER, "level"))
        .isEqualTo(DeviceAttribute.ofString("8"));
  }

  @Test
  void limit_overlappingNamesCountOnce() {
    // mixins-limit-flattened-overlap-exactly-32: a01..a20 own, a13..a32 from the mixin -> 32.
    Map<String, DeviceAttribute> own = new LinkedHashMap<>();
    IntStream.rangeClosed(1, 20).forEach(i -> own.put(String.format("a%02d", i), DeviceAttribute.ofString("device")));
    Map<String, DeviceAttribute> wide = new LinkedHashMap<>();
    IntStream.rangeClosed(13, 32).forEach(i -> wide.put(String.format("a%02d", i), DeviceAttribute.ofString("mixin")));
    ResourceSlice slice = slice(List.of(device("device-1", own, Map.of(), List.of("wide"), List.of())), List.of(),
        mixins(List.of(deviceMixin("wide", wide, Map.of())), NO_CONSUMPTION, NO_CS));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.problems()).isEmpty();
    ResolvedDevice d = resolved.devices().get(0);
    assertThat(d.attribute(TestSlices.DRIVER, "a13")).isEqualTo(DeviceAttribute.ofString("device"));
    assertThat(d.attribute(TestSlices.DRIVER, "a32")).isEqualTo(DeviceAttribute.ofString("mixin"));
    List<String> names = new ArrayList<>();
    d.forEachAttribute((domain, id, v) -> names.add(id));
    assertThat(names).hasSize(32).doesNotHaveDuplicates();
  }

  @Test
  void limit_deviceWithoutIncludesIsLeftToApiValidation() {
    ResourceSlice slice = slice(List.of(device("device-0", numbered("a", 40), Map.of(), List.of(), List.of())),
        List.of(), null);

    assertThat(MixinResolver.resolve(slice, true).problems()).isEmpty();
  }

  @Test
  void limit_capacitiesCountWithAttributesAndDomainsAreDistinct() {
    // "model" (driver-a) and "example.com/model" are two names; 16 + 16 + 1 = 33.
    Map<String, DeviceAttribute> own = numbered("x", 16);
    ResourceSlice slice = slice(List.of(device("device-0", own, caps("c", "1"), List.of("m"), List.of())), List.of(),
        mixins(List.of(deviceMixin("m", numbered("example.com/x", 16), Map.of())), NO_CONSUMPTION, NO_CS));

    assertThat(MixinResolver.resolve(slice, true).problems()).extracting(FieldError::toString)
        .containsExactly("spec.devices[0]: Too many: 33: device \"device-0\": must have at most 32 attributes and capacities "
            + "with the included mixins applied");
  }

  @Test
  void problems_allReportedNotJustTheFirst() {
    ResourceSlice slice = slice(
        List.of(device("device-0", List.of("a", "b")), consumer("device-1", consumes("cs-0", Map.of(), "c"))),
        List.of(counterSet("cs-0", Map.of(), "d")), null);

    assertThat(MixinResolver.resolve(slice, true).problems()).extracting(e -> e.field().toString())
        .containsExactlyInAnyOrder("spec.devices[0].includes[0]", "spec.devices[0].includes[1]",
            "spec.devices[1].consumesCounters[0].includes[0]", "spec.sharedCounters[0].includes[0]");
  }

  @Test
  void problems_undefinedIncludeStillResolvesTheOthers() {
    ResourceSlice slice = slice(List.of(device("device-0", List.of("gpu", "missing"))), List.of(),
        mixins(List.of(deviceMixin("gpu", attrs("model", "a100"), caps("memory", "40Gi"))), NO_CONSUMPTION, NO_CS));

    ResolvedDevice d = MixinResolver.resolve(slice, true).devices().get(0);

    assertThat(d.attribute(TestSlices.DRIVER, "model")).isEqualTo(DeviceAttribute.ofString("a100"));
    assertThat(d.capacity(TestSlices.DRIVER, "memory")).isEqualTo(DeviceCapacity.of("40Gi"));
  }

  @Test
  void malformed_hugeIncludeListsResolveCorrectly() {
    List<DeviceMixin> defined = IntStream.range(0, 100)
        .mapToObj(i -> deviceMixin("m" + i, numbered("a", 30), caps("c", "" + i))).toList();
    List<String> includes = IntStream.range(0, 20_000).mapToObj(i -> "m" + (i % 100)).toList();
    ResourceSlice slice = slice(List.of(device("device-0", includes)), List.of(),
        mixins(defined, NO_CONSUMPTION, NO_CS));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);

    assertThat(resolved.problems()).extracting(FieldError::toString).containsExactly(
        "spec.devices[0].includes: Too many: 20000: device \"device-0\": must have at most 8 items");
    ResolvedDevice d = resolved.devices().get(0);
    // The last include is m99: it wins.
    assertThat(d.capacity(TestSlices.DRIVER, "c")).isEqualTo(DeviceCapacity.of("99"));
    int[] n = {0};
    d.forEachAttribute((domain, id, v) -> n[0]++);
    assertThat(n[0]).isEqualTo(30);
  }

  private static Map<String, DeviceAttribute> numbered(String prefix, int n) {
    return IntStream.rangeClosed(1, n).boxed().collect(Collectors.toMap(
        i -> String.format("%s%02d", prefix, i), i -> DeviceAttribute.ofString("v"), (a, b) -> a, LinkedHashMap::new));
  }
}
