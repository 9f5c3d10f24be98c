package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The attribute memo of a device entry answers as the mixin view does, whatever was asked before. */
final class DeviceEntryAttributeTest {
  @Test
  void attribute_equalsTheViewsAnswer_inAnyOrderOfNames() {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(
        List.of(slice("s", "pool-1", List.of(device("dev-0").attr("a", 1L).attr("b", "x").build()))),
        List.of(CLASS_A), List.of());
    DeviceEntry entry = snapshot.pools(node(NODE)).get(0).targeting.get(0).devices().get(0);
    String other = "other.example.com";
    // Equal strings that are not the same objects, as two constraints of two claims hold them.
    String[][] asked = {
        {DRIVER, "a"}, {DRIVER, "a"}, {DRIVER, "b"}, {new String(DRIVER), "a"}, {other, "a"},
        {DRIVER, "missing"}, {DRIVER, "missing"}, {DRIVER, new String("b")}, {DRIVER, "a"}};
    int found = 0;
    for (String[] q : asked) {
      assertThat(entry.attribute(q[0], q[1])).as("%s/%s", q[0], q[1])
          .isEqualTo(entry.view.attribute(q[0], q[1]));
      found += entry.view.attribute(q[0], q[1]) != null ? 1 : 0;
    }
    assertThat(found).as("lookups that find a value").isEqualTo(6);
  }
}
