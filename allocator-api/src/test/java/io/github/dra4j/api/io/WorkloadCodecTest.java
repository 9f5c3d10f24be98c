package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Condition;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodGroupResourceClaimStatus;
import io.github.dra4j.api.PodGroupSchedulingConstraints;
import io.github.dra4j.api.PodGroupSchedulingPolicy;
import io.github.dra4j.api.PodGroupSpec;
import io.github.dra4j.api.PodGroupStatus;
import io.github.dra4j.api.PodGroupTemplate;
import io.github.dra4j.api.PodGroupTemplateReference;
import io.github.dra4j.api.PodSchedulingGroup;
import io.github.dra4j.api.TypedLocalObjectReference;
import io.github.dra4j.api.Workload;
import io.github.dra4j.api.WorkloadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/* Workload, PodGroup and a pod's schedulingGroup: decoded, written and read back, strict fields with paths. */
final class WorkloadCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  static final String WORKLOAD = "apiVersion: scheduling.k8s.io/v1alpha2\n"
      + "kind: Workload\n"
      + "metadata: {name: train, namespace: ml}\n"
      + "spec:\n"
      + "  controllerRef: {apiGroup: batch, kind: Job, name: train}\n"
      + "  podGroupTemplates:\n"
      + "  - name: workers\n"
      + "    schedulingPolicy: {gang: {minCount: 4}}\n"
      + "    schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}\n"
      + "    resourceClaims: [{name: fabric, resourceClaimTemplateName: imex-channel}]\n"
      + "    priorityClassName: high\n"
      + "    disruptionMode: All\n"
      + "  - name: driver\n"
      + "    schedulingPolicy: {basic: {}}\n";

  static final String POD_GROUP = "apiVersion: scheduling.k8s.io/v1alpha2\n"
      + "kind: PodGroup\n"
      + "metadata: {name: train-workers-0, namespace: ml}\n"
      + "spec:\n"
      + "  podGroupTemplateRef: {workload: {workloadName: train, podGroupTemplateName: workers}}\n"
      + "  schedulingPolicy: {gang: {minCount: 4}}\n"
      + "  schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}\n"
      + "  resourceClaims:\n"
      + "  - {name: fabric, resourceClaimTemplateName: imex-channel}\n"
      + "  - {name: shared, resourceClaimName: dataset-cache}\n"
      + "  priority: 1000\n"
      + "status:\n"
      + "  conditions:\n"
      + "  - {type: PodGroupScheduled, status: \"False\", reason: Unschedulable, message: too few nodes,"
      + " lastTransitionTime: \"2026-11-27T10:00:00Z\"}\n"
      + "  resourceClaimStatuses: [{name: fabric, resourceClaimName: train-workers-0-fabric-x7k2p}]\n";

  static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: w0, namespace: ml}\n"
      + "spec:\n  schedulingGroup: {podGroupName: train-workers-0}\n  containers: [{name: c}]\n";

  @Test
  void read_workload_everyModelledField() throws DecodeException {
    Workload w = codec.read(WORKLOAD, Workload.class);
    assertThat(w).isEqualTo(Workload.of(ObjectMeta.builder().name("train").namespace("ml").build(),
        new WorkloadSpec(new TypedLocalObjectReference("batch", "Job", "train"), List.of(
            PodGroupTemplate.builder().name("workers").schedulingPolicy(PodGroupSchedulingPolicy.gangPolicy(4))
                .schedulingConstraints(PodGroupSchedulingConstraints.topology("topology.kubernetes.io/rack"))
                .addResourceClaim(PodGroupResourceClaim.ofTemplate("fabric", "imex-channel")).build(),
            PodGroupTemplate.builder().name("driver").build()))));
    assertThat(w.spec().template("driver").schedulingPolicy().minCount()).isEqualTo(1);
    assertThat(w.spec().template("none")).isNull();
  }

  @Test
  void read_podGroup_specAndStatus() throws DecodeException {
    PodGroup g = codec.read(POD_GROUP, PodGroup.class);
    assertThat(g.spec()).isEqualTo(PodGroupSpec.builder()
        .podGroupTemplateRef(PodGroupTemplateReference.ofWorkload("train", "workers"))
        .schedulingPolicy(PodGroupSchedulingPolicy.gangPolicy(4))
        .schedulingConstraints(PodGroupSchedulingConstraints.topology("topology.kubernetes.io/rack"))
        .addResourceClaim(PodGroupResourceClaim.ofTemplate("fabric", "imex-channel"))
        .addResourceClaim(PodGroupResourceClaim.ofClaim("shared", "dataset-cache"))
        .priority(1000).build());
    assertThat(g.status().condition(PodGroup.SCHEDULED)).extracting(Condition::reason)
        .isEqualTo(PodGroup.REASON_UNSCHEDULABLE);
    assertThat(g.status().claimStatus("fabric"))
        .isEqualTo(new PodGroupResourceClaimStatus("fabric", "train-workers-0-fabric-x7k2p"));
    assertThat(g.spec().schedulingConstraints().topologyKey()).isEqualTo("topology.kubernetes.io/rack");
  }

  @Test
  void read_podSchedulingGroup() throws DecodeException {
    Pod p = codec.read(POD, Pod.class);
    assertThat(p.spec().schedulingGroup()).isEqualTo(PodSchedulingGroup.of("train-workers-0"));
    assertThat(p.podGroupName()).isEqualTo("train-workers-0");
  }

  @Test
  void roundTrip_yamlAndJson() throws DecodeException {
    List<Object> objects = codec.readAll(WORKLOAD + "---\n" + POD_GROUP + "---\n" + POD, "all.yaml");
    assertThat(objects).hasSize(3);
    assertThat(codec.readAll(codec.writeYaml(objects), "yaml")).isEqualTo(objects);
    assertThat(codec.readAll(codec.writeJsonList(objects), "json")).isEqualTo(objects);
    PodGroup bare = PodGroup.of(ObjectMeta.named("g"), PodGroupSpec.builder().build());
    assertThat(codec.writeJson(bare)).contains("\"basic\" : { }").doesNotContain("status");
    assertThat(codec.read(codec.writeJson(bare), PodGroup.class)).isEqualTo(bare);
  }

  @Test
  void cluster_sortsTheKinds() throws DecodeException {
    Cluster c = Cluster.of(codec.readAll(WORKLOAD + "---\n" + POD_GROUP + "---\n" + POD, "all.yaml"));
    assertThat(c.workloads()).hasSize(1);
    assertThat(c.podGroups()).hasSize(1);
    assertThat(c.podGroup("ml", "train-workers-0")).isSameAs(c.podGroups().get(0));
    assertThat(c.podGroup(null, "train-workers-0")).isNull();
    assertThat(c.toBuilder().build()).isEqualTo(c);
  }

  @Test
  void read_unknownField_namesTheFieldPath() {
    assertThatThrownBy(() -> codec.readAll(POD_GROUP.replace("minCount: 4", "minCount: 4, minimum: 2"), "g.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("spec.schedulingPolicy.gang.minimum");
          assertThat(e.getMessage()).contains("g.yaml").contains("PodGroup/train-workers-0");
        });
    assertThatThrownBy(() -> codec.readAll(WORKLOAD.replace("name: workers", "name: workers\n    size: 3"), "w.yaml"))
        .isInstanceOfSatisfying(DecodeException.class,
            e -> assertThat(e.path()).isEqualTo("spec.podGroupTemplates[0].size"));
    assertThatThrownBy(() -> codec.readAll(POD.replace("podGroupName:", "group:"), "p.yaml"))
        .isInstanceOfSatisfying(DecodeException.class,
            e -> assertThat(e.path()).isEqualTo("spec.schedulingGroup.group"));
  }

  @Test
  void read_missingRequired_namesThePath() {
    assertThatThrownBy(() -> codec.readAll(POD_GROUP.replace("{gang: {minCount: 4}}", "{gang: {}}"), "g.yaml"))
        .isInstanceOfSatisfying(DecodeException.class,
            e -> assertThat(e.path()).isEqualTo("spec.schedulingPolicy.gang.minCount"));
  }

  @Test
  void read_unservedVersion_namesTheServedOne() {
    assertThatThrownBy(() -> codec.readAll(WORKLOAD.replace("v1alpha2", "v1beta1"), "w.yaml"))
        .isInstanceOfSatisfying(DecodeException.class, e -> {
          assertThat(e.path()).isEqualTo("apiVersion");
          assertThat(e.getMessage()).contains("scheduling.k8s.io/v1alpha2");
        });
  }
}
