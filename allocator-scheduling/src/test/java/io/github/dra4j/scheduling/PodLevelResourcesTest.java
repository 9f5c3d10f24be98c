package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.filter;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pod-level resources ({@code spec.resources}) in what a pod asks of its node. The first cases are
 * TestPodLevelResourceRequests in kubernetes/kubernetes
 * staging/src/k8s.io/component-helpers/resource/helpers_test.go (those with SkipPodLevelResources
 * false); the "defaulted" ones follow defaultPodRequests and defaultHugePagePodLimits of
 * pkg/apis/core/v1/defaults.go, which the API server applies before the scheduler reads the pod.
 */
final class PodLevelResourcesTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "nil; {containers: [{name: c}]}; -",
      "pod level memory resource; {resources: {requests: {memory: 2Mi}}, containers: [{name: c}]}; memory=2Mi",
      "pod level memory and container level cpu resources; {resources: {requests: {memory: 2Mi}},"
          + " containers: [{name: c, resources: {requests: {cpu: 2m}}}]}; cpu=2m memory=2Mi",
      "pod level unsupported resources set at both pod-level and container-level; {resources: {requests:"
          + " {storage: 2Mi}}, containers: [{name: c, resources: {requests: {storage: 3Mi}}}]}; storage=3Mi",
      "pod level unsupported resources set at pod-level; {resources: {requests: {storage: 2Mi}},"
          + " containers: [{name: c, resources: {requests: {memory: 3Mi}}}]}; memory=3Mi",
      "only container level resources set; {containers: [{name: c, resources: {requests: {memory: 3Mi,"
          + " cpu: 2m}}}]}; cpu=2m memory=3Mi",
      "both container-level and pod-level resources set; {resources: {requests: {memory: 6Mi, cpu: 8m}},"
          + " containers: [{name: c, resources: {requests: {memory: 3Mi, cpu: 2m}}}]}; cpu=8m memory=6Mi",
      "container-level resources and init container set; {containers: [{name: c, resources: {requests:"
          + " {memory: 3Mi, cpu: 2m}}}], initContainers: [{name: i, resources: {requests: {memory: 5Mi, cpu: 4m}}}]};"
          + " cpu=4m memory=5Mi",
      "container-level resources and sidecar container set; {containers: [{name: c, resources: {requests:"
          + " {memory: 3Mi, cpu: 2m}}}], initContainers: [{name: i, restartPolicy: Always, resources: {requests:"
          + " {memory: 5Mi, cpu: 4m}}}]}; cpu=6m memory=8Mi",
      "container-level resources, init and sidecar container set; {containers: [{name: c, resources: {requests:"
          + " {memory: 3Mi, cpu: 2m}}}], initContainers: [{name: s, restartPolicy: Always, resources: {requests:"
          + " {memory: 5Mi, cpu: 4m}}}, {name: i, resources: {requests: {memory: 6Mi, cpu: 8m}}}]}; cpu=12m memory=11Mi",
      "pod-level resources, container-level resources, init and sidecar container set; {resources: {requests:"
          + " {memory: 15Mi, cpu: 18m}}, containers: [{name: c, resources: {requests: {memory: 3Mi, cpu: 2m}}}],"
          + " initContainers: [{name: s, restartPolicy: Always, resources: {requests: {memory: 5Mi, cpu: 4m}}},"
          + " {name: i, resources: {requests: {memory: 6Mi, cpu: 8m}}}]}; cpu=18m memory=15Mi",
      "pod-level resources, hugepage request/limit single page size; {resources: {limits: {hugepages-2Mi: 2Mi},"
          + " requests: {memory: 10Mi, hugepages-2Mi: 2Mi}}, containers: [{name: c}]}; hugepages-2Mi=2Mi memory=10Mi",
      "pod-level resources, hugepage request/limit multiple page sizes; {resources: {limits: {hugepages-2Mi: 2Mi,"
          + " hugepages-1Gi: 1Gi}, requests: {cpu: '1', hugepages-2Mi: 2Mi, hugepages-1Gi: 1Gi}}, containers: [{name: c}]};"
          + " cpu=1 hugepages-1Gi=1Gi hugepages-2Mi=2Mi",
      "pod-level resources, container-level resources, hugepage request/limit single page size; {resources:"
          + " {limits: {hugepages-2Mi: 10Mi}, requests: {cpu: '1', hugepages-2Mi: 10Mi}}, containers: [{name: c,"
          + " resources: {limits: {hugepages-2Mi: 6Mi}, requests: {hugepages-2Mi: 6Mi}}}]}; cpu=1 hugepages-2Mi=10Mi",
      "pod-level resources, container-level resources, hugepage request/limit multiple page sizes; {resources:"
          + " {limits: {hugepages-2Mi: 10Mi, hugepages-1Gi: 2Gi}, requests: {cpu: '1', hugepages-2Mi: 10Mi,"
          + " hugepages-1Gi: 2Gi}}, containers: [{name: c, resources: {limits: {hugepages-1Gi: 2Gi}, requests:"
          + " {cpu: '1', hugepages-1Gi: 2Gi}}}]}; cpu=1 hugepages-1Gi=2Gi hugepages-2Mi=10Mi",
      "pod-level resources, container-level resources, hugepage request/limit multiple page sizes between pod-level"
          + " and container-level; {resources: {limits: {hugepages-2Mi: 10Mi}, requests: {cpu: '1', hugepages-2Mi:"
          + " 10Mi}}, containers: [{name: c, resources: {limits: {hugepages-1Gi: 1Gi}, requests: {memory: 4Mi,"
          + " hugepages-1Gi: 1Gi}}}]}; cpu=1 hugepages-1Gi=1Gi hugepages-2Mi=10Mi memory=4Mi",
      "pod overhead adds to pod-level requests; {resources: {requests: {cpu: 2m}}, overhead: {cpu: 1m},"
          + " containers: [{name: c, resources: {requests: {cpu: 1m}}}]}; cpu=3m",
      "defaulted: a pod-level limit without request is the request; {resources: {limits: {cpu: '2', memory: 1Gi}},"
          + " containers: [{name: c}]}; cpu=2 memory=1Gi",
      "defaulted: a pod-level limit defaults the request to what the containers request; {resources: {limits:"
          + " {cpu: '2'}}, containers: [{name: c, resources: {requests: {cpu: 500m}}}, {name: d, resources:"
          + " {limits: {cpu: 300m}}}]}; cpu=800m",
      "defaulted: a hugepages limit without request is the request; {resources: {requests: {memory: 1Gi}, limits:"
          + " {hugepages-2Mi: 4Mi}}, containers: [{name: c}]}; hugepages-2Mi=4Mi memory=1Gi",
  })
  void requests(String name, String spec, String want) {
    Pod pod = pod("p", "{}", spec);
    assertThat(new TreeMap<>(PodRequests.of(pod))).isEqualTo(want == null ? Map.of() : NodeAllocatableRequestsTest.amounts(want));
  }

  /*
   * The non-zero requests of the scores (NonMissingContainerRequests fills a container's missing cpu
   * or memory, then the pod-level request replaces the sum).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "a pod-level cpu request replaces the defaulted containers; {resources: {requests: {cpu: 3m}},"
          + " containers: [{name: c}, {name: d}]}; 3; 419430400",
      "a pod-level request of zero counts as zero; {resources: {requests: {cpu: '0', memory: '0'}},"
          + " containers: [{name: c}]}; 0; 0",
      "without pod-level requests the defaults stay; {containers: [{name: c, resources: {requests: {cpu: 1m}}}]};"
          + " 1; 209715200",
  })
  void nonZero(String name, String spec, long cpu, long memory) {
    assertThat(PodRequests.nonZero(pod("p", "{}", spec))).containsExactly(cpu, memory);
  }

  private static final String ALLOCATABLE = "{allocatable: {cpu: 10m, memory: '20', pods: '32', example.com/aaa: '5', "
      + "ephemeral-storage: '20', hugepages-2Mi: '5'}}";

  /*
   * TestEnoughRequests' pod-level cases in pkg/scheduler/framework/plugins/noderesources/fit_test.go
   * (node allocatable cpu 10m, memory 20, hugepages-2Mi 5; one pod bound with the "existing"
   * requests), with the status the filter returns: UnschedulableAndUnresolvable when a resource
   * is requested beyond the node's allocatable, so that preemption does not try the node.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "both pod-level and container-level resources fit; {cpu: 1m, memory: '2'}; {cpu: 1m, memory: '1'};"
          + " {cpu: 5m, memory: '5'}; -; -",
      "pod-level cpu resource not fit; {cpu: 7m, memory: '2'}; {cpu: 1m, memory: '1'}; {cpu: 5m, memory: '5'};"
          + " Insufficient cpu; Unschedulable",
      "pod-level memory resource not fit; {cpu: 3m, memory: '2'}; {cpu: 1m, memory: '1'}; {cpu: 5m, memory: '19'};"
          + " Insufficient memory; Unschedulable",
      "pod-level hugepages resource fit; {cpu: 3m, memory: '2', hugepages-2Mi: '5'}; {}; -; -; -",
      "both pod-level and container-level hugepages resource fit; {cpu: 3m, memory: '2', hugepages-2Mi: '5'};"
          + " {cpu: 1m, memory: '1', hugepages-2Mi: '3'}; -; -; -",
      "pod-level hugepages resource not fit; {cpu: 3m, memory: '2', hugepages-2Mi: '10'}; {}; -;"
          + " Insufficient hugepages-2Mi; UnschedulableAndUnresolvable",
      "pod-level cpu above the node's allocatable; {cpu: 11m}; {cpu: 1m}; -; Insufficient cpu;"
          + " UnschedulableAndUnresolvable",
      "a pod-level request within the node's allocatable may be helped by preemption; {cpu: 2m};"
          + " {cpu: 1m}; {cpu: 9m}; Insufficient cpu; Unschedulable",
  })
  void fit(String name, String podLevel, String containers, String existing, String want, String status) {
    Node node = node("node-1", "{}", "{}", ALLOCATABLE);
    List<Pod> bound = existing == null ? List.of()
        : List.of(on(node, pod("existing", "{}", "{containers: [{name: c, resources: {requests: " + existing + "}}]}")));
    Pod pod = pod("p", "{}", "{resources: {requests: " + podLevel + "}, containers: [{name: c, resources: {requests: "
        + containers + "}}]}");
    List<String> reasons = filter("NodeResourcesFit", pod, node, List.of(node), bound);
    assertThat(reasons).containsExactlyElementsOf(want == null ? List.of() : Arrays.asList(want.split(", ", -1)));
    if (status != null) {
      Cycle in = new Cycle(pod, List.of(), List.of(), new NodeInfos(List.of(node), bound));
      assertThat(Preemptor.resolvable(in, 0, reasons) ? "Unschedulable" : "UnschedulableAndUnresolvable")
          .isEqualTo(status);
    }
  }

  /*
   * The scores read the pod-level requests of the bound pods: node-1's pod asks 6 cpu at pod level
   * (100m in its container), node-2's 2 cpu in its container, so LeastAllocated and
   * BalancedAllocation prefer node-2; by the containers alone node-1 would win.
   */
  @Test
  void scores_countBoundPodsPodLevelRequests() {
    List<Object> objects = new ArrayList<>();
    for (String n : List.of("node-1", "node-2")) {
      objects.add(node(n, "{}", "{}", "{allocatable: {cpu: '8', memory: 16Gi, pods: '110'}}"));
    }
    objects.add(pod("a", "{}", "{nodeName: node-1, resources: {requests: {cpu: '6'}}, containers: [{name: c,"
        + " resources: {requests: {cpu: 100m, memory: 1Gi}}}]}"));
    objects.add(pod("b", "{}", "{nodeName: node-2, containers: [{name: c, resources: {requests: {cpu: '2',"
        + " memory: 1Gi}}}]}"));
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(Cluster.of(objects))
        .scorer(NodeScorer.kubeScheduler()).build();
    SchedulingResult r = s.schedule(pod("p", "{}",
        "{containers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}}}]}"));
    assertThat(r).isInstanceOfSatisfying(SchedulingResult.Scheduled.class,
        sc -> assertThat(sc.node().name()).isEqualTo("node-2"));
  }
}
