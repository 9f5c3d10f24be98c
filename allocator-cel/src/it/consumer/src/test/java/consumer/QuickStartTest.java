package consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The read, snapshot and allocate steps of docs/library.md, built against the installed artifacts. */
class QuickStartTest {
  @Test
  void allocatesTheReadmeExample() throws Exception {
    KubernetesCodec codec = KubernetesCodec.create();
    List<ResourceSlice> slices = new ArrayList<>();
    List<DeviceClass> classes = new ArrayList<>();
    List<ResourceClaim> claims = new ArrayList<>();
    List<Node> nodes = new ArrayList<>();
    try (InputStream in = getClass().getResourceAsStream("/a100-mixins.yaml")) {
      for (Object object : codec.readAll(in, "a100-mixins.yaml")) {
        if (object instanceof ResourceSlice slice) {
          slices.add(slice);
        } else if (object instanceof DeviceClass deviceClass) {
          classes.add(deviceClass);
        } else if (object instanceof ResourceClaim claim) {
          claims.add(claim);
        } else if (object instanceof Node node) {
          nodes.add(node);
        }
      }
    }
    StructuredAllocator allocator = StructuredAllocator.builder()
        .selectorCompiler(CelCompiler.create())
        .build();
    ClusterSnapshot snapshot = allocator.snapshot(slices, classes, List.of());

    AllocationOutcome outcome = snapshot.allocate(nodes.get(0), claims);

    List<String> devices = new ArrayList<>();
    for (var result : ((AllocationOutcome.Allocated) outcome).results()) {
      for (DeviceRequestAllocationResult device : result.devices().results()) {
        devices.add(device.device());
      }
    }
    assertEquals(List.of("gpu-0", "gpu-1", "gpu-2"), devices);
  }
}
