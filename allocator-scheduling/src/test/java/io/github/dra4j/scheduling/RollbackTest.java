package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.GangFixtures.cluster;
import static io.github.dra4j.scheduling.GangFixtures.gpus;
import static io.github.dra4j.scheduling.GangFixtures.node;
import static io.github.dra4j.scheduling.GangFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/* PodGroupScheduler.Rollback marks nest: an inner mark passes what it sees to the outer one. */
final class RollbackTest {
  private static PodScheduler scheduler() throws Exception {
    Cluster c = cluster(node("node-a", "rack: r1"), gpus("node-a", 2));
    return PodScheduler.builder(SchedulingFixtures.allocator()).cluster(c).build();
  }

  private static Pod one(String name) throws Exception {
    return cluster(pod(name, null, "gpu:one-gpu")).pods().get(0);
  }

  private static List<String> podsOnNode(PodScheduler s) {
    return s.infos.pods(0).stream().map(b -> b.pod().name()).toList();
  }

  @Test
  void innerUndo_thenOuterUndo_restoreEachMarksState() throws Exception {
    PodScheduler s = scheduler();
    ClusterSnapshot start = s.snapshot();
    int claims = s.claims().size();

    PodGroupScheduler.Rollback outer = PodGroupScheduler.Rollback.mark(s);
    assertThat(s.schedule(one("a")).isScheduled()).isTrue();
    ClusterSnapshot afterA = s.snapshot();
    PodGroupScheduler.Rollback inner = PodGroupScheduler.Rollback.mark(s);
    assertThat(s.schedule(one("b")).isScheduled()).isTrue();
    assertThat(podsOnNode(s)).containsExactly("a", "b");

    inner.undo();
    assertThat(s.snapshot()).isSameAs(afterA);
    assertThat(podsOnNode(s)).containsExactly("a");
    assertThat(s.onChange).as("the outer mark's hook is back").isNotNull();

    outer.undo();
    assertThat(s.snapshot()).isSameAs(start);
    assertThat(s.claims()).hasSize(claims);
    assertThat(podsOnNode(s)).isEmpty();
    assertThat(s.onChange).isNull();
    assertThat(s.onBound).isNull();
  }

  @Test
  void innerKeep_isUndoneByTheOuterMark() throws Exception {
    PodScheduler s = scheduler();
    ClusterSnapshot start = s.snapshot();

    PodGroupScheduler.Rollback outer = PodGroupScheduler.Rollback.mark(s);
    PodGroupScheduler.Rollback inner = PodGroupScheduler.Rollback.mark(s);
    assertThat(s.schedule(one("a")).isScheduled()).isTrue();
    assertThat(s.schedule(one("b")).isScheduled()).isTrue();
    inner.keep();
    // The node is full: a third pod does not fit while the kept placements stand.
    assertThat(s.schedule(one("c")).isScheduled()).isFalse();

    outer.undo();
    assertThat(s.snapshot()).isSameAs(start);
    assertThat(podsOnNode(s)).as("the outer mark saw the inner mark's pods bound").isEmpty();
    // The remembered answers of the node were forgotten: both GPUs serve again.
    assertThat(s.schedule(one("c")).isScheduled()).isTrue();
    assertThat(s.schedule(one("d")).isScheduled()).isTrue();
  }
}
