package io.github.dra4j.api;

import java.util.Objects;

/**
 * A CEL expression that must evaluate to true for a device to be selected.
 *
 * @param expression the expression over the variable {@code device}
 */
public record CelDeviceSelector(String expression) {
  public CelDeviceSelector {
    Objects.requireNonNull(expression, "expression");
  }
}
