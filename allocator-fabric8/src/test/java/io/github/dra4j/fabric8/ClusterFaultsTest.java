package io.github.dra4j.fabric8;

import static io.github.dra4j.fabric8.FaultyApiServer.await;
import static io.github.dra4j.fabric8.FaultyApiServer.calls;
import static io.github.dra4j.fabric8.FaultyApiServer.sentBy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOutcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The informer-backed view under API server faults, on the CRUD mock server with injected
 * faults: watch errors, {@code 410 Gone}, the API server unavailable, lists that fail half-way;
 * and the staleness bound, measured on a clock the test moves.
 */
final class ClusterFaultsTest {
  private static final String SLICES = "/apis/resource.k8s.io/v1/resourceslices";

  @RegisterExtension
  final FaultyApiServer server = FaultyApiServer.with("faults.yaml");
  private Fabric8Cluster cluster;
  private final MutableClock clock = new MutableClock();

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private void startCluster(Fabric8Cluster.Builder b) {
    cluster = b.clock(clock).maxStaleness(Duration.ofSeconds(30)).start();
  }

  private Fabric8Cluster.Builder builder() {
    return Fabric8Cluster.builder(server.client("dra4j"), MockCluster.ALLOCATOR);
  }

  private static ClusterHealth.Informer informer(ClusterHealth h, String kind) {
    return h.informers().stream().filter(i -> i.kind().equals(kind)).findFirst().orElseThrow();
  }

  private boolean watching(String kind) {
    return informer(cluster.health(), kind).watching();
  }

  private AllocationOutcome allocateOnNode2(long count) {
    ResourceClaim claim = Fabric8Adapters.toRecord(new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder()
        .withNewMetadata().withName("probe").withNamespace("default").endMetadata()
        .withNewSpec().withNewDevices().addNewRequest().withName("gpu").withNewExactly().withDeviceClassName("gpu")
        .withCount(count).endExactly().endRequest().endDevices().endSpec().build());
    return cluster.snapshot().allocate(cluster.node("node-2"), List.of(claim));
  }

  private long lists(String path) {
    return server.log().stream().filter(l -> l.startsWith("dra4j GET " + path + " ")).count();
  }

  /* --- watch errors and 410 Gone --- */

  @Test
  void watchError_isRetried_andTheViewStaysCurrent() {
    startCluster(builder());
    long before = lists("/apis/resource.k8s.io/v1/resourceclaims");

    server.breakWatches("resourceclaims", 500);
    server.claim("late", 1);

    await("the view shows the claim created after the watch error",
        () -> cluster.claim("default", "late") != null);
    assertThat(lists("/apis/resource.k8s.io/v1/resourceclaims")).as("listed again").isGreaterThan(before);
    await("watching again", () -> watching("ResourceClaim"));
  }

  @Test
  void malformedWatchEvent_isRetried_insteadOfStoppingTheInformer() {
    startCluster(builder());

    // fabric8's default exception handler stops an informer for good on this WatcherException.
    server.garbleWatches("resourceclaims");
    await("the informer noted the error", () -> informer(cluster.health(), "ResourceClaim").lastError() != null);
    server.claim("late", 1);

    await("the view shows the claim created after the error", () -> cluster.claim("default", "late") != null);
    await("the completed relist cleared the error", () -> informer(cluster.health(), "ResourceClaim").lastError() == null);
  }

  @Test
  void gone410_relists_andSeesADeletionMadeWhileItWasNotWatching() {
    startCluster(builder());
    assertThat(allocateOnNode2(4).isAllocated()).isTrue();
    AtomicInteger failingLists = server.fail(calls("GET", SLICES).and(r -> !r.getPath().contains("watch=true"))
        .and(sentBy("dra4j")), Integer.MAX_VALUE, 503);

    server.breakWatches("resourceslices", 410);
    await("the slice informer is not watching", () -> !watching("ResourceSlice"));
    server.admin.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class).withName("node-2-gpus")
        .delete();
    assertThat(allocateOnNode2(4).isAllocated()).as("no watch, no list: the old data is served").isTrue();

    failingLists.set(0);
    await("the relist completed", () -> watching("ResourceSlice"));
    // The informer hands the relist's deletions to its handlers on their own thread, so the
    // cluster state may apply them just after the watch is up again.
    await("the relist dropped the deleted slice", () -> !allocateOnNode2(1).isAllocated());
  }

  /* --- the API server unavailable, and the staleness bound --- */

  @Test
  void apiServerUnavailable_snapshotRefusesDataOlderThanTheBound_andServesAgainOnceRelisted() {
    startCluster(builder());
    ClusterHealth healthy = cluster.health();
    assertThat(healthy.healthy()).isTrue();
    assertThat(healthy.staleness()).isEqualTo(Duration.ZERO);

    server.partition("dra4j", true);
    await("no informer is watching", () -> cluster.health().informers().stream().noneMatch(i -> i.watching()));
    server.admin.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class).withName("node-2-gpus")
        .delete();
    clock.advance(Duration.ofSeconds(30));
    assertThat(cluster.snapshot()).as("30 s old: within the bound").isNotNull();
    clock.advance(Duration.ofSeconds(1));

    assertThatThrownBy(cluster::snapshot).isInstanceOfSatisfying(StaleClusterException.class, e -> {
      assertThat(e.bound()).isEqualTo(Duration.ofSeconds(30));
      assertThat(e.health().staleness()).isEqualTo(Duration.ofSeconds(31));
      assertThat(e.getMessage()).contains("31000 ms old, more than the bound of 30000 ms")
          .contains("ResourceSlice: not watching");
    });

    server.partition("dra4j", false);
    await("every informer watches again", () -> cluster.health().healthy());
    assertThat(cluster.health().staleness()).isEqualTo(Duration.ZERO);
    assertThat(informer(cluster.health(), "ResourceSlice").lastError()).as("cleared by the list").isNull();
    // The cluster's view follows its informers' events on their own thread: it may lag behind "watching".
    await("the relist dropped the deleted slice", () -> !allocateOnNode2(1).isAllocated());
  }

  /* --- partial lists --- */

  @Test
  void pagedList_failingHalfWay_isNotServedAsCurrent_untilAListCompletes() {
    startCluster(builder().listPageSize(1));
    assertThat(cluster.nodes()).as("every page of the first list").hasSize(2);
    assertThat(allocateOnNode2(4).isAllocated()).isTrue();
    AtomicInteger failingPages = server.fail(calls("GET", SLICES).and(r -> r.getPath().contains("continue="))
        .and(sentBy("dra4j")), Integer.MAX_VALUE, 500);

    server.breakWatches("resourceslices", 410);
    await("a relist failed on its second page",
        () -> informer(cluster.health(), "ResourceSlice").lastError() != null && !watching("ResourceSlice"));
    server.admin.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class).withName("node-2-gpus")
        .delete();
    clock.advance(Duration.ofMinutes(1));
    assertThatThrownBy(cluster::snapshot).as("the first page alone is no current view")
        .isInstanceOf(StaleClusterException.class);

    failingPages.set(0);
    await("a relist completed", () -> watching("ResourceSlice"));
    assertThat(allocateOnNode2(1).isAllocated()).as("the completed list dropped the deleted slice").isFalse();
  }

  /* --- DeviceTaintRules --- */

  @Test
  void taintRulesNotServed_startFailsNamingTheVersionAndTheGate() {
    server.fail(calls("GET", "/apis/resource.k8s.io/v1beta2/devicetaintrules"), Integer.MAX_VALUE, 404);

    assertThatThrownBy(() -> builder().start()).isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("listing DeviceTaintRules (resource.k8s.io/v1beta2) failed")
        .hasMessageContaining("deviceTaintRuleVersion")
        .hasMessageContaining("DRADeviceTaintRules gate");
  }

  @Test
  void taintRuleVersion_isChecked() {
    assertThatThrownBy(() -> builder().deviceTaintRuleVersion("resource.k8s.io/v2"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("resource.k8s.io/v1beta2");
  }
}
