package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.devicesOf;
import static io.github.dra4j.core.CoreFixtures.firstAvailable;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static io.github.dra4j.core.CoreFixtures.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/*
 * A call answers "is this device already dedicated in this call" by scanning its few dedications,
 * and from 17 on by per-pool counts, so that a busy node's search (FeasibilityBenchmark) does not
 * scan long lists. Both must keep a device from being taken twice, also after undoing dedications
 * that were counted: directly on Dedications, and through allocations.
 */
final class DedicationsTest {

  /* 17 devices of type A in two pools (10 and 7), then two of type B; all of kind "any". */
  private static List<ResourceSlice> slices() {
    List<Device> first = new ArrayList<>();
    List<Device> second = new ArrayList<>();
    for (int i = 0; i < 17; i++) {
      (i < 10 ? first : second).add(device("a-" + i).attr("type", "A").attr("kind", "any").build());
    }
    second.add(device("b-0").attr("type", "B").attr("kind", "any").build());
    second.add(device("b-1").attr("type", "B").attr("kind", "any").build());
    return List.of(slice("slice-1", "pool-1", first), slice("slice-2", "pool-2", second));
  }

  private static ClusterSnapshot snapshot() {
    return CoreFixtures.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
  }

  @Test
  void moreDedicationsThanAreScannedStillKeepDevicesApart() {
    List<List<String>> devices = devicesOf(snapshot().allocate(node(NODE), List.of(claim("claim-0",
        request("req-0", 17, "attr kind == any"), request("req-1", 2, "attr kind == any")))));

    assertThat(devices.get(0)).hasSize(19).doesNotHaveDuplicates()
        .endsWith("req-1=pool-2/b-0", "req-1=pool-2/b-1");
  }

  @Test
  void countedDedicationsAreUndoneWithTheirSubrequest() {
    // sub-0 dedicates all 17 A devices; then req-1 finds only two devices, so sub-1 is tried:
    // it takes b-0, and req-1 gets a-0 .. a-2 again.
    List<List<String>> devices = devicesOf(snapshot().allocate(node(NODE), List.of(claim("claim-0",
        firstAvailable("req-0", sub("sub-0", 17, "attr type == A"), sub("sub-1", 1, "attr type == B")),
        request("req-1", 3, "attr kind == any")))));

    assertThat(devices).containsExactly(List.of("req-0/sub-1=pool-2/b-0", "req-1=pool-1/a-0", "req-1=pool-1/a-1",
        "req-1=pool-1/a-2"));
  }

  /* --- Dedications on its own: pools of 100 devices --- */

  private static Dedications dedications() {
    return new Dedications(3, pool -> 100, 1);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, Dedications.SCAN_PAIRS, Dedications.SCAN_PAIRS + 1, 40})
  void dedicated_answersForEveryDedicatedDeviceOnly(int count) {
    Dedications d = dedications();
    for (int i = 0; i < count; i++) {
      d.dedicate(i % 2, i % 3, i);
    }

    assertThat(d.usesCounts()).isEqualTo(count > Dedications.SCAN_PAIRS);
    for (int i = 0; i < count; i++) {
      assertThat(d.dedicated(i % 3, i)).as("pool %d device %d", i % 3, i).isTrue();
      assertThat(d.dedicatedTo(i % 3, i, i % 2)).isTrue();
      assertThat(d.dedicatedTo(i % 3, i, 1 - i % 2)).isFalse();
      assertThat(d.dedicated((i + 1) % 3, i)).as("same number, other pool").isFalse();
    }
    assertThat(d.dedicated(0, 99)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {3, Dedications.SCAN_PAIRS + 4})
  void undedicate_inReverseOrder_freesEveryDevice(int count) {
    Dedications d = dedications();
    for (int i = 0; i < count; i++) {
      d.dedicate(0, 1, i);
    }
    for (int i = count - 1; i >= 0; i--) {
      d.undedicate(0, 1, i);
      assertThat(d.dedicated(1, i)).isFalse();
      if (i > 0) {
        assertThat(d.dedicated(1, i - 1)).isTrue();
      }
    }
  }

  @Test
  void deviceDedicatedToTwoClaims_staysDedicatedUntilBothAreUndone() {
    // Admin access lets claims share a device; counting must not free it after one undo.
    Dedications d = dedications();
    for (int i = 0; i <= Dedications.SCAN_PAIRS; i++) {
      d.dedicate(0, 2, i);
    }
    d.dedicate(1, 2, 5);

    d.undedicate(1, 2, 5);
    assertThat(d.dedicated(2, 5)).isTrue();
    assertThat(d.dedicatedTo(2, 5, 1)).isFalse();
    d.undedicate(0, 2, 5);
    assertThat(d.dedicated(2, 5)).isFalse();
  }

  @Test
  void bloomBitsOfOtherDevices_doNotMakeADeviceDedicated() {
    // Device 64 of pool 0 shares its bit with device 0 of pool 0 (the shift takes six bits).
    Dedications d = dedications();
    d.dedicate(0, 0, 64);

    assertThat(d.dedicated(0, 0)).isFalse();
    assertThat(d.dedicated(0, 64)).isTrue();
  }
}
