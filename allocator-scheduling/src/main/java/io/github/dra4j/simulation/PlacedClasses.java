package io.github.dra4j.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/*
 * Allocated devices per node group and DeviceClass, kept up to date as pods are placed and leave,
 * so that a sample does not walk every placed pod. A sample lists a group's classes in the order
 * a walk over the placed pods in placement order meets them: each class is listed by the first
 * place (pod, then device within the pod) at which a pod still placed has it.
 */
final class PlacedClasses {
  /** Bits of a place for the device's position within its pod. */
  private static final int DEVICE_BITS = 20;

  /** Per pod name: its place in placement order, group and devices' classes. */
  private final Map<String, Pod> pods = new HashMap<>();
  /** Per group, per class: its devices and the places that hold it. */
  private final Map<String, Map<String, ClassCount>> byGroup = new HashMap<>();
  private long placed;

  private record Pod(long order, String group, List<String> classes) {}

  /** One class in one group: its devices, and how many of them each place holds. */
  private static final class ClassCount {
    int devices;
    final TreeMap<Long, Integer> places = new TreeMap<>();
  }

  /** Counts a placed pod's devices; a pod placed again under the same name keeps its place. */
  void placed(String pod, String group, List<String> classes) {
    Pod was = pods.get(pod);
    long order = was != null ? was.order : placed++;
    if (was != null) {
      count(was, -1);
    }
    Pod now = new Pod(order, group, List.copyOf(classes));
    pods.put(pod, now);
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
    Map<String, ClassCount> group = byGroup.computeIfAbsent(pod.group, g -> new HashMap<>());
    for (String c : pod.classes) {
      long place = (pod.order << DEVICE_BITS) | pod.classes.indexOf(c);
      ClassCount count = group.computeIfAbsent(c, x -> new ClassCount());
      count.devices += sign;
      int n = count.places.getOrDefault(place, 0) + sign;
      if (n == 0) {
        count.places.remove(place);
      } else {
        count.places.put(place, n);
      }
      if (count.devices == 0) {
        group.remove(c);
      }
    }
  }

  /** {@return per group, the allocated devices per class, classes in the order placed pods meet them} */
  Map<String, Map<String, Integer>> byGroup() {
    Map<String, Map<String, Integer>> out = new HashMap<>();
    byGroup.forEach((g, classes) -> {
      List<Map.Entry<String, ClassCount>> listed = new ArrayList<>(classes.entrySet());
      listed.sort(Map.Entry.comparingByValue((a, b) -> Long.compare(a.places.firstKey(), b.places.firstKey())));
      Map<String, Integer> counts = new LinkedHashMap<>();
      listed.forEach(e -> counts.put(e.getKey(), e.getValue().devices));
      if (!counts.isEmpty()) {
        out.put(g, counts);
      }
    });
    return out;
  }
}
