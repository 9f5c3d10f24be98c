package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

final class MixinFlattenerTest {
  private static final String NVIDIA = "gpu.nvidia.com";
  private static final List<String> UUIDS = List.of("GPU-4cf8db2d-06c0-7d70-1a51-e59b25b2c16c",
      "GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c", "GPU-79a2ba02-a537-ccbf-2965-8e9d90c0bd54",
      "GPU-662077db-fa3f-0d8f-9502-21ab0ef058a2");

  /* --- the 4×A100 example (scenario mixins-a100-four-gpus) --- */

  @Test
  void flatten_a100DeviceSlice_inlinesEveryIncludedEntry() {
    ResourceSlice flat = MixinFlattener.flatten(a100Devices());

    assertThat(flat.spec().mixins()).isNull();
    assertThat(flat.metadata()).isEqualTo(a100Devices().metadata());
    List<Device> expected = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
      attributes.put("cudaDriverVersion", DeviceAttribute.ofVersion("12.6.0"));
      attributes.put("driverVersion", DeviceAttribute.ofVersion("560.35.3"));
      attributes.put("type", DeviceAttribute.ofString("gpu"));
      attributes.put("architecture", DeviceAttribute.ofString("Ampere"));
      attributes.put("brand", DeviceAttribute.ofString("Nvidia"));
      attributes.put("productName", DeviceAttribute.ofString("NVIDIA A100-SXM4-40GB"));
      attributes.put("cudaComputeCapability", DeviceAttribute.ofVersion("8.0.0"));
      attributes.put("index", DeviceAttribute.ofInt(i));
      attributes.put("minor", DeviceAttribute.ofInt(i));
      attributes.put("uuid", DeviceAttribute.ofString(UUIDS.get(i)));
      expected.add(device("gpu-" + i, attributes, Map.of("memory", DeviceCapacity.of("40Gi")), List.of(),
          List.of(new DeviceCounterConsumption("gpu-" + i + "-pool", Map.of("memory", Counter.of("40Gi")), List.of()))));
    }
    assertThat(flat.spec().devices()).isEqualTo(expected);
  }

  @Test
  void flatten_a100CounterSlice_inlinesEveryCounterSet() {
    ResourceSlice flat = MixinFlattener.flatten(a100Counters());

    assertThat(flat.spec().sharedCounters()).isEqualTo(IntStream.range(0, 4)
        .mapToObj(i -> new CounterSet("gpu-" + i + "-pool", Map.of("memory", Counter.of("40Gi")), List.of()))
        .toList());
    assertThat(flat.spec().mixins()).isNull();
  }

  @Test
  void views_seeWhatTheFlattenedDevicesHold_withoutFlattening() {
    ResourceSlice slice = a100Devices();
    List<DeviceView> views = MixinFlattener.views(slice);
    List<Device> flat = MixinFlattener.flatten(slice).spec().devices();

    assertThat(views).hasSize(flat.size());
    for (int i = 0; i < views.size(); i++) {
      Map<String, DeviceAttribute> seen = new LinkedHashMap<>();
      views.get(i).forEachAttribute((domain, id, v) -> seen.put(domain.equals(NVIDIA) ? id : domain + "/" + id, v));
      assertThat(views.get(i).name()).isEqualTo(flat.get(i).name());
      assertThat(seen).isEqualTo(flat.get(i).attributes());
      assertThat(views.get(i).capacity(NVIDIA, "memory")).isEqualTo(DeviceCapacity.of("40Gi"));
    }
  }

  @Test
  void views_ofASliceWithAnUndefinedInclude_fail() {
    ResourceSlice slice = slice(List.of(device("d", Map.of(), Map.of(), List.of("nope"), List.of())), List.of(),
        new ResourceSliceMixins(List.of(), List.of(), List.of()));

    assertThatThrownBy(() -> MixinFlattener.views(slice)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot resolve mixins").hasMessageContaining("nope");
  }

  /* --- precedence as seen in the flattened form --- */

  @Test
  void flatten_ownEntriesWinThenLaterIncludes() {
    ResourceSlice slice = slice(
        List.of(device("d", Map.of("model", DeviceAttribute.ofString("own")), Map.of(), List.of("m1", "m2"),
            List.of(new DeviceCounterConsumption("cs", Map.of("a", Counter.of("1")), List.of("c1", "c2"))))),
        List.of(new CounterSet("cs", Map.of("a", Counter.of("10")), List.of("s1", "s2"))),
        new ResourceSliceMixins(
            List.of(new DeviceMixin("m1", Map.of("model", DeviceAttribute.ofString("m1"),
                    "example.com/x", DeviceAttribute.ofString("m1")), Map.of("mem", DeviceCapacity.of("1"))),
                new DeviceMixin("m2", Map.of("example.com/x", DeviceAttribute.ofString("m2")),
                    Map.of("mem", DeviceCapacity.of("2")))),
            List.of(new DeviceCounterConsumptionMixin("c1", Map.of("a", Counter.of("5"), "b", Counter.of("5"))),
                new DeviceCounterConsumptionMixin("c2", Map.of("b", Counter.of("6")))),
            List.of(new CounterSetMixin("s1", Map.of("a", Counter.of("50"), "b", Counter.of("50"))),
                new CounterSetMixin("s2", Map.of("b", Counter.of("60"))))));

    ResourceSlice flat = MixinFlattener.flatten(slice);

    Device d = flat.spec().devices().get(0);
    assertThat(d.attributes()).containsOnly(Map.entry("model", DeviceAttribute.ofString("own")),
        Map.entry("example.com/x", DeviceAttribute.ofString("m2")));
    assertThat(d.capacity()).containsOnly(Map.entry("mem", DeviceCapacity.of("2")));
    assertThat(d.includes()).isEmpty();
    assertThat(d.consumesCounters()).containsExactly(new DeviceCounterConsumption("cs",
        Map.of("a", Counter.of("1"), "b", Counter.of("6")), List.of()));
    assertThat(flat.spec().sharedCounters()).containsExactly(new CounterSet("cs",
        Map.of("a", Counter.of("10"), "b", Counter.of("60")), List.of()));
  }

  @Test
  void flatten_copiesEverythingElseUnchanged() {
    Device own = new Device("d", Map.of(), Map.of(), List.of(), List.of("m"), null, null, true,
        List.of(new DeviceTaint("k", "v", "NoSchedule", null)), List.of("ready"), List.of("failed"), true, true);
    ResourceSlice slice = new ResourceSlice(ObjectMeta.named("s"), new ResourceSliceSpec(NVIDIA,
        ResourcePool.of("p", 3, 2), null, null, false, true, List.of(own), List.of(),
        new ResourceSliceMixins(List.of(new DeviceMixin("m", Map.of("a", DeviceAttribute.ofBool(true)), Map.of())),
            List.of(), List.of())));

    ResourceSlice flat = MixinFlattener.flatten(slice);

    assertThat(flat.spec()).usingRecursiveComparison().ignoringFields("devices", "mixins").isEqualTo(slice.spec());
    assertThat(flat.spec().devices().get(0)).usingRecursiveComparison().ignoringFields("attributes", "includes")
        .isEqualTo(own);
    assertThat(flat.spec().devices().get(0).attributes()).containsOnly(Map.entry("a", DeviceAttribute.ofBool(true)));
  }

  @Test
  void flatten_sliceWithoutMixinsIsUnchanged() {
    ResourceSlice slice = slice(List.of(device("d", Map.of("model", DeviceAttribute.ofString("x"),
        "example.com/y", DeviceAttribute.ofInt(3)), Map.of("memory", DeviceCapacity.of("1Gi")), List.of(),
        List.of(new DeviceCounterConsumption("cs", Map.of("m", Counter.of("1")), List.of())))), List.of(), null);

    assertThat(MixinFlattener.flatten(slice)).isEqualTo(slice);
  }

  @Test
  void flatten_writesNamesInCanonicalForm() {
    ResourceSlice slice = slice(List.of(device("d", Map.of(NVIDIA + "/model", DeviceAttribute.ofString("x")),
        Map.of(), List.of(), List.of())), List.of(), null);

    assertThat(MixinFlattener.flatten(slice).spec().devices().get(0).attributes())
        .containsOnlyKeys("model");
  }

  @Test
  void flatten_doesNotModifyTheInput() {
    ResourceSlice slice = a100Devices();
    String before = slice.toString();

    var unused = MixinFlattener.flatten(slice);

    assertThat(slice.toString()).isEqualTo(before);
    assertThat(slice).isEqualTo(a100Devices());
  }

  /* --- what cannot be flattened --- */

  @Test
  void flatten_undefinedIncludeIsAnError() {
    ResourceSlice slice = slice(List.of(device("d", Map.of(), Map.of(), List.of("missing-attrs"), List.of())),
        List.of(), null);

    assertThatThrownBy(() -> MixinFlattener.flatten(slice))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ResourceSlice slice-1")
        .hasMessageContaining("spec.devices[0].includes[0]: Not found: \"missing-attrs\"");
  }

  @Test
  void flatten_duplicateMixinNameIsAnError() {
    ResourceSlice slice = slice(List.of(), List.of(), new ResourceSliceMixins(List.of(),
        List.of(), List.of(new CounterSetMixin("c", Map.of()), new CounterSetMixin("c", Map.of()))));

    assertThatThrownBy(() -> MixinFlattener.flatten(slice))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("spec.mixins.counterSet[1].name: Duplicate value: \"c\"");
  }

  @Test
  void flatten_overTheLimitIsFlattenedAsIs() {
    Map<String, DeviceAttribute> many = new LinkedHashMap<>();
    IntStream.range(0, 33).forEach(i -> many.put("m" + i, DeviceAttribute.ofInt(i)));
    ResourceSlice slice = slice(List.of(device("d", Map.of(), Map.of(), List.of("many"), List.of())), List.of(),
        new ResourceSliceMixins(List.of(new DeviceMixin("many", many, Map.of())), List.of(), List.of()));

    assertThat(MixinFlattener.flatten(slice).spec().devices().get(0).attributes()).isEqualTo(many);
  }

  /* --- helpers --- */

  static ResourceSlice a100Devices() {
    ResourceSliceMixins mixins = new ResourceSliceMixins(
        List.of(new DeviceMixin("system-attributes", Map.of(
                "cudaDriverVersion", DeviceAttribute.ofVersion("12.6.0"),
                "driverVersion", DeviceAttribute.ofVersion("560.35.3")), Map.of()),
            new DeviceMixin("common-gpu-attributes", Map.of(
                "type", DeviceAttribute.ofString("gpu"),
                "architecture", DeviceAttribute.ofString("Ampere"),
                "brand", DeviceAttribute.ofString("Nvidia"),
                "productName", DeviceAttribute.ofString("NVIDIA A100-SXM4-40GB"),
                "cudaComputeCapability", DeviceAttribute.ofVersion("8.0.0")), Map.of()),
            new DeviceMixin("common-gpu-capacities", Map.of(), Map.of("memory", DeviceCapacity.of("40Gi")))),
        List.of(new DeviceCounterConsumptionMixin("common-gpu-consumption", Map.of("memory", Counter.of("40Gi")))),
        List.of());
    List<Device> devices = IntStream.range(0, 4).mapToObj(i -> device("gpu-" + i,
        Map.of("index", DeviceAttribute.ofInt(i), "minor", DeviceAttribute.ofInt(i),
            "uuid", DeviceAttribute.ofString(UUIDS.get(i))), Map.of(),
        List.of("system-attributes", "common-gpu-attributes", "common-gpu-capacities"),
        List.of(new DeviceCounterConsumption("gpu-" + i + "-pool", Map.of(), List.of("common-gpu-consumption")))))
        .toList();
    return new ResourceSlice(ObjectMeta.named("node-1-gpus"), new ResourceSliceSpec(NVIDIA,
        ResourcePool.of("node-1-gpus", 1, 2), "node-1", null, false, false, devices, List.of(), mixins));
  }

  /** Capacity requests match names as written, so flattening keeps each capacity's spelling. */
  @Test
  void flatten_keepsCapacitySpellingAndCanonicalisesAttributes() {
    ResourceSlice slice = slice(
        List.of(device("d", Map.of(NVIDIA + "/model", DeviceAttribute.ofString("a100")),
            Map.of(NVIDIA + "/memory", DeviceCapacity.of("40Gi")), List.of("m"), List.of())),
        List.of(),
        new ResourceSliceMixins(List.of(new DeviceMixin("m", Map.of(),
            Map.of("cores", DeviceCapacity.of("108"), "example.com/links", DeviceCapacity.of("12")))),
            List.of(), List.of()));

    Device d = MixinFlattener.flatten(slice).spec().devices().get(0);

    assertThat(d.attributes()).containsOnlyKeys("model");
    assertThat(d.capacity()).containsOnlyKeys(NVIDIA + "/memory", "cores", "example.com/links");
  }

  static ResourceSlice a100Counters() {
    return new ResourceSlice(ObjectMeta.named("node-1-gpu-counters"), new ResourceSliceSpec(NVIDIA,
        ResourcePool.of("node-1-gpus", 1, 2), "node-1", null, false, false, List.of(),
        IntStream.range(0, 4).mapToObj(i -> new CounterSet("gpu-" + i + "-pool", Map.of(), List.of("gpu-pool-mixin")))
            .toList(),
        new ResourceSliceMixins(List.of(), List.of(),
            List.of(new CounterSetMixin("gpu-pool-mixin", Map.of("memory", Counter.of("40Gi")))))));
  }

  private static ResourceSlice slice(List<Device> devices, List<CounterSet> sets, @Nullable ResourceSliceMixins m) {
    return new ResourceSlice(ObjectMeta.named("slice-1"), new ResourceSliceSpec(NVIDIA,
        ResourcePool.of("pool-1", 1, 1), "node-1", null, false, false, devices, sets, m));
  }

  private static Device device(String name, Map<String, DeviceAttribute> attributes,
      Map<String, DeviceCapacity> capacity, List<String> includes, List<DeviceCounterConsumption> consumes) {
    return new Device(name, attributes, capacity, consumes, includes, null, null, false, List.of(), List.of(),
        List.of(), false, false);
  }
}
