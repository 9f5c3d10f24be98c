package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The informer-backed cluster view on the CRUD mock server: incremental updates, in-flight allocations, pinning. */
final class Fabric8ClusterTest {
  private MockCluster mock;
  private Fabric8Cluster cluster;
  private Node node1;

  @BeforeEach
  void start() {
    mock = new MockCluster();
    mock.createAll("cluster.yaml");
    cluster = Fabric8Cluster.start(mock.client, MockCluster.ALLOCATOR);
    node1 = cluster.node("node-1");
    assertThat(node1).isNotNull();
  }

  @AfterEach
  void stop() {
    cluster.close();
    mock.close();
  }

  /* --- helpers --- */

  private ResourceClaim claimRecord(String name, long count) {
    return Fabric8Adapters.toRecord(mock.createClaim(name, count));
  }

  private static List<String> devices(AllocationOutcome outcome, int claim) {
    assertThat(outcome).isInstanceOf(AllocationOutcome.Allocated.class);
    return ((AllocationOutcome.Allocated) outcome).results().get(claim).devices().results().stream()
        .map(DeviceRequestAllocationResult::device).toList();
  }

  private AllocationOutcome allocate(ResourceClaim... claims) {
    return cluster.snapshot().allocate(node1, List.of(claims));
  }

  /** Republishes the devices slice: new generation, new device list (names), each consuming 20Gi via the mixin. */
  private void republishDevices(long generation, String... names) {
    ResourceSlice current = Fabric8Adapters.toRecord(mock.client.resources(
        io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class).withName("node-1-devices").get());
    ResourceSlice template = current;
    List<io.github.dra4j.api.Device> devices = new ArrayList<>();
    for (String n : names) {
      io.github.dra4j.api.Device d = template.spec().devices().get(0);
      devices.add(new io.github.dra4j.api.Device(n, d.attributes(), d.capacity(), d.consumesCounters(), d.includes(),
          null, null, false, List.of(), List.of(), List.of(), false, false));
    }
    update(current, generation, devices);
  }

  private void republishCounters(long generation) {
    ResourceSlice current = Fabric8Adapters.toRecord(mock.client.resources(
        io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class).withName("node-1-counters").get());
    update(current, generation, current.spec().devices());
  }

  private void update(ResourceSlice current, long generation, List<io.github.dra4j.api.Device> devices) {
    ResourceSliceSpec s = current.spec();
    ResourceSlice next = new ResourceSlice(current.metadata(), new ResourceSliceSpec(s.driver(),
        ResourcePool.of(s.pool().name(), generation, s.pool().resourceSliceCount()), s.nodeName(), s.nodeSelector(),
        s.allNodes(), s.perDeviceNodeSelection(), devices, s.sharedCounters(), s.mixins()));
    mock.client.resource(Fabric8Adapters.toFabric8(next)).update();
    MockCluster.await("informer sees " + current.name() + " at generation " + generation, () -> {
      ResourceSlice seen = cluster.state().slice(current.name());
      return seen != null && seen.spec().pool().generation() == generation
          && seen.spec().devices().size() == devices.size();
    });
  }

  private void writeAllocation(String claim, AllocationResult allocation) {
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = mock.claim(claim);
    c.setStatus(Fabric8Adapters.toFabric8(Fabric8Adapters.toRecord(c).withAllocation(allocation)).getStatus());
    mock.client.resource(c).updateStatus();
  }

  private void awaitObserved(String claim, boolean allocated) {
    MockCluster.await("informer sees " + claim + (allocated ? " allocated" : " deallocated"), () -> {
      ResourceClaim seen = cluster.claim(MockCluster.NAMESPACE, claim);
      return seen != null && (seen.allocation() != null) == allocated;
    });
  }

  /* --- snapshots --- */

  @Test
  void snapshot_withoutEvents_isReused_andAnEventRebuildsIt() {
    ClusterSnapshot first = cluster.snapshot();
    assertThat(cluster.snapshot()).isSameAs(first);

    republishCounters(1);
    republishDevices(1, "part-a", "part-b");

    ClusterSnapshot second = cluster.snapshot();
    assertThat(second).isNotSameAs(first);
    assertThat(cluster.snapshot()).isSameAs(second);
  }

  @Test
  void poolGenerationBump_oldSnapshotUnchanged_incompletePoolUnsatisfiable_newPoolUsed() {
    ResourceClaim claim = claimRecord("claim-0", 1);
    ClusterSnapshot before = cluster.snapshot();

    republishDevices(2, "part-x", "part-y");
    // Only one of two slices is at generation 2: the pool is incomplete.
    assertThat(allocate(claim)).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    // A snapshot taken before the event still allocates from generation 1.
    assertThat(devices(before.allocate(node1, List.of(claim)), 0)).containsExactly("part-a");

    republishCounters(2);
    assertThat(devices(allocate(claim), 0)).containsExactly("part-x");
  }

  @Test
  void malformedSlice_isLeftOutAndReported_restStillAllocates() {
    io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice bad =
        new io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice();
    bad.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName("broken").build());
    bad.setSpec(new io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec());
    mock.client.resource(bad).create();
    MockCluster.await("problem reported", () -> cluster.problems().containsKey("ResourceSlice broken"));

    // the first required field missing, in the field table's order
    assertThat(cluster.problems().get("ResourceSlice broken")).contains("spec.driver").contains("Required value");
    assertThat(devices(allocate(claimRecord("claim-0", 1)), 0)).containsExactly("part-a");
  }

  /* --- in-flight allocations --- */

  @Test
  void inFlight_countsUntilObserved_andIsReleasedByFailure() {
    ResourceClaim claim0 = claimRecord("claim-0", 2);
    ResourceClaim claim1 = claimRecord("claim-1", 1);
    AllocationResult first = ((AllocationOutcome.Allocated) allocate(claim0)).results().get(0);
    assertThat(first.devices().results()).extracting(DeviceRequestAllocationResult::device)
        .containsExactly("part-a", "part-b");

    Object owner = new Object();
    cluster.state().assume(claim0.withAllocation(first), owner);
    assertThat(allocate(claim1)).as("counters used up by the in-flight claim")
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);

    cluster.state().releaseStale("default/claim-0", owner);
    assertThat(devices(allocate(claim1), 0)).containsExactly("part-a");

    cluster.state().assume(claim0.withAllocation(first), owner);
    writeAllocation("claim-0", first);
    awaitObserved("claim-0", true);
    assertThat(cluster.state().isInFlight("default/claim-0")).isFalse();
    assertThat(allocate(claim1)).as("now counted through the observed status")
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  /* --- kubernetes#140802: allocated devices that leave their slice --- */

  @Test
  void allocatedDeviceRemovedFromPool_staysCharged_untilDeallocated() {
    ResourceClaim claim0 = claimRecord("claim-0", 1);
    AllocationResult a = ((AllocationOutcome.Allocated) allocate(claim0)).results().get(0);
    writeAllocation("claim-0", a);
    awaitObserved("claim-0", true);
    assertThat(cluster.state().pinnedDevices()).containsExactly(
        new ClusterState.DeviceKey("gpu.example.com", "node-1-gpus", "part-a"));

    // The driver republishes the pool without part-a, which claim-0 still holds (20Gi of 40Gi).
    republishCounters(2);
    republishDevices(2, "part-b", "part-c", "part-d");

    ResourceClaim two = claimRecord("claim-1", 2);
    assertThat(allocate(two)).as("part-a's 20Gi are still in use: two more 20Gi partitions would over-commit")
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(devices(allocate(claimRecord("claim-2", 1)), 0)).containsExactly("part-b");

    writeAllocation("claim-0", null);
    awaitObserved("claim-0", false);
    assertThat(cluster.state().pinnedDevices()).isEmpty();
    assertThat(devices(allocate(two), 0)).containsExactly("part-b", "part-c");
  }

  @Test
  void allocatedDeviceRepublishedWithLessConsumption_chargesTheLastSeenConsumption() {
    ResourceClaim claim0 = claimRecord("claim-0", 1);
    writeAllocation("claim-0", ((AllocationOutcome.Allocated) allocate(claim0)).results().get(0));
    awaitObserved("claim-0", true);

    // part-a now claims to consume nothing; part-b and part-c still 20Gi each.
    ResourceSlice current = cluster.state().slice("node-1-devices");
    List<io.github.dra4j.api.Device> devices = new ArrayList<>(current.spec().devices());
    io.github.dra4j.api.Device a = devices.get(0);
    devices.set(0, new io.github.dra4j.api.Device(a.name(), a.attributes(), a.capacity(), List.of(), a.includes(),
        null, null, false, List.of(), List.of(), List.of(), false, false));
    republishCounters(2);
    update(current, 2, devices);

    assertThat(allocate(claimRecord("claim-1", 2))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  /** The pool's generation is bumped (without the device being allocated) while ClaimAllocator writes. */
  @Test
  void poolGenerationBumpWhileAllocating_allocationStaysCharged() {
    mock.createClaim("claim-0", 1);
    Pod pod = mock.pod("pod-0", "claim-0");
    AtomicBoolean bumped = new AtomicBoolean();
    Interceptor driver = new Interceptor() {
      @Override
      public void before(BasicBuilder builder, HttpRequest request, Interceptor.RequestTags tags) {
        if (request.method().equals("PATCH") && request.uri().getPath().endsWith("/status")
            && !bumped.getAndSet(true)) {
          republishCounters(2);
          republishDevices(2, "part-b", "part-c", "part-d");
        }
      }
    };
    try (KubernetesClient racing = mock.client(b -> b.withHttpClientBuilderConsumer(h ->
        h.addOrReplaceInterceptor("driver", driver)))) {
      ClaimAllocator.Result r = ClaimAllocator.builder(racing, cluster).build().allocate(pod, "node-1");
      assertThat(r).isInstanceOf(ClaimAllocator.Allocated.class);
    }
    assertThat(bumped).isTrue();
    assertThat(Fabric8Adapters.toRecord(mock.claim("claim-0")).allocation().devices().results())
        .extracting(DeviceRequestAllocationResult::device).containsExactly("part-a");

    assertThat(allocate(claimRecord("claim-1", 2))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(devices(allocate(claimRecord("claim-2", 1)), 0)).containsExactly("part-b");
  }
}
