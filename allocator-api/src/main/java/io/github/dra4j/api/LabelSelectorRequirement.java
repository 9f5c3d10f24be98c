package io.github.dra4j.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

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
    return matches(operator, values, labels.get(key));
  }

  /** {@return whether a label's value (null when absent) satisfies a set-based operator; false for another operator} */
  static boolean matches(String operator, List<String> values, @Nullable String value) {
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
