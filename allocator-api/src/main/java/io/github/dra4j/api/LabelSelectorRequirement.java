package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A requirement of a metav1 label selector.
 *
 * @param key the label key
 * @param operator {@code In}, {@code NotIn}, {@code Exists} or {@code DoesNotExist}
 * @param values the operand values
 */
public record LabelSelectorRequirement(String key, String operator, List<String> values) {
  public LabelSelectorRequirement {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(operator, "operator");
    values = Copies.list(values);
  }

  /**
   * {@return whether the labels satisfy the requirement} NotIn and DoesNotExist hold for a
   * missing label; an unknown operator never matches (validation refuses it).
   */
  public boolean matches(Map<String, String> labels) {
    String value = labels.get(key);
    switch (operator) {
      case "In":
        return value != null && values.contains(value);
      case "NotIn":
        return value == null || !values.contains(value);
      case "Exists":
        return value != null;
      case "DoesNotExist":
        return value == null;
      default:
        return false;
    }
  }
}
