package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodDisruptionBudget;
import io.github.dra4j.api.PriorityClass;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/* PriorityClass, PodDisruptionBudget and a pod's priorityClassName and preemptionPolicy: read strictly, written back. */
final class PolicyCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  static final String PRIORITY_CLASS = "apiVersion: scheduling.k8s.io/v1\n"
      + "kind: PriorityClass\n"
      + "metadata: {name: high}\n"
      + "value: 1000\n"
      + "globalDefault: false\n"
      + "preemptionPolicy: Never\n"
      + "description: training jobs\n";

  static final String PDB = "apiVersion: policy/v1\n"
      + "kind: PodDisruptionBudget\n"
      + "metadata: {name: web, namespace: prod}\n"
      + "spec:\n"
      + "  minAvailable: 2\n"
      + "  selector: {matchLabels: {app: web}}\n"
      + "status:\n"
      + "  disruptionsAllowed: 1\n"
      + "  currentHealthy: 3\n"
      + "  desiredHealthy: 2\n"
      + "  expectedPods: 3\n"
      + "  disruptedPods: {web-0: \"2026-11-27T10:00:00Z\"}\n";

  static final String POD = "apiVersion: v1\n"
      + "kind: Pod\n"
      + "metadata: {name: p, namespace: prod}\n"
      + "spec:\n"
      + "  priorityClassName: high\n"
      + "  preemptionPolicy: PreemptLowerPriority\n"
      + "  containers: [{name: c}]\n";

  @Test
  void read_priorityClassAndBudget() throws DecodeException {
    PriorityClass pc = codec.read(PRIORITY_CLASS, PriorityClass.class);
    assertThat(pc).isEqualTo(new PriorityClass(ObjectMeta.named("high"), 1000, false, PriorityClass.NEVER));
    PodDisruptionBudget pdb = codec.read(PDB, PodDisruptionBudget.class);
    assertThat(pdb.spec().selector()).isEqualTo(new LabelSelector(Map.of("app", "web"), List.of()));
    assertThat(pdb.status().disruptionsAllowed()).isEqualTo(1);
    assertThat(pdb.status().disruptedPods()).containsOnlyKeys("web-0");
    assertThat(pdb.spec().selects(Map.of("app", "web"))).isTrue();
    assertThat(pdb.spec().selects(Map.of("app", "db"))).isFalse();
    Pod p = codec.read(POD, Pod.class);
    assertThat(p.spec().priorityClassName()).isEqualTo("high");
    assertThat(p.spec().preemptionPolicy()).isEqualTo("PreemptLowerPriority");
  }

  @Test
  void read_budgetWithoutStatus_computesDisruptionsFromItsSpec() throws DecodeException {
    String head = PDB.substring(0, PDB.indexOf("status:")).replace("  minAvailable: 2\n", "");
    PodDisruptionBudget none = codec.read(head, PodDisruptionBudget.class);
    assertThat(none.status()).isNull();
    assertThat(none.disruptionsAllowed(3)).isZero();
    PodDisruptionBudget min = codec.read(head.replace("spec:", "spec:\n  minAvailable: 2"), PodDisruptionBudget.class);
    assertThat(min.spec().minAvailable()).isEqualTo("2");
    assertThat(min.disruptionsAllowed(3)).isEqualTo(1);
    assertThat(min.disruptionsAllowed(1)).isZero();
    PodDisruptionBudget max = codec.read(head.replace("spec:", "spec:\n  maxUnavailable: '30%'"),
        PodDisruptionBudget.class);
    assertThat(max.spec().maxUnavailable()).isEqualTo("30%");
    assertThat(max.disruptionsAllowed(5)).isEqualTo(2); // 30% of 5 rounded up
    assertThat(codec.writeJson(min).replace(" ", "")).contains("\"minAvailable\":2").doesNotContain("status");
    assertThat(codec.writeJson(max).replace(" ", "")).contains("\"maxUnavailable\":\"30%\"");
    assertThatThrownBy(() -> codec.read(head.replace("spec:", "spec:\n  minAvailable: '150%'"),
        PodDisruptionBudget.class)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("minAvailable: Invalid value: \"150%\": must not be greater than 100%");
    assertThatThrownBy(() -> codec.read(head.replace("spec:", "spec:\n  maxUnavailable: two"),
        PodDisruptionBudget.class)).hasMessageContaining("must be an integer or percentage (e.g '5%')");
    assertThatThrownBy(() -> codec.read(head.replace("spec:", "spec:\n  minAvailable: 1\n  maxUnavailable: 1"),
        PodDisruptionBudget.class)).isInstanceOf(DecodeException.class).hasMessageContaining("cannot be both set");
  }

  @Test
  void readAll_sortsIntoCluster_andWritesBack() throws DecodeException {
    List<Object> objects = codec.readAll(PRIORITY_CLASS + "---\n" + PDB + "---\n" + POD, "all.yaml");
    Cluster c = Cluster.of(objects);
    assertThat(c.priorityClasses()).hasSize(1);
    assertThat(c.podDisruptionBudgets()).hasSize(1);
    assertThat(c.toBuilder().build()).isEqualTo(c);
    assertThat(codec.readAll(codec.writeYaml(objects), "yaml")).isEqualTo(objects);
  }

  @Test
  void read_unknownField_namesTheFieldPath() {
    assertThatThrownBy(() -> codec.readAll(PRIORITY_CLASS.replace("value: 1000", "value: 1000\npriority: 3"), "pc.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> assertThat(e.path()).isEqualTo("priority"));
    assertThatThrownBy(() -> codec.readAll(PDB.replace("minAvailable: 2", "minAvailble: 2"), "pdb.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("spec.minAvailble");
          assertThat(e.getMessage()).contains("pdb.yaml").contains("PodDisruptionBudget/web");
        });
    assertThatThrownBy(() -> codec.readAll(PRIORITY_CLASS.replace("value: 1000\n", ""), "pc.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> assertThat(e.path()).isEqualTo("value"));
  }
}
