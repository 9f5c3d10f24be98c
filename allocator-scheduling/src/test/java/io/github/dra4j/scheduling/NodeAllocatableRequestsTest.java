package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a pod requests with its claims' node allocatable statuses (DRANodeAllocatableResources).
 * The cases up to "PerContainer only" are TestPodResourceRequestsWithDRANodeAllocatableClaims in
 * kubernetes/kubernetes staging/src/k8s.io/component-helpers/resource/helpers_test.go; the last ones follow
 * getDRANodeAllocatableResources in helpers.go: a per-container overhead counts with the
 * referencing container (so only in its init container's peak), and references by containers the
 * pod does not have count for the whole pod. A status reads
 * {@code claim@containers@mapping@perPod@perContainer}, each list {@code ,}-separated, each map
 * {@code resource=quantity}; statuses are separated by {@code &}.
 */
final class NodeAllocatableRequestsTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "No claims; {containers: [{name: c1, resources: {requests: {cpu: 100m, memory: 1Gi}}}]}; -;"
          + " cpu=100m memory=1Gi",
      "Single claim on one container; {containers: [{name: c1, resources: {requests: {cpu: 100m, memory: 1Gi,"
          + " hugepages-1Gi: '2'}, claims: [{name: claim-1}]}}]}; node-allocatable-claim-1@c1@cpu=50m,hugepages-1Gi=1@@;"
          + " cpu=150m hugepages-1Gi=3 memory=1Gi",
      "Multiple claims on one container; {containers: [{name: c1, resources: {requests: {cpu: 100m, memory: 1Gi},"
          + " claims: [{name: claim-1}, {name: claim-2}]}}]};"
          + " node-allocatable-claim-1@c1@cpu=50m@@ & node-allocatable-claim-2@c1@cpu=25m,memory=512Mi@@;"
          + " cpu=175m memory=1.5Gi",
      "Same claim referenced in multiple containers; {containers: [{name: c1, resources: {requests: {cpu: 100m},"
          + " claims: [{name: claim-1}]}}, {name: c2, resources: {requests: {cpu: 200m}, claims: [{name: claim-1}]}}]};"
          + " node-allocatable-claim-1@c1,c2@cpu=50m@@; cpu=350m",
      "Different claims on multiple containers; {containers: [{name: c1, resources: {requests: {cpu: 100m,"
          + " hugepages-1Gi: '1'}, claims: [{name: claim-1}]}}, {name: c2, resources: {requests: {cpu: 200m,"
          + " memory: 1Gi, hugepages-1Gi: '2'}, claims: [{name: claim-2}]}}]};"
          + " node-allocatable-claim-1@c1@cpu=50m,hugepages-1Gi=1@@"
          + " & node-allocatable-claim-2@c2@cpu=25m,memory=512Mi,hugepages-1Gi=2@@;"
          + " cpu=375m hugepages-1Gi=6 memory=1.5Gi",
      "Claim on init container; {initContainers: [{name: ic1, resources: {requests: {cpu: 100m}, claims: [{name: claim-1}]}}],"
          + " containers: [{name: c1, resources: {requests: {cpu: 50m}}}]}; node-allocatable-claim@ic1@cpu=25m@@; cpu=125m",
      "Pod Level Resources overrides the claim request; {resources: {requests: {cpu: '2'}}, containers: [{name: c1,"
          + " resources: {requests: {cpu: '1', memory: 1Gi}}}]}; node-allocatable-claim@c1@cpu=3@@; cpu=2 memory=1Gi",
      "Pod with DRA claim specifying Overhead mapping; {containers: [{name: c1, resources: {requests: {cpu: 100m,"
          + " memory: 1Gi}}}, {name: c2, resources: {requests: {cpu: 100m, memory: 1Gi}}}]};"
          + " node-allocatable-claim@c1,c2@@memory=1Gi@memory=500Mi; cpu=200m memory=4072Mi",
      "Pod with DRA claim specifying Overhead mapping, PerPod only; {containers: [{name: c1, resources: {requests:"
          + " {memory: 1Gi}}}]}; node-allocatable-claim@c1@@memory=1Gi@; memory=2Gi",
      "Pod with DRA claim specifying Overhead mapping, PerContainer only; {containers: [{name: c1, resources: {requests:"
          + " {memory: 1Gi}}}]}; node-allocatable-claim@c1@@@memory=500Mi; memory=1524Mi",
      "per-container overhead of an init container counts in its peak only; {initContainers: [{name: ic1, resources:"
          + " {requests: {memory: 1Gi}}}], containers: [{name: c1, resources: {requests: {memory: 2Gi}}}]};"
          + " claim@ic1@@@memory=512Mi; memory=2Gi",
      "per-container overhead of an init container that becomes the peak; {initContainers: [{name: ic1, resources:"
          + " {requests: {memory: 2Gi}}}], containers: [{name: c1, resources: {requests: {memory: 2Gi}}}]};"
          + " claim@ic1@@@memory=512Mi; memory=2.5Gi",
      "per-container overhead of a sidecar runs with the containers; {initContainers: [{name: sc, restartPolicy: Always,"
          + " resources: {requests: {memory: 1Gi}}}], containers: [{name: c1, resources: {requests: {memory: 2Gi}}}]};"
          + " claim@sc@@@memory=512Mi; memory=3.5Gi",
      "a reference by a container the pod does not have counts for the whole pod; {containers: [{name: c1, resources:"
          + " {requests: {memory: 1Gi}}}]}; claim@c1,gone@@@memory=512Mi; memory=2Gi",
  })
  void requests(String name, String spec, String statuses, String want) {
    Pod pod = pod("p", "{}", spec);
    Map<String, Long> got = PodRequests.of(pod, NodeAllocatableClaims.Footprint.of(pod, statuses(statuses)));
    assertThat(new TreeMap<>(got)).isEqualTo(amounts(want));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      // schedutil's defaults (100m, 200Mi) replace a missing request before the claim's part is added
      "a container without requests; {containers: [{name: c1, resources: {claims: [{name: claim-1}]}}]};"
          + " claim@c1@cpu=1@memory=1Gi@memory=512Mi; 1100; 1820327936",
      "UseDRANodeAllocatableResourceClaimStatus off; {containers: [{name: c1, resources: {requests: {cpu: 100m}}}]};"
          + " -; 100; 209715200",
  })
  void nonZero(String name, String spec, String statuses, long cpu, long memory) {
    Pod pod = pod("p", "{}", spec);
    assertThat(PodRequests.nonZero(pod, NodeAllocatableClaims.Footprint.of(pod, statuses(statuses))))
        .containsExactly(cpu, memory);
  }

  /** {@return the statuses the text reads, empty for null: see the class comment} */
  static List<NodeAllocatableClaims.Status> statuses(String text) {
    List<NodeAllocatableClaims.Status> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    for (String s : text.split("&", -1)) {
      String[] f = s.strip().split("@", -1);
      out.add(new NodeAllocatableClaims.Status(f[0], Arrays.asList(f[1].split(",", -1)), quantities(f[2]),
          quantities(f[3]), quantities(f[4])));
    }
    return out;
  }

  private static Map<String, BigDecimal> quantities(String text) {
    Map<String, BigDecimal> out = new TreeMap<>();
    for (String e : text.split(",", -1)) {
      if (!e.isBlank()) {
        String[] kv = e.split("=", -1);
        out.put(kv[0], Quantity.parse(kv[1]).value());
      }
    }
    return out;
  }

  static Map<String, Long> amounts(String text) {
    Map<String, Long> out = new TreeMap<>();
    for (String e : text.strip().split(" +", -1)) {
      String[] kv = e.split("=", -1);
      out.put(kv[0], PodRequests.amount(kv[0], Quantity.parse(kv[1])));
    }
    return out;
  }
}
