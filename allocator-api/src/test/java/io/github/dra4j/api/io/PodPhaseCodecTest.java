package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodStatus;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/* A pod's status.phase and metadata.deletionTimestamp: read, written back, bad values named. */
final class PodPhaseCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  private static final String POD = "apiVersion: v1\nkind: Pod\n"
      + "metadata: {name: p, namespace: ns, deletionTimestamp: DELETED, deletionGracePeriodSeconds: 30}\n"
      + "spec: {nodeName: node-1, containers: [{name: c}]}\n"
      + "status: {phase: PHASE, startTime: \"2026-11-27T09:00:00Z\"}\n";

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"Running, \"2026-11-27T10:00:00Z\", Running, 2026-11-27T10:00:00Z, false",
      "Succeeded, 2026-11-27T10:00:00Z, Succeeded, 2026-11-27T10:00:00Z, true",
      "Failed, null, Failed, , true", "Pending, null, Pending, , false"})
  void phaseAndDeletionTimestamp_areRead_andWrittenBack(String phase, String deleted, String wantPhase,
      String wantDeleted, boolean terminated) throws Exception {
    Pod pod = codec.read(POD.replace("PHASE", phase).replace("DELETED", deleted), Pod.class);
    assertThat(pod.status().phase()).isEqualTo(wantPhase);
    assertThat(pod.metadata().deletionTimestamp()).isEqualTo(wantDeleted);
    assertThat(pod.status().terminated()).isEqualTo(terminated);
    assertThat(codec.readAll(codec.writeYaml(List.of(pod)), "again")).containsExactly(pod);
    assertThat(codec.read(codec.writeJson(pod), Pod.class)).isEqualTo(pod);
  }

  @Test
  void aStatusWithAPhaseOnly_isNotEmpty() {
    assertThat(new PodStatus(List.of(), null, "Running").isEmpty()).isFalse();
    assertThat(PodStatus.EMPTY.isEmpty()).isTrue();
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "status: {phase: [Running]}|pod.yaml, document 1 (Pod/p), status.phase: expected a string, got a list",
      "status: {phse: Running}|pod.yaml, document 1 (Pod/p), status.phse: unknown field \"phse\", did you mean \"phase\"?",
      "metadata: {name: p, deletionTimestamp: {a: b}}|pod.yaml, document 1 (Pod), metadata.deletionTimestamp: expected a"
          + " string, got an object"})
  void badValues_nameFileDocumentObjectAndField(String part, String message) {
    String yaml = "apiVersion: v1\nkind: Pod\n" + (part.startsWith("metadata") ? "" : "metadata: {name: p}\n")
        + "spec: {containers: [{name: c}]}\n" + part + "\n";
    assertThatThrownBy(() -> codec.readAll(yaml, "pod.yaml")).isInstanceOf(DecodeException.class)
        .hasMessageStartingWith(message);
  }
}
