package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.QualifiedName;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import io.github.dra4j.core.internal.mixin.ResolvedDevice;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every conformance scenario whose slices use mixins: the flattener round-trips each slice
 * (lazy views equal the flattened slice's, flattening is idempotent, the flattened slice
 * survives the codec), and the mixin problems are exactly where the scenario says the pool is
 * invalid.
 */
final class MixinScenarioFixturesTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String GATE = "DRAResourceSliceMixins";
  /** Scenarios whose expectation relies on a mixin problem making a pool invalid. */
  private static final Set<String> INVALID = Set.of(
      "mixins-invalid-consumption-include-undefined-other-pool",
      "mixins-invalid-counter-set-include-undefined-error",
      "mixins-invalid-device-include-undefined-error",
      "mixins-invalid-device-include-undefined-other-pool",
      "mixins-limit-flattened-33-error");

  @TestFactory
  Stream<DynamicTest> mixinScenarios_flattenToTheSameViews_andHaveProblemsExactlyWhereExpected() {
    List<Scenario> withMixins = Scenarios.all().stream().filter(s -> s.slices().stream().anyMatch(
        MixinScenarioFixturesTest::usesMixins)).toList();
    assertThat(withMixins).extracting(Scenario::name).containsAll(INVALID)
        .contains("mixins-a100-four-gpus", "partitions-mig-a100-two-1g5gb-fit");
    return withMixins.stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> check(s)));
  }

  private static void check(Scenario scenario) throws DecodeException {
    boolean enabled = scenario.featureGates().getOrDefault(GATE, true);
    List<String> problems = new ArrayList<>();
    int dropped = 0;
    for (ResourceSlice slice : scenario.slices()) {
      ResolvedSlice resolved = MixinResolver.resolve(slice, enabled);
      resolved.problems().forEach(p -> problems.add(slice.name() + ": " + p));
      dropped += resolved.dropped().size();
      if (!enabled || !resolved.problems().isEmpty()) {
        continue;
      }
      ResourceSlice flat = MixinFlattener.flatten(slice);
      assertThat(usesMixins(flat)).isFalse();
      assertSameViews(resolved, MixinResolver.resolve(flat, false), slice.name());
      assertThat(MixinFlattener.flatten(flat)).isEqualTo(flat);
      assertThat(CODEC.read(CODEC.writeJson(flat), ResourceSlice.class)).isEqualTo(flat);
      assertThat(CODEC.read(CODEC.writeYaml(List.of(flat)), ResourceSlice.class)).isEqualTo(flat);
    }
    if (enabled) {
      assertThat(dropped).isZero();
      if (INVALID.contains(scenario.name())) {
        assertThat(problems).as("problems of %s", scenario.name()).isNotEmpty();
      } else {
        assertThat(problems).as("problems of %s", scenario.name()).isEmpty();
      }
    } else {
      assertThat(problems).isEmpty();
      assertThat(dropped).as("the gate drops what references mixins").isPositive();
    }
  }

  /* --- the MIG example of docs/mixins.md, flattened --- */

  @Test
  void migExampleFlattensAsDocumented() throws DecodeException {
    Scenario scenario = Scenarios.load("partitions-mig-a100-two-1g5gb-fit");
    ResourceSlice devices = scenario.slices().stream().filter(s -> s.name().equals("node-1-devices")).findFirst()
        .orElseThrow();
    ResourceSlice counters = scenario.slices().stream().filter(s -> s.name().equals("node-1-counters")).findFirst()
        .orElseThrow();

    Device mig = MixinFlattener.flatten(devices).spec().devices().stream()
        .filter(d -> d.name().equals("gpu-0-mig-1g-5gb-0")).findFirst().orElseThrow();
    ResourceSlice flatCounters = MixinFlattener.flatten(counters);

    ResourceSlice expected = CODEC.read("""
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: expected}
        spec:
          driver: gpu.nvidia.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 2}
          sharedCounters:
          - name: gpu-0-counter-set
            counters:
              copy-engines: {value: "7"}
              decoders: {value: "5"}
              encoders: {value: "0"}
              jpeg-engines: {value: "1"}
              memory: {value: 40192Mi}
              memory-slice-0: {value: "1"}
              memory-slice-1: {value: "1"}
              memory-slice-2: {value: "1"}
              memory-slice-3: {value: "1"}
              memory-slice-4: {value: "1"}
              memory-slice-5: {value: "1"}
              memory-slice-6: {value: "1"}
              memory-slice-7: {value: "1"}
              multiprocessors: {value: "98"}
              ofa-engines: {value: "1"}
          devices:
          - name: gpu-0-mig-1g-5gb-0
            attributes:
              architecture: {string: Ampere}
              brand: {string: Nvidia}
              parentIndex: {int: 0}
              parentUUID: {string: GPU-f27658d7-1427-4974-9dfe-45cc9ca77b34}
              productName: {string: Mock NVIDIA A100-SXM4-40GB}
              profile: {string: "1g.5gb"}
              type: {string: mig}
            capacity:
              copyEngines: {value: "1"}
              decoders: {value: "0"}
              encoders: {value: "0"}
              jpegEngines: {value: "0"}
              memory: {value: 4864Mi}
              memorySlice0: {value: "1"}
              multiprocessors: {value: "14"}
              ofaEngines: {value: "0"}
            consumesCounters:
            - counterSet: gpu-0-counter-set
              counters:
                copy-engines: {value: "1"}
                decoders: {value: "0"}
                encoders: {value: "0"}
                jpeg-engines: {value: "0"}
                memory: {value: 4864Mi}
                memory-slice-0: {value: "1"}
                multiprocessors: {value: "14"}
                ofa-engines: {value: "0"}
        """, ResourceSlice.class);
    assertThat(mig).isEqualTo(expected.spec().devices().get(0));
    assertThat(flatCounters.spec().sharedCounters()).isEqualTo(expected.spec().sharedCounters());
  }

  /* --- helpers --- */

  static boolean usesMixins(ResourceSlice slice) {
    return slice.spec().mixins() != null
        || slice.spec().sharedCounters().stream().anyMatch(cs -> !cs.includes().isEmpty())
        || slice.spec().devices().stream().anyMatch(d -> !d.includes().isEmpty()
            || d.consumesCounters().stream().anyMatch(c -> !c.includes().isEmpty()));
  }

  private static void assertSameViews(ResolvedSlice lazy, ResolvedSlice flat, String where) {
    assertThat(flat.devices()).hasSameSizeAs(lazy.devices());
    for (int i = 0; i < lazy.devices().size(); i++) {
      ResolvedDevice a = lazy.devices().get(i);
      ResolvedDevice b = flat.devices().get(i);
      assertThat(attributes(b)).as("%s %s attributes", where, a.name()).isEqualTo(attributes(a));
      assertThat(capacity(b)).as("%s %s capacity", where, a.name()).isEqualTo(capacity(a));
      attributes(a).forEach((q, v) -> assertThat(b.attribute(q.domain(), q.id())).isEqualTo(v));
      capacity(a).forEach((q, v) -> assertThat(b.capacity(q.domain(), q.id())).isEqualTo(v));
      assertThat(b.consumesCounters()).hasSameSizeAs(a.consumesCounters());
      for (int j = 0; j < a.consumesCounters().size(); j++) {
        assertThat(b.consumesCounters().get(j).counterSet()).isEqualTo(a.consumesCounters().get(j).counterSet());
        assertThat(counters(b.consumesCounters().get(j))).isEqualTo(counters(a.consumesCounters().get(j)));
      }
    }
    assertThat(flat.counterSets()).hasSameSizeAs(lazy.counterSets());
    for (int i = 0; i < lazy.counterSets().size(); i++) {
      assertThat(flat.counterSets().get(i).counterSet()).isEqualTo(lazy.counterSets().get(i).counterSet());
      assertThat(counters(flat.counterSets().get(i))).isEqualTo(counters(lazy.counterSets().get(i)));
    }
  }

  private static Map<QualifiedName, Object> attributes(ResolvedDevice d) {
    Map<QualifiedName, Object> m = new LinkedHashMap<>();
    d.forEachAttribute((domain, id, v) -> m.put(new QualifiedName(domain, id), v));
    return m;
  }

  private static Map<QualifiedName, Object> capacity(ResolvedDevice d) {
    Map<QualifiedName, Object> m = new LinkedHashMap<>();
    d.forEachCapacity((domain, id, v) -> m.put(new QualifiedName(domain, id), v));
    return m;
  }

  private static Map<String, Quantity> counters(ResolvedCounters c) {
    Map<String, Quantity> m = new LinkedHashMap<>();
    c.forEachCounter(m::put);
    return m;
  }
}
