package io.github.dra4j.cel.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.SearchBudgetExceededException;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
import java.util.List;
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
  private static final long PLAIN_BUDGET = 3_000_000;
  private static final List<String> HARD = List.of("hard-dgx-a100-mig-overfill", "hard-max-devices-one-less",
      "hard-distinct-attribute-too-few-values", "hard-match-attribute-last-value",
      "hard-counters-run-out-at-last-claim", "hard-prioritized-last-alternative", "hard-all-after-counted-claims",
      "hard-all-after-counted-requests");
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

  /**
   * The hard instances (HardInstancesBenchmark's inputs) are decided with the default options in
   * at most a thousandth of the plain search's steps, or in no more when the plain search takes
   * fewer than a thousand. Steps as the budget counts them: the smallest budget that lets the
   * search finish; a plain search stopped by its budget counts as taking the whole budget.
   */
  @TestFactory
  Stream<DynamicTest> hardInstances_takeAThousandthOfThePlainSteps() {
    return HARD.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
      Scenario s = Scenarios.load(Scenarios.DRA4J, name);
      AllocationOptions plainOptions = AllocationOptions.defaults().withPruning(false);
      Ending plain = run(s, plainOptions.withStepBudget(PLAIN_BUDGET));
      long plainSteps = plain.outcome().equals("budget") ? PLAIN_BUDGET : steps(s, plainOptions);
      long prunedSteps = steps(s, AllocationOptions.defaults());
      System.out.printf("%s: pruned %d steps, plain %d%s%n", name, prunedSteps, plainSteps,
          plain.outcome().equals("budget") ? " or more (stopped by its budget)" : "");
      if (plainSteps < 1000) {
        assertThat(prunedSteps).as(name).isLessThanOrEqualTo(plainSteps);
      } else {
        assertThat(prunedSteps * 1000).as("%s: %d pruned vs %d plain steps", name, prunedSteps, plainSteps)
            .isLessThanOrEqualTo(plainSteps);
      }
    }));
  }

  /** {@return the smallest step budget with which the search finishes} */
  private static long steps(Scenario s, AllocationOptions options) {
    long low = 0;
    long high = 1;
    while (run(s, options.withStepBudget(high)).outcome().equals("budget")) {
      low = high;
      high *= 2;
    }
    while (high - low > 1) {
      long mid = (low + high) / 2;
      if (run(s, options.withStepBudget(mid)).outcome().equals("budget")) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return high;
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
