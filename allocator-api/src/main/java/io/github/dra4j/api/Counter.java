package io.github.dra4j.api;

import java.util.Objects;

/**
 * An amount of a counter: available in a counter set, or consumed by a device.
 *
 * @param value the amount
 */
public record Counter(Quantity value) {
  public Counter {
    Objects.requireNonNull(value, "value");
  }

  /** {@return a counter of the given amount} */
  public static Counter of(String value) {
    return new Counter(Quantity.parse(value));
  }
}
