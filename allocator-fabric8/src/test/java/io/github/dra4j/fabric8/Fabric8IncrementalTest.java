package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceSelectorCompiler;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/*
 * An informer event rebuilds only the affected pool: the other pools' device entries
 * are taken over with their selector results, so a counting selector compiler sees evaluations
 * only for the changed pool's devices.
 */
final class Fabric8IncrementalTest {
  private final CountingCompiler compiler = new CountingCompiler();
  private MockCluster mock;
  private Fabric8Cluster cluster;
  private Node node1;
  private Node node2;

  @BeforeEach
  void start() {
    mock = new MockCluster();
    mock.createAll("cluster.yaml");
    mock.client.resource(Fabric8Adapters.toFabric8(node2Slice(1, "n2-a", "n2-b"))).create();
    StructuredAllocator allocator = StructuredAllocator.builder().features(Features.all())
        .selectorCompiler(compiler).build();
    cluster = Fabric8Cluster.start(mock.client, allocator);
    node1 = cluster.node("node-1");
    node2 = cluster.node("node-2");
    MockCluster.await("informer sees node-2-devices", () -> cluster.state().slice("node-2-devices") != null);
  }

  @AfterEach
  void stop() {
    cluster.close();
    mock.close();
  }

  /* A plain slice of node-2's own pool: devices of model a100, no counters. */
  private ResourceSlice node2Slice(long generation, String... names) {
    ResourceSlice template = Fabric8Adapters.toRecord(mock.client.resources(
        io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class).withName("node-1-devices").get());
    List<Device> devices = new ArrayList<>();
    for (String n : names) {
      Device d = template.spec().devices().get(0);
      devices.add(new Device(n, d.attributes(), d.capacity(), List.of(), d.includes(), null, null, false, List.of(),
          List.of(), List.of(), false, false));
    }
    return new ResourceSlice(ObjectMeta.named("node-2-devices"), new ResourceSliceSpec(template.spec().driver(),
        ResourcePool.of("node-2-gpus", generation, 1), "node-2", null, false, false, devices, List.of(),
        template.spec().mixins()));
  }

  /* Asks for more devices than either node has, so every device of both nodes meets the class selector. */
  private void askEverything(ClusterSnapshot snapshot, ResourceClaim tooBig) {
    assertThat(snapshot.allocate(node1, List.of(tooBig))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(snapshot.allocate(node2, List.of(tooBig))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  private static List<String> devices(AllocationOutcome outcome) {
    assertThat(outcome).isInstanceOf(AllocationOutcome.Allocated.class);
    return ((AllocationOutcome.Allocated) outcome).results().get(0).devices().results().stream()
        .map(DeviceRequestAllocationResult::device).toList();
  }

  @Test
  void sliceEvent_reevaluatesOnlyTheChangedPool() {
    ResourceClaim tooBig = Fabric8Adapters.toRecord(mock.createClaim("too-big", 4));
    ClusterSnapshot first = cluster.snapshot();
    askEverything(first, tooBig);
    assertThat(compiler.evaluations.get()).isEqualTo(3 + 2);

    ResourceSlice republished = node2Slice(2, "n2-a", "n2-b", "n2-c", "n2-d");
    mock.client.resource(Fabric8Adapters.toFabric8(republished)).update();
    MockCluster.await("informer sees node-2-devices at generation 2", () -> {
      ResourceSlice seen = cluster.state().slice("node-2-devices");
      return seen != null && seen.spec().pool().generation() == 2;
    });
    ClusterSnapshot second = cluster.snapshot();

    assertThat(devices(second.allocate(node2, List.of(tooBig)))).containsExactly("n2-a", "n2-b", "n2-c", "n2-d");
    assertThat(second.allocate(node1, List.of(tooBig))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(compiler.evaluations.get()).as("only node-2's 4 new devices").isEqualTo(5 + 4);
    assertThat(first.allocate(node2, List.of(tooBig))).as("the earlier snapshot is unchanged")
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  @Test
  void claimStatusEvent_changesOnlyInUseState_nothingIsEvaluatedAgain() {
    ResourceClaim tooBig = Fabric8Adapters.toRecord(mock.createClaim("too-big", 4));
    ResourceClaim one = Fabric8Adapters.toRecord(mock.createClaim("claim-0", 1));
    askEverything(cluster.snapshot(), tooBig);
    long evaluated = compiler.evaluations.get();

    AllocationResult result = ((AllocationOutcome.Allocated) cluster.snapshot().allocate(node1, List.of(one)))
        .results().get(0);
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = mock.claim("claim-0");
    c.setStatus(Fabric8Adapters.toFabric8(Fabric8Adapters.toRecord(c).withAllocation(result)).getStatus());
    mock.client.resource(c).updateStatus();
    MockCluster.await("informer sees claim-0 allocated", () -> {
      ResourceClaim seen = cluster.claim(MockCluster.NAMESPACE, "claim-0");
      return seen != null && seen.allocation() != null;
    });

    ClusterSnapshot after = cluster.snapshot();
    ResourceClaim two = Fabric8Adapters.toRecord(mock.createClaim("claim-1", 1));
    assertThat(devices(after.allocate(node1, List.of(two)))).containsExactly("part-b");
    // part-a and part-b take the 40Gi of counters: part-c must not be handed out.
    ResourceClaim three = Fabric8Adapters.toRecord(mock.createClaim("claim-2", 2));
    assertThat(after.allocate(node1, List.of(three))).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    askEverything(after, tooBig);
    assertThat(compiler.evaluations.get()).isEqualTo(evaluated);
  }

  /* CEL, counting evaluations. */
  private static final class CountingCompiler implements DeviceSelectorCompiler {
    private final CelCompiler cel = CelCompiler.create();
    final AtomicLong evaluations = new AtomicLong();

    @Override
    public CompiledSelector compile(String expression, Features features) {
      CompiledSelector compiled = cel.compile(expression, features);
      return new CompiledSelector() {
        @Override
        public String expression() {
          return compiled.expression();
        }

        @Override
        public @Nullable String compileError() {
          return compiled.compileError();
        }

        @Override
        public boolean matches(DeviceView device) {
          evaluations.incrementAndGet();
          return compiled.matches(device);
        }
      };
    }
  }
}
