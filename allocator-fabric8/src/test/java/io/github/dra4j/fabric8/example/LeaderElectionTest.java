package io.github.dra4j.fabric8.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.fabric8.FaultyApiServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two replicas of the loop on one mock API server, electing a leader on a Lease with short
 * timings (lease 3 s, renew deadline 2 s, retry 0.5 s: short, yet long enough for a loaded
 * build machine to renew in time). Only the leader writes; when it is cut
 * off from the API server, the other takes over once the lease has expired, and no device is
 * allocated twice.
 */
final class LeaderElectionTest {
  @RegisterExtension
  final FaultyApiServer server = FaultyApiServer.with("faults.yaml");

  @BeforeEach
  void claims() {
    for (int i = 0; i < 4; i++) {
      server.claim("claim-" + i, 2);
    }
  }

  private SchedulingLoop replica(String identity) {
    return SchedulingLoop.builder(server.client(identity), SchedulingLoopFaultsTest.ALLOCATOR, "dra4j")
        .leaderElection(new LeaderElection("kube-system", "dra4j-scheduler", identity,
            Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(500)))
        .build();
  }

  /** {@return the writes a replica sent to claims and bindings (not to its lease)} */
  private List<String> writes(String identity) {
    return server.log().stream().filter(l -> l.startsWith(identity + " ") && !l.contains("/leases")
        && (l.contains(" PATCH ") || l.contains(" POST ") || l.contains(" PUT ") || l.contains(" DELETE "))).toList();
  }

  /** Runs rounds on the replica until the pods are bound (the pod informer may lag behind their creation). */
  private static void scheduleUntilBound(SchedulingLoop loop, String... pods) {
    Map<String, String> bound = new java.util.HashMap<>();
    try {
      FaultyApiServer.await("bound: " + List.of(pods), () -> {
        bound.putAll(loop.runOnce());
        return List.of(pods).stream().allMatch(p -> bound.containsKey("default/" + p));
      });
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + " round " + loop.roundFailure() + " failures " + loop.failures(), e);
    }
  }

  @Test
  void onlyTheLeaderWrites_andOnLeaderLossTheOtherTakesOver_withoutDoubleAllocation() {
    try (SchedulingLoop a = replica("a")) {
      FaultyApiServer.await("a leads", a::leading);
      try (SchedulingLoop b = replica("b")) {
        server.pod("pod-0", "dra4j", "claim-0");
        server.pod("pod-1", "dra4j", "claim-1");

        assertThat(b.runOnce()).isEmpty();
        assertThat(b.roundFailure()).isEqualTo("not the leader");
        scheduleUntilBound(a, "pod-0", "pod-1");
        assertThat(writes("b")).as("b, not leading, wrote nothing").isEmpty();

        server.partition("a", true);
        FaultyApiServer.await("a knows it no longer surely leads", () -> !a.leading());
        int cut = server.log().size();
        FaultyApiServer.await("b takes over", b::leading);
        server.pod("pod-2", "dra4j", "claim-2");
        server.pod("pod-3", "dra4j", "claim-3");

        assertThat(a.runOnce()).isEmpty();
        assertThat(a.roundFailure()).isEqualTo("not the leader");
        scheduleUntilBound(b, "pod-2", "pod-3");

        assertThat(server.log().subList(cut, server.log().size()).stream().filter(l -> l.startsWith("a ")
            && !l.contains("/leases") && !l.contains(" GET "))).as("a wrote nothing after it lost the lease").isEmpty();
        assertThat(server.allocations()).containsOnlyKeys("claim-0", "claim-1", "claim-2", "claim-3");
        assertThat(server.doublyAllocated()).isEmpty();
        assertThat(writes("b")).as("b bound only the pods a had not").filteredOn(l -> l.contains("/bindings"))
            .hasSize(2);
      }
    }
  }

  @Test
  void closingTheLeader_releasesTheLease_andTheOtherLeadsAtItsNextTry() {
    SchedulingLoop a = replica("a");
    // b starts once a leads: started together, either may take the free lease first.
    FaultyApiServer.await("a leads", a::leading);
    try (SchedulingLoop b = replica("b")) {
      assertThat(b.leading()).isFalse();

      a.close();

      FaultyApiServer.await("b leads", b::leading);
      server.pod("pod-0", "dra4j", "claim-0");
      scheduleUntilBound(b, "pod-0");
      assertThat(server.allocations()).containsOnlyKeys("claim-0");
    } finally {
      a.close();
    }
  }
}
