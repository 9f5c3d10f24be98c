package io.github.dra4j.cel.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/* What the conformance tests share: one dynamic test per scenario, and its allocator. */
final class EveryScenario {
  private static final CelCompiler CEL = CelCompiler.create();

  private EveryScenario() {}

  /** {@return one dynamic test per conformance scenario, all 184 of them, then per project scenario} */
  static Stream<DynamicTest> check(Consumer<Scenario> check) {
    List<Scenario> all = Scenarios.all();
    assertThat(all).hasSize(184);
    return Stream.concat(all.stream(), Scenarios.all(Scenarios.REAL_WORLD).stream())
        .map(s -> DynamicTest.dynamicTest(s.name(), () -> check.accept(s)));
  }

  /** {@return an allocator with the real CEL compiler and the scenario's feature gates} */
  static StructuredAllocator allocator(Scenario s) {
    return StructuredAllocator.builder()
        .features(Features.all().with(s.featureGates()))
        .selectorCompiler(CEL)
        .build();
  }

  /** {@return an allocator with the real CEL compiler and every feature on} */
  static StructuredAllocator allFeatures() {
    return StructuredAllocator.builder().selectorCompiler(CEL).build();
  }
}
