package io.github.dra4j.cel.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.ScenarioVerifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/*
 * Every conformance scenario (../shared/conformance/cases, differential and upstream-new, copied
 * into src-test-fixtures, and dra4j's own) run through the public library API with the real CEL compiler, one dynamic test per file, and
 * compared with the rules of run-scenarios (ScenarioVerifier). Inputs must be unchanged after
 * the call.
 */
final class ConformanceTest {
  @TestFactory
  Stream<DynamicTest> everyScenario_allocatesAsExpected_withoutModifyingTheInputs() {
    return EveryScenario.check(ConformanceTest::run);
  }

  @TestFactory
  Stream<DynamicContainer> everyScenarioOfTheOtherCorpora_allocatesAsExpected() {
    return EveryScenario.checkOtherCorpora(ConformanceTest::run);
  }

  static void run(Scenario s) {
    StructuredAllocator allocator = EveryScenario.allocator(s);
    List<Object> before = List.copyOf(s.objects());
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
        assertThat(results).hasSameSizeAs(claims);
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
    assertThat(mismatch).as("scenario %s (%s)", s.name(), message).isEmpty();
    assertThat(s.objects()).as("inputs unchanged").isEqualTo(before);
  }
}
