package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.io.KubernetesCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code dra4j schedule} on docs/examples/scheduling/gang: a Workload, its PodGroup and pods, in both modes. */
final class GangScheduleCliTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String FOLDER = Path.of("").toAbsolutePath().getParent()
      .resolve("docs/examples/scheduling/gang").toString();

  @Test
  void default_rejectsTheGang_oneLinePerGroup() throws Exception {
    Cli.Result r = Cli.run("schedule", "-f", FOLDER);
    assertThat(r.exit()).as(r.toString()).isEqualTo(1);
    assertThat(r.err().strip().lines()).containsExactly("pod group ml/train-workers-0 is unschedulable: "
        + "0/2 placements are available, first placement status: minCount (2) cannot be satisfied: 1 scheduled,"
        + " 0 remaining");
    List<Object> out = CODEC.readAll(r.out(), "stdout");
    PodGroup g = (PodGroup) out.stream().filter(o -> o instanceof PodGroup).findFirst().orElseThrow();
    assertThat(g.status().condition(PodGroup.SCHEDULED).reason()).isEqualTo("Unschedulable");
    assertThat(out.stream().filter(o -> o instanceof Pod).map(o -> ((Pod) o).spec().nodeName())).containsOnlyNulls();
  }

  @Test
  void joint_placesBothWorkersOnTheHalves_andSaysKubeSchedulerRejectsThem() throws Exception {
    Cli.Result r = Cli.run("schedule", "--gang-search", "joint", "-f", FOLDER);
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.err()).startsWith("kube-scheduler rejects pod group ml/train-workers-0 (pod train-0 took gpu-0-full"
        + " on node-a; then pod train-1: ").contains("; a placement exists: train-0 on node-a (gpu-0-half-a),"
        + " train-1 on node-a (gpu-0-half-b)");
    List<String> nodes = new ArrayList<>();
    for (Object o : CODEC.readAll(r.out(), "stdout")) {
      if (o instanceof Pod) {
        nodes.add(((Pod) o).spec().nodeName());
      }
    }
    assertThat(nodes).containsExactly("node-a", "node-a");
  }

  @Test
  void unknownMode_isAnError() {
    Cli.Result r = Cli.run("schedule", "--gang-search", "best", "-f", FOLDER);
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--gang-search: unknown mode \"best\"; known: default, joint");
  }
}
