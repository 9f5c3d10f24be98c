package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.ScenarioVerifier;
import io.github.dra4j.testing.Scenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/*
 * Every conformance scenario through allocator-core alone, with MiniCel standing in for CEL.
 * allocator-cel runs the same scenarios with the real CEL compiler.
 */
final class CoreScenariosTest {

  @TestFactory
  Stream<DynamicTest> scenarios() {
    return Scenarios.all().stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> run(s)));
  }

  static void run(Scenario s) {
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(Features.all().with(s.featureGates()))
        .selectorCompiler(new MiniCel())
        .build();
    ClusterSnapshot snapshot = allocator.snapshot(s.slices(), s.deviceClasses(), s.allocatedClaims());
    List<ResourceClaim> claims = s.claimsToAllocate();
    String outcome;
    String message;
    List<ResourceClaim> allocated = new ArrayList<>();
    try {
      AllocationOutcome o = snapshot.allocate(s.nodeObject(), claims);
      if (o instanceof AllocationOutcome.Allocated) {
        outcome = "Allocated";
        message = "";
        List<AllocationResult> results = ((AllocationOutcome.Allocated) o).results();
        for (int i = 0; i < claims.size(); i++) {
          allocated.add(claims.get(i).withAllocation(results.get(i)));
        }
      } else {
        outcome = "Unsatisfiable";
        message = ((AllocationOutcome.Unsatisfiable) o).explanation().summary();
      }
    } catch (AllocationException e) {
      outcome = "Error";
      message = e.getMessage();
    }
    Optional<String> mismatch = ScenarioVerifier.verify(s, outcome, allocated, message);
    assertThat(mismatch).as("scenario %s", s.name()).isEmpty();
  }
}
