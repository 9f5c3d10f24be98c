package io.github.dra4j.cel.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.SearchBudgetExceededException;
import io.github.dra4j.testing.Scenario;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/*
 * Every conformance scenario searched twice with the real CEL compiler: pruning from the first
 * step on, and the plain search. Both must end alike (the same results, unsatisfiable, or the
 * same error), the pruned one in no more steps. Scenarios the plain search cannot finish within
 * its budget (the hard instances) must still be decided by the pruned search.
 */
final class PruningConformanceTest {
  private static final long PLAIN_BUDGET = 2_000_000;
  /* Shares of devices that allow multiple allocations get random ids. */
  private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

  @TestFactory
  Stream<DynamicTest> scenarios() {
    return EveryScenario.check(PruningConformanceTest::compare);
  }

  @TestFactory
  Stream<DynamicContainer> otherCorpora() {
    return EveryScenario.checkOtherCorpora(PruningConformanceTest::compare);
  }

  private record Ending(String outcome, long steps) {}

  private static void compare(Scenario s) {
    Ending pruned = run(s, AllocationOptions.defaults().withPruneAfterSteps(0));
    Ending plain = run(s, AllocationOptions.defaults().withStepBudget(PLAIN_BUDGET).withPruning(false));
    assertThat(pruned.outcome()).as("pruned search of %s", s.name()).doesNotStartWith("budget");
    if (plain.outcome().startsWith("budget")) {
      return;
    }
    assertThat(pruned.outcome()).as("outcome of %s", s.name()).isEqualTo(plain.outcome());
    assertThat(pruned.steps()).as("steps of %s", s.name()).isLessThanOrEqualTo(plain.steps());
  }

  private static Ending run(Scenario s, AllocationOptions options) {
    ClusterSnapshot snapshot = EveryScenario.allocator(s).snapshot(s.slices(), s.deviceClasses(),
        s.allocatedClaims());
    String outcome;
    try {
      AllocationOutcome o = snapshot.allocate(s.nodeObject(), s.claimsToAllocate(), options);
      outcome = o instanceof AllocationOutcome.Allocated a ? a.results().toString().replaceAll(UUID, "share")
          : "unsatisfiable";
    } catch (SearchBudgetExceededException e) {
      outcome = "budget";
    } catch (AllocationException e) {
      outcome = "error: " + e.getMessage();
    }
    return new Ending(outcome, snapshot.stats().allocateOneInvocations());
  }
}
