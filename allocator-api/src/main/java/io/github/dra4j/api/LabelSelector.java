package io.github.dra4j.api;

import java.util.List;
import java.util.Map;

/**
 * A metav1 label selector: every {@code matchLabels} entry and every expression must hold. An
 * empty selector matches every object; a missing one (null where it is used) matches none.
 *
 * @param matchLabels labels that must be present with these values
 * @param matchExpressions requirements that must hold
 */
public record LabelSelector(Map<String, String> matchLabels, List<LabelSelectorRequirement> matchExpressions) {
  public LabelSelector {
    matchLabels = Copies.map(matchLabels);
    matchExpressions = Copies.list(matchExpressions);
  }

  /** {@return whether the labels satisfy every part of the selector} */
  public boolean matches(Map<String, String> labels) {
    for (Map.Entry<String, String> e : matchLabels.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    for (LabelSelectorRequirement r : matchExpressions) {
      if (!r.matches(labels)) {
        return false;
      }
    }
    return true;
  }
}
