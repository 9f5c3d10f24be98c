package io.github.dra4j.cli;

import io.github.dra4j.scheduling.PodGroupScheduler;
import picocli.CommandLine.Option;

/* simulate's --gang-search-budget, named and counted as schedule's. */
final class GangSearchBudgetOption {
  @Option(names = "--gang-search-budget", paramLabel = "STEPS", defaultValue = "10000",
      description = "With --gang-search joint: allocator calls a joint search may make per group, a node asked in "
          + "a batch counting as one (default 10000).")
  long steps = PodGroupScheduler.DEFAULT_JOINT_BUDGET;

  /** {@return the budget, checked} */
  long steps() {
    if (steps < 1) {
      throw new CliException("--gang-search-budget: must be at least 1: " + steps);
    }
    return steps;
  }
}
