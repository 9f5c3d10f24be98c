package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The DynamicResources score of prioritized lists (kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go, Score and computeScore):
 * a request's alternative {@code i} scores {@code 8 - i}, summed over the pod's claims and
 * normalized to the largest, so kube-scheduler prefers the node where a claim gets an earlier
 * alternative, all else equal.
 */
final class DynamicResourcesScoreTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String DRIVER = "gpu.example.com";

  /** A node-local slice of one device per entry of {@code sizes}, named by its attribute {@code model}. */
  private static String node(String name, String... sizes) {
    String devices = IntStream.range(0, sizes.length)
        .mapToObj(i -> "{name: dev-" + i + ", attributes: {model: {string: " + sizes[i] + "}}}")
        .collect(Collectors.joining(", "));
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name + "}\n---\n"
        + "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + name + "}\n"
        + "spec: {driver: " + DRIVER + ", nodeName: " + name + ", pool: {name: " + name
        + ", generation: 1, resourceSliceCount: 1}, devices: [" + devices + "]}\n";
  }

  /** A template whose one request tries the sizes in the given order. */
  private static String template(String name, String... order) {
    String alternatives = IntStream.range(0, order.length)
        .mapToObj(i -> "{name: " + order[i] + ", deviceClassName: gpu, selectors: [{cel: {expression: "
            + "'device.attributes[\"" + DRIVER + "\"].model == \"" + order[i] + "\"'}}]}")
        .collect(Collectors.joining(", "));
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: " + name
        + ", namespace: demo}\nspec: {spec: {devices: {requests: [{name: r, firstAvailable: [" + alternatives + "]}]}}}\n";
  }

  private static String pod(String... templates) {
    List<String> entries = new ArrayList<>();
    List<String> uses = new ArrayList<>();
    for (int i = 0; i < templates.length; i++) {
      entries.add("{name: c" + i + ", resourceClaimTemplateName: " + templates[i] + "}");
      uses.add("{name: c" + i + "}");
    }
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: demo}\nspec: {resourceClaims: ["
        + String.join(", ", entries) + "], containers: [{name: c, resources: {claims: [" + String.join(", ", uses) + "]}}]}\n";
  }

  private static final String CLASS = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\n"
      + "spec: {selectors: [{cel: {expression: 'device.driver == \"" + DRIVER + "\"'}}]}\n";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      // node-a only offers the second alternative (7 against 8): the score moves the pod to node-b
      "the earlier alternative wins; small; big; big small; ; node-b",
      "the order of the list decides, not the node order; big; small; big small; ; node-a",
      // two claims: node-a gives the first claim its first choice but 8 + 6 = 14; node-b 7 + 8 = 15
      "the sum over the claims decides; big tiny; small small; big small tiny | small big tiny; ; node-b",
      "without the score the first node in order; small; big; big small; "
          + "'profiles: [{plugins: {score: {disabled: [{name: DynamicResources}]}}}]'; node-a",
      // DefaultPluginsBenchmark's dra-scored profile: DynamicResources alone filters and scores
      "with DynamicResources alone the score still chooses; small; big; big small; "
          + "'profiles: [{plugins: {filter: {disabled: [{name: \"*\"}], enabled: [{name: DynamicResources}]},"
          + " score: {disabled: [{name: \"*\"}], enabled: [{name: DynamicResources}]}}}]'; node-b",
  })
  void theScoreChoosesTheNode(String name, String sizesA, String sizesB, String lists, String profile, String want)
      throws Exception {
    List<String> docs = new ArrayList<>(List.of(CLASS, node("node-a", sizesA.split(" ", -1)), node("node-b", sizesB.split(" ", -1))));
    String[] orders = lists.split(" \\| ", -1);
    String[] names = new String[orders.length];
    for (int i = 0; i < orders.length; i++) {
      names[i] = "t" + i;
      docs.add(template(names[i], orders[i].split(" ", -1)));
    }
    Cluster cluster = Cluster.of(CODEC.readAll(String.join("---\n", docs), "test.yaml"));
    PodScheduler.Builder b = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(cluster)
        .scorer(NodeScorer.kubeScheduler());
    if (profile != null) {
      b.configuration(SchedulerConfigurationReader.read(
          "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n" + profile, "s.yaml", CODEC));
    }
    Pod pod = (Pod) CODEC.readAll(pod(names), "pod.yaml").get(0);
    SchedulingResult r = b.build().schedule(pod);
    assertThat(r).isInstanceOf(SchedulingResult.Scheduled.class);
    assertThat(((SchedulingResult.Scheduled) r).node().name()).isEqualTo(want);
  }
}
