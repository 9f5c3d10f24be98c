package io.github.dra4j.simulation;

import io.github.dra4j.core.Explanation;
import io.github.dra4j.core.Explanation.Reason;
import io.github.dra4j.scheduling.NodeFilter;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * What stops a node from taking one more pod, from the scheduler's answer for a pod bound to that
 * node: the first filter's reason, or, when the claims did not fit, the allocator's explanation
 * reduced to the resource that ran out. Among a request's rejected devices the reasons that say
 * "used up" win over those that say "never matched": exhausted counters first (naming the first
 * counter short and its counter set), then devices in use, capacity, taints; a request whose
 * devices all fail their selectors has "no matching device".
 */
record HeadroomLimit(String limit, String detail) {
  static final HeadroomLimit CAPPED = new HeadroomLimit("max per node", "the cap on pods per node was reached");

  /* Each request would fit alone: the explanation does not say which of them ran out. */
  static final String TOGETHER = "not together (devices, counters or capacity)";
  private static final Pattern COUNTER = Pattern.compile("counter set (\\S+), counter ([^:]+):");
  private static final Map<Reason, String> USED_UP = new EnumMap<>(Map.of(
      Reason.IN_USE, "devices in use",
      Reason.INSUFFICIENT_CAPACITY, "device capacity",
      Reason.UNTOLERATED_TAINT, "device taint"));

  /*
   * The limit of node `node` from the answer asked on `asked` (the same node, or one alike whose
   * name the detail then names: it is replaced where it stands as a whole name).
   */
  static HeadroomLimit of(SchedulingResult.Unschedulable u, String asked, String node) {
    String why = u.reasons().get(asked);
    if (why == null) {
      return new HeadroomLimit(u.message(), u.message()); // rejected before any node: a missing claim or template
    }
    if (!why.equals(NodeFilter.CANNOT_ALLOCATE) || u.explanation() == null) {
      return new HeadroomLimit(why, why);
    }
    Explanation e = u.explanation();
    String detail = e.summary().replace("\n  ", "; ");
    if (!asked.equals(node)) {
      detail = Pattern.compile("(?<![\\w.-])" + Pattern.quote(asked) + "(?![\\w.-])").matcher(detail)
          .replaceAll(Matcher.quoteReplacement(node));
    }
    return new HeadroomLimit(limit(e), detail);
  }

  private static String limit(Explanation e) {
    for (Explanation.ClaimExplanation c : e.claims()) {
      for (Explanation.RequestExplanation r : c.requests()) {
        if (r.devicesSuitable() >= r.devicesNeeded()) {
          continue;
        }
        for (Explanation.Rejection j : r.rejections()) {
          if (j.reason() == Reason.COUNTERS_EXHAUSTED) {
            Matcher m = COUNTER.matcher(j.detail());
            return m.find() ? "counter " + m.group(2) + " on " + m.group(1) : "counters exhausted";
          }
        }
        for (Map.Entry<Reason, String> used : USED_UP.entrySet()) {
          for (Explanation.Rejection j : r.rejections()) {
            if (j.reason() == used.getKey()) {
              return used.getValue();
            }
          }
        }
        return "no matching device";
      }
      if (c.conflict() != null) {
        return TOGETHER;
      }
    }
    if (!e.pools().isEmpty()) {
      return "pool " + e.pools().get(0).pool() + " unusable";
    }
    return e.proof() != null ? TOGETHER : "cannot allocate";
  }
}
