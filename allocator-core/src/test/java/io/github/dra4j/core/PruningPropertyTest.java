package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import io.github.dra4j.testing.Builders.DeviceBuilder;
import io.github.dra4j.testing.Builders.RequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The pruned search against the plain one on thousands of random small instances: counters,
 * constraints (over every request or some), prioritized lists, devices in use, requests for all
 * devices (also behind counted requests and covered by a constraint, whose check throws) and for
 * admin access, taints. The bounds are made from the first step on, so that every instance
 * exercises them. Demanded: the same outcome (results, or unsatisfiable, or the same error) and
 * never more steps.
 */
class PruningPropertyTest {
  private static final int INSTANCES = 3000;
  private static final long BUDGET = 200_000;
  private static final String[] MODELS = {"a", "b", "c"};

  /** What a run ended with: results, null for unsatisfiable, or the error's class and message. */
  private record Ending(@Nullable List<AllocationResult> results, @Nullable String error, long steps) {}

  @Test
  void prunedSearch_findsWhatThePlainSearchFinds_inNoMoreSteps() {
    int cut = 0;
    int cutBeforeHorizon = 0;
    int horizonErrors = 0;
    int unsatisfiable = 0;
    int compared = 0;
    for (int seed = 0; seed < 2 * INSTANCES; seed++) {
      Random random = new Random(seed);
      // The second half: the family of claims whose last request, for all devices, a constraint covers.
      Instance instance = instance(random, seed >= INSTANCES);
      ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(instance.slices, List.of(CLASS_A),
          instance.allocated);
      Node node = node(NODE);
      Ending plain = run(snapshot, node, instance.claims, false);
      if (plain.error() != null && plain.error().startsWith(SearchBudgetExceededException.class.getName())) {
        continue;
      }
      Ending pruned = run(snapshot, node, instance.claims, true);
      compared++;
      assertThat(pruned.error()).as("seed %d: error", seed).isEqualTo(plain.error());
      assertThat(pruned.results()).as("seed %d: results", seed).isEqualTo(plain.results());
      assertThat(pruned.steps()).as("seed %d: steps", seed).isLessThanOrEqualTo(plain.steps());
      cut += pruned.steps() < plain.steps() ? 1 : 0;
      unsatisfiable += plain.error() == null && plain.results() == null ? 1 : 0;
      if (hasConstrainedAll(instance.claims)) {
        cutBeforeHorizon += pruned.steps() < plain.steps() ? 1 : 0;
        horizonErrors += plain.error() != null && plain.error().contains("claim constraint") ? 1 : 0;
      }
    }
    assertThat(compared).isGreaterThan(2 * INSTANCES * 9 / 10);
    assertThat(unsatisfiable).as("instances without an allocation").isGreaterThan(INSTANCES / 10);
    assertThat(cut).as("instances the bounds cut").isGreaterThan(INSTANCES / 20);
    assertThat(cutBeforeHorizon).as("instances with a constrained request for all devices that the bounds cut")
        .isGreaterThan(INSTANCES / 20);
    assertThat(horizonErrors).as("instances where that request's constraint check throws")
        .isGreaterThan(INSTANCES / 20);
  }

  /** Whether some claim has a request for all devices that one of its constraints covers. */
  private static boolean hasConstrainedAll(List<ResourceClaim> claims) {
    for (ResourceClaim c : claims) {
      for (DeviceRequest r : c.spec().devices().requests()) {
        boolean all = r.exactly() != null && DeviceAllocationMode.ALL.equals(r.exactly().allocationMode());
        for (DeviceConstraint k : c.spec().devices().constraints()) {
          if (all && (k.requests().isEmpty() || k.requests().contains(r.name()))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static Ending run(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims, boolean pruning) {
    AllocationOptions options = AllocationOptions.defaults().withStepBudget(BUDGET)
        .withPruneAfterSteps(pruning ? 0 : AllocationOptions.NO_PRUNING);
    AllocationRun run = null;
    try {
      run = AllocationRun.of(snapshot, node, claims, snapshot.pools(node), options);
      return new Ending(run.run(), null, run.invocations);
    } catch (RuntimeException e) {
      return new Ending(null, e.getClass().getName() + ": " + e.getMessage(), run == null ? 0 : run.invocations);
    }
  }

  private record Instance(List<ResourceSlice> slices, List<ResourceClaim> allocated, List<ResourceClaim> claims) {}

  private static Instance instance(Random random, boolean family) {
    List<ResourceSlice> slices = new ArrayList<>();
    int sets = 1 + random.nextInt(2);
    List<io.github.dra4j.api.CounterSet> counterSets = new ArrayList<>();
    for (int s = 0; s < sets; s++) {
      counterSets.add(Builders.counterSet("cs-" + s, Builders.counters("mem", String.valueOf(1 + random.nextInt(6)),
          "sm", String.valueOf(1 + random.nextInt(4)))));
    }
    slices.add(Builders.counterSlice("counters", CoreFixtures.DRIVER, "pool-1", NODE,
        counterSets.toArray(io.github.dra4j.api.CounterSet[]::new)).resourceSliceCount(2).build());
    List<String> names = new ArrayList<>();
    slices.add(CoreFixtures.slice("devices-1", "pool-1", 1, 2, NODE, devices(random, "p1-", 3 + random.nextInt(6), sets,
        names, family)));
    List<String> names2 = new ArrayList<>();
    int second = random.nextInt(4);
    if (second > 0) {
      slices.add(CoreFixtures.slice("devices-2", "pool-2", devices(random, "p2-", second, 0, names2, family)));
    }
    List<ResourceClaim> allocated = new ArrayList<>();
    for (String n : names) {
      if (random.nextInt(8) == 0) {
        allocated.add(CoreFixtures.allocated("in-use-" + n, "pool-1", n));
      }
    }
    List<ResourceClaim> claims = new ArrayList<>();
    int claimCount = 1 + random.nextInt(3);
    for (int c = 0; c < claimCount; c++) {
      claims.add(claim(random, "claim-" + c, family));
    }
    return new Instance(slices, allocated, claims);
  }

  /** In the family, two models and one idx: many twins, and matchAttribute often fits. */
  private static List<io.github.dra4j.api.Device> devices(Random random, String prefix, int n, int sets,
      List<String> names, boolean family) {
    List<io.github.dra4j.api.Device> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String name = prefix + i;
      names.add(name);
      DeviceBuilder d = CoreFixtures.device(name).attr("model", MODELS[random.nextInt(family ? 2 : MODELS.length)])
          .attr("idx", (long) random.nextInt(family ? 1 : 3));
      if (sets > 0 && random.nextInt(4) != 0) {
        d.consumes("cs-" + random.nextInt(sets), "mem", String.valueOf(1 + random.nextInt(3)),
            "sm", String.valueOf(random.nextInt(2)));
      }
      if (random.nextInt(10) == 0) {
        d.taint("dedicated", null, "NoSchedule");
      }
      out.add(d.build());
    }
    return out;
  }

  private static ResourceClaim claim(Random random, String name, boolean family) {
    int requests = family ? 2 + random.nextInt(2) : 1 + random.nextInt(3);
    List<DeviceRequest> list = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int r = 0; r < requests; r++) {
      names.add("req-" + r);
      // The family of a request for all devices behind counted requests.
      boolean allLast = r == requests - 1 && r > 0 && (family || random.nextInt(4) == 0);
      list.add(allLast ? CoreFixtures.allRequest("req-" + r) : request(random, "req-" + r));
    }
    List<DeviceConstraint> constraints = new ArrayList<>();
    int kind = random.nextInt(family ? 2 : 6);
    String attribute = random.nextBoolean() ? "driver-a/model" : "driver-a/idx";
    List<String> covered = List.of();
    if (kind < 2 && requests > 1 && (family || random.nextBoolean())) {
      covered = names.subList(random.nextInt(requests - 1), requests);
    }
    if (kind == 0) {
      constraints.add(DeviceConstraint.matchAttribute(attribute, covered));
    } else if (kind == 1) {
      constraints.add(DeviceConstraint.distinctAttribute(attribute, covered));
    }
    return CoreFixtures.claim(name, constraints, list.toArray(DeviceRequest[]::new));
  }

  private static DeviceRequest request(Random random, String name) {
    int kind = random.nextInt(20);
    if (kind == 0) {
      return CoreFixtures.allRequest(name);
    }
    if (kind == 1) {
      return CoreFixtures.adminRequest(name);
    }
    if (kind < 5) {
      RequestBuilder first = Builders.subRequest("s0", Builders.CLASS, 1 + random.nextInt(3));
      selector(random, first);
      RequestBuilder second = Builders.subRequest("s1", Builders.CLASS, 1 + random.nextInt(2));
      selector(random, second);
      return Builders.request(name, first, second).build();
    }
    RequestBuilder b = CoreFixtures.exactly(name, Builders.CLASS, 1 + random.nextInt(3));
    selector(random, b);
    if (random.nextInt(5) == 0) {
      b.toleration("dedicated", "Exists", null, null);
    }
    return b.build();
  }

  private static void selector(Random random, RequestBuilder b) {
    int kind = random.nextInt(4);
    if (kind == 0) {
      b.selector("attr model == " + MODELS[random.nextInt(MODELS.length)]);
    } else if (kind == 1) {
      b.selector("true");
    }
    Objects.requireNonNull(b);
  }
}
