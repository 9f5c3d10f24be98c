package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Pod;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * validatePodLevelResourcesCoverDRA (nodeallocatabledynamicresources.go) on one node's claim
 * statuses, written as in {@link NodeAllocatableRequestsTest}: pod-level requests against the
 * containers' requests with the claims' cost (the pod overhead left out), pod-level hugepages
 * limits against the containers' limits with every claim's cost (per-container overheads times
 * the referencing containers), and each container's limits against the pod-level limits with the
 * cost of the claims it references. The want is the breach, {@code -} for none.
 */
final class PodLevelCoverTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "no pod-level resources; {containers: [{name: c, resources: {requests: {cpu: '2'}}}]}; claim@c@cpu=2@@; -",
      "no statuses; {resources: {requests: {cpu: '1'}}, containers: [{name: c, resources: {requests: {cpu: '2'}}}]};"
          + " -; -",
      "a pod-level request below the containers with the claims' cost; {resources: {requests: {cpu: '3'}},"
          + " containers: [{name: c, resources: {requests: {cpu: '2'}}}]}; claim@c@cpu=2@@; request cpu",
      "a pod-level request that covers them; {resources: {requests: {cpu: '4'}}, containers: [{name: c, resources:"
          + " {requests: {cpu: '2'}}}]}; claim@c@cpu=2@@; -",
      "the pod overhead is not held against the pod-level request; {overhead: {cpu: '1'}, resources: {requests:"
          + " {cpu: '4'}}, containers: [{name: c, resources: {requests: {cpu: '2'}}}]}; claim@c@cpu=2@@; -",
      "per-pod and per-container overheads count in the request; {resources: {requests: {memory: 2Gi}}, containers:"
          + " [{name: c, resources: {requests: {memory: 1Gi}}}]}; claim@c@@memory=512Mi@memory=1Gi; request memory",
      "a resource pod-level resources may not name is not checked; {resources: {requests: {cpu: '4',"
          + " ephemeral-storage: 1Gi}}, containers: [{name: c, resources: {requests: {cpu: '1', ephemeral-storage:"
          + " 2Gi}}}]}; claim@c@cpu=1@@; -",
      "requests in name order; {resources: {requests: {cpu: '1', memory: 1Gi}}, containers: [{name: c, resources:"
          + " {requests: {cpu: '1', memory: 1Gi}}}]}; claim@c@cpu=1,memory=1Gi@@; request cpu",
      "a hugepages limit below the containers' limits with per-container overheads times the containers;"
          + " {resources: {requests: {hugepages-2Mi: 16Mi}, limits: {hugepages-2Mi: 9Mi}}, containers: [{name: c,"
          + " resources: {limits: {hugepages-2Mi: 4Mi}}}, {name: d, resources: {limits: {hugepages-2Mi: 2Mi}}}]};"
          + " claim@c,d@@@hugepages-2Mi=2Mi; limit hugepages-2Mi",
      "a hugepages limit that covers them; {resources: {requests: {hugepages-2Mi: 16Mi}, limits: {hugepages-2Mi:"
          + " 10Mi}}, containers: [{name: c, resources: {limits: {hugepages-2Mi: 4Mi}}}, {name: d, resources: {limits:"
          + " {hugepages-2Mi: 2Mi}}}]}; claim@c,d@@@hugepages-2Mi=2Mi; -",
      "a hugepages cost counts though no container limits the size; {resources: {requests: {hugepages-1Gi: 4Gi},"
          + " limits: {hugepages-1Gi: 1Gi}}, containers: [{name: c}]}; claim@c@@hugepages-1Gi=2Gi@; limit hugepages-1Gi",
      "hugepages of every claim, referenced or not; {resources: {requests: {hugepages-2Mi: 16Mi}, limits:"
          + " {hugepages-2Mi: 4Mi}}, containers: [{name: c}]}; a@c@hugepages-2Mi=2Mi@@ & b@@hugepages-2Mi=3Mi@@;"
          + " limit hugepages-2Mi",
      "a container limit above the pod-level limit with its claim's cost; {resources: {requests: {memory: 4Gi},"
          + " limits: {memory: 4Gi}}, containers: [{name: c, resources: {requests: {memory: 1Gi}, limits: {memory:"
          + " 3.5Gi}}}]}; claim@c@memory=1Gi@@; container memory c",
      "a container limit within it; {resources: {requests: {memory: 4Gi}, limits: {memory: 4Gi}}, containers:"
          + " [{name: c, resources: {requests: {memory: 1Gi}, limits: {memory: 3Gi}}}]}; claim@c@memory=1Gi@@; -",
      "a container's cost is the mapping, the per-pod and one per-container overhead; {resources: {requests: {memory:"
          + " 8Gi}, limits: {memory: 4Gi}}, containers: [{name: c, resources: {limits: {memory: 2.5Gi}}}, {name: d}]};"
          + " claim@c,d@memory=1Gi@memory=512Mi@memory=512Mi; container memory c",
      "the same at the limit; {resources: {requests: {memory: 8Gi}, limits: {memory: 4Gi}}, containers: [{name: c,"
          + " resources: {limits: {memory: 2Gi}}}, {name: d}]}; claim@c,d@memory=1Gi@memory=512Mi@memory=512Mi; -",
      "a claim the container does not reference; {resources: {requests: {memory: 8Gi}, limits: {memory: 4Gi}},"
          + " containers: [{name: c, resources: {limits: {memory: 3.5Gi}}}, {name: d}]}; claim@d@memory=2Gi@@; -",
      "containers in spec order, their limits in name order; {resources: {requests: {cpu: '8', memory: 8Gi}, limits:"
          + " {cpu: '3', memory: 4Gi}}, containers: [{name: b, resources: {limits: {memory: 1Gi}}}, {name: a, resources:"
          + " {limits: {memory: 3.5Gi, cpu: '3'}}}]}; claim@a@cpu=1,memory=1Gi@@; container cpu a",
      "a limit the pod does not set is not checked; {resources: {requests: {cpu: '8', memory: 8Gi}, limits: {cpu: '8'}},"
          + " containers: [{name: c, resources: {limits: {memory: 3.5Gi}}}]}; claim@c@memory=1Gi@@; -",
  })
  void check(String name, String spec, String statuses, String want) {
    Pod pod = pod("p", "{}", spec);
    List<NodeAllocatableClaims.Status> s = NodeAllocatableRequestsTest.statuses(statuses);
    PodLevelCover cover = PodLevelCover.of(pod.spec());
    assertThat(cover == null ? null : cover.check(pod, s, NodeAllocatableClaims.Footprint.of(pod, s)))
        .isEqualTo(expected(want));
  }

  private static String expected(String want) {
    if (want == null) {
      return null;
    }
    String[] w = want.split(" ", -1);
    return switch (w[0]) {
      case "request" -> String.format(PodLevelCover.REQUEST, w[1]);
      case "limit" -> String.format(PodLevelCover.LIMIT, w[1]);
      default -> String.format(PodLevelCover.CONTAINER_LIMIT, w[1], w[2]);
    };
  }
}
