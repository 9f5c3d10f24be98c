package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.ContainerImage;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ImageLocality's scores, with the cases of TestImageLocalityPriority and TestNormalizedImageName
 * (kubernetes/kubernetes pkg/scheduler/framework/plugins/imagelocality/image_locality_test.go),
 * then the plugin inside the kube-scheduler profile: enabled with weight 1 by default, weighted
 * and disabled through a KubeSchedulerConfiguration.
 */
final class ImageLocalityTest {
  private static final long MB = 1024 * 1024;

  /** The node statuses of the upstream test, by their names there. */
  private static final Map<String, List<ContainerImage>> STATUSES = Map.of(
      "node403002000", List.of(
          ContainerImage.of(40 * MB, "gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1"),
          ContainerImage.of(300 * MB, "gcr.io/300:latest", "gcr.io/300:v1"),
          ContainerImage.of(2000 * MB, "gcr.io/2000:latest")),
      "node25010", List.of(
          ContainerImage.of(250 * MB, "gcr.io/250:latest"),
          ContainerImage.of(10 * MB, "gcr.io/10:latest", "gcr.io/10:v1")),
      "node60040900", List.of(
          ContainerImage.of(600 * MB, "gcr.io/600:latest"),
          ContainerImage.of(40 * MB, "gcr.io/40:latest"),
          ContainerImage.of(900 * MB, "gcr.io/900:latest")),
      "node300600900", List.of(
          ContainerImage.of(300 * MB, "gcr.io/300:latest"),
          ContainerImage.of(600 * MB, "gcr.io/600:latest"),
          ContainerImage.of(900 * MB, "gcr.io/900:latest")),
      "node400030", List.of(
          ContainerImage.of(4000 * MB, "gcr.io/4000:latest"),
          ContainerImage.of(30 * MB, "gcr.io/30:latest")),
      "node203040", List.of(
          ContainerImage.of(20 * MB, "gcr.io/20:latest"),
          ContainerImage.of(30 * MB, "gcr.io/30:latest"),
          ContainerImage.of(40 * MB, "gcr.io/40:latest")),
      "nodeWithNoImages", List.of());

  private static Node imageNode(String name, List<ContainerImage> images) {
    return new Node(ObjectMeta.named(null, name), new NodeStatus(List.of(), Map.of(), images));
  }

  /** {@return a pod whose containers and init containers have these images (space separated, - for none)} */
  private static Pod imagePod(String name, String containers, String initContainers) {
    return pod(name, "{}", "{containers: " + containers(containers) + ", initContainers: " + containers(initContainers) + "}");
  }

  private static String containers(String images) {
    if (images.equals("-")) {
      return "[]";
    }
    String[] each = images.split(" ", -1);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < each.length; i++) {
      out.add("{name: c" + i + ", image: '" + each[i] + "'}");
    }
    return "[" + String.join(", ", out) + "]";
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "two images spread on two nodes, prefer the larger image one; gcr.io/40 gcr.io/250; -; node403002000 node25010; 0 5",
      "two images on one node, prefer this node; gcr.io/40 gcr.io/300; -; node403002000 node25010; 7 0",
      "if exceed limit, use limit; gcr.io/10 gcr.io/4000; -; node400030 node25010; 100 0",
      "if exceed limit, use limit (with node which has no images present); gcr.io/10 gcr.io/4000; -;"
          + " node400030 node25010 nodeWithNoImages; 66 0 0",
      "pod with multiple large images, node2 is preferred; gcr.io/300 gcr.io/600 gcr.io/900; -;"
          + " node60040900 node300600900 nodeWithNoImages; 32 36 0",
      "pod with multiple small images; gcr.io/30 gcr.io/40; -; node203040 node400030; 1 0",
      "include InitContainers: two images spread on two nodes, prefer the larger image one; gcr.io/30; gcr.io/300;"
          + " node403002000 node203040; 6 0",
  })
  void imageLocalityPriority(String name, String containers, String initContainers, String statuses, String want) {
    List<Node> nodes = new ArrayList<>();
    String[] each = statuses.split(" ", -1);
    for (int i = 0; i < each.length; i++) {
      nodes.add(imageNode("node" + (i + 1), STATUSES.get(each[i])));
    }
    Cycle in = new Cycle(imagePod("p", containers, initContainers), List.of(), List.of(), new NodeInfos(nodes, List.of()));
    long[] scores = ImageLocality.scores(in, IntStream.range(0, nodes.size()).toArray());
    assertThat(String.join(" ", Arrays.stream(scores).mapToObj(Long::toString).toList())).isEqualTo(want);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "add :latest postfix 1; root; root:latest",
      "add :latest postfix 2; gcr.io:5000/root; gcr.io:5000/root:latest",
      "keep it as is 1; root:tag; root:tag",
      "keep it as is 2; root@sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2;"
          + " root@sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2",
  })
  void normalizedImageName(String name, String input, String output) {
    assertThat(ImageLocality.normalizedImageName(input)).isEqualTo(output);
  }

  @Test
  void spreadAndSize_asTheSchedulerCacheKeepsThem() {
    // numNodes counts the nodes that list the name (once each, however many of their images list it),
    // over all nodes; the size is the one the first node in order gives
    List<Node> nodes = List.of(
        imageNode("a", List.of(ContainerImage.of(900 * MB, "big:1"), ContainerImage.of(900 * MB, "big:1", "other:1"))),
        imageNode("b", List.of(ContainerImage.of(10 * MB, "big:1"))),
        imageNode("c", List.of()), imageNode("d", List.of()));
    Cycle in = new Cycle(imagePod("p", "big:1", "-"), List.of(), List.of(), new NodeInfos(nodes, List.of()));
    long scaled = ImageLocality.scaledImageScore(900 * MB, 2, 4);
    assertThat(scaled).isEqualTo(450 * MB);
    long want = ImageLocality.calculatePriority(scaled, 1);
    assertThat(want).isEqualTo(100 * (450 * MB - 23 * MB) / (1000 * MB - 23 * MB)).isEqualTo(43);
    assertThat(ImageLocality.scores(in, new int[] {0, 1, 2, 3})).containsExactly(want, want, 0, 0);
  }

  @Test
  void podWithoutImages_scoresZero() {
    List<Node> nodes = List.of(imageNode("a", STATUSES.get("node403002000")));
    Cycle in = new Cycle(pod("p", "{}", "{containers: [{name: c}]}"), List.of(), List.of(), new NodeInfos(nodes, List.of()));
    assertThat(ImageLocality.scores(in, new int[] {0})).containsExactly(0);
  }

  /* --- in the kube-scheduler profile --- */

  private static final String HEAD = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

  /**
   * Two equal nodes but for the 2000 MB image the second holds; the pod runs that image. A body of
   * {@code -}: no configuration, the kube-scheduler scorer.
   */
  private static String placed(String configBody) throws DecodeException {
    List<Object> nodes = List.of(imageNode("without", List.of()),
        imageNode("with", List.of(ContainerImage.of(2000 * MB, "nvcr.io/nvidia/pytorch:24.05-py3"))));
    PodScheduler.Builder b = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(nodes));
    if (!configBody.equals("-")) {
      b.configuration(SchedulerConfigurationReader.read(HEAD + configBody, "sched.yaml", PluginFixtures.CODEC));
    } else {
      b.scorer(NodeScorer.kubeScheduler());
    }
    SchedulingResult r = b.build().schedule(imagePod("p", "nvcr.io/nvidia/pytorch:24.05-py3", "-"));
    return ((SchedulingResult.Scheduled) r).node().name();
  }

  @Test
  void kubeSchedulerProfile_imageDecidesTheNode() throws DecodeException {
    assertThat(placed("-")).isEqualTo("with");
    assertThat(placed("")).isEqualTo("with");
    assertThat(placed("profiles:\n- plugins: {score: {enabled: [{name: ImageLocality, weight: 5}]}}\n")).isEqualTo("with");
  }

  @Test
  void disabled_imagesNoLongerCount() throws DecodeException {
    assertThat(placed("profiles:\n- plugins: {score: {disabled: [{name: ImageLocality}]}}\n")).isEqualTo("without");
    assertThat(placed("profiles:\n- plugins: {multiPoint: {disabled: [{name: ImageLocality}]}}\n")).isEqualTo("without");
  }
}
