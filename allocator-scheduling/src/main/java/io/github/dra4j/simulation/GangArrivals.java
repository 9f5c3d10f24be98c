package io.github.dra4j.simulation;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodSchedulingGroup;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.simulation.Gang;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.scheduling.PodGroupResult;
import io.github.dra4j.scheduling.PodGroupScheduler;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/*
 * The arrivals of gang pod kinds in one policy's run: arrival i of kind k is the PodGroup k-i with
 * pods k-i-0..k-i-<size-1>, placed in one workload scheduling cycle (PodGroupScheduler, in the
 * run's gang search mode), and leaving together when the kind's lifetime ends.
 */
final class GangArrivals {
  private final PodScheduler scheduler;
  private final PodGroupScheduler groups;
  /** Per arrival step, the groups that leave just before it: their placed pods, claims once each. */
  private final Map<Integer, List<List<SchedulingResult.Scheduled>>> departures = new HashMap<>();

  GangArrivals(PodScheduler scheduler, PodGroupScheduler groups) {
    this.scheduler = scheduler;
    this.groups = groups;
  }

  /**
   * One group's cycle.
   *
   * @param result what the cycle did
   * @param placed its placed pods; a claim of the group (or shared by its pods) is listed with the
   *     first of them only, so that counts per class and releases see it once
   * @param podGroup the PodGroup as namespace/name
   * @param leaving what leaves when the group does: its placed pods, the first of them also with
   *     the group claims no placed pod used (they still belong to the group); empty when rejected
   */
  record Arrival(PodGroupResult result, List<SchedulingResult.Scheduled> placed, String podGroup,
      List<SchedulingResult.Scheduled> leaving) {
    int pending() {
      return result.pods().size() - placed.size();
    }

    /*
     * The group's kube-scheduler-style line and, when a pod failed for a reason of its own (no
     * node for its claims, say), the first such pod and its reason: the line alone says only how
     * many were placed.
     */
    String why() {
      for (SchedulingResult p : result.pods()) {
        if (p instanceof SchedulingResult.Unschedulable u && !u.message().equals(result.message())) {
          String reason = u.message().endsWith(".") ? u.message().substring(0, u.message().length() - 1) : u.message();
          return result.line() + " (pod " + u.pod().name() + ": " + reason + ")";
        }
      }
      return result.line();
    }

    String firstPod() {
      return Objects.requireNonNull(result.pods().get(0).pod().name()); // a group has at least one pod, named
    }
  }

  Arrival arrive(int step, PodKind kind) {
    Gang gang = Objects.requireNonNull(kind.gang(), "gang");
    String name = kind.name() + "-" + step;
    String namespace = kind.pod().metadata().namespace();
    String podGroup = (namespace == null || namespace.isEmpty() ? "default" : namespace) + "/" + name;
    ObjectMeta meta = ObjectMeta.builder().name(name).namespace(kind.pod().metadata().namespace()).build();
    List<Pod> pods = new ArrayList<>();
    for (int j = 0; j < gang.size(); j++) {
      pods.add(pod(kind, name, j));
    }
    PodGroupResult r = groups.schedule(PodGroup.of(meta, gang.spec()), pods, List.of());
    if (!r.scheduled()) {
      // The claims made for a rejected group from its templates go, as their owner never runs.
      if (!r.claims().isEmpty()) {
        scheduler.release(r.claims());
      }
      return new Arrival(r, List.of(), podGroup, List.of());
    }
    List<SchedulingResult.Scheduled> placed = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (SchedulingResult p : r.pods()) {
      if (p instanceof SchedulingResult.Scheduled s) {
        List<ResourceClaim> own = new ArrayList<>();
        for (ResourceClaim c : s.claims()) {
          if (seen.add(c.metadata().namespace() + "/" + c.name())) {
            own.add(c);
          }
        }
        placed.add(new SchedulingResult.Scheduled(s.pod(), s.node(), own, null));
      }
    }
    List<SchedulingResult.Scheduled> leaving = new ArrayList<>(placed);
    // A group claim no placed pod used still belongs to the group.
    List<ResourceClaim> unused = new ArrayList<>();
    for (ResourceClaim c : r.claims()) {
      if (!seen.contains(c.metadata().namespace() + "/" + c.name())) {
        unused.add(c);
      }
    }
    if (!unused.isEmpty()) {
      SchedulingResult.Scheduled first = leaving.get(0);
      unused.addAll(first.claims());
      leaving.set(0, new SchedulingResult.Scheduled(first.pod(), first.node(), unused, null));
    }
    if (kind.lifetime() != null) {
      departures.computeIfAbsent(step + kind.lifetime(), x -> new ArrayList<>()).add(leaving);
    }
    return new Arrival(r, placed, podGroup, List.copyOf(leaving));
  }

  /*
   * Pods of a placed group placed again after their eviction, as their controller recreates them:
   * one workload scheduling cycle of the PodGroup (as placed, naming its claims, which it still
   * holds) with its running pods bound, so these count towards minCount and fix the topology
   * domain. A rejected cycle leaves the group's claims as they are: the group still holds them.
   */
  PodGroupResult rejoin(PodGroup group, List<Pod> pods, List<Pod> bound) {
    return groups.schedule(group, pods, bound);
  }

  /* The pod a controller makes in place of an evicted pod of a group: the kind's, with the victim's name and group. */
  static Pod replacement(PodKind kind, Pod victim) {
    return new Pod(victim.metadata().withNameAndUid(victim.name(), null), kind.pod().spec().toBuilder().nodeName(null)
        .schedulingGroup(victim.spec().schedulingGroup()).build(), kind.pod().status());
  }

  /* The pods of the groups whose lifetime ends now leave, with their claims and their groups' claims. */
  List<SchedulingResult.Scheduled> depart(int step) {
    List<List<SchedulingResult.Scheduled>> leaving = departures.remove(step);
    if (leaving == null) {
      return List.of();
    }
    List<SchedulingResult.Scheduled> out = new ArrayList<>();
    leaving.forEach(out::addAll);
    List<Pod> pods = new ArrayList<>();
    List<ResourceClaim> released = new ArrayList<>();
    for (SchedulingResult.Scheduled s : out) {
      pods.add(s.pod());
      released.addAll(s.claims());
    }
    scheduler.removePods(pods);
    scheduler.release(released);
    return out;
  }

  /* Pod j of a group: the kind's pod named <group>-<j>, in the group. */
  private static Pod pod(PodKind kind, String group, int j) {
    ObjectMeta meta = kind.pod().metadata().withNameAndUid(group + "-" + j, null);
    return new Pod(meta, kind.pod().spec().toBuilder().nodeName(null)
        .schedulingGroup(PodSchedulingGroup.of(group)).build(), kind.pod().status());
  }
}
