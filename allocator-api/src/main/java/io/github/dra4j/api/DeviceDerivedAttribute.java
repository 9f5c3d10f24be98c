package io.github.dra4j.api;

import java.util.Objects;

/**
 * A virtual attribute of every candidate device of a request, computed by a CEL expression
 * (KEP-6080, gate {@code DRADerivedAttributes}), which the claim's {@code matchAttribute} and
 * {@code distinctAttribute} constraints read before the device's own attributes.
 *
 * @param name fully qualified ({@code domain/id}); a name a device's driver publishes is shadowed
 *     for this request
 * @param expression a CEL expression over {@code device} that yields a string, int, bool or
 *     version, or a list of them
 */
public record DeviceDerivedAttribute(String name, String expression) {
  public DeviceDerivedAttribute {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(expression, "expression");
  }

  /** {@return a derived attribute} */
  public static DeviceDerivedAttribute of(String name, String expression) {
    return new DeviceDerivedAttribute(name, expression);
  }
}
