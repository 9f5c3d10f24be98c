package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.GangFixtures.basic;
import static io.github.dra4j.scheduling.GangFixtures.cluster;
import static io.github.dra4j.scheduling.GangFixtures.gang;
import static io.github.dra4j.scheduling.GangFixtures.gpus;
import static io.github.dra4j.scheduling.GangFixtures.groups;
import static io.github.dra4j.scheduling.GangFixtures.node;
import static io.github.dra4j.scheduling.GangFixtures.partitioned;
import static io.github.dra4j.scheduling.GangFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Condition;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/* The workload scheduling cycle: all or nothing, waiting, basic groups, topology domains, group claims, the condition. */
final class PodGroupSchedulerTest {
  private static final String TWO_NODES = node("node-a", "rack: r1") + "---\n" + node("node-b", "rack: r1") + "---\n"
      + gpus("node-a", 2) + "---\n" + gpus("node-b", 2);

  private static List<String> pods(String group, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(pod("w-" + i, group, "gpu:one-gpu"));
    }
    return out;
  }

  private static Cluster with(String base, String group, List<String> pods) throws Exception {
    List<String> docs = new ArrayList<>(List.of(base, group));
    docs.addAll(pods);
    return cluster(docs.toArray(String[]::new));
  }

  private static List<String> nodesOf(PodGroupResult r) {
    return r.pods().stream().map(p -> p.isScheduled() ? ((SchedulingResult.Scheduled) p).node().name() : "-")
        .collect(Collectors.toList());
  }

  @Test
  void gang_tooFewFit_nothingIsPlacedAndTheConditionSaysWhy() throws Exception {
    List<String> pods = new ArrayList<>(pods("g1", 5));
    for (int i = 0; i < 4; i++) {
      pods.add(pod("free-" + i, null, "gpu:one-gpu"));
    }
    Cluster c = with(TWO_NODES, gang("g1", 5, ""), pods);
    PodGroupScheduler s = groups(c, GangSearch.DEFAULT);
    PodGroupScheduler.Results r = s.scheduleAll(c.pods());

    PodGroupResult g = r.groups().get(0);
    assertThat(g.scheduled()).isFalse();
    assertThat(g.message()).isEqualTo("minCount (5) cannot be satisfied: 4 scheduled, 0 remaining");
    assertThat(r.pods().subList(0, 5)).noneMatch(SchedulingResult::isScheduled);
    // the four that fit get the group's reason, the fifth its own
    assertThat(((SchedulingResult.Unschedulable) r.pods().get(0)).message()).isEqualTo(g.message());
    assertThat(((SchedulingResult.Unschedulable) r.pods().get(4)).message()).startsWith("0/2 nodes are available");
    Condition cond = g.group().status().condition(PodGroup.SCHEDULED);
    assertThat(cond.status()).isEqualTo("False");
    assertThat(cond.reason()).isEqualTo("Unschedulable");
    assertThat(cond.message()).isEqualTo(g.message());
    assertThat(g.line()).isEqualTo("pod group demo/g1 is unschedulable: " + g.message());
    // rolled back: the four pods after the group find every GPU free
    assertThat(r.pods().subList(5, 9)).allMatch(SchedulingResult::isScheduled);
    assertThat(s.podScheduler().claims().stream().filter(cl -> cl.allocation() != null)).hasSize(4);
  }

  /* A pod of a group (or none) that holds host port 8080 and no claim. */
  private static String portPod(String name, String group) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo}\nspec: {"
        + (group == null ? "" : "schedulingGroup: {podGroupName: " + group + "}, ")
        + "containers: [{name: c, ports: [{containerPort: 80, hostPort: 8080}]}]}\n";
  }

  @Test
  void gang_rolledBack_itsPodsNoLongerHoldNodeLocalResources() throws Exception {
    // three pods of one port on two nodes: the gang fails; the pod after it must find the port free
    Cluster c = with(TWO_NODES, gang("g1", 3, ""),
        List.of(portPod("w-0", "g1"), portPod("w-1", "g1"), portPod("w-2", "g1"), portPod("free", null)));
    PodGroupScheduler.Results r = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods());

    assertThat(r.groups().get(0).scheduled()).isFalse();
    assertThat(r.pods().subList(0, 3)).noneMatch(SchedulingResult::isScheduled);
    assertThat(r.pods().get(3).isScheduled()).as("the rolled-back pods released the port").isTrue();
  }

  @Test
  void gang_minCountMet_placesWhatFitsAndLeavesTheRestPending() throws Exception {
    Cluster c = with(TWO_NODES, gang("g1", 4, ""), pods("g1", 5));
    PodGroupResult g = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods()).groups().get(0);

    assertThat(g.scheduled()).isTrue();
    assertThat(nodesOf(g)).containsExactly("node-a", "node-a", "node-b", "node-b", "-");
    Condition cond = g.group().status().condition(PodGroup.SCHEDULED);
    assertThat(cond.status()).isEqualTo("True");
    assertThat(cond.reason()).isEqualTo("Scheduled");
  }

  @Test
  void gang_fewerPodsThanMinCount_waits() throws Exception {
    Cluster c = with(TWO_NODES, gang("g1", 3, ""), pods("g1", 2));
    PodGroupResult g = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods()).groups().get(0);
    assertThat(g.scheduled()).isFalse();
    assertThat(g.message()).isEqualTo("waiting for minCount pods from a gang to appear in scheduling queue");
    assertThat(g.group().status().condition(PodGroup.SCHEDULED)).isNull();
  }

  @Test
  void podGroupMissing_podWaits_otherPodsSchedule() throws Exception {
    Cluster c = cluster(TWO_NODES, pod("lone", "nowhere", "gpu:one-gpu"), pod("free", null, "gpu:one-gpu"));
    PodGroupScheduler.Results r = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods());
    assertThat(((SchedulingResult.Unschedulable) r.pods().get(0)).message())
        .isEqualTo("waiting for pods's pod group \"nowhere\" to appear in scheduling queue");
    assertThat(r.pods().get(1).isScheduled()).isTrue();
    assertThat(r.groups()).isEmpty();
  }

  @Test
  void basic_placesEveryPodThatFits() throws Exception {
    Cluster c = with(TWO_NODES, basic("b1"), pods("b1", 5));
    PodGroupResult g = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods()).groups().get(0);
    assertThat(g.scheduled()).isTrue();
    assertThat(nodesOf(g)).containsExactly("node-a", "node-a", "node-b", "node-b", "-");
  }

  @Test
  void groupPods_higherPriorityFirst() throws Exception {
    String urgent = pod("w-1", "b1", "gpu:one-gpu").replace("spec: {", "spec: {priority: 10, ");
    Cluster c = cluster(node("node-a", "rack: r1") + "---\n" + gpus("node-a", 1), basic("b1"),
        pod("w-0", "b1", "gpu:one-gpu"), urgent);
    PodGroupScheduler.Results r = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods());
    // results stay in input order; the group tried w-1 first
    assertThat(r.pods().get(0).isScheduled()).isFalse();
    assertThat(r.pods().get(1).isScheduled()).isTrue();
    assertThat(r.groups().get(0).pods().get(0).pod().name()).isEqualTo("w-1");
  }

  private static final String RACKS = node("a1", "rack: r-a") + "---\n" + node("b1", "rack: r-b") + "---\n"
      + node("c1", "rack: r-c") + "---\n" + node("c2", "rack: r-c") + "---\n" + node("x", "other: z") + "---\n"
      + gpus("a1", 2) + "---\n" + gpus("b1", 3) + "---\n" + gpus("c1", 2) + "---\n" + gpus("c2", 2) + "---\n"
      + gpus("x", 8);

  @Test
  void topology_onlyTheLastDomainFits_theGroupGoesThereAndTheOthersAreRolledBack() throws Exception {
    Cluster c = with(RACKS, gang("g1", 4, ", schedulingConstraints: {topology: [{key: rack}]}"), pods("g1", 4));
    PodGroupScheduler s = groups(c, GangSearch.DEFAULT);
    PodGroupResult g = s.scheduleAll(c.pods()).groups().get(0);
    assertThat(g.scheduled()).isTrue();
    assertThat(nodesOf(g)).containsExactly("c1", "c1", "c2", "c2");
    // what r-a and r-b held during their attempts is free again
    assertThat(s.podScheduler().claims().stream().filter(cl -> cl.allocation() != null)).hasSize(4);
  }

  @Test
  void topology_mostPodsWins_thenDomainOrder() throws Exception {
    Cluster c = with(RACKS, gang("g1", 2, ", schedulingConstraints: {topology: [{key: rack}]}"), pods("g1", 4));
    PodGroupResult g = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods()).groups().get(0);
    // r-a fits 2, r-b 3, r-c 4: r-c, although it comes last
    assertThat(nodesOf(g)).containsExactly("c1", "c1", "c2", "c2");
    Cluster three = with(RACKS, gang("g1", 2, ", schedulingConstraints: {topology: [{key: rack}]}"), pods("g1", 3));
    // r-b and r-c both fit 3: the first in label order
    assertThat(nodesOf(groups(three, GangSearch.DEFAULT).scheduleAll(three.pods()).groups().get(0)))
        .containsExactly("b1", "b1", "b1");
  }

  @Test
  void topology_noDomainFits_placementsAreCounted() throws Exception {
    Cluster c = with(RACKS, gang("g1", 5, ", schedulingConstraints: {topology: [{key: rack}]}"), pods("g1", 5));
    PodGroupResult g = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods()).groups().get(0);
    assertThat(g.scheduled()).isFalse();
    // node x (8 GPUs) has no rack label: it is in no placement
    assertThat(g.message()).isEqualTo("0/3 placements are available, first placement status: "
        + "minCount (5) cannot be satisfied: 2 scheduled, 2 remaining");
  }

  @Test
  void topology_noDomainFits_jointNamesTheDomainThatHoldsTooFew() throws Exception {
    Cluster c = with(RACKS, gang("g1", 5, ", schedulingConstraints: {topology: [{key: rack}]}"), pods("g1", 5));
    PodGroupResult g = groups(c, GangSearch.JOINT).scheduleAll(c.pods()).groups().get(0);
    assertThat(g.scheduled()).isFalse();
    assertThat(g.joint()).endsWith("; no placement exists: the nodes in rack=r-a (placement 1 of 3) hold at most 2"
        + " of the group's pods together (minCount 5)");
  }

  @Test
  void podGroupClaim_sharedByFourPods_allocatedOnceAndReservedForTheGroup() throws Exception {
    List<String> pods = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      pods.add(pod("w-" + i, "g1", "shared:shared-gpu", "own:one-gpu"));
    }
    pods.add(pod("outsider", "g1", "shared:one-gpu"));
    Cluster c = with(node("node-a", "rack: r1") + "---\n" + node("node-b", "rack: r1") + "---\n"
        + gpus("node-a", 1) + "---\n" + gpus("node-b", 8),
        gang("g1", 5, ", resourceClaims: [{name: shared, resourceClaimTemplateName: shared-gpu}]"), pods);
    PodGroupScheduler s = groups(c, GangSearch.DEFAULT);
    PodGroupResult g = s.scheduleAll(c.pods()).groups().get(0);

    assertThat(g.scheduled()).isTrue();
    assertThat(g.claims()).hasSize(1);
    ResourceClaim shared = g.claims().get(0);
    assertThat(shared.name()).startsWith("g1-shared-");
    assertThat(shared.metadata().ownerReferences().get(0).kind()).isEqualTo("PodGroup");
    assertThat(shared.status().reservedFor()).extracting(ResourceClaimConsumerReference::resource)
        .containsExactly("podgroups");
    assertThat(g.group().status().claimStatus("shared").resourceClaimName()).isEqualTo(shared.name());
    // one claim for the four, each pod names it in its status; the outsider's entry differs, so it has its own
    for (int i = 0; i < 4; i++) {
      SchedulingResult.Scheduled p = (SchedulingResult.Scheduled) g.pods().get(i);
      assertThat(p.pod().status().resourceClaimStatuses()).contains(new PodResourceClaimStatus("shared", shared.name()));
      assertThat(p.claims()).extracting(ResourceClaim::name).contains(shared.name());
      assertThat(p.node().name()).isEqualTo(shared.allocation().nodeSelector() == null ? p.node().name()
          : ((SchedulingResult.Scheduled) g.pods().get(0)).node().name());
    }
    SchedulingResult.Scheduled outsider = (SchedulingResult.Scheduled) g.pods().get(4);
    assertThat(outsider.claims()).extracting(ResourceClaim::name).doesNotContain(shared.name());
    long allocated = s.podScheduler().claims().stream().filter(cl -> cl.allocation() != null).count();
    assertThat(allocated).isEqualTo(1 + 4 + 1);
  }

  static final String ONE_PARTITIONED_GPU = node("node-a", "rack: r1") + "---\n"
      + partitioned("node-a", List.of(List.of("full", "half-a", "half-b")));

  @Test
  void partitionedGpu_defaultRejects_jointPlacesBothHalves() throws Exception {
    Cluster c = with(ONE_PARTITIONED_GPU, gang("g1", 2, ""), pods("g1", 2));
    PodGroupResult def = groups(c, GangSearch.DEFAULT).scheduleAll(c.pods()).groups().get(0);
    assertThat(def.scheduled()).isFalse();
    assertThat(def.joint()).isNull();

    PodGroupResult joint = groups(c, GangSearch.JOINT).scheduleAll(c.pods()).groups().get(0);
    assertThat(joint.scheduled()).isTrue();
    assertThat(joint.joint()).isEqualTo("kube-scheduler rejects pod group demo/g1 (pod w-0 took gpu-0-full on node-a;"
        + " then pod w-1: " + ((SchedulingResult.Unschedulable) def.pods().get(1)).message().replaceAll("\\.$", "")
        + "); a placement exists:"
        + " w-0 on node-a (gpu-0-half-a), w-1 on node-a (gpu-0-half-b)");
    assertThat(joint.jointSteps()).isPositive();
    assertThat(joint.group().status().condition(PodGroup.SCHEDULED).status()).isEqualTo("True");
  }

  @Test
  void partitionedGpu_threePods_jointProvesNoPlacement() throws Exception {
    Cluster c = with(ONE_PARTITIONED_GPU, gang("g1", 3, ""), pods("g1", 3));
    PodGroupResult joint = groups(c, GangSearch.JOINT).scheduleAll(c.pods()).groups().get(0);
    assertThat(joint.scheduled()).isFalse();
    assertThat(joint.joint()).startsWith("kube-scheduler rejects pod group demo/g1 (")
        .endsWith("; no placement exists: the nodes hold at most 2 of the group's pods together (minCount 3)");
  }

  @Test
  void partitionedGpu_differentPods_searchedWithoutTheCapacityBound() throws Exception {
    List<String> pods = new ArrayList<>(pods("g1", 2));
    pods.add(pod("w-2", "g1", "gpu:one-gpu", "more:one-gpu"));
    Cluster c = with(ONE_PARTITIONED_GPU, gang("g1", 3, ""), pods);
    PodGroupResult joint = groups(c, GangSearch.JOINT).scheduleAll(c.pods()).groups().get(0);
    assertThat(joint.joint()).endsWith("; no placement exists: fewer than minCount (3) of the group's pods fit together");
  }

  @Test
  void joint_podThatFitsNowhere_isNamedAtOnce() throws Exception {
    List<String> pods = new ArrayList<>(pods("g1", 1));
    pods.add(pod("huge", "g1", "gpu:missing-template"));
    Cluster c = with(TWO_NODES, gang("g1", 2, ""), pods);
    PodGroupResult joint = groups(c, GangSearch.JOINT).scheduleAll(c.pods()).groups().get(0);
    assertThat(joint.joint()).endsWith("no placement exists: pod huge fits no node");
    assertThat(joint.jointSteps()).isLessThan(5);
  }

  @Test
  void joint_budget_isReported() throws Exception {
    Cluster c = with(ONE_PARTITIONED_GPU, gang("g1", 3, ""), pods("g1", 3));
    PodScheduler ps = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(c).build();
    PodGroupResult r = PodGroupScheduler.builder(ps).podGroups(c.podGroups()).gangSearch(GangSearch.JOINT)
        .jointStepBudget(2).build().scheduleAll(c.pods()).groups().get(0);
    assertThat(r.joint()).endsWith("no placement exists: the search stopped at its budget of 2 steps");
  }
}
