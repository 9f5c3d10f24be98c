package io.github.dra4j.fabric8.example;

import static io.github.dra4j.fabric8.FaultyApiServer.calls;
import static io.github.dra4j.fabric8.FaultyApiServer.claimStatusWrite;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.fabric8.Backoff;
import io.github.dra4j.fabric8.FaultyApiServer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The loop when binding fails (Unreserve), when its view is stale, and when a pod runs out of time. */
final class SchedulingLoopFaultsTest {
  static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().features(Features.all()).selectorCompiler(CelCompiler.create()).build();
  private static final Backoff FAST = new Backoff(Duration.ofMillis(1), 2, Duration.ofMillis(10), 0.1);

  @RegisterExtension
  final FaultyApiServer server = FaultyApiServer.with("faults.yaml");

  private SchedulingLoop.Builder loop() {
    return SchedulingLoop.builder(server.client("dra4j"), ALLOCATOR, "dra4j").retries(FAST, 2);
  }

  private String boundNode(String pod) {
    return server.admin.pods().inNamespace("default").withName(pod).get().getSpec().getNodeName();
  }

  @Test
  void bindFails_theClaimsAreUnreservedAndDeallocated_andTheNextRoundBinds() {
    server.claim("claim-0", 3);
    server.pod("pod-0", "dra4j", "claim-0");
    server.fail(calls("POST", "/bindings"), 1, 500);

    try (SchedulingLoop loop = loop().build()) {
      assertThat(loop.runOnce()).isEmpty();

      assertThat(loop.failures().get("default/pod-0")).startsWith("binding to node-1 failed")
          .endsWith("; its claims were unreserved");
      assertThat(server.storedClaim("claim-0").getStatus().getAllocation()).isNull();
      assertThat(server.storedClaim("claim-0").getStatus().getReservedFor()).isEmpty();

      // The claim informer may not have seen the deallocation yet: a round that starts before it
      // has binds nothing, as in staleView_theRoundSchedulesNothing_untilTheInformersHaveListedAgain.
      FaultyApiServer.await("the pod is bound", () -> loop.runOnce().containsKey("default/pod-0"));
      assertThat(boundNode("pod-0")).isEqualTo("node-1");
      assertThat(server.allocations()).containsOnlyKeys("claim-0");
    }
  }

  @Test
  void bindFails_andUnreserveFails_cleanUpIsRetriedBeforeThePodIsScheduledAgain() {
    server.claim("claim-0", 1);
    server.pod("pod-0", "dra4j", "claim-0");
    AtomicInteger bindFault = server.fail(calls("POST", "/bindings"), 1, 500);
    AtomicInteger down = server.fail(claimStatusWrite().and(r -> bindFault.get() == 0), 2, 503);

    try (SchedulingLoop loop = loop().build()) {
      assertThat(loop.runOnce()).isEmpty();
      assertThat(loop.failures().get("default/pod-0")).contains("unreserving later")
          .contains("ResourceClaim default/claim-0: could not remove the reservation: HTTP 503");
      assertThat(server.storedClaim("claim-0").getStatus().getReservedFor()).hasSize(1);
      assertThat(down).hasValue(0);

      assertThat(loop.runOnce()).containsExactly(Map.entry("default/pod-0", "node-1"));
    }
    int cleanUp = -1;
    int rewrite = -1;
    var log = server.log();
    for (int i = 0; i < log.size(); i++) {
      if (log.get(i).startsWith("dra4j PATCH /apis/resource.k8s.io/v1/namespaces/default/resourceclaims/claim-0/status")
          && log.get(i).contains(" -> 2")) {
        if (cleanUp < 0 && i > log.indexOf("dra4j POST /api/v1/namespaces/default/bindings -> 500")) {
          cleanUp = i;
        } else if (cleanUp >= 0 && rewrite < 0) {
          rewrite = i;
        }
      }
    }
    assertThat(cleanUp).as("the clean-up write").isPositive();
    assertThat(rewrite).as("the new allocation comes after it").isGreaterThan(cleanUp);
  }

  @Test
  void staleView_theRoundSchedulesNothing_untilTheInformersHaveListedAgain() {
    server.claim("claim-0", 1);
    server.pod("pod-0", "dra4j", "claim-0");

    try (SchedulingLoop loop = loop().maxStaleness(Duration.ZERO).build()) {
      server.partition("dra4j", true);
      FaultyApiServer.await("a round refused the stale view", () -> loop.runOnce().isEmpty()
          && String.valueOf(loop.roundFailure()).startsWith("the cluster view is "));
      assertThat(server.storedClaim("claim-0").getStatus()).isNull();

      server.partition("dra4j", false);
      FaultyApiServer.await("the pod is bound", () -> loop.runOnce().containsKey("default/pod-0"));
      assertThat(loop.roundFailure()).isNull();
    }
  }

  @Test
  void podTimeout_endsTheRetries_andTheNextPodIsScheduled() {
    server.claim("claim-0", 1);
    server.claim("claim-1", 1);
    server.pod("pod-0", "dra4j", "claim-0");
    server.pod("pod-1", "dra4j", "claim-1");
    // Only pod-0's claim cannot be written; waiting a minute between tries would block the loop.
    server.fail(claimStatusWrite().and(r -> r.getPath().contains("/claim-0/")), Integer.MAX_VALUE, 503);

    try (SchedulingLoop loop = loop().retries(new Backoff(Duration.ofMinutes(1), 2, Duration.ofMinutes(1), 0), 5)
        .podTimeout(Duration.ofMillis(200)).build()) {
      assertThat(loop.runOnce()).containsExactly(Map.entry("default/pod-1", "node-1"));
      assertThat(loop.failures().get("default/pod-0")).startsWith("Pod default/pod-0: deadline reached after 1 attempts");
    }
  }
}
