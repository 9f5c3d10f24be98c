package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.MixinFlattener;
import io.github.dra4j.core.SelectorEvaluationException;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Evaluates every expression of the selector table on random devices twice: through the lazy
 * mixin views and on the flattened slice. Values and errors must be identical.
 */
final class CelDifferentialTest {

  private static final String DRIVER = CelSelectorTableTest.D;
  private static final String[] ATTRIBUTE_IDS = {
    "bool", "int", "string", "version", "services", "bools", "ints", "sorted", "strings", "versions", "name",
    "other.example.com/name", "dra.example.com/int"
  };
  private static final String[] CAPACITY_IDS = {"memory", "cores", "fraction", "other.example.com/slots", "dra.example.com/cores"};

  @Test
  void mixinViewAndFlattenedSliceAgree() {
    List<CompiledSelector> selectors = new ArrayList<>();
    for (var c : CelSelectorTableTest.cases()) {
      CelSelectorTableTest.Case tc = c.getPayload();
      if (tc.compiler() != CelSelectorTableTest.STORED || !tc.expression().contains("device")) {
        continue;
      }
      CompiledSelector s = tc.compiler().compile(tc.expression(), Features.all());
      if (s.compileError() == null) {
        selectors.add(s);
      }
    }
    assertThat(selectors).hasSizeGreaterThan(80);
    Random random = new Random(20261122);
    int devices = 0;
    int matches = 0;
    int errors = 0;
    for (int round = 0; round < 60; round++) {
      ResourceSlice slice = randomSlice(random);
      ResolvedSlice lazy = MixinResolver.resolve(slice, true);
      if (!lazy.problems().isEmpty()) {
        continue;
      }
      ResolvedSlice flat = MixinResolver.resolve(MixinFlattener.flatten(slice), true);
      assertThat(flat.devices()).hasSameSizeAs(lazy.devices());
      for (int d = 0; d < lazy.devices().size(); d++) {
        devices++;
        for (CompiledSelector s : selectors) {
          String viaMixins = outcome(s, lazy.devices().get(d));
          String viaFlattened = outcome(s, flat.devices().get(d));
          assertThat(viaMixins).as("%s on %s", s.expression(), slice.spec().devices().get(d)).isEqualTo(viaFlattened);
          matches += viaMixins.equals("true") ? 1 : 0;
          errors += viaMixins.startsWith("error") ? 1 : 0;
        }
      }
    }
    // The random devices exercise both outcomes and errors, not just one of them.
    assertThat(devices).isGreaterThan(50);
    assertThat(matches).isGreaterThan(100);
    assertThat(errors).isGreaterThan(100);
  }

  private static String outcome(CompiledSelector s, DeviceView device) {
    try {
      return String.valueOf(s.matches(device));
    } catch (SelectorEvaluationException e) {
      return "error: " + e.getMessage();
    }
  }

  static ResourceSlice randomSlice(Random r) {
    List<DeviceMixin> mixins = new ArrayList<>();
    int mixinCount = r.nextInt(4);
    for (int i = 0; i < mixinCount; i++) {
      mixins.add(new DeviceMixin("m" + i, randomAttributes(r), randomCapacity(r)));
    }
    List<Device> devices = new ArrayList<>();
    int deviceCount = 1 + r.nextInt(4);
    for (int i = 0; i < deviceCount; i++) {
      List<String> includes = new ArrayList<>();
      for (int k = r.nextInt(3); mixinCount > 0 && k > 0; k--) {
        includes.add("m" + r.nextInt(mixinCount));
      }
      devices.add(new Device("device-" + i, randomAttributes(r), randomCapacity(r), List.of(), includes, null, null,
          false, List.of(), List.of(), List.of(), false, r.nextBoolean()));
    }
    return new ResourceSlice(ObjectMeta.named("slice"), new ResourceSliceSpec(DRIVER, ResourcePool.of("pool", 1, 1),
        "node", null, false, false, devices, List.of(), new ResourceSliceMixins(mixins, List.of(), List.of())));
  }

  private static Map<String, DeviceAttribute> randomAttributes(Random r) {
    Map<String, DeviceAttribute> m = new HashMap<>();
    for (int k = r.nextInt(6); k > 0; k--) {
      m.put(ATTRIBUTE_IDS[r.nextInt(ATTRIBUTE_IDS.length)], randomValue(r));
    }
    return m;
  }

  private static DeviceAttribute randomValue(Random r) {
    switch (r.nextInt(8)) {
      case 0: return DeviceAttribute.ofBool(r.nextBoolean());
      case 1: return DeviceAttribute.ofInt(r.nextInt(5) - 1);
      case 2: return DeviceAttribute.ofString(r.nextBoolean() ? "fish" : "some_example_value");
      case 3: return DeviceAttribute.ofVersion(r.nextInt(3) + "." + r.nextInt(2) + ".0");
      case 4: return DeviceAttribute.ofBools(List.of(r.nextBoolean(), true));
      case 5: return DeviceAttribute.ofInts(List.of((long) r.nextInt(4), 2L, (long) r.nextInt(4)));
      case 6: return DeviceAttribute.ofStrings(List.of("fish", r.nextBoolean() ? "bird" : "cat"));
      default: return DeviceAttribute.ofVersions(List.of("1.0.0", r.nextInt(3) + ".0.0"));
    }
  }

  private static Map<String, DeviceCapacity> randomCapacity(Random r) {
    Map<String, DeviceCapacity> m = new HashMap<>();
    String[] values = {"1Mi", "8", "1500m", "4", "0", "2Gi"};
    for (int k = r.nextInt(4); k > 0; k--) {
      m.put(CAPACITY_IDS[r.nextInt(CAPACITY_IDS.length)], DeviceCapacity.of(values[r.nextInt(values.length)]));
    }
    return m;
  }
}
