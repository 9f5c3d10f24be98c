package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Explanation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * kube-scheduler's FitError text, so that a pod that fits nowhere reads as it would in {@code
 * kubectl describe pod}: the count of nodes per reason, sorted as strings.
 */
final class FitError {
  private FitError() {}

  /**
   * Returns the message.
   *
   * @param nodes the number of nodes
   * @param reasons each rejected node's reasons
   * @param cannotAllocate the reason that carries the allocator's explanation
   * @param explanation the allocator's explanation for the first node with that reason, if any
   */
  static String message(int nodes, Collection<List<String>> reasons, String cannotAllocate,
      @Nullable Explanation explanation) {
    Map<String, Integer> histogram = new TreeMap<>();
    for (List<String> why : reasons) {
      for (String w : why) {
        histogram.merge(w, 1, Integer::sum);
      }
    }
    List<String> counts = new ArrayList<>();
    for (Map.Entry<String, Integer> e : histogram.entrySet()) {
      String text = e.getValue() + " " + e.getKey();
      if (e.getKey().equals(cannotAllocate) && explanation != null) {
        text += " (" + oneLine(explanation) + ")";
      }
      counts.add(text);
    }
    counts.sort(null);
    return noneAvailable(nodes) + (counts.isEmpty() ? "" : " " + String.join(", ", counts) + ".");
  }

  static String noneAvailable(int nodes) {
    return "0/" + nodes + " nodes are available:";
  }

  /** {@return the explanation's summary on one line, as "node NAME: first reason; next reason"} */
  private static String oneLine(Explanation e) {
    String[] lines = e.summary().split("\n", -1);
    StringBuilder sb = new StringBuilder("node ").append(e.node()).append(':');
    for (int i = 1; i < lines.length; i++) {
      sb.append(i == 1 ? " " : "; ").append(lines[i].strip());
    }
    return sb.toString();
  }

  /*
   * kube-scheduler's FitError: each node's reasons (in node order, nodes outside a pod group's
   * placement left out), and the allocator's explanation for the first node that could not allocate.
   */
  static SchedulingResult unschedulable(Pod pod, List<Node> nodes, IdentityHashMap<Node, List<String>> rejected,
      ClusterSnapshot snapshot, List<ResourceClaim> toAllocate, AllocationOptions options, String cannotAllocate) {
    Map<String, String> reasons = new LinkedHashMap<>();
    Node firstCannotAllocate = null;
    for (Node node : nodes) {
      List<String> why = rejected.get(node);
      if (why == null) {
        continue; // outside the pod group's placement
      }
      reasons.put(node.name(), String.join(", ", why));
      if (firstCannotAllocate == null && why.contains(cannotAllocate)) {
        firstCannotAllocate = node;
      }
    }
    Explanation explanation = null;
    if (firstCannotAllocate != null) {
      AllocationOutcome outcome = snapshot.allocate(firstCannotAllocate, toAllocate, options);
      if (outcome instanceof AllocationOutcome.Unsatisfiable) {
        explanation = ((AllocationOutcome.Unsatisfiable) outcome).explanation();
      }
    }
    String message = message(rejected.size(), rejected.values(), cannotAllocate, explanation);
    return new SchedulingResult.Unschedulable(pod, message, reasons, explanation);
  }
}
