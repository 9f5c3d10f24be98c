package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.exactly;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.slice;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.AllocatorRulesTest.Case;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * Derived attributes (KEP-6080, DRADerivedAttributes) with the core's test expressions: "attr K"
 * is the device's own attribute K, "string V" a constant, "fail" a runtime error and "!x" a
 * compile error. The first case is the integration test of kubernetes#140029: two drivers name
 * the NUMA node differently, and each request maps its own name to one the constraint matches.
 */
final class DerivedAttributesTest {

  private static final DeviceConstraint SHARED = DeviceConstraint.matchAttribute("driver-a/shared", List.of());

  private static DeviceRequest derived(String name, String kind, String expression) {
    return exactly(name, Builders.CLASS, 1, "attr kind == " + kind).derivedAttribute("driver-a/shared", expression)
        .build();
  }

  private static final List<ResourceSlice> NUMA = List.of(slice("slice-1", "pool-1", List.of(
      device("device-a1").attr("kind", "a").attr("numa", 0L).build(),
      device("device-a2").attr("kind", "a").attr("numa", 1L).build(),
      device("device-b1").attr("kind", "b").attr("numaNode", 1L).build(),
      device("device-b2").attr("kind", "b").attr("numaNode", 2L).build())));

  static Stream<Named<Case>> cases() {
    List<Named<Case>> c = new ArrayList<>();
    ResourceClaim numaClaim = claim("claim-0", List.of(SHARED), derived("req-a", "a", "attr numa"),
        derived("req-b", "b", "attr numaNode"));
    c.add(Named.of("derived-attributes-match-across-drivers", Case.allocates(NUMA, List.of(numaClaim),
        List.of(List.of("req-a=pool-1/device-a2", "req-b=pool-1/device-b1")))));
    c.add(Named.of("derived-attributes-disabled", Case.fails(NUMA, List.of(numaClaim), InvalidInputException.class,
        "claim default/claim-0, request req-a: cannot handle request with derived attributes, the feature is disabled")
        .features(Map.of("DRADerivedAttributes", false))));
    c.add(Named.of("derived-attribute-compile-error", Case.fails(NUMA,
        List.of(claim("claim-0", List.of(SHARED), derived("req-a", "a", "!bad"))), CelException.class,
        "compile derived attribute driver-a/shared failed: undeclared reference to 'bad'")));
    c.add(Named.of("derived-attribute-runtime-error", Case.fails(NUMA,
        List.of(claim("claim-0", List.of(SHARED), derived("req-a", "a", "fail"))), CelException.class,
        "evaluate derived attribute driver-a/shared on device driver-a/pool-1/device-a1 failed: no such key")));
    c.add(Named.of("derived-attribute-without-constraint-is-not-evaluated", Case.allocates(NUMA,
        List.of(claim("claim-0", derived("req-a", "a", "fail"))), List.of(List.of("req-a=pool-1/device-a1")))));
    c.add(Named.of("derived-attribute-shadows-the-device-attribute", Case.allocates(NUMA,
        List.of(claim("claim-0", List.of(DeviceConstraint.matchAttribute("driver-a/numa", List.of())),
            exactly("req-a", Builders.CLASS, 1, "attr kind == a").build(),
            exactly("req-b", Builders.CLASS, 1, "attr kind == b").derivedAttribute("driver-a/numa", "attr numaNode")
                .build())),
        List.of(List.of("req-a=pool-1/device-a2", "req-b=pool-1/device-b1")))));
    c.add(Named.of("derived-attribute-only-for-its-request", Case.unsatisfiable(NUMA,
        List.of(claim("claim-0", List.of(SHARED), derived("req-a", "a", "string x"),
            exactly("req-b", Builders.CLASS, 1, "attr kind == b").build())))));
    c.add(Named.of("derived-constants-match-any-pair", Case.allocates(NUMA,
        List.of(claim("claim-0", List.of(SHARED), derived("req-a", "a", "string x"), derived("req-b", "b", "string x"))),
        List.of(List.of("req-a=pool-1/device-a1", "req-b=pool-1/device-b1")))));
    return c.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void eachCase_givesTheExpectedOutcome(Case tc) {
    new AllocatorRulesTest().eachRule_givesTheExpectedOutcome_andLeavesTheInputsUnchanged(tc);
  }

  @Test
  void anExpression_isEvaluatedOncePerDevice_whateverNameOrRequestUsesIt() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = StructuredAllocator.builder().features(Features.all()).selectorCompiler(compiler)
        .build().snapshot(List.of(slice("slice-1", "pool-1", List.of(
            device("device-a1").attr("kind", "a").attr("numa", 0L).build(),
            device("device-a2").attr("kind", "a").attr("numa", 1L).build(),
            device("device-a3").attr("kind", "a").attr("numa", 0L).build()))), List.of(CoreFixtures.CLASS_A), List.of());
    DeviceRequest a = exactly("req-a", Builders.CLASS, 1, "attr kind == a")
        .derivedAttribute("driver-a/shared", "attr numa").derivedAttribute("driver-a/other", "attr numa").build();
    DeviceRequest b = exactly("req-b", Builders.CLASS, 1, "attr kind == a")
        .derivedAttribute("driver-a/shared", "attr numa").build();
    ResourceClaim claim = claim("claim-0", List.of(SHARED, DeviceConstraint.matchAttribute("driver-a/other",
        List.of("req-a"))), a, b);
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(claim));
    assertThat(CoreFixtures.devicesOf(outcome)).containsExactly(List.of("req-a=pool-1/device-a1",
        "req-b=pool-1/device-a3"));
    assertThat(compiler.derivedEvaluations.get()).isEqualTo(3);
  }
}
