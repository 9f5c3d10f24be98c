package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.CODEC;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PodTopologySpread's default constraints, with cases transcribed from kubernetes/kubernetes
 * pkg/scheduler/framework/plugins: podtopologyspread/scoring_test.go (TestPreScoreSkip's "default
 * constraints and a replicaset that doesn't match", TestPreScoreStateEmptyNodes' "system default
 * constraints and a replicaset", "default constraints and a replicaset", "default constraints and
 * a replicaset, but pod has constraints"), podtopologyspread/filtering_test.go (TestPreFilterState's
 * "default constraints and a replicaset" and "default constraints and a replicaset that doesn't
 * match") and helper/spread_test.go (TestDefaultSelector's controller cases); the expected scores
 * are worked out from scoring.go.
 */
final class DefaultSpreadTest {
  private static final String FOO_EXISTS = "{matchExpressions: [{key: foo, operator: Exists}]}";
  private static final String LIST = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
      + "profiles:\n- pluginConfig:\n  - name: PodTopologySpread\n    args:\n      defaultingType: List\n"
      + "      defaultConstraints:\n";

  private static LabelSelector selector(String yaml) {
    try {
      return CODEC.read(yaml, LabelSelector.class);
    } catch (DecodeException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static PodController controller(String kind, String namespace, String name, @Nullable String selector) {
    return PodController.builder().kind(kind).metadata(ObjectMeta.builder().name(name).namespace(namespace).build())
        .template(pod("t", "{}", "{containers: [{name: c}]}"))
        .selector(selector == null ? null : selector(selector)).build();
  }

  /** {@return the pod in namespace default with these labels, controlled by kind/name} */
  private static Pod owned(String labels, String kind, String name, String spec) {
    Pod p = pod("p", labels, spec);
    String apiVersion = kind.equals("Job") ? "batch/v1" : "apps/v1";
    return new Pod(p.metadata().toBuilder().ownerReferences(List.of(
        new OwnerReference(apiVersion, kind, name, "uid-" + name, true, true))).build(), p.spec(), p.status());
  }

  private static SchedulingProfile profile(@Nullable String configYaml, PodController... controllers) {
    SchedulerConfiguration.Profile config = SchedulingProfile.DEFAULT.config;
    if (configYaml != null) {
      try {
        config = SchedulerConfigurationReader.read(configYaml, "sched.yaml", CODEC).profiles().get(0);
      } catch (DecodeException e) {
        throw new IllegalArgumentException(e);
      }
    }
    return new SchedulingProfile(config, DefaultSpread.of(Cluster.builder().controllers(List.of(controllers)).build()));
  }

  private static String scores(Pod pod, List<Node> nodes, List<Pod> existing, SchedulingProfile profile) {
    Cycle in = new Cycle(pod, List.of(), List.of(), new NodeInfos(nodes, existing), profile);
    long[] s = SpreadAndAffinityScores.spread(in, IntStream.range(0, nodes.size()).toArray());
    return Arrays.stream(s).mapToObj(Long::toString).collect(Collectors.joining(" "));
  }

  private static List<Node> nodes(String... labels) {
    List<Node> out = new ArrayList<>();
    for (int i = 0; i < labels.length; i++) {
      String name = "node-" + (char) ('a' + i);
      out.add(node(name, "{kubernetes.io/hostname: " + name + (labels[i].isEmpty() ? "" : ", " + labels[i]) + "}",
          "{}", "{}"));
    }
    return out;
  }

  private static Pod bound(Node node, String labels) {
    return on(node, pod("x-" + node.name() + "-" + labels.hashCode(), labels, "{containers: [{name: c}]}"));
  }

  @Test
  void systemDefaultsScoreNodesWithoutAZone() {
    // "system default constraints and a replicaset": nodes without a zone are not ignored, they are the zone "".
    List<Node> nodes = nodes("topology.kubernetes.io/zone: mars", "topology.kubernetes.io/zone: mars", "", "");
    Pod pod = owned("{foo: tar, baz: sup}", "ReplicaSet", "rs1", "{containers: [{name: c}]}");
    SchedulingProfile profile = profile(null, controller("ReplicaSet", "default", "rs1", FOO_EXISTS));
    // No matching pod: a and b score maxSkew - 1 of both constraints (2 + 4), c and d of the hostname one only (2).
    assertThat(scores(pod, nodes, List.of(), profile)).isEqualTo("33 33 100 100");
    // One matching pod on node-a: hostname (maxSkew 3, weight log(4 + 2)) and zone (maxSkew 5, two
    // zones "mars" and "", weight log(2 + 2)): a 9, b 7, c and d 2 (no zone label: hostname only).
    assertThat(scores(pod, nodes, List.of(bound(nodes.get(0), "{foo: x}")), profile)).isEqualTo("22 44 100 100");
    // A pod that the ReplicaSet's selector does not match is not counted.
    assertThat(scores(pod, nodes, List.of(bound(nodes.get(0), "{bar: x}")), profile)).isEqualTo("33 33 100 100");
  }

  @Test
  void systemDefaultsOffWithoutASelector() {
    List<Node> nodes = nodes("topology.kubernetes.io/zone: mars", "topology.kubernetes.io/zone: venus");
    List<Pod> existing = List.of(bound(nodes.get(0), "{foo: x}"));
    // "default constraints and a replicaset that doesn't match": the pod's owner rs2 is unknown.
    Pod other = owned("{foo: bar, baz: sup}", "ReplicaSet", "rs2", "{containers: [{name: c}]}");
    PodController rs1 = controller("ReplicaSet", "default", "rs1", "{matchExpressions: [{key: tar, operator: Exists}]}");
    assertThat(scores(other, nodes, existing, profile(null, rs1))).isEqualTo("0 0");
    // A controller in another namespace, an empty selector, a Job or a DaemonSet give no selector.
    Pod pod = owned("{foo: tar}", "ReplicaSet", "rs1", "{containers: [{name: c}]}");
    assertThat(scores(pod, nodes, existing, profile(null, controller("ReplicaSet", "other", "rs1", FOO_EXISTS))))
        .isEqualTo("0 0");
    assertThat(scores(pod, nodes, existing, profile(null, controller("ReplicaSet", "default", "rs1", "{}"))))
        .isEqualTo("0 0");
    Pod job = owned("{foo: tar}", "Job", "j", "{containers: [{name: c}]}");
    assertThat(scores(job, nodes, existing, profile(null, controller("Job", "default", "j", null)))).isEqualTo("0 0");
    // A pod without an owner.
    assertThat(scores(pod("p", "{foo: tar}", "{containers: [{name: c}]}"), nodes, existing,
        profile(null, controller("ReplicaSet", "default", "rs1", FOO_EXISTS)))).isEqualTo("0 0");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"ReplicaSet", "StatefulSet", "Deployment"})
  void controllerSelectors(String kind) {
    // helper/spread_test.go TestDefaultSelector "rs selector", "ss selector"; a Deployment stands for its ReplicaSet.
    List<Node> nodes = nodes("topology.kubernetes.io/zone: mars", "topology.kubernetes.io/zone: venus");
    Pod pod = owned("{foo: tar}", kind, "c1", "{containers: [{name: c}]}");
    SchedulingProfile profile = profile(null, controller(kind, "default", "c1", FOO_EXISTS));
    // node-a: hostname 1 * log(4) + 2, zone 1 * log(4) + 4 = 8.77 -> 9; node-b: 2 + 4 = 6.
    assertThat(scores(pod, nodes, List.of(bound(nodes.get(0), "{foo: x}")), profile)).isEqualTo("66 100");
  }

  @Test
  void podConstraintsWinOverDefaults() {
    // "default constraints and a replicaset, but pod has constraints": only the pod's own count.
    List<Node> nodes = nodes("planet: mars, galaxy: andromeda", "planet: venus, galaxy: andromeda");
    Pod pod = owned("{foo: bar, baz: sup}", "ReplicaSet", "rs1", "{containers: [{name: c}], topologySpreadConstraints:"
        + " [{maxSkew: 2, topologyKey: planet, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: {baz: sup}}}]}");
    SchedulingProfile profile = profile(LIST + "      - {maxSkew: 2, topologyKey: galaxy, whenUnsatisfiable: ScheduleAnyway}\n",
        controller("ReplicaSet", "default", "rs1", FOO_EXISTS));
    // A foo pod would count for the galaxy default; the pod's own planet constraint counts baz=sup only.
    assertThat(scores(pod, nodes, List.of(bound(nodes.get(0), "{foo: x}")), profile)).isEqualTo("100 100");
    assertThat(scores(pod, nodes, List.of(bound(nodes.get(0), "{baz: sup}")), profile)).isEqualTo("50 100");
  }

  @Test
  void listDefaultsFilterAndScore() {
    // "default constraints and a replicaset" (scoring_test.go and filtering_test.go): hostname maxSkew 1 and
    // planet maxSkew 2 score; rack maxSkew 2 DoNotSchedule filters.
    String list = LIST + "      - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway}\n"
        + "      - {maxSkew: 2, topologyKey: rack, whenUnsatisfiable: DoNotSchedule}\n"
        + "      - {maxSkew: 2, topologyKey: planet, whenUnsatisfiable: ScheduleAnyway}\n";
    SchedulingProfile profile = profile(list, controller("ReplicaSet", "default", "rs1", FOO_EXISTS));
    Pod pod = owned("{foo: tar, baz: sup}", "ReplicaSet", "rs1", "{containers: [{name: c}]}");
    List<Node> nodes = nodes("rack: rack1, planet: mars", "rack: rack2, planet: mars", "rack: rack2");
    List<Pod> existing = List.of(bound(nodes.get(0), "{foo: x}"), bound(nodes.get(0), "{foo: x2}"),
        bound(nodes.get(0), "{foo: x3}"));
    Cycle in = new Cycle(pod, List.of(), List.of(), new NodeInfos(nodes, existing), profile);
    // rack1 has 3 matching pods, rack2 none: 3 + 1 - 0 > 2 on node-a.
    assertThat(TopologySpread.reason(in.spread(), in, nodes.get(0))).isEqualTo(TopologySpread.CONSTRAINTS_MISMATCH);
    assertThat(TopologySpread.reason(in.spread(), in, nodes.get(1))).isNull();
    assertThat(in.needsClusterSteps()).isTrue();
    // With List defaulting a node without every key (node-c, no planet) is ignored as for the pod's own constraints.
    // node-a: hostname 3 * log(2 + 2) + 0, planet 3 * log(1 + 2) + 1 = 8.46 -> 8; node-b: planet 4.30 -> 4.
    assertThat(scores(pod, nodes, existing, profile)).isEqualTo("50 100 0");
  }
}
