package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.counterSlice;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.devices;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.perDeviceSlice;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/* GatherPools rules: relevance, generations, completeness, validity, order. */
final class PoolGathererTest {

  /**
   * A case: slices and the pools expected for node-1, each as "pool:state:devices" where state
   * is ok, incomplete or invalid and devices lists the targeting devices in order.
   */
  record Case(Features features, List<ResourceSlice> slices, List<String> expected) {
    Case(List<ResourceSlice> slices, String... expected) {
      this(Features.all(), slices, List.of(expected));
    }
  }

  private static ResourceSlice selectorSlice(String name, String pool, String region) {
    NodeSelector s = NodeSelector.of(new NodeSelectorTerm(
        List.of(new NodeSelectorRequirement("region", "In", List.of(region))), List.of()));
    return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(CoreFixtures.DRIVER,
        ResourcePool.of(pool, 1, 1), null, s, false, false, devices("device-" + pool), List.of(), null));
  }

  static Stream<Named<Case>> cases() {
    List<Named<Case>> c = new ArrayList<>();
    c.add(Named.of("node-local-and-other-node", new Case(List.of(
        slice("a", "pool-a", devices("d1")), slice("b", "pool-b", 1, 1, "node-2", devices("d2"))),
        "pool-a:ok:d1")));
    c.add(Named.of("all-nodes", new Case(List.of(slice("a", "pool-a", 1, 1, null, devices("d1"))), "pool-a:ok:d1")));
    c.add(Named.of("node-selector", new Case(List.of(selectorSlice("a", "pool-a", "region-1"),
        selectorSlice("b", "pool-b", "region-2")), "pool-a:ok:device-pool-a")));
    c.add(Named.of("per-device-node-selection", new Case(List.of(perDeviceSlice("a", "pool-a",
        List.of(device("d1").nodeName("node-2").build(), device("d2").nodeName(NODE).build()))), "pool-a:ok:d1,d2")));
    c.add(Named.of("per-device-node-selection-no-device-for-node", new Case(List.of(perDeviceSlice("a", "pool-a",
        List.of(device("d1").nodeName("node-2").build()))))));
    c.add(Named.of("newest-generation", new Case(List.of(slice("old", "pool-a", 1, 1, NODE, devices("d-old")),
        slice("new", "pool-a", 2, 1, NODE, devices("d-new"))), "pool-a:ok:d-new")));
    c.add(Named.of("incomplete", new Case(List.of(slice("a", "pool-a", 1, 2, NODE, devices("d1"))),
        "pool-a:incomplete:")));
    c.add(Named.of("multi-host-complete-across-nodes", new Case(List.of(slice("a", "pool-a", 1, 2, NODE,
        devices("d1")), slice("b", "pool-a", 1, 2, "node-2", devices("d2"))), "pool-a:ok:d1")));
    c.add(Named.of("obsolete-newer-generation-elsewhere", new Case(List.of(slice("a", "pool-a", 1, 2, NODE,
        devices("d1")), slice("b", "pool-a", 2, 2, "node-2", devices("d2"))))));
    c.add(Named.of("slices-sorted-by-name", new Case(List.of(slice("z", "pool-a", 1, 2, NODE, devices("dz")),
        slice("m", "pool-a", 1, 2, NODE, devices("dm"))), "pool-a:ok:dm,dz")));
    c.add(Named.of("pools-sorted-binding-conditions-last", new Case(List.of(
        slice("a", "pool-a", List.of(device("d1").bindingConditions("ready").build())),
        slice("c", "pool-c", devices("d3")), slice("b", "pool-b", devices("d2"))),
        "pool-b:ok:d2", "pool-c:ok:d3", "pool-a:ok:d1")));
    c.add(Named.of("duplicate-device-invalid", new Case(List.of(slice("a", "pool-a", 1, 2, NODE, devices("d1")),
        slice("b", "pool-a", 1, 2, NODE, devices("d1"))), "pool-a:invalid:")));
    c.add(Named.of("counter-sets-in-own-slice", new Case(List.of(counterSlice("cs", "pool-a", 2, "gpu", "mem", "8Gi"),
        slice("d", "pool-a", 1, 2, NODE, List.of(device("d1").consumes("gpu", "mem", "4Gi").build()))),
        "pool-a:ok:d1")));
    c.add(Named.of("duplicate-counter-set-invalid", new Case(List.of(
        counterSlice("cs1", "pool-a", 3, "gpu", "mem", "8Gi"), counterSlice("cs2", "pool-a", 3, "gpu", "mem", "8Gi"),
        slice("d", "pool-a", 1, 3, NODE, devices("d1"))), "pool-a:invalid:")));
    c.add(Named.of("unknown-counter-invalid", new Case(List.of(counterSlice("cs", "pool-a", 2, "gpu", "mem", "8Gi"),
        slice("d", "pool-a", 1, 2, NODE, List.of(device("d1").consumes("gpu", "cores", "4").build()))),
        "pool-a:invalid:")));
    c.add(Named.of("partitionable-disabled-hides-counter-slices", new Case(
        Features.all().with(Map.of("DRAPartitionableDevices", false)),
        List.of(counterSlice("cs", "pool-a", 2, "gpu", "mem", "8Gi"),
            slice("d", "pool-a", 1, 2, NODE, devices("d1"))),
        List.of("pool-a:ok:d1"))));
    return c.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void gatherPools_givesTheRelevantPoolsWithTheirStateAndDevicesInOrder(Case tc) {
    ClusterSnapshot snapshot = CoreFixtures.allocator(tc.features()).snapshot(tc.slices(), List.of(CLASS_A), List.of());
    List<String> got = new ArrayList<>();
    for (Pool p : snapshot.pools(node(NODE))) {
      String state = p.incomplete ? "incomplete" : p.invalid ? "invalid" : "ok";
      List<String> names = new ArrayList<>();
      for (Pool.PoolSlice s : p.targeting) {
        for (DeviceEntry d : s.devices()) {
          names.add(d.device.name());
        }
      }
      got.add(p.id.pool() + ":" + state + ":" + String.join(",", names));
    }
    assertThat(got).isEqualTo(tc.expected());
  }
}
