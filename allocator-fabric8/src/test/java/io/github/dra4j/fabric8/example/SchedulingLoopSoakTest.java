package io.github.dra4j.fabric8.example;

import static io.github.dra4j.fabric8.FaultyApiServer.calls;
import static io.github.dra4j.fabric8.FaultyApiServer.claimStatusWrite;
import static io.github.dra4j.fabric8.FaultyApiServer.sentBy;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.github.dra4j.fabric8.Backoff;
import io.github.dra4j.fabric8.FaultyApiServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The loop for a bounded number of events (pods with claims arriving, pods finishing as the
 * resourceclaim controller cleans up after them) with seeded random faults between rounds:
 * failed and unanswered claim reads and writes, failed and unanswered bindings, broken and
 * garbled watches. After every round no device is allocated twice and every bound pod holds its
 * claims; once the faults stop, no claim is lost: every allocation belongs to a bound pod, and a
 * pod still pending fits on no node.
 */
final class SchedulingLoopSoakTest {
  private static final long SEED = 20_261_127L;
  private static final int EVENTS = 100;
  private static final int DEVICES_PER_NODE = 4;
  private static final List<String> NODES = List.of("node-1", "node-2");
  private static final Backoff FAST = new Backoff(Duration.ofMillis(1), 2, Duration.ofMillis(4), 0.5);

  @RegisterExtension
  final FaultyApiServer server = FaultyApiServer.with("faults.yaml");
  private final List<AtomicInteger> faults = new ArrayList<>();
  private final Map<String, Integer> injected = new HashMap<>();

  @Test
  void seededFaults_noDeviceTwice_noClaimLost() {
    Random random = new Random(SEED);
    int created = 0;
    try (SchedulingLoop loop = SchedulingLoop.builder(server.client("dra4j"), SchedulingLoopFaultsTest.ALLOCATOR,
        "dra4j").retries(FAST, 3).build()) {
      for (int event = 0; event < EVENTS; event++) {
        int dice = random.nextInt(10);
        if (dice < 6) {
          server.claim("claim-" + created, 1 + random.nextInt(3));
          server.pod("pod-" + created, "dra4j", "claim-" + created);
          created++;
        } else if (dice < 8) {
          finishRandomBoundPod(random);
        }
        injectFault(random);
        Map<String, String> unused = loop.runOnce();
        checkEveryRound();
      }
      faults.forEach(f -> f.set(0));
      // Rounds until everything is settled; a claim really lost never settles and fails the wait.
      FaultyApiServer.await("every allocation belongs to a bound pod and no pending pod fits", () -> {
        Map<String, String> unused = loop.runOnce();
        checkEveryRound();
        return lost().isEmpty();
      });
    }
    assertThat(lost()).isEmpty();
    assertThat(injected).as("faults of every kind were injected").containsOnlyKeys("status write fails",
        "status write unanswered", "claim read fails", "binding fails", "binding unanswered", "watch breaks");
  }

  /* --- faults --- */

  private void injectFault(Random random) {
    Predicate<RecordedRequest> ours = sentBy("dra4j");
    switch (random.nextInt(8)) {
      case 0 -> fault("status write fails", server.fail(claimStatusWrite().and(ours), 1 + random.nextInt(3), 503));
      case 1 -> fault("status write unanswered", server.loseAnswer(claimStatusWrite().and(ours), 1, 503));
      case 2 -> fault("claim read fails",
          server.fail(calls("GET", "/namespaces/default/resourceclaims/").and(ours), 1 + random.nextInt(2), 500));
      case 3 -> fault("binding fails", server.fail(calls("POST", "/bindings").and(ours), 1, 500));
      case 4 -> fault("binding unanswered", server.loseAnswer(calls("POST", "/bindings").and(ours), 1, 503));
      case 5 -> {
        List<String> plurals = List.of("resourceclaims", "pods", "resourceslices");
        String plural = plurals.get(random.nextInt(plurals.size()));
        boolean broken = random.nextBoolean() ? server.tryBreakWatches(plural, random.nextBoolean() ? 410 : 500)
            : server.tryGarbleWatches(plural);
        if (broken) {
          injected.merge("watch breaks", 1, Integer::sum);
        }
      }
      default -> {
        // no fault this round
      }
    }
  }

  private void fault(String kind, AtomicInteger remaining) {
    injected.merge(kind, 1, Integer::sum);
    faults.add(remaining);
  }

  /** Deletes a bound pod and cleans up after it as the resourceclaim controller does. */
  private void finishRandomBoundPod(Random random) {
    List<Pod> bound = pods().stream().filter(p -> p.getSpec().getNodeName() != null).toList();
    if (bound.isEmpty()) {
      return;
    }
    Pod pod = bound.get(random.nextInt(bound.size()));
    server.admin.resource(pod).delete();
    String claimName = pod.getSpec().getResourceClaims().get(0).getResourceClaimName();
    ResourceClaim claim = server.storedClaim(claimName);
    claim.getMetadata().setFinalizers(List.of());
    ResourceClaim unfinalized = server.admin.resource(claim).update();
    server.admin.resource(unfinalized).delete();
  }

  private List<Pod> pods() {
    return server.admin.pods().inNamespace("default").list().getItems();
  }

  /* --- invariants --- */

  private List<ResourceClaim> claims() {
    return server.admin.resources(ResourceClaim.class).inNamespace("default").list().getItems();
  }

  private void checkEveryRound() {
    List<ResourceClaim> claims = claims();
    Map<String, ResourceClaim> byName = new HashMap<>();
    Map<String, String> holder = new HashMap<>();
    for (ResourceClaim c : claims) {
      byName.put(c.getMetadata().getName(), c);
      if (c.getStatus() != null && c.getStatus().getAllocation() != null) {
        c.getStatus().getAllocation().getDevices().getResults().forEach(r -> {
          String previous = holder.put(r.getPool() + "/" + r.getDevice(), c.getMetadata().getName());
          assertThat(previous).as("%s/%s allocated to %s and %s", r.getPool(), r.getDevice(), previous,
              c.getMetadata().getName()).isNull();
        });
      }
    }
    for (Pod pod : pods()) {
      String node = pod.getSpec().getNodeName();
      if (node == null) {
        continue;
      }
      ResourceClaim claim = byName.get(pod.getSpec().getResourceClaims().get(0).getResourceClaimName());
      assertThat(claim.getStatus().getAllocation()).as("claim of bound %s", pod.getMetadata().getName()).isNotNull();
      assertThat(claim.getStatus().getAllocation().getDevices().getResults())
          .allSatisfy(r -> assertThat(r.getPool()).as("pool of the node").isEqualTo(node));
      assertThat(claim.getStatus().getReservedFor()).extracting(r -> r.getUid())
          .contains(pod.getMetadata().getUid());
    }
  }

  /** {@return what is lost: allocations of pods that are gone or not bound, pending claims that would fit} */
  private List<String> lost() {
    List<String> lost = new ArrayList<>();
    Map<String, Integer> used = new HashMap<>();
    Map<String, Pod> podOfClaim = new HashMap<>();
    for (Pod pod : pods()) {
      podOfClaim.put(pod.getSpec().getResourceClaims().get(0).getResourceClaimName(), pod);
    }
    List<ResourceClaim> claims = claims();
    for (ResourceClaim claim : claims) {
      Pod pod = podOfClaim.get(claim.getMetadata().getName());
      if (claim.getStatus() != null && claim.getStatus().getAllocation() != null) {
        if (pod == null || pod.getSpec().getNodeName() == null) {
          lost.add(claim.getMetadata().getName() + " is allocated, but its pod is not bound");
        }
        claim.getStatus().getAllocation().getDevices().getResults().forEach(r -> used.merge(r.getPool(), 1, Integer::sum));
      }
    }
    for (ResourceClaim claim : claims) {
      if (claim.getStatus() == null || claim.getStatus().getAllocation() == null) {
        long count = claim.getSpec().getDevices().getRequests().get(0).getExactly().getCount();
        for (String node : NODES) {
          if (DEVICES_PER_NODE - used.getOrDefault(node, 0) >= count) {
            lost.add(claim.getMetadata().getName() + " is pending, but would fit on " + node);
          }
        }
      }
    }
    return lost;
  }
}
