package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.container;
import static io.github.dra4j.scheduling.PluginFixtures.filter;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * NodeResourcesFit's filter. The cases are transcribed from TestEnoughRequests in
 * kubernetes/kubernetes pkg/scheduler/framework/plugins/noderesources/fit_test.go: a node with
 * allocatable cpu 10m, memory 20, pods 32, example.com/aaa 5, ephemeral-storage 20 and
 * hugepages-2Mi 5, one pod bound there with the "existing" requests, and the incoming pod's
 * containers and init containers ({@code ;} between containers, {@code |} between requests).
 * The sidecar and "Too many pods" cases follow the same formula (component-helpers
 * resource.PodRequests).
 */
final class NodeResourcesFitTest {
  private static final String ALLOCATABLE = "{allocatable: {cpu: 10m, memory: '20', pods: '32', example.com/aaa: '5', "
      + "ephemeral-storage: '20', hugepages-2Mi: '5'}}";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "no resources requested always fits; -; -; -; cpu: 10m| memory: '20'; -",
      "too many resources fails; cpu: 1m| memory: '1'; -; -; cpu: 10m| memory: '20'; Insufficient cpu, Insufficient memory",
      "too many resources fails due to init container cpu; cpu: 1m| memory: '1'; cpu: 3m| memory: '1'; -; cpu: 8m| memory: '19'; Insufficient cpu",
      "too many resources fails due to highest init container cpu; cpu: 1m| memory: '1'; cpu: 3m| memory: '1' / cpu: 2m| memory: '1'; -; cpu: 8m| memory: '19'; Insufficient cpu",
      "too many resources fails due to init container memory; cpu: 1m| memory: '1'; cpu: 1m| memory: '3'; -; cpu: 9m| memory: '19'; Insufficient memory",
      "too many resources fails due to highest init container memory; cpu: 1m| memory: '1'; cpu: 1m| memory: '3' / cpu: 1m| memory: '2'; -; cpu: 9m| memory: '19'; Insufficient memory",
      "init container fits because it's the max, not sum; cpu: 1m| memory: '1'; cpu: 1m| memory: '1'; -; cpu: 9m| memory: '19'; -",
      "multiple init containers fit because it's the max, not sum; cpu: 1m| memory: '1'; cpu: 1m| memory: '1' / cpu: 1m| memory: '1'; -; cpu: 9m| memory: '19'; -",
      "both resources fit; cpu: 1m| memory: '1'; -; -; cpu: 5m| memory: '5'; -",
      "one resource memory fits; cpu: 2m| memory: '1'; -; -; cpu: 9m| memory: '5'; Insufficient cpu",
      "one resource cpu fits; cpu: 1m| memory: '2'; -; -; cpu: 5m| memory: '19'; Insufficient memory",
      "equal edge case; cpu: 5m| memory: '1'; -; -; cpu: 5m| memory: '19'; -",
      "equal edge case for init container; cpu: 4m| memory: '1'; cpu: 5m| memory: '1'; -; cpu: 5m| memory: '19'; -",
      "extended resource fits; example.com/aaa: '1'; -; -; -; -",
      "extended resource fits for init container; -; example.com/aaa: '1'; -; -; -",
      "extended resource capacity enforced; cpu: 1m| memory: '1'| example.com/aaa: '10'; -; -; -; Insufficient example.com/aaa",
      "extended resource capacity enforced for init container; -; cpu: 1m| memory: '1'| example.com/aaa: '10'; -; -; Insufficient example.com/aaa",
      "extended resource allocatable enforced; cpu: 1m| memory: '1'| example.com/aaa: '1'; -; -; example.com/aaa: '5'; Insufficient example.com/aaa",
      "extended resource allocatable enforced for multiple containers; example.com/aaa: '3' / example.com/aaa: '3'; -; -; example.com/aaa: '2'; Insufficient example.com/aaa",
      "extended resource allocatable admits multiple init containers; -; example.com/aaa: '3' / example.com/aaa: '3'; -; example.com/aaa: '2'; -",
      "extended resource allocatable enforced for multiple init containers; -; example.com/aaa: '6' / example.com/aaa: '3'; -; example.com/aaa: '2'; Insufficient example.com/aaa",
      "extended resource allocatable enforced for unknown resource; cpu: 1m| memory: '1'| example.com/bbb: '1'; -; -; -; Insufficient example.com/bbb",
      "kubernetes.io resource capacity enforced; kubernetes.io/something: '10'; -; -; -; Insufficient kubernetes.io/something",
      "hugepages resource capacity enforced; hugepages-2Mi: '10'; -; -; -; Insufficient hugepages-2Mi",
      "hugepages resource allocatable enforced for multiple containers; hugepages-2Mi: '3' / hugepages-2Mi: '3'; -; -; hugepages-2Mi: '2'; Insufficient hugepages-2Mi",
      "resources + pod overhead fits; cpu: 1m| memory: '1'; -; cpu: 3m| memory: '13'; cpu: 5m| memory: '5'; -",
      "requests + overhead does not fit for memory; cpu: 1m| memory: '1'; -; cpu: 1m| memory: '15'; cpu: 5m| memory: '5'; Insufficient memory",
      "ephemeral storage enforced; ephemeral-storage: '25'; -; -; -; Insufficient ephemeral-storage",
      "a sidecar adds to the containers (a plain init container would fit); cpu: 1m; +cpu: 3m; -; cpu: 7m; Insufficient cpu",
      "an init container after a sidecar needs its own request plus the sidecar's; cpu: 1m; +cpu: 2m / cpu: 5m; -; cpu: 4m; Insufficient cpu",
      "an init container after a sidecar: equal edge; cpu: 1m; +cpu: 2m / cpu: 5m; -; cpu: 3m; -",
  })
  void enoughRequests(String name, String containers, String inits, String overhead, String existing, String want) {
    Node node = node("node-1", "{}", "{}", ALLOCATABLE);
    Pod bound = on(node, pod("existing", "{}", spec(existing, null, null)));
    Pod pod = pod("p", "{}", spec(containers, inits, overhead));
    assertThat(filter("NodeResourcesFit", pod, node, List.of(node), List.of(bound)))
        .containsExactlyElementsOf(want == null ? List.of() : Arrays.asList(want.split(", ", -1)));
  }

  @ParameterizedTest(name = "{0} bound pods of {1} allowed -> {2}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "0; 1; -",
      "1; 1; Too many pods",
      "3; 4; -",
  })
  void podCount(int bound, int allowed, String want) {
    Node node = node("node-1", "{}", "{}", "{allocatable: {pods: '" + allowed + "'}}");
    List<Pod> pods = new ArrayList<>();
    for (int i = 0; i < bound; i++) {
      pods.add(on(node, pod("b" + i, "{}", "{containers: [{name: c}]}")));
    }
    assertThat(filter("NodeResourcesFit", pod("p", "{}", "{containers: [{name: c}]}"), node, List.of(node), pods))
        .containsExactlyElementsOf(want == null ? List.of() : List.of(want));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "a node without status.allocatable limits no cpu; cpu: '1000'; -",
      "nor hugepages; hugepages-2Mi: 1Gi; -",
      "but has no extended resource that DRA does not serve; example.com/aaa: '1'; Insufficient example.com/aaa",
  })
  void nodeWithoutAllocatable(String name, String requests, String want) {
    Node node = node("node-1", "{}", "{}", "{}");
    assertThat(filter("NodeResourcesFit", pod("p", "{}", spec(requests, null, null)), node, List.of(node), List.of()))
        .containsExactlyElementsOf(want == null ? List.of() : List.of(want));
  }

  /* Containers separated by " / ", a leading "+" making an init container a sidecar; requests by "|". */
  static String spec(String containers, String inits, String overhead) {
    StringBuilder sb = new StringBuilder("{containers: [");
    sb.append(containers == null ? "{name: c0}" : list("c", containers)).append(']');
    if (inits != null) {
      sb.append(", initContainers: [").append(list("i", inits)).append(']');
    }
    if (overhead != null) {
      sb.append(", overhead: {").append(overhead.replace('|', ',')).append('}');
    }
    return sb.append('}').toString();
  }

  private static String list(String prefix, String containers) {
    List<String> out = new ArrayList<>();
    String[] each = containers.split(" / ", -1);
    for (int i = 0; i < each.length; i++) {
      String c = each[i].strip();
      boolean sidecar = c.startsWith("+");
      String requests = "{" + (sidecar ? c.substring(1) : c).replace('|', ',') + "}";
      String yaml = container(prefix + i, requests);
      out.add(sidecar ? yaml.substring(0, yaml.length() - 1) + ", restartPolicy: Always}" : yaml);
    }
    return String.join(", ", out);
  }
}
