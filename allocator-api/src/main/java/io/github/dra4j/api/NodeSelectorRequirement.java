package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A requirement of a node selector term.
 *
 * @param key the label key, or the field name for {@code matchFields}
 * @param operator In, NotIn, Exists, DoesNotExist, Gt or Lt
 * @param values the operand values
 */
public record NodeSelectorRequirement(String key, String operator, List<String> values) {
  public static final String IN = "In";
  public static final String NOT_IN = "NotIn";
  public static final String EXISTS = "Exists";
  public static final String DOES_NOT_EXIST = "DoesNotExist";
  public static final String GT = "Gt";
  public static final String LT = "Lt";

  public NodeSelectorRequirement {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(operator, "operator");
    values = Copies.list(values);
  }

  /**
   * Evaluates this requirement against labels, with the Kubernetes label-selector semantics:
   * NotIn and DoesNotExist hold for a missing label; Gt and Lt compare integers and fail on
   * anything that is not one. An unknown operator never matches.
   *
   * @param labels the node labels
   * @return whether the requirement holds
   */
  public boolean matches(Map<String, String> labels) {
    String value = labels.get(key);
    if (!operator.equals(GT) && !operator.equals(LT)) {
      return LabelSelectorRequirement.matches(operator, values, value);
    }
    if (value == null || values.size() != 1) {
      return false;
    }
    try {
      long have = Long.parseLong(value);
      long want = Long.parseLong(values.get(0));
      return operator.equals(GT) ? have > want : have < want;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * Evaluates this requirement as a field requirement; {@code metadata.name} is the only
   * supported field, and only In and NotIn apply to it, as in Kubernetes.
   *
   * @param node the node
   * @return whether the requirement holds
   */
  public boolean matchesField(Node node) {
    if (!key.equals("metadata.name") || !(operator.equals(IN) || operator.equals(NOT_IN))) {
      return false;
    }
    return matches(Map.of(key, node.name()));
  }
}
