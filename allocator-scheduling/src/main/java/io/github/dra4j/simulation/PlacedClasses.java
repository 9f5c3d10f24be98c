package io.github.dra4j.simulation;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/*
 * Allocated devices per node group and DeviceClass, kept up to date as pods are placed and leave,
 * so that a sample does not walk every placed pod. A sample lists a group's classes in the order
 * a walk over the placed pods in placement order meets them: each class is listed by the first
 * place (pod, then device within the pod) at which a pod still placed has it. That order is
 * found by walking the placed pods from the oldest only until every class counted is met, which
 * is a few pods when the common classes are in most pods.
 */
final class PlacedClasses {
  /** Per pod name, in placement order (a pod placed again under the same name keeps its place): group and classes. */
  private final Map<String, Pod> pods = new LinkedHashMap<>();
  /** Per group, per class: its allocated devices (only classes with some). */
  private final Map<String, Map<String, int[]>> byGroup = new HashMap<>();

  private record Pod(String group, List<String> classes) {}

  /** Counts a placed pod's devices; a pod placed again under the same name keeps its place. */
  void placed(String pod, String group, List<String> classes) {
    Pod now = new Pod(group, List.copyOf(classes));
    Pod was = pods.put(pod, now);
    if (was != null) {
      count(was, -1);
    }
    count(now, 1);
  }

  /** Takes back a pod's devices when it leaves; an unknown pod is ignored. */
  void left(String pod) {
    Pod was = pods.remove(pod);
    if (was != null) {
      count(was, -1);
    }
  }

  private void count(Pod pod, int sign) {
    Map<String, int[]> group = byGroup.computeIfAbsent(pod.group, g -> new HashMap<>());
    for (String c : pod.classes) {
      int[] devices = group.computeIfAbsent(c, x -> new int[1]);
      devices[0] += sign;
      if (devices[0] == 0) {
        group.remove(c);
      }
    }
  }

  /** {@return per group, the allocated devices per class, classes in the order placed pods meet them} */
  Map<String, Map<String, Integer>> byGroup() {
    int counted = 0;
    for (Map<String, int[]> group : byGroup.values()) {
      counted += group.size();
    }
    Map<String, Map<String, Integer>> out = new HashMap<>();
    int listed = 0;
    for (Pod pod : pods.values()) {
      if (listed == counted) {
        break;
      }
      if (pod.classes.isEmpty()) {
        continue;
      }
      Map<String, Integer> counts = out.computeIfAbsent(pod.group, g -> new LinkedHashMap<>());
      for (String c : pod.classes) {
        if (!counts.containsKey(c)) {
          counts.put(c, Objects.requireNonNull(Objects.requireNonNull(byGroup.get(pod.group)).get(c))[0]); // counted when placed
          listed++;
        }
      }
    }
    return out;
  }
}
