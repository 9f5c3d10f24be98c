package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.ResourceClaim;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** End to end on the CRUD mock server: objects created through the client, status persisted on the server. */
final class ClaimAllocatorTest {
  private MockCluster mock;
  private Fabric8Cluster cluster;

  @BeforeEach
  void start() {
    mock = new MockCluster();
  }

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
    mock.close();
  }

  @CanIgnoreReturnValue
  private Fabric8Cluster startCluster() {
    cluster = Fabric8Cluster.start(mock.client, MockCluster.ALLOCATOR);
    return cluster;
  }

  private static List<String> devices(ResourceClaim c) {
    return c.allocation().devices().results().stream().map(DeviceRequestAllocationResult::device).toList();
  }

  private static List<String> devices(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c) {
    return devices(Fabric8Adapters.toRecord(c));
  }

  /* --- end to end --- */

  @Test
  void allocate_mixinSlices_persistsAllocationAndReservation() {
    List<HasMetadata> sent = mock.createAll("cluster.yaml");
    List<HasMetadata> pristine = sent.stream().map(Fabric8Yaml.SERIALIZATION::clone).toList();
    mock.createClaim("claim-0", 2);
    Pod pod = mock.pod("pod-0", "claim-0");
    Pod podBefore = Fabric8Yaml.SERIALIZATION.clone(pod);
    startCluster();
    assertThat(cluster.problems()).isEmpty();
    assertThat(cluster.nodes()).extracting(n -> n.name()).containsExactly("node-1", "node-2");

    ClaimAllocator.Result r = ClaimAllocator.builder(mock.client, cluster).build().allocate(pod, "node-1");

    assertThat(r).isInstanceOf(ClaimAllocator.Allocated.class);
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim stored = mock.claim("claim-0");
    assertThat(devices(stored)).containsExactly("part-a", "part-b");
    assertThat(stored.getStatus().getAllocation().getDevices().getResults())
        .allSatisfy(d -> assertThat(d.getPool()).isEqualTo("node-1-gpus"));
    assertThat(stored.getStatus().getAllocation().getNodeSelector().getNodeSelectorTerms().get(0)
        .getMatchFields().get(0).getValues()).containsExactly("node-1");
    assertThat(stored.getStatus().getReservedFor()).singleElement().satisfies(ref -> {
      assertThat(ref.getResource()).isEqualTo("pods");
      assertThat(ref.getName()).isEqualTo("pod-0");
      assertThat(ref.getUid()).isEqualTo(pod.getMetadata().getUid());
    });
    assertThat(((ClaimAllocator.Allocated) r).claims()).singleElement()
        .satisfies(c -> assertThat(devices(c)).containsExactly("part-a", "part-b"));
    assertThat(sent).as("inputs unchanged").isEqualTo(pristine);
    assertThat(pod).as("pod unchanged").isEqualTo(podBefore);
    MockCluster.await("informer shows the allocation", () -> {
      ResourceClaim seen = cluster.claim(MockCluster.NAMESPACE, "claim-0");
      return seen != null && seen.allocation() != null;
    });
    assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
  }

  @Test
  void allocate_wrongNode_isUnsatisfiableAndWritesNothing() {
    mock.createAll("cluster.yaml");
    mock.createClaim("claim-0", 1);
    Pod pod = mock.pod("pod-0", "claim-0");
    startCluster();

    ClaimAllocator.Result r = ClaimAllocator.builder(mock.client, cluster).build().allocate(pod, "node-2");

    assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Unsatisfiable.class,
        u -> assertThat(u.explanation().summary()).isNotBlank());
    assertThat(mock.claim("claim-0").getStatus()).isNull();
    assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
  }

  @Test
  void allocate_twoPodsInARow_neverShareDevicesOrOvercommitCounters() {
    mock.createAll("cluster.yaml");
    mock.createClaim("claim-0", 1);
    mock.createClaim("claim-1", 1);
    mock.createClaim("claim-2", 1);
    startCluster();
    ClaimAllocator allocator = ClaimAllocator.builder(mock.client, cluster).build();

    // Back to back: the second and third allocation run before the informer can show the first.
    ClaimAllocator.Result r0 = allocator.allocate(mock.pod("pod-0", "claim-0"), "node-1");
    ClaimAllocator.Result r1 = allocator.allocate(mock.pod("pod-1", "claim-1"), "node-1");
    ClaimAllocator.Result r2 = allocator.allocate(mock.pod("pod-2", "claim-2"), "node-1");

    assertThat(r0).isInstanceOf(ClaimAllocator.Allocated.class);
    assertThat(r1).isInstanceOf(ClaimAllocator.Allocated.class);
    assertThat(devices(mock.claim("claim-0"))).containsExactly("part-a");
    assertThat(devices(mock.claim("claim-1"))).containsExactly("part-b");
    assertThat(r2).as("40Gi of counters are used up by two 20Gi partitions").isInstanceOf(ClaimAllocator.Unsatisfiable.class);
    assertThat(mock.claim("claim-2").getStatus()).isNull();
  }

  @Test
  void allocate_podWithTwoClaims_allocatesBothTogether() {
    mock.createAll("cluster.yaml");
    mock.createClaim("claim-0", 1);
    mock.createClaim("claim-1", 1);
    startCluster();

    ClaimAllocator.Result r = ClaimAllocator.builder(mock.client, cluster).build()
        .allocate(mock.pod("pod-0", "claim-0", "claim-1"), "node-1");

    assertThat(r).isInstanceOf(ClaimAllocator.Allocated.class);
    assertThat(devices(mock.claim("claim-0"))).containsExactly("part-a");
    assertThat(devices(mock.claim("claim-1"))).containsExactly("part-b");
  }

  @Test
  void allocate_missingClaim_failsNamingIt() {
    mock.createAll("cluster.yaml");
    startCluster();

    ClaimAllocator.Result r = ClaimAllocator.builder(mock.client, cluster).build()
        .allocate(mock.pod("pod-0", "nope"), "node-1");

    assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Failed.class,
        f -> assertThat(f.reason()).contains("ResourceClaim default/nope not found"));
  }

  @Test
  void allocate_claimDeletedBeforeWrite_failsAndReleasesInFlight() {
    mock.createAll("cluster.yaml");
    mock.createClaim("claim-0", 2);
    Pod pod = mock.pod("pod-0", "claim-0");
    startCluster();
    AtomicInteger deleted = new AtomicInteger();
    Interceptor deleter = new Interceptor() {
      @Override
      public void before(BasicBuilder builder, HttpRequest request, Interceptor.RequestTags tags) {
        if (isStatusWrite(request) && deleted.getAndIncrement() == 0) {
          mock.client.resource(mock.claim("claim-0")).delete();
        }
      }
    };
    try (KubernetesClient racing = mock.client(b -> b.withHttpClientBuilderConsumer(h ->
        h.addOrReplaceInterceptor("deleter", deleter)))) {

      ClaimAllocator.Result r = ClaimAllocator.builder(racing, cluster).build().allocate(pod, "node-1");

      // Our finalizer keeps the claim, marked for deletion; kube-scheduler gives up on it too.
      assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Failed.class, f -> assertThat(f.reason())
          .contains("ResourceClaim default/claim-0 is being deleted"));
      assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
      mock.createClaim("claim-1", 2);
      assertThat(ClaimAllocator.builder(mock.client, cluster).build().allocate(mock.pod("pod-1", "claim-1"), "node-1"))
          .as("the devices of the failed write are free again").isInstanceOf(ClaimAllocator.Allocated.class);
    }
  }

  /* --- conflicts --- */

  /** Before the first status write, a concurrent writer updates the claim, so the write carries a stale resourceVersion. */
  @Test
  void allocate_concurrentWriterBumpsResourceVersion_refreshesAndRetries() {
    mock.createAll("cluster.yaml");
    mock.createClaim("claim-0", 1);
    Pod pod = mock.pod("pod-0", "claim-0");
    startCluster();
    AtomicInteger interfered = new AtomicInteger();
    try (KubernetesClient racing = mock.client(b -> b.withHttpClientBuilderConsumer(h ->
        h.addOrReplaceInterceptor("concurrent-writer", new ConcurrentWriter(mock, interfered, 1))))) {

      ClaimAllocator.Result r = ClaimAllocator.builder(racing, cluster).build().allocate(pod, "node-1");

      assertThat(interfered).hasValue(1);
      assertThat(r).isInstanceOf(ClaimAllocator.Allocated.class);
      io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim stored = mock.claim("claim-0");
      assertThat(stored.getMetadata().getLabels()).containsEntry("touched", "1");
      assertThat(devices(stored)).containsExactly("part-a");
      assertThat(stored.getStatus().getReservedFor()).hasSize(1);
    }
  }

  @Test
  void allocate_conflictOnEveryAttempt_givesUpAndReleasesInFlight() {
    mock.createAll("cluster.yaml");
    mock.createClaim("claim-0", 1);
    Pod pod = mock.pod("pod-0", "claim-0");
    startCluster();
    AtomicInteger interfered = new AtomicInteger();
    try (KubernetesClient racing = mock.client(b -> b.withHttpClientBuilderConsumer(h ->
        h.addOrReplaceInterceptor("concurrent-writer", new ConcurrentWriter(mock, interfered, Integer.MAX_VALUE))))) {

      ClaimAllocator.Result r = ClaimAllocator.builder(racing, cluster).maxAttempts(3).build().allocate(pod, "node-1");

      assertThat(interfered).hasValue(3);
      assertThat(r).isInstanceOfSatisfying(ClaimAllocator.Failed.class, f -> assertThat(f.reason())
          .contains("gave up after 3 attempts").contains("ResourceClaim default/claim-0 changed concurrently"));
      assertThat(mock.claim("claim-0").getStatus()).isNull();
      assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
      // Nothing stays reserved in memory: the devices are free for the next pod.
      mock.createClaim("claim-1", 2);
      ClaimAllocator.Result next = ClaimAllocator.builder(mock.client, cluster).build()
          .allocate(mock.pod("pod-1", "claim-1"), "node-1");
      assertThat(next).isInstanceOf(ClaimAllocator.Allocated.class);
    }
  }

  /** A concurrent writer allocates the claim first: ours is dropped, theirs is kept, nothing is double-allocated. */
  @Test
  void allocate_concurrentWriterAllocatesClaim_keepsTheirAllocation() {
    mock.createAll("cluster.yaml");
    mock.createClaim("claim-0", 1);
    Pod pod = mock.pod("pod-0", "claim-0");
    startCluster();
    AtomicInteger interfered = new AtomicInteger();
    Interceptor otherScheduler = new Interceptor() {
      @Override
      public void before(BasicBuilder builder, HttpRequest request, Interceptor.RequestTags tags) {
        if (isStatusWrite(request)
            && interfered.getAndIncrement() == 0) {
          io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = mock.claim("claim-0");
          ResourceClaim theirs = Fabric8Adapters.toRecord(c).withAllocation(new io.github.dra4j.api.AllocationResult(
              new io.github.dra4j.api.DeviceAllocationResult(List.of(new DeviceRequestAllocationResult("gpu",
                  "gpu.example.com", "node-1-gpus", "part-c", null, List.of(), List.of(), List.of(), null,
                  java.util.Map.of())), List.of()),
              io.github.dra4j.api.NodeSelector.forNodeName("node-1"), null));
          c.setStatus(Fabric8Adapters.toFabric8(theirs).getStatus());
          mock.client.resource(c).updateStatus();
        }
      }
    };
    try (KubernetesClient racing = mock.client(b -> b.withHttpClientBuilderConsumer(h ->
        h.addOrReplaceInterceptor("other-scheduler", otherScheduler)))) {

      ClaimAllocator.Result r = ClaimAllocator.builder(racing, cluster).build().allocate(pod, "node-1");

      assertThat(r).isInstanceOf(ClaimAllocator.Allocated.class);
      io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim stored = mock.claim("claim-0");
      assertThat(devices(stored)).containsExactly("part-c");
      assertThat(stored.getStatus().getReservedFor()).extracting(x -> x.getName()).containsExactly("pod-0");
      assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
    }
  }

  /** Updates the claim through the plain client before the racing client's status write, a limited number of times. */
  private static final class ConcurrentWriter implements Interceptor {
    private final MockCluster mock;
    private final AtomicInteger count;
    private final int times;

    ConcurrentWriter(MockCluster mock, AtomicInteger count, int times) {
      this.mock = mock;
      this.count = count;
      this.times = times;
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, Interceptor.RequestTags tags) {
      if (isStatusWrite(request) && count.get() < times) {
        int n = count.incrementAndGet();
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = mock.claim("claim-0");
        c.getMetadata().setLabels(new java.util.HashMap<>(java.util.Map.of("touched", Integer.toString(n))));
        mock.client.resource(c).update();
      }
    }
  }

  private static boolean isStatusWrite(HttpRequest request) {
    return request.method().equals("PATCH") && request.uri().getPath().endsWith("/status");
  }
}
