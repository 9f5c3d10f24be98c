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

  /* The limit of a node from the scheduler's answer for one more pod bound to it. */
  static HeadroomLimit of(SchedulingResult.Unschedulable u, String node) {
    String why = u.reasons().get(node);
    if (why == null) {
      return new HeadroomLimit(u.message(), u.message()); // rejected before any node: a missing claim or template
    }
    if (!why.equals(NodeFilter.CANNOT_ALLOCATE) || u.explanation() == null) {
      return new HeadroomLimit(why, why);
    }
    Explanation e = u.explanation();
    return new HeadroomLimit(limit(e), e.summary().replace("\n  ", "; "));
  }

  /* This limit, read on node `asked`, for an alike node: the detail names it where it names `asked` as a whole name. */
  HeadroomLimit on(String asked, String node) {
    if (asked.equals(node) || !detail.contains(asked)) {
      return this;
    }
    StringBuilder renamed = new StringBuilder(detail.length() + 16);
    int from = 0;
    for (int at = detail.indexOf(asked); at >= 0; at = detail.indexOf(asked, at + asked.length())) {
      int end = at + asked.length();
      if (namePart(detail, at - 1) || namePart(detail, end)) {
        continue; // part of a longer name, such as gpu-1 in gpu-10
      }
      renamed.append(detail, from, at).append(node);
      from = end;
    }
    renamed.append(detail, from, detail.length());
    return new HeadroomLimit(limit, renamed.toString());
  }

  private static boolean namePart(String text, int i) {
    if (i < 0 || i >= text.length()) {
      return false;
    }
    char c = text.charAt(i);
    return Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_';
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
