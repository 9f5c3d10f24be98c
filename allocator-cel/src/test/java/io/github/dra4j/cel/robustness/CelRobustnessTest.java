package io.github.dra4j.cel.robustness;

import static io.github.dra4j.testing.Builders.claim;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.node;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.slice;
import static io.github.dra4j.testing.PathologicalInputs.CEL_MAX_BYTES;
import static io.github.dra4j.testing.PathologicalInputs.celOfLength;
import static io.github.dra4j.testing.PathologicalInputs.overCostCel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.CelException;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Selectors that cannot finish or cannot compile end allocation with a {@link CelException}
 * naming the class and the selector: the length limit stops them before parsing and the cost
 * budget stops evaluation, whichever device the search reaches first (how long that takes is
 * measured by HostileInputBenchmark in allocator-bench).
 */
final class CelRobustnessTest {
  static Stream<Arguments> selectors() {
    return Stream.of(
        Arguments.of(Named.of("10 KiB + 1", celOfLength(CEL_MAX_BYTES + 1)),
            "class big: selector #0: CEL compile error: expression too long: 10241 bytes"),
        Arguments.of(Named.of("over the cost limit", overCostCel()),
            "class big: selector #0 on device driver-a/pool-0/dev-0: CEL runtime error: "
                + "operation cancelled: actual cost limit exceeded"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectors")
  void selector_failsAllocation(String expression, String expected) {
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(Features.all())
        .selectorCompiler(CelCompiler.create())
        .build();
    ClusterSnapshot snapshot = allocator.snapshot(
        List.of(slice("slice-0", "driver-a", "pool-0", "node-1", device("dev-0"), device("dev-1")).build()),
        List.of(deviceClass("big", expression)), List.of());
    ResourceClaim claim = claim("claim-0", request("req-0", "big", 1)).build();
    assertThatThrownBy(() -> snapshot.allocate(node("node-1"), List.of(claim)))
        .isInstanceOf(CelException.class)
        .hasMessageContaining(expected);
  }

  /**
   * With the API server's environment for new expressions, a selector whose worst-case cost
   * estimate is over the limit is a compile error, reported like any other with the class and
   * the field path; the estimate of this one is about 10^6 times 11 units.
   */
  @Test
  void newExpressionOverTheEstimatedCostLimit_isACompileError() {
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(Features.all())
        .selectorCompiler(CelCompiler.forNewExpressions())
        .build();
    ClusterSnapshot snapshot = allocator.snapshot(
        List.of(slice("slice-0", "driver-a", "pool-0", "node-1", device("dev-0")).build()),
        List.of(deviceClass("big", overCostCel())), List.of());
    ResourceClaim claim = claim("claim-0", request("req-0", "big", 1)).build();
    assertThatThrownBy(() -> snapshot.allocate(node("node-1"), List.of(claim)))
        .isInstanceOfSatisfying(CelException.class, e -> {
          assertThat(e.getMessage()).contains("class big: selector #0: CEL compile error: too complex, exceeds cost limit");
          assertThat(e.objectRef()).hasToString("DeviceClass big");
          assertThat(String.valueOf(e.path())).isEqualTo("spec.selectors[0].cel.expression");
        });
  }
}
