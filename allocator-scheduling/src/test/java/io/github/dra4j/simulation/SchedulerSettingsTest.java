package io.github.dra4j.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.PodScheduler;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The scheduler settings given once reach every scheduler a simulation, a headroom question and a
 * scale-up search make. The setting is a configuration whose only profile is {@code other}: a pod
 * of the default scheduler name then fits nowhere, which no default could make happen. On one box
 * of 3 GPUs and a lean node of 3 GPUs but 2 counter units (HeadroomTest's groups), a pod of 1 GPU
 * otherwise fits 5 times.
 */
final class SchedulerSettingsTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();

  private static SimulationSpec spec() throws IOException {
    return SimulationReader.read(HeadroomTest.document(1, 1, "", HeadroomTest.kind("single", 1, "")), "sim.yaml",
        null, CODEC);
  }

  private static Consumer<PodScheduler.Builder> otherProfileOnly() throws IOException {
    SchedulerConfiguration config = SchedulerConfigurationReader.read("apiVersion: kubescheduler.config.k8s.io/v1\n"
        + "kind: KubeSchedulerConfiguration\nprofiles: [{schedulerName: other}]\n", "sched.yaml", CODEC);
    return b -> b.configuration(config);
  }

  @Test
  void reachTheSimulationsSchedulersAndItsPreflightCheck() throws IOException {
    Simulation plain = Simulation.builder(ALLOCATOR).spec(spec()).build();
    Simulation set = Simulation.builder(ALLOCATOR).spec(spec()).scheduler(otherProfileOnly()).build();

    assertEquals(List.of(1, 0), List.of(plain.run().policy("first").placed(), plain.unplaceableKinds().size()));
    assertEquals(List.of(0, 1), List.of(set.run().policy("first").placed(), set.unplaceableKinds().size()));
  }

  @Test
  void reachTheHeadroomsSchedulers() throws IOException {
    SimulationSpec spec = spec();
    Headroom plain = Headroom.builder(ALLOCATOR).spec(spec).build();
    Headroom set = Headroom.builder(ALLOCATOR).spec(spec).scheduler(otherProfileOnly()).build();

    assertEquals(5, plain.of(spec.arrivals().kinds().get(0)).total());
    assertEquals(0, set.of(spec.arrivals().kinds().get(0)).total());
  }

  @Test
  void reachEverySimulationOfAScaleUpSearch() throws IOException {
    Consumer<PodScheduler.Builder> settings = otherProfileOnly();

    ScaleUp.Result plain = ScaleUp.search(ALLOCATOR, spec(), "box", "first", 4, b -> { });
    ScaleUp.Result set = ScaleUp.search(ALLOCATOR, spec(), "box", "first", 4, b -> b.scheduler(settings));

    assertEquals(1, plain.nodes());
    assertNull(set.nodes());
    assertEquals(List.of(new ScaleUp.Point(1, 0, 1), new ScaleUp.Point(2, 0, 1), new ScaleUp.Point(4, 0, 1)),
        set.curve());
  }
}
