package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Claims validated once for the runs of several nodes, or what the validation threw: every
 * node's run then throws it where its own validation would have, after polling.
 */
record SharedPlan(@Nullable ClaimPlan plan, @Nullable RuntimeException invalid) {
  static SharedPlan of(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims, AllocationOptions options) {
    SearchBudget budget = new SearchBudget(options);
    try {
      return new SharedPlan(ClaimPlanner.plan(snapshot, claims, List.of(),
          new SelectorMatcher(snapshot.features(), node, claims, budget), budget), null);
    } catch (RuntimeException e) {
      return new SharedPlan(null, e);
    }
  }
}
