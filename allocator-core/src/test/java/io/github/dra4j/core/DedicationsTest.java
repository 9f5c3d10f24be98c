package io.github.dra4j.core;

import static io.github.dra4j.core.Fx.CLASS_A;
import static io.github.dra4j.core.Fx.NODE;
import static io.github.dra4j.core.Fx.claim;
import static io.github.dra4j.core.Fx.device;
import static io.github.dra4j.core.Fx.devicesOf;
import static io.github.dra4j.core.Fx.firstAvailable;
import static io.github.dra4j.core.Fx.node;
import static io.github.dra4j.core.Fx.request;
import static io.github.dra4j.core.Fx.slice;
import static io.github.dra4j.core.Fx.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * A call answers "is this device already dedicated in this call" by scanning its few dedications,
 * and from 17 on by per-pool counts (issue #8, T5). Both must keep a device from being taken
 * twice, also after undoing dedications that were counted.
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
    return Fx.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
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
}
