package io.github.dra4j.fabric8;

import static io.github.dra4j.fabric8.FaultyApiServer.await;
import static io.github.dra4j.fabric8.FaultyApiServer.claimStatusWrite;
import static io.github.dra4j.fabric8.FaultyApiServer.sentBy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.SearchBudgetExceededException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ClaimAllocator against an API server that fails: unavailable, answers lost after the write,
 * claims deleted and re-created, a second scheduler writing the same claim. Waits are recorded,
 * not spent, and deadlines run on a clock the waits move. The check that matters in every case:
 * no device is allocated twice, and nothing this call allocated stays allocated when it fails.
 */
final class ClaimAllocatorFaultsTest {
  @RegisterExtension
  final FaultyApiServer server = FaultyApiServer.with("faults.yaml");
  private final List<Fabric8Cluster> clusters = new ArrayList<>();
  private final MutableClock clock = new MutableClock(Instant.now());
  private final List<Duration> waits = new ArrayList<>();

  @AfterEach
  void stop() {
    clusters.forEach(Fabric8Cluster::close);
  }

  private Fabric8Cluster cluster(String tag) {
    Fabric8Cluster c = Fabric8Cluster.start(server.client(tag), MockCluster.ALLOCATOR);
    clusters.add(c);
    return c;
  }

  private ClaimAllocator allocator(Fabric8Cluster cluster, KubernetesClient writer) {
    return allocator(cluster, writer, Backoff.defaults());
  }

  private ClaimAllocator allocator(Fabric8Cluster cluster, KubernetesClient writer, Backoff backoff) {
    return ClaimAllocator.builder(writer, cluster).backoff(backoff).clock(clock).sleeper(d -> {
      waits.add(d);
      clock.advance(d);
    }).build();
  }

  private ClaimAllocator allocator(Fabric8Cluster cluster) {
    return allocator(cluster, server.client("writer"));
  }

  private static List<String> devices(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c) {
    return c.getStatus().getAllocation().getDevices().getResults().stream().map(r -> r.getDevice()).toList();
  }

  private static List<String> reservedFor(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c) {
    return c.getStatus() == null ? List.of() : c.getStatus().getReservedFor().stream().map(r -> r.getName()).toList();
  }

  /* --- the API server unavailable --- */

  @Test
  void unavailable_backsOffExponentiallyWithJitter_thenWrites() {
    server.claim("claim-0", 1);
    Pod pod = server.pod("pod-0", "dra4j", "claim-0");
    ClaimAllocator allocator = allocator(cluster("informer"));
    server.fail(claimStatusWrite(), 2, 503);

    ClaimAllocator.Result r = allocator.allocate(pod, "node-1");

    assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Allocated.class, a -> {
      assertThat(a.allocated()).containsExactly("claim-0");
      assertThat(a.reserved()).containsExactly("claim-0");
    });
    assertThat(waits).hasSize(2);
    assertThat(waits.get(0)).isBetween(Duration.ofMillis(10), Duration.ofMillis(11));
    assertThat(waits.get(1)).isBetween(Duration.ofMillis(50), Duration.ofMillis(55));
    assertThat(devices(server.storedClaim("claim-0"))).containsExactly("gpu-0");
    assertThat(reservedFor(server.storedClaim("claim-0"))).containsExactly("pod-0");
    assertThat(server.storedClaim("claim-0").getMetadata().getFinalizers())
        .containsExactly("resource.kubernetes.io/delete-protection");
  }

  @Test
  void unavailableForGood_givesUp_andLeavesNothingAllocated() {
    server.claim("claim-0", 4);
    server.claim("claim-1", 4);
    Pod pod = server.pod("pod-0", "dra4j", "claim-0");
    ClaimAllocator allocator = allocator(cluster("informer"));
    AtomicInteger down = server.fail(claimStatusWrite(), Integer.MAX_VALUE, 503);

    ClaimAllocator.Result r = allocator.allocate(pod, "node-1");

    assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Failed.class, f -> assertThat(f.reason())
        .contains("gave up after 5 attempts").contains("writing the status of ResourceClaim default/claim-0: HTTP 503"));
    assertThat(waits).as("a wait before each retry").hasSize(4);
    assertThat(server.storedClaim("claim-0").getStatus()).isNull();
    down.set(0);
    assertThat(allocator.allocate(server.pod("pod-1", "dra4j", "claim-1"), "node-1"))
        .as("the devices of the failed attempt are free again").isInstanceOf(ClaimAllocator.Allocated.class);
  }

  @Test
  void deadline_endsTheRetries() {
    server.claim("claim-0", 1);
    Pod pod = server.pod("pod-0", "dra4j", "claim-0");
    // Minutes, so that the search (which reads the system clock) is far from the deadline.
    ClaimAllocator allocator = allocator(cluster("informer"), server.client("writer"),
        new Backoff(Duration.ofMinutes(1), 5, Duration.ofHours(1), 0.1));
    server.fail(claimStatusWrite(), Integer.MAX_VALUE, 503);

    // Waits of 1-1.1 min and 5-5.5 min: the second is cut to what is left of 3 min, then it ends.
    ClaimAllocator.Result r = allocator.allocate(pod, "node-1",
        AllocationOptions.defaults().withDeadline(clock.instant().plus(Duration.ofMinutes(3))));

    assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Failed.class, f -> assertThat(f.reason())
        .startsWith("Pod default/pod-0: deadline reached after 2 attempts"));
    assertThat(waits).hasSize(2);
    assertThat(waits.get(0).plus(waits.get(1))).isEqualTo(Duration.ofMinutes(3));
  }

  @Test
  void stepBudget_perAttempt_endsTheSearch_andReleasesWhatIsInFlight() {
    server.claim("claim-0", 3);
    Pod pod = server.pod("pod-0", "dra4j", "claim-0");
    Fabric8Cluster cluster = cluster("informer");
    ClaimAllocator allocator = allocator(cluster);

    assertThatThrownBy(() -> allocator.allocate(pod, "node-1", AllocationOptions.defaults().withStepBudget(2)))
        .isInstanceOf(SearchBudgetExceededException.class);

    assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
    assertThat(server.storedClaim("claim-0").getStatus()).isNull();
    assertThat(allocator.allocate(pod, "node-1")).isInstanceOf(ClaimAllocator.Allocated.class);
  }

  /* --- answers lost after the write --- */

  @Test
  void lostAnswer_isSettledByReadingAgain_andItsDevicesAreNotHandedOutAgain() {
    server.claim("claim-0", 2);
    server.claim("claim-1", 2);
    server.claim("claim-2", 1);
    Fabric8Cluster cluster = cluster("informer");
    ClaimAllocator allocator = allocator(cluster);
    server.partition("informer", true); // the view cannot see any write: only in-flight entries protect
    server.loseAnswer(claimStatusWrite(), 1, 503);

    ClaimAllocator.Result r0 = allocator.allocate(server.pod("pod-0", "dra4j", "claim-0"), "node-1");
    ClaimAllocator.Result r1 = allocator.allocate(server.pod("pod-1", "dra4j", "claim-1"), "node-1");
    ClaimAllocator.Result r2 = allocator.allocate(server.pod("pod-2", "dra4j", "claim-2"), "node-1");

    assertThat(r0).as("its own write, whose answer was lost").isInstanceOfSatisfying(ClaimAllocator.Allocated.class,
        a -> assertThat(a.allocated()).containsExactly("claim-0"));
    assertThat(waits).hasSize(1);
    assertThat(devices(server.storedClaim("claim-0"))).containsExactly("gpu-0", "gpu-1");
    assertThat(reservedFor(server.storedClaim("claim-0"))).containsExactly("pod-0");
    assertThat(r1).isInstanceOf(ClaimAllocator.Allocated.class);
    assertThat(devices(server.storedClaim("claim-1"))).containsExactly("gpu-2", "gpu-3");
    assertThat(r2).isInstanceOf(ClaimAllocator.Unsatisfiable.class);
    assertThat(server.doublyAllocated()).isEmpty();
  }

  @Test
  void lostAnswerThenUnavailable_theWriteOfUnknownOutcomeStaysCharged() {
    server.claim("claim-0", 2);
    server.claim("claim-1", 4);
    server.claim("claim-2", 2);
    Fabric8Cluster cluster = cluster("informer");
    ClaimAllocator allocator = allocator(cluster);
    server.partition("informer", true);
    AtomicInteger lost = server.loseAnswer(claimStatusWrite(), 1, 503);
    AtomicInteger down = server.fail(sentBy("writer").and(r -> lost.get() == 0), Integer.MAX_VALUE, 503);

    ClaimAllocator.Result r = allocator.allocate(server.pod("pod-0", "dra4j", "claim-0"), "node-1");

    assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Failed.class, f -> assertThat(f.reason())
        .contains("gave up after 5 attempts").contains("reading ResourceClaim default/claim-0: HTTP 503"));
    assertThat(devices(server.storedClaim("claim-0"))).as("the write did happen").containsExactly("gpu-0", "gpu-1");
    down.set(0);
    assertThat(allocator.allocate(server.pod("pod-1", "dra4j", "claim-1"), "node-1"))
        .as("gpu-0 and gpu-1 may be taken: they stay charged").isInstanceOf(ClaimAllocator.Unsatisfiable.class);
    assertThat(allocator.allocate(server.pod("pod-2", "dra4j", "claim-2"), "node-1"))
        .isInstanceOf(ClaimAllocator.Allocated.class);
    assertThat(server.doublyAllocated()).isEmpty();

    server.partition("informer", false);
    await("the view shows claim-0 allocated", () -> {
      io.github.dra4j.api.ResourceClaim seen = cluster.claim("default", "claim-0");
      return seen != null && seen.allocation() != null;
    });
    assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
  }

  /* --- claims deleted or re-created while being allocated --- */

  @Test
  void claimRecreatedWhileAllocating_allocatesTheNewClaim_once() {
    server.claim("claim-0", 2);
    Pod pod = server.pod("pod-0", "dra4j", "claim-0");
    String oldUid = server.storedClaim("claim-0").getMetadata().getUid();
    AtomicBoolean recreated = new AtomicBoolean();
    Consumer<HttpRequest> recreate = request -> {
      if (request.method().equals("PATCH") && request.uri().getPath().endsWith("/status")
          && !recreated.getAndSet(true)) {
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = server.storedClaim("claim-0");
        c.getMetadata().setFinalizers(List.of());
        server.admin.resource(c).update();
        server.admin.resource(c).delete();
        await("claim-0 is gone", () -> server.storedClaim("claim-0") == null);
        server.claim("claim-0", 2);
      }
    };
    Fabric8Cluster cluster = cluster("informer");
    ClaimAllocator allocator = allocator(cluster, server.client("writer", recreate));

    ClaimAllocator.Result r = allocator.allocate(pod, "node-1");

    assertThat(recreated).isTrue();
    assertThat(r).isInstanceOf(ClaimAllocator.Allocated.class);
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim stored = server.storedClaim("claim-0");
    assertThat(stored.getMetadata().getUid()).isNotEqualTo(oldUid);
    assertThat(devices(stored)).hasSize(2);
    assertThat(waits).as("one conflict: the write carried the deleted claim's version").hasSize(1);
    await("the view shows the new claim allocated", () -> {
      io.github.dra4j.api.ResourceClaim seen = cluster.claim("default", "claim-0");
      return seen != null && seen.allocation() != null;
    });
    server.claim("claim-1", 2);
    assertThat(allocator.allocate(server.pod("pod-1", "dra4j", "claim-1"), "node-1"))
        .as("nothing of the first attempt is left charged").isInstanceOf(ClaimAllocator.Allocated.class);
    assertThat(server.doublyAllocated()).isEmpty();
  }

  /* --- two schedulers writing the same claim --- */

  @Test
  void twoSchedulers_sameClaim_theLoserBacksOff_andSharesTheWinnersAllocation() {
    server.claim("shared", 2);
    Pod podA = server.pod("pod-a", "dra4j", "shared");
    Pod podB = server.pod("pod-b", "dra4j", "shared");
    ClaimAllocator first = allocator(cluster("s1-informer"), server.client("s1"));
    List<ClaimAllocator.Result> winner = new ArrayList<>();
    Consumer<HttpRequest> race = request -> {
      if (request.method().equals("PATCH") && request.uri().getPath().endsWith("/status") && winner.isEmpty()) {
        winner.add(first.allocate(podA, "node-1"));
      }
    };
    Fabric8Cluster secondView = cluster("s2-informer");
    ClaimAllocator second = allocator(secondView, server.client("s2", race));

    ClaimAllocator.Result loser = second.allocate(podB, "node-1");

    assertThat(winner).singleElement().isInstanceOf(ClaimAllocator.Allocated.class);
    assertThat(loser).isInstanceOfSatisfying(ClaimAllocator.Allocated.class, a -> {
      assertThat(a.allocated()).as("the winner allocated it").isEmpty();
      assertThat(a.reserved()).containsExactly("shared");
    });
    assertThat(waits).as("the loser backed off once").hasSize(1);
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim stored = server.storedClaim("shared");
    assertThat(reservedFor(stored)).containsExactly("pod-a", "pod-b");
    assertThat(devices(stored)).isEqualTo(devices(((ClaimAllocator.Allocated) winner.get(0)).claims().get(0)));
    server.claim("other", 3);
    assertThat(second.allocate(server.pod("pod-c", "dra4j", "other"), "node-1"))
        .as("the loser's view charges the winner's devices, even before its informer shows them")
        .isInstanceOf(ClaimAllocator.Unsatisfiable.class);
  }

  private static List<String> devices(io.github.dra4j.api.ResourceClaim c) {
    return c.allocation().devices().results().stream().map(r -> r.device()).toList();
  }

  /* --- unreserve --- */

  @Test
  void unreserve_removesThisCallsReservations_andDeallocatesWhatItAllocated() {
    server.claim("own", 1);
    server.claim("shared", 1);
    Fabric8Cluster cluster = cluster("informer");
    ClaimAllocator allocator = allocator(cluster);
    assertThat(allocator.allocate(server.pod("pod-x", "dra4j", "shared"), "node-1"))
        .isInstanceOf(ClaimAllocator.Allocated.class);
    Pod pod = server.pod("pod-0", "dra4j", "own", "shared");
    ClaimAllocator.Allocated a = (ClaimAllocator.Allocated) allocator.allocate(pod, "node-1");
    assertThat(a.reserved()).containsExactly("own", "shared");
    assertThat(a.allocated()).containsExactly("own");
    AtomicInteger down = server.fail(claimStatusWrite(), Integer.MAX_VALUE, 503);

    assertThat(allocator.unreserve(pod, a)).as("the API server is down").hasSize(2)
        .allSatisfy(p -> assertThat(p).contains("could not remove the reservation"));
    down.set(0);
    assertThat(allocator.unreserve(pod, a)).isEmpty();

    assertThat(server.storedClaim("own").getStatus().getAllocation()).isNull();
    assertThat(reservedFor(server.storedClaim("own"))).isEmpty();
    assertThat(devices(server.storedClaim("shared"))).as("allocated before, kept").hasSize(1);
    assertThat(reservedFor(server.storedClaim("shared"))).containsExactly("pod-x");
    assertThat(allocator.unreserve(pod, a)).as("idempotent").isEmpty();
    assertThat(server.allocations()).containsOnlyKeys("shared");
    assertThat(Map.copyOf(server.allocations())).hasSize(1);
  }
}
