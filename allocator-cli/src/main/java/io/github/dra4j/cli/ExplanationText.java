package io.github.dra4j.cli;

import io.github.dra4j.core.Explanation;
import java.util.Locale;

/** The full text {@code allocate --explain} prints: every request, every rejection group. */
final class ExplanationText {
  private ExplanationText() {}

  static String render(Explanation e) {
    StringBuilder sb = new StringBuilder("details for node ").append(e.node()).append(':');
    for (Explanation.ClaimExplanation c : e.claims()) {
      sb.append("\n  claim ").append(c.claim());
      for (Explanation.RequestExplanation r : c.requests()) {
        sb.append("\n    request ").append(r.request()).append(": ")
            .append(r.devicesNeeded()).append(" needed, ")
            .append(r.devicesSuitable()).append(" suitable of ")
            .append(r.devicesConsidered()).append(" considered");
        for (Explanation.Rejection j : r.rejections()) {
          sb.append("\n      ").append(j.devices()).append(' ').append(words(j.reason()));
          if (!j.examples().isEmpty()) {
            sb.append(": ").append(String.join(", ", j.examples()));
            if (j.examples().size() < j.devices()) {
              sb.append(", ...");
            }
          }
          if (!j.detail().isEmpty()) {
            sb.append("\n        ").append(j.detail());
          }
        }
      }
      if (c.conflict() != null) {
        sb.append("\n    conflict: ").append(c.conflict());
      }
    }
    for (Explanation.PoolNote p : e.pools()) {
      sb.append("\n  pool ").append(p.pool()).append(": ").append(words(p.reason()));
      if (!p.detail().isEmpty()) {
        sb.append(" (").append(p.detail()).append(')');
      }
    }
    return sb.toString();
  }

  private static String words(Explanation.Reason reason) {
    return reason.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
