package io.github.dra4j.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import io.github.dra4j.testing.Builders;
import java.util.List;
import org.junit.jupiter.api.Test;

/* Which pods leave at a step, after some departures were cancelled (victims of preemption). */
final class DeparturesTest {
  private final PodScheduler scheduler = PodScheduler.builder(
      StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build())
      .cluster(Cluster.builder().nodes(List.of(Builders.node("n"))).build()).build();

  @Test
  void depart_cancelledPodsStay_othersLeaveInPlacementOrder() {
    Departures departures = new Departures(scheduler);
    departures.schedule(5, placed("a"));
    departures.schedule(5, placed("b"));
    departures.schedule(5, placed("c"));
    departures.schedule(7, placed("d"));
    departures.cancel("b");
    departures.cancel("d");
    departures.cancel("unknown");

    assertThat(names(departures.depart(4))).isEmpty();
    assertThat(names(departures.depart(5))).containsExactly("a", "c");
    assertThat(names(departures.depart(7))).isEmpty();
  }

  @Test
  void cancel_afterDeparture_changesNothingLater() {
    Departures departures = new Departures(scheduler);
    departures.schedule(1, placed("a"));
    departures.schedule(2, placed("b"));
    assertThat(names(departures.depart(1))).containsExactly("a");

    departures.cancel("a");
    departures.schedule(3, placed("a"));

    assertThat(names(departures.depart(2))).containsExactly("b");
    assertThat(names(departures.depart(3))).containsExactly("a");
  }

  private static SchedulingResult.Scheduled placed(String name) {
    Pod pod = Pod.of(ObjectMeta.builder().name(name).namespace(Builders.NAMESPACE).build(),
        PodSpec.builder().nodeName("n").build());
    return new SchedulingResult.Scheduled(pod, Builders.node("n"), List.of(), null);
  }

  private static List<String> names(List<SchedulingResult.Scheduled> left) {
    return left.stream().map(s -> s.pod().name()).toList();
  }
}
