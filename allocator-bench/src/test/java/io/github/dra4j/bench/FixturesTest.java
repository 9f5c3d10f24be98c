package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.validation.Validator;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.MixinFlattener;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** Checks that the generated fixtures have the shape their Javadoc promises. */
final class FixturesTest {

  /* --- worst-case KEP-5234 set --- */

  @Test
  void worstCase_deviceSliceIsAtEveryLimit() {
    ResourceSlice slice = WorstCaseSlices.generate(WorstCaseSlices.SEED, 1).slices().get(0);
    ResourceSliceMixins mixins = Objects.requireNonNull(slice.spec().mixins());

    assertThat(slice.spec().devices()).hasSize(64);
    assertThat(mixins.device()).hasSize(128);
    assertThat(mixins.deviceCounterConsumption()).hasSize(128);
    assertThat(slice.spec().devices()).allSatisfy(d -> {
      assertThat(d.includes()).hasSize(8);
      assertThat(d.consumesCounters()).hasSize(2)
          .allSatisfy(c -> assertThat(c.includes()).hasSize(4));
    });
    int entries = slice.spec().devices().stream().mapToInt(d -> d.attributes().size() + d.capacity().size()).sum()
        + mixins.device().stream().mapToInt(m -> m.attributes().size() + m.capacity().size()).sum();
    assertThat(entries).isLessThanOrEqualTo(4096);
    int consumed = slice.spec().devices().stream().flatMap(d -> d.consumesCounters().stream())
        .mapToInt(c -> c.counters().size()).sum()
        + mixins.deviceCounterConsumption().stream().mapToInt(m -> m.counters().size()).sum();
    assertThat(consumed).isEqualTo(2048);
  }

  @Test
  void worstCase_counterSliceIsAtEveryLimit() {
    List<ResourceSlice> slices = WorstCaseSlices.generate(WorstCaseSlices.SEED, 1).slices();
    ResourceSlice counters = slices.get(slices.size() - 1);
    ResourceSliceMixins mixins = Objects.requireNonNull(counters.spec().mixins());

    assertThat(counters.spec().sharedCounters()).hasSize(8)
        .allSatisfy(s -> assertThat(s.includes()).hasSize(8));
    assertThat(mixins.counterSet()).hasSize(32);
    int total = counters.spec().sharedCounters().stream().mapToInt(s -> s.counters().size()).sum()
        + mixins.counterSet().stream().mapToInt(m -> m.counters().size()).sum();
    assertThat(total).isEqualTo(256);
  }

  @Test
  void worstCase_everyDeviceViewHas32Entries() {
    ResourceSlice slice = WorstCaseSlices.generate(WorstCaseSlices.SEED, 1).slices().get(0);

    assertThat(Validator.validate(slice)).isEmpty();
    assertThat(MixinFlattener.views(slice)).hasSize(64).allSatisfy(d -> assertThat(entries(d)).isEqualTo(32));
    assertThat(MixinFlattener.flatten(slice).spec().devices().get(0).consumesCounters())
        .allSatisfy(c -> assertThat(c.counters()).hasSize(32));
  }

  @Test
  void worstCase_flattenedHasNoIncludesAndSameEntries() {
    BenchCluster mixins = WorstCaseSlices.generate(WorstCaseSlices.SEED, 2);
    BenchCluster flat = WorstCaseSlices.flattened(mixins);

    assertThat(flat.deviceCount()).isEqualTo(128);
    for (ResourceSlice slice : flat.slices()) {
      for (Device d : slice.spec().devices()) {
        assertThat(d.includes()).isEmpty();
        assertThat(d.attributes().size() + d.capacity().size()).isEqualTo(32);
        assertThat(d.consumesCounters()).allSatisfy(c -> {
          assertThat(c.includes()).isEmpty();
          assertThat(c.counters()).hasSize(32);
        });
      }
      for (CounterSet s : slice.spec().sharedCounters()) {
        assertThat(s.includes()).isEmpty();
        assertThat(s.counters()).hasSize(32);
      }
    }
  }

  @Test
  void worstCase_sameSeedSameSlices() {
    assertThat(WorstCaseSlices.generate(7, 1)).isEqualTo(WorstCaseSlices.generate(7, 1));
    assertThat(WorstCaseSlices.generate(7, 1)).isNotEqualTo(WorstCaseSlices.generate(8, 1));
  }

  @Test
  void worstCase_mixinFormPassesValidation() {
    BenchCluster set = WorstCaseSlices.generate(WorstCaseSlices.SEED, 2);

    for (ResourceSlice slice : set.slices()) {
      assertThat(Validator.validate(slice)).as(slice.name()).map(Object::toString).isEmpty();
    }
    assertThat(Validator.validate(set.classes().get(0))).isEmpty();
    assertThat(Validator.validate(WorstCaseSlices.lastDeviceClaim(2))).isEmpty();
  }

  /* --- DGX A100 --- */

  @Test
  void dgx_clusterPassesValidation() {
    BenchCluster cluster = DgxA100.cluster(3, DgxA100.SEED);

    for (ResourceSlice slice : cluster.slices()) {
      assertThat(Validator.validate(slice)).as(slice.name()).map(Object::toString).isEmpty();
    }
    assertThat(cluster.classes()).allSatisfy(c -> assertThat(Validator.validate(c)).isEmpty());
    assertThat(DgxA100.fillClaims()).allSatisfy(c -> assertThat(Validator.validate(c)).isEmpty());
    assertThat(cluster.allocatedClaims()).allSatisfy(c -> assertThat(Validator.validate(c)).isEmpty());
  }

  @Test
  void dgx_nodeHas26DevicesPerGpu() {
    BenchCluster node = DgxA100.node("n", true);

    assertThat(node.slices()).hasSize(5);
    assertThat(node.deviceCount()).isEqualTo(8 * 26);
    assertThat(node.slices()).allSatisfy(s -> assertThat(s.spec().devices().size()).isLessThanOrEqualTo(64));
    assertThat(node.slices().get(4).spec().sharedCounters()).hasSize(8);
    List<String> names = node.slices().get(0).spec().devices().stream().map(Device::name).toList();
    assertThat(names).hasSize(52)
        .contains("gpu-0", "gpu-0-mig-7g-40gb-0-7", "gpu-1-mig-1g-5gb-me-6", "gpu-1-mig-2g-10gb-4-5")
        .doesNotContain("gpu-0-mig-1g-5gb-7", "gpu-2");
  }

  @Test
  void dgx_withoutCountersHasSameDevicesAndNoConsumption() {
    BenchCluster with = DgxA100.node("n", true);
    BenchCluster without = DgxA100.node("n", false);

    assertThat(without.deviceCount()).isEqualTo(with.deviceCount());
    assertThat(without.slices()).allSatisfy(s -> {
      assertThat(s.spec().sharedCounters()).isEmpty();
      assertThat(s.spec().devices()).allSatisfy(d -> assertThat(d.consumesCounters()).isEmpty());
    });
  }

  @Test
  void dgx_migConsumptionMatchesProfileTable() {
    ResourceSlice slice = DgxA100.node("n", true).slices().get(0);
    Device mig = MixinFlattener.flatten(slice).spec().devices().stream()
        .filter(d -> d.name().equals("gpu-1-mig-3g-20gb-4-7")).findFirst().orElseThrow();

    assertThat(Validator.validate(slice)).isEmpty();
    assertThat(mig.consumesCounters()).hasSize(1);
    assertThat(mig.consumesCounters().get(0).counterSet()).isEqualTo("gpu-1-counter-set");
    assertThat(mig.consumesCounters().get(0).counters().get("multiprocessors").value()).hasToString("42");
    assertThat(mig.consumesCounters().get(0).counters().get("memory-slice-4").value()).hasToString("1");
    assertThat(mig.consumesCounters().get(0).counters()).doesNotContainKey("memory-slice-3");
    assertThat(mig.attributes().get("profile")).isEqualTo(io.github.dra4j.api.DeviceAttribute.ofString("3g.20gb"));
  }

  @Test
  void dgx_clusterHasFiveSlicesPerNodeAndSomeBusyNodes() {
    BenchCluster cluster = DgxA100.cluster(50, DgxA100.SEED);

    assertThat(cluster.slices()).hasSize(250);
    assertThat(cluster.allocatedClaims()).isNotEmpty().hasSizeLessThan(50)
        .allSatisfy(c -> assertThat(Objects.requireNonNull(c.allocation()).devices().results()).hasSize(8));
  }

  private static int entries(DeviceView device) {
    int[] n = {0};
    device.forEachAttribute((domain, id, v) -> n[0]++);
    device.forEachCapacity((domain, id, v) -> n[0]++);
    return n[0];
  }
}
