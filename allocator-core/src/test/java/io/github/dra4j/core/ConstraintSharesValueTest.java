package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceAttribute;
import java.util.List;
import org.junit.jupiter.api.Test;

/** distinctAttribute's allocation-free comparison agrees with the set-based one on every pair. */
final class ConstraintSharesValueTest {
  private static final List<DeviceAttribute> VALUES = List.of(
      DeviceAttribute.ofInt(1), DeviceAttribute.ofInt(2), DeviceAttribute.ofInts(List.of(1L, 3L)),
      DeviceAttribute.ofInts(List.of()), DeviceAttribute.ofBool(true), DeviceAttribute.ofBools(List.of(false, true)),
      DeviceAttribute.ofString("a"), DeviceAttribute.ofStrings(List.of("b", "a")), DeviceAttribute.ofStrings(List.of()),
      DeviceAttribute.ofString("1"), DeviceAttribute.ofVersion("1.0.0"),
      DeviceAttribute.ofVersions(List.of("2.0.0", "1.0.0")), DeviceAttribute.empty());

  @Test
  void sharesValue_equalsSetIntersection_forEveryPair() {
    int shared = 0;
    for (DeviceAttribute a : VALUES) {
      for (DeviceAttribute b : VALUES) {
        Constraint.TypedSet sa = Constraint.asSet(a);
        Constraint.TypedSet sb = Constraint.asSet(b);
        boolean expected = sa != null && sb != null && sa.intersects(sb);
        assertThat(Constraint.sharesValue(a, b)).as("%s vs %s", a, b).isEqualTo(expected);
        shared += expected ? 1 : 0;
      }
    }
    assertThat(shared).as("pairs sharing a value").isEqualTo(18);
  }
}
