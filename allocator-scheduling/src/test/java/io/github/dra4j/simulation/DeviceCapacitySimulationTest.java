package io.github.dra4j.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.SimulationYaml;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * GPU memory of whole GPUs (devices with a memory capacity and no shared counters), summed per
 * node group by hand: 2 nodes, each with 3 GPUs of 80 GiB and one partition device of 10 GiB that
 * consumes a counter (left out of device capacities: its memory is the counter's).
 */
final class DeviceCapacitySimulationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
  private static final double GI = 1024.0 * 1024 * 1024;

  private static String document(int arrivals) {
    return SimulationYaml.document("memory", "  policies: [first]\n  sampleEvery: 1", String.join("\n",
        "    - apiVersion: resource.k8s.io/v1",
        "      kind: DeviceClass",
        "      metadata: {name: gpu}",
        "      spec: {selectors: [{cel: {expression: 'device.attributes[\"gpu.example.com\"].type == \"gpu\"'}}]}"),
        String.join("\n",
            "    - name: box",
            "      count: 2",
            "      node: {metadata: {name: box, labels: {kubernetes.io/hostname: box}}}",
            "      slices:",
            "      - metadata: {name: box-counters}",
            "        spec:",
            "          driver: gpu.example.com",
            "          nodeName: box",
            "          pool: {name: box, generation: 1, resourceSliceCount: 2}",
            "          sharedCounters: [{name: part, counters: {memory: {value: 10Gi}}}]",
            "      - metadata: {name: box-gpus}",
            "        spec:",
            "          driver: gpu.example.com",
            "          nodeName: box",
            "          pool: {name: box, generation: 1, resourceSliceCount: 2}",
            "          devices:",
            gpu("g0"), gpu("g1"), gpu("g2"),
            "          - name: p0",
            "            attributes: {type: {string: part}}",
            "            capacity: {memory: {value: 10Gi}}",
            "            consumesCounters: [{counterSet: part, counters: {memory: {value: 10Gi}}}]"),
        "    count: " + arrivals + "\n    podKinds:\n" + SimulationYaml.gpuKind("pair", 2, "      weight: 1", ""));
  }

  private static String gpu(String name) {
    return "          - {name: " + name + ", attributes: {type: {string: gpu}}, capacity: {memory: {value: 80Gi}, "
        + "example.com/links: {value: '4'}}}";
  }

  private static List<SimulationResult.Sample> samples(int arrivals) throws IOException {
    return Simulation.builder(ALLOCATOR).spec(SimulationReader.read(document(arrivals), "sim.yaml", null, CODEC))
        .build().run().policy("first").samples();
  }

  @Test
  void memoryOfWholeGpusIsSummedPerGroup_partitionsThatConsumeCountersAreNot() throws IOException {
    List<SimulationResult.Sample> samples = samples(3);
    // After the first pair: 6 GPUs of 80 GiB, 2 in use; box-0's third GPU fits no pair, so box-0
    // strands its 80 GiB. The partitions' 10 GiB each is the counter's, not device capacity.
    SimulationResult.GroupUsage first = samples.get(0).group("box");
    assertEquals(new SimulationResult.CounterUsage(480 * GI, 160 * GI, 80 * GI),
        first.deviceCapacities().get("memory"));
    assertEquals(new SimulationResult.CounterUsage(20 * GI, 0, 10 * GI), first.counters().get("memory"));
    // A capacity of another domain keeps its domain: 4 links per GPU.
    assertEquals(new SimulationResult.CounterUsage(24, 8, 4), first.deviceCapacities().get("example.com/links"));
    // First fit: a pair on each node, the third pair pending. The GPU left on each node fits no
    // pair: both nodes strand, with 80 GiB (and the untouched partition) each.
    SimulationResult.GroupUsage last = samples.get(2).group("box");
    assertEquals(new SimulationResult.CounterUsage(480 * GI, 320 * GI, 160 * GI),
        last.deviceCapacities().get("memory"));
    assertEquals(0.5 + 1.0 / 6, last.deviceCapacities().get("memory").utilization(), 1e-12);
    assertEquals(Map.of("memory", new SimulationResult.CounterUsage(20 * GI, 0, 20 * GI)), last.counters());
  }
}
