package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * The log of commits and releases (AllocatedClaims) against a plain list of the live claims:
 * thousands of steps with few live claims, so that the log is compacted again and again (its
 * index handed over to the new log), keys committed twice before a release, releases of keys
 * not held, and now and then a step from an older prefix (rarely, so that the shared log grows
 * past the compaction threshold in between).
 * After every step the live claims are the same, in order, and a release gives the same removed
 * claims and the same users of their pools, and the released devices' state derived from those
 * users is their state derived from every live claim.
 */
final class AllocatedClaimsPropertyTest {
  private static final int KEYS = 30;
  private static final int POOLS = 6;

  private record State(AllocatedClaims claims, List<ResourceClaim> live) {}

  static LongStream seeds() {
    return LongStream.range(0, 6);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void compactedLogEqualsTheLiveClaims(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<State> history = new ArrayList<>();
    history.add(new State(AllocatedClaims.of(List.of()), List.of()));
    int releasesWithUsers = 0;
    for (int step = 0; step < 8_000; step++) {
      State now = random.nextInt(1_500) == 0
          ? history.get(Math.max(0, history.size() - 1 - random.nextInt(Math.min(history.size(), 3_000))))
          : history.get(history.size() - 1);
      List<ResourceClaim> live = new ArrayList<>(now.live());
      AllocatedClaims next;
      if (!live.isEmpty() && random.nextInt(2) == 0) {
        Set<String> keys = new HashSet<>();
        keys.add(ClaimPlan.claimRef(live.get(random.nextInt(live.size()))));
        if (random.nextInt(4) == 0) {
          keys.add(Builders.NAMESPACE + "/k" + random.nextInt(KEYS)); // maybe not held
        }
        List<ResourceClaim> removed = new ArrayList<>();
        live.removeIf(c -> keys.contains(ClaimPlan.claimRef(c)) && removed.add(c));
        Set<PoolId> pools = new HashSet<>();
        removed.forEach(c -> pools.addAll(AllocatedClaims.poolsOf(c)));
        List<ResourceClaim> users = new ArrayList<>();
        for (ResourceClaim c : live) {
          if (!Collections.disjoint(AllocatedClaims.poolsOf(c), pools)) {
            users.add(c);
          }
        }
        AllocatedClaims.Release release = now.claims().minus(keys);
        assertThat(identities(release.removed())).as("step %d, removed", step).isEqualTo(identities(removed));
        assertThat(identities(release.users())).as("step %d, users of the released pools", step)
            .isEqualTo(identities(users));
        assertReleasedStateAsFromAllLiveClaims(release, live, step);
        releasesWithUsers += users.isEmpty() ? 0 : 1;
        next = release.claims();
      } else {
        List<ResourceClaim> added = new ArrayList<>();
        for (int i = 1 + random.nextInt(2); i > 0; i--) {
          added.add(claim(random));
        }
        live.addAll(added);
        next = now.claims().plus(added);
      }
      assertThat(next.list()).as("step %d, live claims", step).containsExactlyElementsOf(live);
      history.add(new State(next, List.copyOf(live)));
    }
    assertThat(releasesWithUsers).as("releases whose pools other live claims use").isGreaterThan(100);
  }

  /*
   * The released devices' state from the users of their pools only (AllocatedState.from within
   * the removed claims' devices) is their state derived from every live claim, and names no
   * other device: a device two claims hold stays in use when one of them leaves.
   */
  private static void assertReleasedStateAsFromAllLiveClaims(AllocatedClaims.Release release,
      List<ResourceClaim> live, int step) {
    Features features = Features.all();
    AllocatedState released = AllocatedState.from(release.removed(), features);
    AllocatedState delta = AllocatedState.from(release.users(), features, released);
    AllocatedState plain = AllocatedState.from(live, features);
    Set<DeviceId> named = new HashSet<>(released.allocatedDevices());
    named.addAll(released.sharedDevices());
    for (DeviceId id : named) {
      assertThat(delta.allocatedDevices().contains(id)).as("step %d, %s in use", step, id)
          .isEqualTo(plain.allocatedDevices().contains(id));
      assertThat(delta.sharedDevices().contains(id)).as("step %d, %s shared", step, id)
          .isEqualTo(plain.sharedDevices().contains(id));
      assertThat(delta.aggregatedCapacity().get(id)).as("step %d, %s capacity", step, id)
          .isEqualTo(plain.aggregatedCapacity().get(id));
    }
    assertThat(named).as("step %d, devices the delta names", step).containsAll(delta.allocatedDevices())
        .containsAll(delta.sharedDevices()).containsAll(delta.aggregatedCapacity().keySet());
  }

  /* A new claim object of a random key holding a device of one or two random pools. */
  private static ResourceClaim claim(SplittableRandom random) {
    List<DeviceRequestAllocationResult> results = new ArrayList<>();
    for (int i = 1 + random.nextInt(2); i > 0; i--) {
      results.add(Builders.result("r", DRIVER, "p" + random.nextInt(POOLS), "d" + random.nextInt(4)));
    }
    return Builders.allocatedClaim("k" + random.nextInt(KEYS), results.toArray(DeviceRequestAllocationResult[]::new));
  }

  private static Set<ResourceClaim> identities(List<ResourceClaim> claims) {
    Set<ResourceClaim> out = Collections.newSetFromMap(new IdentityHashMap<>());
    out.addAll(claims);
    assertThat(out).as("no claim twice").hasSameSizeAs(claims);
    return out;
  }
}
