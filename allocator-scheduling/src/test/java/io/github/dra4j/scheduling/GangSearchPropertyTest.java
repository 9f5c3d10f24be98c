package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.GangFixtures.cluster;
import static io.github.dra4j.scheduling.GangFixtures.gang;
import static io.github.dra4j.scheduling.GangFixtures.node;
import static io.github.dra4j.scheduling.GangFixtures.partitioned;
import static io.github.dra4j.scheduling.GangFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/*
 * Random small clusters of partitioned GPUs and one gang: the joint search never changes what
 * the default places, and whatever it places passes every per-pod filter and the allocator's own
 * check on the final state (each pod's claims fit again, alone, beside everyone else's; no device
 * twice; no GPU's counter over its 4 units).
 */
final class GangSearchPropertyTest {
  private static final List<List<String>> LAYOUTS = List.of(
      List.of("full", "half-a", "half-b"), List.of("half-a", "half-b"), List.of("full", "q0", "q1", "q2", "q3"),
      List.of("q0", "q1", "q2", "q3"), List.of("full"), List.of("full", "half-a", "half-b", "q0", "q1"));

  @Test
  void jointPlacementsPassEveryCheck_andNeverDifferFromThePlacementsOfTheDefault() throws Exception {
    int rescued = 0;
    int agreed = 0;
    for (int seed = 0; seed < 120; seed++) {
      Random rnd = new Random(seed);
      Cluster c = randomCluster(rnd);
      PodGroupResult def = GangFixtures.groups(c, GangSearch.DEFAULT).scheduleAll(c.pods()).groups().get(0);
      PodGroupScheduler jointScheduler = GangFixtures.groups(c, GangSearch.JOINT);
      PodGroupResult joint = jointScheduler.scheduleAll(c.pods()).groups().get(0);
      String at = "seed " + seed;
      if (def.scheduled()) {
        agreed++;
        assertThat(joint.joint()).as(at).isNull();
        assertThat(placements(joint)).as(at).isEqualTo(placements(def));
      }
      if (joint.scheduled()) {
        rescued += def.scheduled() ? 0 : 1;
        check(c, jointScheduler, joint, at);
      } else {
        assertThat(def.scheduled()).as(at).isFalse();
      }
    }
    assertThat(rescued).as("groups the default rejects and the joint search places").isPositive();
    assertThat(agreed).as("groups both place").isPositive();
  }

  private static Cluster randomCluster(Random rnd) throws Exception {
    List<String> docs = new ArrayList<>();
    int nodes = 1 + rnd.nextInt(3);
    for (int n = 0; n < nodes; n++) {
      docs.add(node("node-" + n, "rack: r" + rnd.nextInt(2)));
      List<List<String>> gpus = new ArrayList<>();
      for (int g = 0, count = 1 + rnd.nextInt(2); g < count; g++) {
        gpus.add(LAYOUTS.get(rnd.nextInt(LAYOUTS.size())));
      }
      docs.add(partitioned("node-" + n, gpus));
    }
    int pods = 2 + rnd.nextInt(4);
    String topology = rnd.nextInt(3) == 0 ? ", schedulingConstraints: {topology: [{key: rack}]}" : "";
    docs.add(gang("g1", 1 + rnd.nextInt(pods), topology));
    for (int p = 0; p < pods; p++) {
      docs.add(pod("w-" + p, "g1", "gpu:one-gpu"));
    }
    return cluster(docs.toArray(String[]::new));
  }

  private static List<String> placements(PodGroupResult r) {
    List<String> out = new ArrayList<>();
    for (SchedulingResult p : r.pods()) {
      out.add(p instanceof SchedulingResult.Scheduled
          ? ((SchedulingResult.Scheduled) p).node().name() + " " + JointSearch.devices(((SchedulingResult.Scheduled) p).claims())
          : "-");
    }
    return out;
  }

  private static void check(Cluster c, PodGroupScheduler groups, PodGroupResult r, String at) {
    PodScheduler s = groups.podScheduler();
    ClusterSnapshot end = s.snapshot();
    Set<String> devices = new HashSet<>();
    Map<String, Integer> units = new HashMap<>();
    int placed = 0;
    for (SchedulingResult p : r.pods()) {
      if (!(p instanceof SchedulingResult.Scheduled)) {
        continue;
      }
      placed++;
      SchedulingResult.Scheduled sch = (SchedulingResult.Scheduled) p;
      // every per-pod filter: the bound pod, its claims allocated, fits its node and nothing is left to allocate
      assertThat(s.fits(sch.pod(), List.of(sch.node()))).as(at).containsExactly(sch.node());
      // the allocator's own check: the pod's claims fit again on its node beside everyone else's
      List<ResourceClaim> fresh = new ArrayList<>();
      for (ResourceClaim claim : sch.claims()) {
        fresh.add(new ResourceClaim(ObjectMeta.builder().name(claim.name() + "-again").namespace("demo").build(),
            claim.spec(), null));
        AllocationResult a = claim.allocation();
        assertThat(a).as(at).isNotNull();
        for (DeviceRequestAllocationResult d : a.devices().results()) {
          assertThat(devices.add(d.pool() + "/" + d.device())).as(at + ": %s allocated twice", d.device()).isTrue();
          String gpu = d.pool() + "/" + d.device().substring(0, d.device().indexOf('-', 4));
          units.merge(gpu, GangFixtures.units(d.device().substring(d.device().indexOf('-', 4) + 1)), Integer::sum);
        }
      }
      AllocationOutcome again = end.withoutAllocated(sch.claims()).allocate(sch.node(), fresh);
      assertThat(again.isAllocated()).as(at + ": %s again on %s", sch.pod().name(), sch.node().name()).isTrue();
    }
    assertThat(units.values()).as(at).allMatch(u -> u <= 4);
    int minCount = c.podGroups().get(0).spec().schedulingPolicy().minCount();
    assertThat(placed).as(at).isGreaterThanOrEqualTo(minCount);
  }
}
